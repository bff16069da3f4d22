// Sheet 2 — Transactions: running balance, search, filters, add / edit / delete.
"use strict";

BL.txFilters = { account: "", category: "", month: "", q: "", from: "", to: "", tag: "", min: "", max: "" };

/** The filters beside the search words, as [query parameter, label, input attributes]. */
const MORE_FILTERS = [["from", "From", { type: "date" }], ["to", "To", { type: "date" }], ["tag", "Tag", { autocomplete: "off" }],
  ["min", "Amount from", { inputmode: "decimal", class: "amount" }], ["max", "Amount to", { inputmode: "decimal", class: "amount" }]];
BL.editing = null; // {id, etag} while a row is being edited

BL.renderTransactions = async function () {
  const el = BL.el;
  const view = BL.byId("view-transactions");
  await BL.loadLists();
  const f = BL.txFilters;
  const params = [];
  if (f.account) params.push("account=" + encodeURIComponent(f.account));
  if (f.category) params.push("category=" + encodeURIComponent(f.category));
  if (f.month) params.push("month=" + f.month);
  for (const [name] of MORE_FILTERS) if (f[name]) params.push(`${name}=${encodeURIComponent(f[name])}`);
  params.push("limit=100");
  const time = BL.timeQuery(true);
  if (time) params.push(time);
  const path = f.q ? `/transactions/search?q=${encodeURIComponent(f.q)}&${params.join("&")}` : `/transactions?${params.join("&")}`;
  const page = (await BL.api("GET", path)).body;

  const filters = el("form", { class: "filters", id: "tx-filters", role: "search", "aria-label": "Filter transactions" }, [
    el("label", { for: "filter-q", text: "Search" }),
    el("input", { id: "filter-q", type: "search", value: f.q, placeholder: "words or prefixes" }),
    el("label", { for: "filter-account", text: "Account" }),
    select("filter-account", BL.state.accounts.map((a) => a.name), f.account, "all accounts"),
    el("label", { for: "filter-category", text: "Category" }),
    select("filter-category", BL.state.categories.map((c) => c.name), f.category, "all categories"),
    el("label", { for: "filter-month", text: "Month" }),
    el("input", { id: "filter-month", type: "month", value: f.month }),
    ...MORE_FILTERS.flatMap(([name, label, attributes]) => [el("label", { for: `filter-${name}`, text: label }),
      el("input", Object.assign({ id: `filter-${name}`, value: f[name] }, attributes))]),
    el("button", { type: "submit", text: "Filter" }),
  ]);
  BL.onSubmit(filters, () => {
    const value = (name) => BL.byId(`filter-${name}`).value.trim();
    BL.txFilters = Object.fromEntries(["q", "account", "category", "month", ...MORE_FILTERS.map(([name]) => name)].map((name) => [name, value(name)]));
    BL.render();
  });

  const hasBalance = page.rows.some((row) => row.balance !== undefined && row.balance !== null);
  const body = el("tbody", {}, page.rows.map((row) => transactionRow(row, hasBalance)));
  const table = el("table", { class: "sheet", id: "tx-table" }, [
    el("caption", { text: hasBalance ? "Transactions with running balance (newest first)" : "Matching transactions (newest first)" }),
    el("thead", {}, [el("tr", {}, ["Date", "Name", "Category", "Account", "Amount", hasBalance ? "Balance" : null].filter(Boolean).map((h, i) =>
      el("th", { scope: "col", class: i >= 4 ? "num" : "", text: h })))]),
    body,
  ]);
  const empty = page.rows.length ? null : el("p", { class: "muted", text: "No transactions." });
  const form = BL.isTravelling() ? el("p", { class: "muted", text: "Editing is off while looking at the past." }) : transactionForm();
  view.replaceChildren(...[form, filters, table, empty, olderRows(path, page.nextBefore, body, hasBalance)].filter(Boolean));
  if (BL.editing && BL.editing.transfer) BL.fillTransferForm(BL.editing.transfer);
  else if (BL.editing) fillForm(BL.editing.record);
  if (!BL.isTravelling()) BL.showTransferFields();
};

