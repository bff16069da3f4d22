// Expense periods on the Ledger view: each period's days and whether it is closed; open one
// (ongoing without an end), close one — its transactions freeze and the log's chain head is
// sealed — after a yes, and reopen a closed one with a reason.
"use strict";

/** The Periods section: the table, and the forms unless travelling in time. */
BL.periodsSection = async function () {
  const el = BL.el;
  const periods = (await BL.api("GET", BL.withQuery("/periods", BL.timeQuery(false)))).body.items;
  const alert = BL.alert("period-alert");
  const rows = periods.map((p) => el("tr", { "data-period": p.name }, [
    el("th", { scope: "row", text: p.name }),
    el("td", { text: p.start }),
    el("td", { text: p.end || "ongoing" }),
    el("td", { class: "period-state", text: p.closed ? "closed" : "open" }),
    el("td", {}, BL.isTravelling() ? [] : [p.closed
      ? BL.button({ class: "secondary", text: "Reopen", "aria-label": `Reopen ${p.name}`, onclick: () => reopen(p, alert) })
      : BL.button({ class: "secondary", text: "Close", "aria-label": `Close ${p.name}`, onclick: () => confirmClose(p, alert) })]),
  ]));
  return el("section", { id: "periods", "aria-labelledby": "periods-title" }, [
    el("h2", { id: "periods-title", text: "Expense periods" }),
    el("p", { class: "muted", text: "A closed period's transactions can no longer change: closing seals the log's chain head, and checking the ledger verifies the seal." }),
    periods.length
      ? el("table", { class: "sheet", id: "period-table" }, [
          el("thead", {}, [el("tr", {}, ["Period", "From", "To", "State", ""].map((h) => el("th", { scope: "col", text: h })))]),
          el("tbody", {}, rows),
        ])
      : el("p", { class: "muted", text: "No periods yet." }),
    alert,
    BL.isTravelling() ? null : openForm(),
  ]);
};

function openForm() {
  const el = BL.el;
  const alert = BL.alert("period-open-alert");
  const name = el("input", { id: "period-name", required: true, autocomplete: "off", placeholder: "Summer trip" });
  const start = el("input", { id: "period-start", type: "date", value: BL.state.today || "" });
  const end = el("input", { id: "period-end", type: "date" });
  const form = el("form", { id: "period-open", class: "tx-form", "aria-label": "Open a period" }, [
    el("h3", { text: "Open a period" }),
    el("div", { class: "fields" }, [BL.field("period-name", "Name", name), BL.field("period-start", "From", start), BL.field("period-end", "To (empty: ongoing)", end)]),
    el("button", { type: "submit", id: "period-open-submit", text: "Open period" }),
    alert,
  ]);
  BL.onSubmit(form, () => {
    BL.formWrite(alert, "POST", "/periods", { name: name.value.trim(), start: start.value, end: end.value || undefined }, `Opened ${name.value.trim()}`);
  });
  return form;
}

/** Asks first: closing freezes the period's transactions. */
function confirmClose(period, alert) {
  const el = BL.el;
  const box = el("div", { class: "confirm", id: "period-confirm", role: "alertdialog", "aria-labelledby": "period-confirm-text" }, [
    el("p", { id: "period-confirm-text", text: `Close ${period.name}? Its transactions can no longer change until it is reopened${period.end ? "" : "; it ends today"}.` }),
    BL.button({ class: "danger", id: "period-confirm-yes", text: "Yes, close it",
      onclick: () => BL.formWrite(alert, "POST", `/periods/${period.id}/close`, {}, `Closed ${period.name}`) }),
    BL.button({ class: "secondary", text: "Keep it open", onclick: () => box.remove() }),
  ]);
  BL.byId("period-confirm")?.remove();
  alert.before(box);
  box.querySelector("button").focus();
}

function reopen(period, alert) {
  const el = BL.el;
  const reason = el("input", { id: "period-reason", autocomplete: "off", placeholder: "a late refund" });
  const form = el("form", { class: "inline-form", id: "period-reopen" }, [
    el("label", { for: "period-reason", text: `Why reopen ${period.name}?` }), reason,
    el("button", { type: "submit", id: "period-reopen-submit", text: "Reopen" }),
  ]);
  BL.onSubmit(form, () => {
    BL.formWrite(alert, "POST", `/periods/${period.id}/reopen`, { reason: reason.value.trim() }, `Reopened ${period.name}`);
  });
  BL.byId("period-reopen")?.remove();
  alert.before(form);
  reason.focus();
}
