// Debts: what is owed on each debt, and the payoff plans — each strategy's total balance over
// time as a line, its payoff month, interest and total paid — with an extra a month and a
// "debt free by" month answered with the extra it needs. Money stays the server's strings.
"use strict";

BL.debtStrategies = ["snowball", "avalanche", "minimums"];
BL.debtsInput = { extra: "", by: "" };

BL.renderDebts = async function () {
  const el = BL.el;
  const view = BL.byId("view-debts");
  // What is owed follows the date picker (asOf); the plans are always from the ledger as it is now.
  const debts = (await BL.api("GET", BL.withQuery("/debts", BL.state.asOf ? `asOf=${BL.state.asOf}` : ""))).body.items;
  const owed = debts.filter((d) => d.owed !== "0.00" && !d.owed.startsWith("-"));
  // Interest paid to date: each debt's statement (its payments split into interest and principal).
  const statements = await Promise.all(debts.map((d) =>
    BL.api("GET", BL.withQuery(`/debts/${d.id}/statement`, BL.state.asOf ? `through=${BL.state.asOf}` : "")).then((r) => r.body, () => null)));
  const parts = [debtTable(debts, statements), ...(await BL.debtForms(debts))];
  if (!owed.length) {
    parts.push(el("p", { class: "muted", id: "debts-none", text: "Nothing is owed on any debt: there is no plan to make." }));
    view.replaceChildren(...parts);
    return;
  }
  const { extra, by } = BL.debtsInput;
  const query = (strategy, withBy) => {
    const items = [`strategy=${strategy}`];
    if (extra) items.push(`extra=${encodeURIComponent(extra)}`);
    if (withBy && by) items.push(`by=${by}`);
    return `/debts/plan?${items.join("&")}`;
  };
  const settle = (promise) => promise.then((r) => ({ plan: r.body }), (error) => ({ error }));
  const plans = await Promise.all(BL.debtStrategies.map((s) => settle(BL.api("GET", query(s, false)))));
  const targets = by ? await Promise.all(["snowball", "avalanche"].map((s) => settle(BL.api("GET", query(s, true))))) : [];
  const inputError = plans.concat(targets).map((p) => p.error).find((e) => e && (e.field === "extra" && e.status === 400 && !/never pay/.test(e.message) || e.field === "by"));
  parts.push(
    el("h2", { text: "Payoff plans" }),
    planForm(inputError),
    el("p", { class: "muted", id: "debts-plan-note", text: "From next month, with what is owed today and the terms in force each month; exact to the cent, a plan rather than a promise."
      + (BL.isTravelling() || BL.state.asOf ? " The plans do not travel in time: they start from today's ledger." : "") }),
    planFigure(plans, owed),
    planTable(plans),
    targetResult(targets, by),
  );
  view.replaceChildren(...parts.filter(Boolean));
};

/** Each debt: what is owed, its rate, its minimum and the interest paid to date. */
function debtTable(debts, statements) {
  const el = BL.el;
  if (!debts.length) return el("p", { class: "muted", id: "debts-list", text: "No debts yet: add one below (or with budget debt add NAME --account A --apr 19.99 --minimum 50)." });
  const headings = ["Debt", "Kind", "Account", "Owed", "APR", "Minimum", "Interest paid"];
  return el("table", { class: "sheet debts", id: "debts-list" }, [
    el("caption", { text: "Debts" }),
    el("thead", {}, [el("tr", {}, headings.map((h, i) => el("th", { scope: "col", class: i >= 3 ? "num" : "", text: h })))]),
    el("tbody", {}, debts.map((d, i) => el("tr", { "data-debt": d.name }, [
      el("th", { scope: "row" }, [BL.button({ class: "explain", text: d.name, "aria-label": `${d.name}: statement, month by month`, onclick: () => BL.debtStatement(d) })]),
      el("td", { text: d.kind }),
      el("td", { text: d.account }),
      el("td", { class: "num owed", "data-owed": d.owed, text: `${BL.money(d.owed)} ${d.currency}` }),
      el("td", { class: "num apr", text: `${d.apr} %` }),
      el("td", { class: "num minimum", text: `${BL.money(d.minimum)} ${d.currency}` }),
      el("td", { class: "num interest-paid", "data-interest-paid": statements[i] ? statements[i].interestPaid : "",
        text: statements[i] ? `${BL.money(statements[i].interestPaid)} ${d.currency}` : "—" }),
    ]))),
  ]);
}

