// Keyboard shortcuts on the desktop: a new transaction, search, undo and redo, the sheets by
// number, back to now — listed in a dialog under "?". None fires while typing in a field or
// with Ctrl, Alt or Meta held, so the browser's and the field's own keys keep working.
"use strict";

BL.shortcuts = [
  ["n", "New transaction", async () => {
    // Not the transaction being edited: a new one.
    if (BL.editing && BL.state.view === "transactions") { BL.editing = null; await BL.render(); }
    BL.editing = null;
    BL.goTo("transactions", "tx-name");
  }],
  ["/", "Search transactions", () => BL.goTo("transactions", "filter-q")],
  ["u", "Undo the last change", () => BL.byId("undo").click()],
  ["r", "Redo what undo took back", () => BL.byId("redo").click()],
  ["t", "Back to now (leave the past)", () => BL.byId("time-now").click()],
  ["1–9", "Open the sheets in their order: Budget, Transactions, …", null],
  ["?", "Show this list", () => BL.showShortcuts()],
];

/** Opens `view` and, once it has rendered, puts the focus in the field `fieldId`. */
BL.goTo = async function (view, fieldId) {
  if (BL.state.view !== view) await BL.selectView(view);
  const field = BL.byId(fieldId);
  if (field) field.focus();
};

BL.showShortcuts = function () {
  let dialog = BL.byId("shortcuts-dialog");
  if (!dialog) {
    const el = BL.el;
    dialog = el("dialog", { id: "shortcuts-dialog", "aria-labelledby": "shortcuts-title" }, [
      el("h2", { id: "shortcuts-title", text: "Keyboard shortcuts" }),
      el("dl", { class: "shortcuts" }, BL.shortcuts.flatMap(([key, what]) => [el("dt", {}, [el("kbd", { text: key })]), el("dd", { text: what })])),
      el("form", { method: "dialog" }, [el("button", { type: "submit", id: "shortcuts-close", text: "Close" })]),
    ]);
    document.body.append(dialog);
  }
  if (!dialog.open) dialog.showModal();
};

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
  const target = event.target;
  if (target.closest && target.closest("input, select, textarea, [contenteditable], dialog")) return;
  if (document.body.classList.contains("setting-up")) return;
  const tabs = [...document.querySelectorAll("[role=tab]")];
  if (/^[1-9]$/.test(event.key) && tabs[Number(event.key) - 1]) {
    event.preventDefault();
    BL.selectView(tabs[Number(event.key) - 1].dataset.view);
    return;
  }
  const shortcut = BL.shortcuts.find(([key, , action]) => key === event.key && action);
  if (!shortcut) return;
  event.preventDefault();
  shortcut[2]();
});