/** One row of the list; a transaction or a transfer opens in the form when clicked. */
function transactionRow(row, hasBalance) {
  const el = BL.el;
  const editable = (row.kind === "transaction" || row.kind === "transfer") && !BL.isTravelling();
  const edit = () => (row.kind === "transfer" ? BL.editTransfer(row) : BL.editTransaction(row.id));
  const tr = el("tr", {
    "data-id": row.id, class: editable ? "clickable" : "", tabindex: editable ? "0" : null,
    "aria-label": editable ? `Edit ${row.name} ${row.amount}` : null,
  }, [
    el("td", { text: row.date }),
    // A change made on this device that its hub does not have yet.
    el("td", { class: "tx-name" }, [row.name, row.pending ? el("span", {
      class: "pending-mark", text: "pending", title: "made on this device, not yet on the hub",
    }) : null]),
    el("td", { text: row.category }),
    el("td", { text: row.account }),
    el("td", { class: "num tx-amount " + (row.amount.startsWith("-") ? "neg" : "pos"), text: BL.money(row.amount) }),
    hasBalance ? el("td", { class: "num tx-balance " + ((row.balance || "").startsWith("-") ? "neg" : ""), text: BL.money(row.balance) }) : null,
  ]);
  if (editable) {
    tr.addEventListener("click", edit);
    tr.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); edit(); } });
  }
  return tr;
}

/**
 * The end of the list while older rows remain: a button that fetches the next page (by the
 * cursor the last page gave) into the table, pressed by itself when it scrolls into sight, so
 * a long log scrolls on without being loaded at once.
 */
function olderRows(path, cursor, body, hasBalance) {
  if (!cursor) return null;
  const more = BL.button({ id: "tx-more", class: "secondary", text: "Show older rows" });
  let next = cursor;
  const load = async () => {
    if (more.disabled) return;
    more.disabled = true;
    try {
      const page = (await BL.api("GET", `${path}&before=${encodeURIComponent(next)}`)).body;
      body.append(...page.rows.map((row) => transactionRow(row, hasBalance)));
      next = page.nextBefore;
      more.hidden = !next;
    } catch (error) {
      BL.toast(error.message, true);
    } finally {
      more.disabled = false;
    }
    if (next && more.getBoundingClientRect().top < innerHeight) load();
  };
  const sight = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting) && next) load(); });
  sight.observe(more);
  more.addEventListener("click", load);
  return more;
}

function select(id, names, selected, emptyLabel) {
  const options = [BL.el("option", { value: "", text: emptyLabel })].concat(
    names.map((name) => BL.el("option", { value: name, text: name, selected: name === selected })));
  return BL.el("select", { id }, options);
}