/** The extra a month and the "debt free by" month; submitting plans again. */
function planForm(error) {
  const el = BL.el;
  const extra = el("input", { id: "debts-extra", name: "extra", inputmode: "decimal", placeholder: "0.00", value: BL.debtsInput.extra,
    "aria-describedby": "debts-extra-help debts-form-error", "aria-invalid": error && error.field === "extra" ? "true" : null });
  const by = el("input", { id: "debts-by", name: "by", type: "month", value: BL.debtsInput.by,
    "aria-describedby": "debts-by-help debts-form-error", "aria-invalid": error && error.field === "by" ? "true" : null });
  const form = el("form", { id: "debts-form", class: "inline-form", "aria-label": "Plan settings" }, [
    el("div", { class: "fields" }, [
      el("div", { class: "field" }, [
        el("label", { for: "debts-extra", text: "Extra a month" }), extra,
        el("span", { id: "debts-extra-help", class: "muted", text: "paid beyond the minimums" }),
      ]),
      el("div", { class: "field" }, [
        el("label", { for: "debts-by", text: "Debt free by" }), by,
        el("span", { id: "debts-by-help", class: "muted", text: "a month: the extra it needs" }),
      ]),
    ]),
    el("button", { type: "submit", id: "debts-update", text: "Update plans" }),
    el("span", { id: "debts-form-error", class: "field-error", role: "alert", text: error ? error.message : "" }),
  ]);
  BL.onSubmit(form, () => {
    BL.debtsInput = { extra: extra.value.trim(), by: by.value };
    BL.render();
  });
  return form;
}

/** Total owed over time, one line per strategy; the months start with what is owed today. */
function planFigure(plans, owed) {
  const el = BL.el;
  const start = owed.reduce((sum, d) => sum + BL.amount(d.owed), 0);
  const series = [];
  plans.forEach((p, index) => {
    if (!p.plan) return;
    const first = p.plan.months.length ? BL.addMonths(p.plan.months[0].month, -1) : p.plan.payoffMonth;
    const points = [{ month: first, value: start }].concat(p.plan.months.map((m) => ({
      month: m.month, value: m.balances.reduce((sum, b) => sum + BL.amount(b), 0),
    })));
    series.push({ name: BL.debtStrategies[index], points });
  });
  if (!series.length) return null;
  const title = `Total owed over time (${owed[0].currency}), by strategy`;
  return el("figure", { id: "debts-figure" }, [
    BL.charts.lines(series, title, "debts-chart"),
    el("figcaption", { text: "Each line is the total owed at each month's end under one strategy; it reaches zero in the payoff month." }),
  ]);
}

/** Each strategy's payoff month, interest and total paid — or why it has no plan. */
function planTable(plans) {
  const el = BL.el;
  return el("table", { class: "sheet", id: "debts-plans" }, [
    el("caption", { text: "By strategy" }),
    el("thead", {}, [el("tr", {}, ["Strategy", "Debt free", "Interest", "Paid"].map((h, i) => el("th", { scope: "col", class: i >= 2 ? "num" : "", text: h })))]),
    el("tbody", {}, plans.map((p, index) => el("tr", { "data-strategy": BL.debtStrategies[index] }, p.plan ? [
      el("th", { scope: "row", text: BL.debtStrategies[index] }),
      el("td", { class: "payoff-month", "data-month": p.plan.payoffMonth, text: BL.monthTitle(p.plan.payoffMonth) }),
      el("td", { class: "num interest", text: `${BL.money(p.plan.totalInterest)} ${p.plan.currency}` }),
      el("td", { class: "num paid", text: `${BL.money(p.plan.totalPaid)} ${p.plan.currency}` }),
    ] : [
      el("th", { scope: "row", text: BL.debtStrategies[index] }),
      el("td", { class: "plan-error", colspan: "3", text: p.error.message }),
    ]))),
  ]);
}

/** "Debt free by": the extra each strategy needs, and whether the extra given is enough. */
function targetResult(targets, by) {
  const el = BL.el;
  if (!by) return null;
  return el("div", { id: "debts-target", role: "status", "aria-live": "polite" }, [
    el("h3", { text: `Debt free by ${BL.monthTitle(by)}` }),
    el("ul", {}, targets.map((t, index) => {
      const strategy = ["snowball", "avalanche"][index];
      if (!t.plan) return el("li", { "data-strategy": strategy, text: `${strategy}: ${t.error.message}` });
      return el("li", { "data-strategy": strategy, "data-extra-needed": t.plan.extraNeeded }, [
        el("strong", { text: strategy }),
        ` needs ${BL.money(t.plan.extraNeeded)} ${t.plan.currency} extra a month — `,
        el("span", { class: t.plan.onTrack ? "good" : "bad", text: t.plan.onTrack ? "on track" : "not on track" }),
      ]);
    })),
  ]);
}
