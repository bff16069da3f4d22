// Debts, the forms: add a debt on an account (its APR, minimum payment, due day and term), and
// change a debt's terms from a date on — earlier months keep the terms they had.
"use strict";

const DEBT_KINDS = [["credit-card", "Credit card"], ["student-loan", "Student loan"], ["auto-loan", "Car loan"],
  ["personal-loan", "Personal loan"], ["mortgage", "Mortgage"], ["other", "Other"]];

/** The forms under the debts table, or nothing while travelling in time. */
BL.debtForms = async function (debts) {
  if (BL.isTravelling()) return [];
  await BL.loadLists();
  return [addDebtForm(), debts.length ? debtTermsForm(debts) : null].filter(Boolean);
};

/** Inputs of the terms a debt has: APR, minimum payment, due day, term in months. */
function debtTermInputs(prefix) {
  const el = BL.el;
  const input = (name, attributes) => el("input", Object.assign({ id: `${prefix}-${name}`, inputmode: "decimal", autocomplete: "off" }, attributes));
  return {
    apr: input("apr", { placeholder: "19.99" }), minimum: input("minimum", { class: "amount", placeholder: "50.00" }),
    dueDay: input("due-day", { inputmode: "numeric", placeholder: "15" }), term: input("term", { inputmode: "numeric", placeholder: "60" }),
  };
}

/** The fields of `inputs`, labelled. */
function debtTermFields(prefix, inputs) {
  return [BL.field(`${prefix}-apr`, "APR %", inputs.apr), BL.field(`${prefix}-minimum`, "Minimum payment", inputs.minimum),
    BL.field(`${prefix}-due-day`, "Due day", inputs.dueDay), BL.field(`${prefix}-term`, "Term (months)", inputs.term)];
}

/** The values given, as the API takes them (numbers where it wants numbers). */
function debtTermValues(inputs) {
  const text = (input) => input.value.trim() || undefined;
  const number = (input) => (input.value.trim() ? Number(input.value.trim()) : undefined);
  return { apr: text(inputs.apr), minimum: text(inputs.minimum), dueDay: number(inputs.dueDay), term: number(inputs.term) };
}

function addDebtForm() {
  const el = BL.el;
  const alert = BL.alert("debt-add-alert");
  const name = el("input", { id: "debt-name", required: true, autocomplete: "off", placeholder: "Visa" });
  const account = el("select", { id: "debt-account" }, BL.state.accounts.filter((a) => !a.closed).map((a) => el("option", { value: a.name, text: a.name })));
  const kind = el("select", { id: "debt-kind" }, DEBT_KINDS.map(([value, text]) => el("option", { value, text })));
  const terms = debtTermInputs("debt");
  const form = el("form", { id: "debt-add", class: "tx-form", "aria-label": "Add a debt" }, [
    el("h2", { text: "Add a debt" }),
    el("div", { class: "fields" }, [BL.field("debt-name", "Name", name), BL.field("debt-account", "Account", account),
      BL.field("debt-kind", "Kind", kind), ...debtTermFields("debt", terms)]),
    el("button", { type: "submit", id: "debt-add-submit", text: "Add debt" }),
    alert,
  ]);
  BL.onSubmit(form, () => {
    const body = Object.assign({ name: name.value.trim(), account: account.value, kind: kind.value }, debtTermValues(terms));
    BL.formWrite(alert, "POST", "/debts", body, `Added ${body.name}`);
  });
  return form;
}

function debtTermsForm(debts) {
  const el = BL.el;
  const alert = BL.alert("debt-terms-alert");
  const debt = el("select", { id: "debt-terms-debt" }, debts.map((d) => el("option", { value: d.id, text: d.name })));
  const from = el("input", { id: "debt-terms-from", type: "date", value: BL.state.today || "" });
  const terms = debtTermInputs("debt-terms");
  const form = el("form", { id: "debt-terms", class: "tx-form", "aria-label": "Change a debt's terms" }, [
    el("h2", { text: "Change a debt's terms" }),
    el("p", { class: "muted", text: "Only what you fill in changes, from the date on; the months before keep their terms." }),
    el("div", { class: "fields" }, [BL.field("debt-terms-debt", "Debt", debt), BL.field("debt-terms-from", "From", from), ...debtTermFields("debt-terms", terms)]),
    el("button", { type: "submit", id: "debt-terms-submit", text: "Change terms" }),
    alert,
  ]);
  BL.onSubmit(form, () => {
    const name = debt.options[debt.selectedIndex].text;
    BL.formWrite(alert, "POST", `/debts/${debt.value}/terms`, Object.assign({ from: from.value || undefined }, debtTermValues(terms)), `${name}'s terms changed`);
  });
  return form;
}
