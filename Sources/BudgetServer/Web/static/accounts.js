// Accounts: each account's balance, type and role, and everything done to an account — open
// one, rename it, correct its opening balance, make it a budget or tracking account, close and
// reopen it. Every change is one request; the server's refusal shows beside the form and
// changes nothing.
"use strict";

/** The id of the account or category whose change panel is open: it stays open when the view refreshes. */
BL.panel = null;

const ACCOUNT_TYPES = [["checking", "Checking"], ["savings", "Savings"], ["credit-card", "Credit card"], ["cash", "Cash"], ["loan", "Loan"], ["investment", "Investment"]];

BL.renderAccounts = async function () {
  const el = BL.el;
  const view = BL.byId("view-accounts");
  await BL.loadLists();
  const accounts = (await BL.api("GET", BL.withQuery("/accounts", BL.timeQuery(true)))).body.items;
  const rows = accounts.map((a) => el("tr", { "data-account": a.name, class: a.closed ? "closed" : null }, [
    el("th", { scope: "row" }, [a.name, a.closed ? el("span", { class: "pending-mark", text: "closed" }) : null]),
    el("td", { text: (ACCOUNT_TYPES.find(([v]) => v === a.type) || [a.type, a.type])[1] }),
    el("td", { class: "role", text: a.role === "budget" ? "budget" : "tracking" }),
    el("td", { class: "num balance", "data-balance": a.balance, text: `${BL.money(a.balance)} ${a.currency}` }),
    el("td", { class: "status", text: a.closed ? "closed" : "open" }),
    el("td", {}, [BL.button({ class: "secondary manage", text: "Edit", "aria-label": `Change ${a.name}`,
      disabled: BL.isTravelling(), onclick: () => { BL.panel = a.id; showAccountForm(view, a); } })]),
  ]));
  view.replaceChildren(
    el("table", { class: "sheet accounts", id: "accounts-list" }, [
      el("caption", { text: "Accounts" }),
      el("thead", {}, [el("tr", {}, ["Account", "Type", "Role", "Balance", "Status", ""].map((h, i) => el("th", { scope: "col", class: i === 3 ? "num" : null, text: h })))]),
      el("tbody", {}, rows),
    ]),
    el("p", { class: "muted", text: "A budget account's money can be assigned on the budget sheet; a tracking account (a loan, an investment) shows its balance but is not counted in what is available." }),
    BL.isTravelling() ? null : openAccountForm(),
    el("div", { id: "account-change" }),
  );
  const open = !BL.isTravelling() && accounts.find((a) => a.id === BL.panel);
  if (open) showAccountForm(view, open, false);
};

/** Sends one change and re-renders; a refusal goes to `alert` and nothing changes. */
BL.formWrite = async function (alert, method, path, body, done, onRefusal) {
  alert.textContent = "";
  try {
    const answer = await BL.api(method, path, body);
    BL.toast(typeof done === "function" ? done(answer.body) : done);
    await BL.render();  // the panel stays open, on the changed entity
  } catch (error) {
    alert.textContent = error.message;
    if (onRefusal) onRefusal(error);
  }
};

BL.field = function (id, label, control) {
  return BL.el("div", { class: "field" }, [BL.el("label", { for: id, text: label }), control]);
};