/** The add / edit form; server-side validation messages appear next to their field. */
function transactionForm() {
  const el = BL.el;
  const field = (id, label, input) => el("div", { class: "field" }, [
    el("label", { for: id, text: label }), input, el("span", { class: "field-error", id: `${id}-error`, role: "alert" }),
  ]);
  const expenseCategories = BL.state.categories.filter((c) => !c.archived).map((c) => c.name);
  const form = el("form", { id: "tx-form", class: "tx-form", novalidate: true, "aria-labelledby": "tx-form-title" }, [
    el("h2", { id: "tx-form-title", text: BL.editing ? (BL.editing.transfer ? "Edit transfer" : "Edit transaction") : "Add a transaction" }),
    el("div", { class: "fields" }, [
      field("tx-date", "Date", el("input", { id: "tx-date", type: "date", value: BL.state.today })),
      field("tx-name", "Name", el("input", { id: "tx-name", type: "text", autocomplete: "off" })),
      field("tx-amount", "Amount", el("input", { id: "tx-amount", type: "text", inputmode: "decimal", placeholder: "42.50" })),
      field("tx-type", "Type", el("select", { id: "tx-type", onchange: () => BL.showTransferFields() }, ["expense", "income", "transfer"]
        .filter((type) => !BL.editing || (type === "transfer") === Boolean(BL.editing.transfer)).map((type) => el("option", { value: type, text: type })))),
      field("tx-category", "Category", select("tx-category", expenseCategories, "", "choose…")),
      field("tx-account", "Account", select("tx-account", BL.state.accounts.filter((a) => !a.closed).map((a) => a.name), BL.state.accounts.length === 1 ? BL.state.accounts[0].name : "", BL.editing && BL.editing.transfer ? "unchanged" : "choose…")),
      field("tx-to", "To account", select("tx-to", BL.state.accounts.filter((a) => !a.closed).map((a) => a.name), "", BL.editing && BL.editing.transfer ? "unchanged" : "choose…")),
      field("tx-notes", "Notes", el("input", { id: "tx-notes", type: "text" })),
      field("tx-tags", "Tags", el("input", { id: "tx-tags", type: "text", autocomplete: "off", placeholder: "holiday, gifts" })),
    ]),
    // A new transaction may be split across categories: its parts replace the category.
    BL.editing ? null : el("fieldset", { id: "tx-splits", class: "splits", hidden: true }, [el("legend", { text: "Parts (they add up to the amount)" })]),
    el("div", { class: "actions" }, [
      el("button", { type: "submit", id: "tx-save", text: BL.editing ? "Save changes" : "Add transaction" }),
      BL.editing ? null : BL.button({ class: "secondary", id: "tx-split", text: "Split", onclick: () => {
        const parts = BL.byId("tx-splits");
        parts.hidden = false;
        splitPart(parts, expenseCategories);
        if (parts.querySelectorAll(".split-part").length === 1) splitPart(parts, expenseCategories);
        BL.byId("tx-category").disabled = true;
      } }),
      BL.editing ? BL.button({ class: "secondary", id: "tx-cancel", text: "Cancel", onclick: () => { BL.editing = null; BL.render(); } }) : null,
      BL.editing ? BL.button({ class: "danger", id: "tx-delete", text: "Delete", onclick: confirmDelete }) : null,
      el("span", { id: "tx-form-error", class: "field-error", role: "alert" }),
    ]),
    el("div", { id: "tx-confirm", class: "confirm", hidden: true, role: "alertdialog", "aria-labelledby": "tx-confirm-text" }, [
      el("p", { id: "tx-confirm-text", text: "Delete this transaction? The log keeps it, but it no longer counts." }),
      BL.button({ class: "danger", id: "tx-confirm-yes", text: "Yes, delete", onclick: () => (BL.editing.transfer ? BL.cancelTransfer() : deleteTransaction()) }),
      BL.button({ class: "secondary", id: "tx-confirm-no", text: "Keep it", onclick: () => { BL.byId("tx-confirm").hidden = true; } }),
    ]),
  ]);
  form.addEventListener("submit", (event) => (BL.byId("tx-type").value === "transfer" ? BL.saveTransfer(event) : saveTransaction(event)));
  return form;
}

/** One part of a split: a category and its amount, with a way to take it out again. */
function splitPart(parts, categories) {
  const el = BL.el;
  const n = parts.querySelectorAll(".split-part").length + 1;
  const part = el("div", { class: "fields split-part" }, [
    BL.field(`tx-split-category-${n}`, `Part ${n} category`, select(`tx-split-category-${n}`, categories, "", "choose…")),
    BL.field(`tx-split-amount-${n}`, `Part ${n} amount`, el("input", { id: `tx-split-amount-${n}`, class: "amount", inputmode: "decimal", placeholder: "10.00" })),
    BL.button({ class: "secondary", text: "Add a part", "aria-label": "Add a part", onclick: () => splitPart(parts, categories) }),
  ]);
  parts.append(part);
}

function formValues() {
  const value = (id) => BL.byId(id).value.trim();
  const body = { date: value("tx-date"), name: value("tx-name"), amount: value("tx-amount"), type: value("tx-type") };
  if (value("tx-category")) body.category = value("tx-category");
  if (value("tx-account")) body.account = value("tx-account");
  body.notes = value("tx-notes");
  body.tags = value("tx-tags").split(",").map((tag) => tag.trim()).filter(Boolean);
  const parts = [...document.querySelectorAll("#tx-splits .split-part")].map((part) => ({
    category: part.querySelector("select").value, amount: part.querySelector("input").value.trim() })).filter((p) => p.category || p.amount);
  if (parts.length) {
    body.splits = parts;
    delete body.category;
  }
  return body;
}

