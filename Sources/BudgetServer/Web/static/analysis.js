// Sheet 3 — Analysis: budget vs actual bars (red when over), category donut, the numbers.
"use strict";

BL.palette = ["#1f6feb", "#d4700a", "#2e8540", "#8250df", "#c2185b", "#00838f", "#6d4c41", "#546e7a", "#9e7c0c", "#3949ab"];

BL.renderAnalysis = async function () {
  const el = BL.el;
  const view = BL.byId("view-analysis");
  const time = BL.timeQuery(false);
  const [sheetResponse, totalsResponse, flowResponse] = await Promise.all([
    BL.api("GET", BL.withQuery(`/reports/budget-vs-actual?month=${BL.state.month}`, time)),
    BL.api("GET", BL.withQuery(`/reports/categories?month=${BL.state.month}`, time)),
    BL.api("GET", BL.withQuery(`/reports/cashflow?year=${BL.state.month.slice(0, 4)}`, time)),
  ]);
  const flow = flowResponse.body.months.find((m) => m.month === BL.state.month);
  const sheet = sheetResponse.body;
  const lines = sheet.lines.filter((line) => Number(line.budgeted) !== 0 || Number(line.actual) !== 0);
  const bars = BL.charts.bars(lines.map((line) => ({
    label: line.name, budgeted: BL.amount(line.budgeted), actual: BL.amount(line.actual), over: line.overBudget,
    budgetedText: line.budgeted, actualText: line.actual,
  })), `Budgeted vs actual per category, ${BL.monthTitle(BL.state.month)}`);
  // Net spending: a refund booked to a category lowers its share; income categories are not spending.
  const spending = totalsResponse.body.rows.filter((row) => row.kind !== "income" && Number(row.net) > 0);
  const donut = BL.charts.donut(spending.map((row, index) => ({
    label: row.category, value: BL.amount(row.net), text: row.net, color: BL.palette[index % BL.palette.length],
  })), `Spending by category, ${BL.monthTitle(BL.state.month)}`);
  const table = el("table", { class: "sheet", id: "analysis-table" }, [
    el("caption", { text: "Budget vs actual" }),
    el("thead", {}, [el("tr", {}, ["Category", "Budgeted", "Actual", "Difference", "% used"].map((h, i) =>
      el("th", { scope: "col", class: i ? "num" : "", text: h })))]),
    el("tbody", {}, lines.map((line) => el("tr", { class: line.overBudget ? "over" : "", "data-category": line.name }, [
      el("th", { scope: "row", text: line.name }),
      el("td", { class: "num", text: BL.money(line.budgeted) }),
      el("td", { class: "num", text: BL.money(line.actual) }),
      el("td", { class: "num " + (line.overBudget ? "bad" : ""), text: BL.money(line.difference) }),
      el("td", { class: "num", text: line.usedPercent ? `${line.usedPercent} %` : "" }),
    ]))),
    el("tfoot", {}, [el("tr", {}, [
      el("th", { scope: "row", text: "Total" }), el("td", { class: "num", text: BL.money(sheet.totalBudgeted) }),
      el("td", { class: "num", id: "analysis-total-actual", text: BL.money(sheet.totalActual) }), el("td", {}), el("td", {}),
    ])]),
  ]);
  view.replaceChildren(...[
    BL.monthNavigator(BL.render),
    flow ? el("p", { id: "cashflow" }, [`Cash flow in ${BL.monthTitle(flow.month)}: income ${BL.money(flow.income)}, expenses ${BL.money(flow.expenses)}, net `,
      BL.explainable(BL.money(flow.net), `/explain/cashflow?month=${flow.month}`, "Net cash flow", "cashflow-net"), ` ${flow.currency}`]) : null,
    el("div", { class: "charts" }, [
      el("figure", {}, [bars, el("figcaption", { text: "Budgeted (grey) and actual (blue, red when over budget)" })]),
      el("figure", {}, [donut, el("figcaption", { text: "Share of net spending by category (refunds taken off)" })]),
    ]),
    table].filter(Boolean));
};