/** Open an account: name, type, opening balance and date, currency (the ledger's by default). */
function openAccountForm() {
  const el = BL.el;
  const alert = BL.alert("account-open-alert");
  const form = el("form", { id: "account-open", class: "tx-form", "aria-label": "Open an account" }, [
    el("h2", { text: "Open an account" }),
    el("div", { class: "fields" }, [
      BL.field("account-open-name", "Name", el("input", { id: "account-open-name", name: "name", required: true, autocomplete: "off" })),
      BL.field("account-open-type", "Type", el("select", { id: "account-open-type", name: "type" }, ACCOUNT_TYPES.map(([value, text]) => el("option", { value, text })))),
      BL.field("account-open-opening", "Opening balance", el("input", { id: "account-open-opening", name: "opening", inputmode: "decimal", placeholder: "0.00", class: "amount" })),
      BL.field("account-open-date", "On", el("input", { id: "account-open-date", name: "date", type: "date", value: BL.state.today || "" })),
      BL.field("account-open-currency", "Currency", el("input", { id: "account-open-currency", name: "currency", maxlength: "3", autocapitalize: "characters", placeholder: "the ledger's" })),
    ]),
    el("button", { type: "submit", id: "account-open-submit", text: "Open account" }),
    alert,
  ]);
  BL.onSubmit(form, () => {
    const value = (name) => form.querySelector(`[name=${name}]`).value.trim() || undefined;
    const body = { name: value("name") || "", type: value("type"), opening: value("opening"), date: value("date"), currency: value("currency") && value("currency").toUpperCase() };
    BL.formWrite(alert, "POST", "/accounts", body, `Opened ${body.name}`);
  });
  return form;
}

/** The changes one account can take, in a panel below the table. */
function showAccountForm(view, account, focus = true) {
  const el = BL.el;
  const path = `/accounts/${account.id}`;
  const alert = BL.alert("account-change-alert");
  const name = el("input", { id: "account-rename", value: account.name, autocomplete: "off" });
  const opening = el("input", { id: "account-opening", inputmode: "decimal", class: "amount", placeholder: "the right amount" });
  const role = el("select", { id: "account-role" }, [["budget", "Budget: counted in what is available"], ["tracking", "Tracking: balance only"]]
    .map(([value, text]) => el("option", { value, text, selected: value === account.role })));
  const reason = el("input", { id: "account-reopen-reason", autocomplete: "off", placeholder: "why it is open again" });
  const button = (id, text, action, kind = "secondary") => BL.button({ id, class: kind, text, onclick: action });
  const panel = el("section", { id: "account-change", "aria-label": `Change ${account.name}`, "data-account": account.name }, [
    el("h2", { text: `Change ${account.name}` }),
    el("div", { class: "fields" }, [
      BL.field("account-rename", "Name", name),
      button("account-rename-submit", "Rename", () => BL.formWrite(alert, "PATCH", path, { name: name.value.trim() }, `Renamed to ${name.value.trim()}`)),
    ]),
    el("div", { class: "fields" }, [
      BL.field("account-opening", `Opening balance on ${account.openingDate}`, opening),
      button("account-opening-submit", "Correct", () => BL.formWrite(alert, "POST", `${path}/opening`, { balance: opening.value.trim() }, "Opening balance corrected")),
    ]),
    el("div", { class: "fields" }, [
      BL.field("account-role", "Role", role),
      button("account-role-submit", "Set role", () => BL.formWrite(alert, "POST", `${path}/role`, { role: role.value }, `${account.name} is now a ${role.value} account`)),
    ]),
    account.closed
      ? el("div", { class: "fields" }, [BL.field("account-reopen-reason", "Reason", reason),
        button("account-reopen-submit", "Reopen", () => BL.formWrite(alert, "POST", `${path}/reopen?reason=${encodeURIComponent(reason.value.trim())}`, {}, `Reopened ${account.name}`))])
      : el("div", { class: "fields" }, [button("account-close-submit", "Close account", () => confirm(`Close ${account.name}? It takes no new transactions until reopened.`) && BL.formWrite(alert, "POST", `${path}/close`, {}, `Closed ${account.name}`, (error) => {
        if (error.code !== "account_not_empty") return;
        // The API's words are for scripts ("send force"): say it as the page offers it.
        alert.textContent = `${account.name} still holds ${BL.money(error.details.balance)} ${error.details.currency}: move it out first, or close it anyway (the money stays on the closed account).`;
        BL.byId("account-close-force")?.remove();
        alert.after(button("account-close-force", "Close anyway", () => BL.formWrite(alert, "POST", `${path}/close`, { force: true }, `Closed ${account.name}`), "danger"));
      }))]),
    alert,
  ]);
  view.querySelector("#account-change").replaceWith(panel);
  if (focus) name.focus();
}
