// Transfers in the Transactions sheet: the form's "transfer" type moves money from one account
// to another (POST /transfers); tapping a transfer's row edits it — what is changed is sent, the
// rest stays (PATCH /transfers/{leg}) — or cancels it (DELETE). A transfer changes no category.
"use strict";

/** Shows the fields of the type chosen: a transfer has a "to" account and no category. */
BL.showTransferFields = function () {
  const type = BL.byId("tx-type");
  if (!type) return;
  const transfer = type.value === "transfer";
  const holder = (id) => BL.byId(id).closest(".field");
  holder("tx-category").hidden = transfer;
  holder("tx-notes").hidden = transfer;
  holder("tx-to").hidden = !transfer;
  holder("tx-account").querySelector("label").textContent = transfer ? "From account" : "Account";
  holder("tx-name").querySelector("label").textContent = transfer ? "Note (optional)" : "Name";
};

BL.saveTransfer = async function (event) {
  event.preventDefault();
  BL.clearFormErrors();
  const value = (id) => BL.byId(id).value.trim();
  const fields = { date: value("tx-date"), amount: value("tx-amount"), note: value("tx-name"), from: value("tx-account"), to: value("tx-to") };
  try {
    if (BL.editing && BL.editing.transfer) {
      const before = BL.editing.transfer;
      const changes = {};
      for (const key of ["date", "amount", "note"]) if (fields[key] !== before[key]) changes[key] = fields[key];
      for (const key of ["from", "to"]) if (fields[key]) changes[key] = fields[key];
      await BL.api("PATCH", `/transfers/${BL.editing.id}`, changes);
      BL.toast("Transfer saved");
    } else {
      if (!fields.amount) return BL.showFormError({ field: "amount", message: "amount: enter an amount, e.g. 100.00" });
      if (!fields.from) return BL.showFormError({ field: "from", message: "from: choose the account the money leaves" });
      if (!fields.to) return BL.showFormError({ field: "to", message: "to: choose the account the money goes to" });
      const body = { date: fields.date, amount: fields.amount, from: fields.from, to: fields.to };
      if (fields.note) body.note = fields.note;
      await BL.api("POST", "/transfers", body);
      BL.toast(`Moved ${fields.amount} from ${fields.from} to ${fields.to}`);
    }
    BL.editing = null;
    await BL.render();
  } catch (error) {
    BL.showFormError(error);
  }
};

/** Opens a transfer's leg in the form: its date, amount and note; the accounts stay unless chosen. */
BL.editTransfer = async function (row) {
  const amount = row.amount.replace("-", "");
  BL.editing = { id: row.id, transfer: { date: row.date, amount, note: row.name === "transfer" ? "" : row.name } };
  await BL.renderTransactions();
  BL.byId("tx-amount").focus();
};

BL.fillTransferForm = function (transfer) {
  const set = (id, value) => { BL.byId(id).value = value; };
  set("tx-type", "transfer"); set("tx-date", transfer.date); set("tx-amount", transfer.amount); set("tx-name", transfer.note);
  set("tx-account", ""); set("tx-to", "");
};

BL.cancelTransfer = async function () {
  try {
    await BL.api("DELETE", `/transfers/${BL.editing.id}?reason=${encodeURIComponent("cancelled in the web app")}`);
    BL.toast("Transfer cancelled");
    BL.editing = null;
    await BL.render();
  } catch (error) { BL.showFormError(error); }
};
