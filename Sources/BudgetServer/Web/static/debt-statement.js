// A debt's statement: each month's owed, interest charged (or the rule's, not yet posted),
// charges, payments split into interest and principal, and whether the minimum was met —
// GET /debts/{id}/statement — with a form that posts a month's interest (POST .../interest).
"use strict";

/** The statement of `debt` ({id, name, currency}) in a dialog, through the date picker's day. */
BL.debtStatement = async function (debt) {
  const el = BL.el;
  let statement;
  try {
    statement = (await BL.api("GET", BL.withQuery(`/debts/${debt.id}/statement`, BL.state.asOf ? `through=${BL.state.asOf}` : ""))).body;
  } catch (error) {
    BL.toast(error.message, true);
    return;
  }
  let dialog = BL.byId("debt-statement");
  if (!dialog) {
    dialog = el("dialog", { id: "debt-statement", class: "wide-dialog", "aria-labelledby": "debt-statement-title" });
    document.body.append(dialog);
  }
  const money = (value) => (value === undefined ? "—" : BL.money(value));
  const headings = ["Month", "Owed at start", "Interest", "Charges", "Payments", "Of which interest", "Principal", "Minimum", "Owed at end"];
  const rows = statement.months.slice().reverse().map((m) => el("tr", { "data-month": m.month }, [
    el("th", { scope: "row", text: BL.monthTitle(m.month) }),
    el("td", { class: "num", text: money(m.openingOwed) }),
    el("td", { class: "num", text: m.interestCharged !== undefined ? money(m.interestCharged) : `${money(m.expectedInterest)} expected` }),
    el("td", { class: "num", text: money(m.charges) }),
    el("td", { class: "num", text: money(m.payments) }),
    el("td", { class: "num", text: money(m.interestPaid) }),
    el("td", { class: "num", text: money(m.principalPaid) }),
    el("td", { class: "num " + (m.minimumMet === false ? "bad" : ""), text: money(m.minimum) + (m.minimumMet === false ? " not met" : "") }),
    el("td", { class: "num", text: money(m.closingOwed) }),
  ]));
  dialog.replaceChildren(
    el("h2", { id: "debt-statement-title", text: `${statement.name}: statement` }),
    el("p", { text: `Interest paid ${money(statement.interestPaid)} ${statement.currency}, principal ${money(statement.principalPaid)} ${statement.currency}.` }),
    rows.length
      ? el("div", { class: "explain-parts" }, [el("table", { class: "sheet", id: "debt-statement-months" }, [
          el("thead", {}, [el("tr", {}, headings.map((h, i) => el("th", { scope: "col", class: i ? "num" : "", text: h })))]),
          el("tbody", {}, rows),
        ])])
      : el("p", { text: "No months yet." }),
    BL.isTravelling() ? null : interestForm(debt, dialog),
    el("form", { method: "dialog" }, [el("button", { type: "submit", id: "debt-statement-close", text: "Close" })]),
  );
  if (!dialog.open) dialog.showModal();
};

/** Posts a month's interest on the debt's account: the statement's amount, or the rule's. */
function interestForm(debt, dialog) {
  const el = BL.el;
  const lastMonth = BL.addMonths(BL.state.today.slice(0, 7), -1);
  const alert = BL.alert("debt-interest-alert");
  const month = el("input", { id: "debt-interest-month", type: "month", value: lastMonth });
  const amount = el("input", { id: "debt-interest-amount", class: "amount", inputmode: "decimal", placeholder: "the rule's" });
  const form = el("form", { id: "debt-interest", class: "tx-form", "aria-label": "Post a month's interest" }, [
    el("h3", { text: "Post a month's interest" }),
    el("div", { class: "fields" }, [BL.field("debt-interest-month", "Month", month), BL.field("debt-interest-amount", "Statement's interest", amount)]),
    el("button", { type: "submit", id: "debt-interest-submit", text: "Post interest" }),
    alert,
  ]);
  BL.onSubmit(form, async () => {
    const body = { month: month.value || undefined, amount: amount.value.trim() || undefined };
    alert.textContent = "";
    try {
      await BL.api("POST", `/debts/${debt.id}/interest`, body);
      BL.toast(`Interest posted on ${debt.name}`);
      await BL.debtStatement(debt);
      BL.render();
    } catch (error) {
      alert.textContent = error.message;
      if (!dialog.open) dialog.showModal();
    }
  });
  return form;
}
