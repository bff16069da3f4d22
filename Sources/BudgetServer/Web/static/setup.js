// First run: a ledger that is not set up yet asks for its name, currency, first accounts and
// categories, and creates them in one request (POST /ledger: all or nothing).
"use strict";

const SETUP_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "CAD", "AUD", "JPY", "SEK", "NOK", "DKK", "PLN", "CZK", "NZD", "INR", "BRL", "MXN", "ZAR"];
const SETUP_TYPES = [["checking", "Checking"], ["savings", "Savings"], ["credit-card", "Credit card"], ["cash", "Cash"], ["loan", "Loan"], ["investment", "Investment"]];

function setupField(id, label, control, hint) {
  return BL.el("div", { class: "field" }, [BL.el("label", { for: id, text: label }), control, hint ? BL.el("small", { class: "muted", id: `${id}-hint`, text: hint }) : null]);
}

/** One account's row of the form: name, type, opening balance, and a button that removes it. */
function setupAccountRow(list, index, name, type) {
  const row = BL.el("fieldset", { class: "setup-account" }, [BL.el("legend", { text: `Account ${index + 1}` })]);
  const types = BL.el("select", { id: `setup-account-type-${index}`, name: "type" }, SETUP_TYPES.map(([value, text]) => BL.el("option", { value, text, selected: value === type })));
  row.append(
    setupField(`setup-account-name-${index}`, "Name", BL.el("input", { id: `setup-account-name-${index}`, name: "name", value: name, required: true, autocomplete: "off" })),
    setupField(`setup-account-type-${index}`, "Type", types),
    setupField(`setup-account-opening-${index}`, "Balance today", BL.el("input", { id: `setup-account-opening-${index}`, name: "opening", inputmode: "decimal", placeholder: "0.00", class: "amount", "aria-describedby": `setup-account-opening-${index}-hint` }), "what it holds now; negative for a card or loan you owe on"),
    BL.button({ class: "secondary", text: "Remove", "aria-label": `Remove account ${index + 1}`, onclick: () => { row.remove(); renumberAccounts(list); } }));
  return row;
}

function renumberAccounts(list) {
  [...list.children].forEach((row, index) => { row.querySelector("legend").textContent = `Account ${index + 1}`; });
}

/** Shows the setup form in place of the sheets. */
BL.renderSetup = function (ledger) {
  const view = BL.byId("view-setup");
  view.hidden = false;
  const accounts = BL.el("div", { id: "setup-accounts" });
  let made = 0;
  const addAccount = (name, type) => { accounts.append(setupAccountRow(accounts, made++, name, type)); renumberAccounts(accounts); };
  addAccount("Checking", "checking");
  const currency = BL.el("input", { id: "setup-currency", name: "currency", value: "EUR", list: "setup-currency-list", required: true, autocapitalize: "characters", maxlength: "3", "aria-describedby": "setup-currency-hint" });
  const alert = BL.alert("setup-alert");
  const form = BL.el("form", { id: "setup-form", class: "setup", novalidate: true }, [
    BL.el("h2", { text: "Set up your budget" }),
    BL.el("p", { text: "A name, the currency you count in, the accounts you keep money in and the categories you start with. You can change all of it later." }),
    setupField("setup-name", "Budget name", BL.el("input", { id: "setup-name", name: "name", value: "Household", required: true, autocomplete: "off" })),
    setupField("setup-currency", "Currency", currency, "a three-letter code such as EUR, USD or GBP"),
    BL.el("datalist", { id: "setup-currency-list" }, SETUP_CURRENCIES.map((code) => BL.el("option", { value: code }))),
    BL.el("h3", { text: "Accounts" }),
    accounts,
    BL.button({ id: "setup-add-account", class: "secondary", text: "Add another account", onclick: () => addAccount("", "savings") }),
    BL.el("fieldset", { class: "setup-categories" }, [
      BL.el("legend", { text: "Categories" }),
      BL.el("label", {}, [BL.el("input", { type: "radio", name: "categories", value: "default", checked: true }), " The usual ones: Food, Restaurants, Transport, Shopping, Entertainment, Health, Sport, Bills, and Income"]),
      BL.el("label", {}, [BL.el("input", { type: "radio", name: "categories", value: "workbook" }), " The workbook's: fixed (Rent, Utilities, Insurance, Phone & internet), variable (Groceries, Transport, Eating out, Personal), quarterly (Car upkeep, Gifts, Yearly fees), and Income"]),
      BL.el("label", {}, [BL.el("input", { type: "radio", name: "categories", value: "income-only" }), " Only Income — I will add my own"]),
    ]),
    alert,
    BL.el("button", { type: "submit", id: "setup-create", text: "Create my budget" }),
    BL.el("p", { class: "muted", text: "Or look around first, in a sample household's three months of budgets, bills, debts and goals:" }),
    BL.button({ id: "setup-demo", class: "secondary", text: "Explore the demo", onclick: () => setupDemo(alert) }),
  ]);
  BL.onSubmit(form, async () => {
    alert.textContent = "";
    for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
    const rows = [...accounts.children].map((row) => ({
      name: row.querySelector("[name=name]").value.trim(),
      type: row.querySelector("[name=type]").value,
      opening: row.querySelector("[name=opening]").value.trim() || undefined,
    }));
    const body = {
      name: form.querySelector("#setup-name").value.trim(),
      currency: currency.value.trim().toUpperCase(),
      accounts: rows,
      categories: form.querySelector("[name=categories]:checked").value,
    };
    const button = form.querySelector("#setup-create");
    button.disabled = true;
    try {
      await BL.api("POST", "/ledger", body);
      location.hash = "#budget";
      location.reload();
    } catch (error) {
      button.disabled = false;
      alert.textContent = error.message;
      markSetupField(form, error.field);
    }
  });
  view.replaceChildren(form);
  form.querySelector("#setup-name").focus();
};

/** Creates the sample ledger instead (POST /ledger {"demo": true}) and opens it. */
async function setupDemo(alert) {
  alert.textContent = "";
  try {
    await BL.api("POST", "/ledger", { demo: true });
    location.hash = "#budget";
    location.reload();
  } catch (error) {
    alert.textContent = error.message;
  }
}

/** Marks the input a server error names (`accounts[1].opening`, `currency`) as invalid. */
function markSetupField(form, field) {
  if (!field) return;
  const match = /^accounts\[(\d+)\]\.(\w+)$/.exec(field);
  const input = match
    ? form.querySelectorAll("#setup-accounts > fieldset")[Number(match[1])]?.querySelector(`[name="${CSS.escape(match[2])}"]`)
    : form.querySelector(`[name="${CSS.escape(field)}"]`);
  if (input) { input.setAttribute("aria-invalid", "true"); input.focus(); }
}