BL.clearFormErrors = clearErrors;
BL.showFormError = (error) => showError(error);

function clearErrors() {
  document.querySelectorAll("#tx-form .field-error").forEach((node) => { node.textContent = ""; });
  document.querySelectorAll("#tx-form [aria-invalid]").forEach((node) => node.removeAttribute("aria-invalid"));
}

function showError(error) {
  const known = { amount: "tx-amount", name: "tx-name", note: "tx-name", date: "tx-date", category: "tx-category", account: "tx-account", from: "tx-account", to: "tx-to", notes: "tx-notes", type: "tx-type", tags: "tx-tags" };
  const field = known[error.field];
  const target = BL.byId(field ? `${field}-error` : "tx-form-error");
  target.textContent = error.message;
  if (field) {
    const input = BL.byId(field);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", `${field}-error`);
    input.focus();
  }
}

async function saveTransaction(event) {
  event.preventDefault();
  clearErrors();
  const body = formValues();
  // Checked here too so the message appears at once; the server checks again.
  if (!body.amount) return showError({ field: "amount", message: "amount: enter an amount, e.g. 42.50" });
  if (!body.name) return showError({ field: "name", message: "name: enter a name or payee" });
  try {
    if (BL.editing) {
      const changes = {};
      const before = BL.editing.record;
      if (body.date !== before.date) changes.date = body.date;
      if (body.name !== before.name) changes.name = body.name;
      if (body.amount !== before.amount) changes.amount = body.amount;
      if (body.type !== before.type) changes.type = body.type;
      if (body.category && body.category !== before.category) changes.category = body.category;
      if (body.account && body.account !== before.account) changes.account = body.account;
      if (body.notes !== (before.notes || "")) changes.notes = body.notes;
      if (body.tags.join(",") !== (before.tags || []).join(",")) changes.tags = body.tags;
      await BL.api("PATCH", `/transactions/${BL.editing.id}`, changes, { "If-Match": BL.editing.etag });
      BL.toast("Transaction saved");
    } else {
      if (!body.notes) delete body.notes;
      if (!body.tags.length) delete body.tags;
      await BL.api("POST", "/transactions", body);
      BL.toast(`Added ${body.name}`);
    }
    BL.editing = null;
    await BL.render();
  } catch (error) {
    if (error.status === 412) error.message = "Someone else changed this transaction; reload it (" + error.message + ")";
    showError(error);
  }
}

BL.editTransaction = async function (id) {
  try {
    const response = await BL.api("GET", `/transactions/${id}`);
    BL.editing = { id, etag: response.etag, record: response.body };
    await BL.renderTransactions();
    BL.byId("tx-name").focus();
  } catch (error) { BL.toast(error.message, true); }
};

function fillForm(record) {
  const set = (id, value) => { const node = BL.byId(id); if (node) node.value = value || ""; };
  set("tx-date", record.date); set("tx-name", record.name); set("tx-amount", record.amount); set("tx-type", record.type);
  set("tx-category", record.category); set("tx-account", record.account); set("tx-notes", record.notes);
  set("tx-tags", (record.tags || []).join(", "));
}

function confirmDelete() {
  BL.byId("tx-confirm").hidden = false;
  BL.byId("tx-confirm-yes").focus();
}

/** Brings a deleted transaction back as it was when deleted. */
BL.restoreTransaction = async function (id) {
  try {
    await BL.api("POST", `/transactions/${id}/restore`);
    BL.toast("Transaction restored");
    await BL.render();
  } catch (error) { BL.toast(error.message, true); }
};

async function deleteTransaction() {
  try {
    const id = BL.editing.id;
    await BL.api("DELETE", `/transactions/${id}?reason=${encodeURIComponent("deleted in the web app")}`, undefined, { "If-Match": BL.editing.etag });
    BL.toast("Transaction deleted", false, { label: "Restore", run: () => BL.restoreTransaction(id) });
    BL.editing = null;
    await BL.render();
  } catch (error) { showError(error); }
}
