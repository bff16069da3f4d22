// History: the audit trail of one entity, and the latest events of the log.
"use strict";

BL.historyTarget = { kind: "category", ref: "" };

BL.renderHistory = async function () {
  const el = BL.el;
  const view = BL.byId("view-history");
  await BL.loadLists();
  const target = BL.historyTarget;
  if (!target.ref && BL.state.categories.length) target.ref = BL.state.categories[0].name;
  const kinds = ["category", "account", "transaction", "period", "month", "schedule", "debt", "goal"];
  const form = el("form", { class: "filters", id: "history-form", "aria-label": "Choose an entity" }, [
    el("label", { for: "history-kind", text: "Kind" }),
    el("select", { id: "history-kind" }, kinds.map((k) => el("option", { value: k, text: k, selected: k === target.kind }))),
    el("label", { for: "history-ref", text: "Name, id or month" }),
    el("input", { id: "history-ref", type: "text", value: target.ref, list: "history-names" }),
    el("datalist", { id: "history-names" }, BL.state.categories.map((c) => c.name).concat(BL.state.accounts.map((a) => a.name))
      .map((name) => el("option", { value: name }))),
    el("button", { type: "submit", text: "Show history" }),
  ]);
  BL.onSubmit(form, () => {
    BL.historyTarget = { kind: BL.byId("history-kind").value, ref: BL.byId("history-ref").value.trim() };
    BL.render();
  });
  let trail;
  try {
    const history = (await BL.api("GET", BL.withQuery(`/history/${target.kind}/${encodeURIComponent(target.ref)}`, BL.timeQuery(false)))).body;
    trail = el("table", { class: "sheet", id: "history-table" }, [
      el("caption", { text: `History of ${history.stream}` }),
      el("thead", {}, [el("tr", {}, ["Position", "Recorded at (UTC)", "Actor", "Event", "What changed"].map((h) => el("th", { scope: "col", text: h })))]),
      el("tbody", {}, history.entries.map((entry) => el("tr", {}, [
        el("td", { class: "num", text: String(entry.position) }), el("td", { text: entry.recordedAt }), el("td", { text: entry.actor || "" }),
        el("td", { text: entry.event }), el("td", { text: entry.changes.join("; ") }),
      ]))),
    ]);
    const last = history.entries[history.entries.length - 1];
    if (target.kind === "transaction" && last && last.event === "TransactionDeleted" && !BL.isTravelling()) {
      const id = history.stream.slice("transaction-".length);
      trail = el("div", {}, [trail, BL.button({ id: "history-restore", text: "Restore this transaction", onclick: () => BL.restoreTransaction(id) })]);
    }
  } catch (error) {
    trail = el("p", { class: "field-error", role: "alert", text: error.message });
  }
  const events = (await BL.api("GET", `/events?after=${Math.max(0, (BL.state.knownAt ?? BL.state.head) - 15)}&limit=15`)).body.events.reverse();
  const log = el("table", { class: "sheet", id: "event-log" }, [
    el("caption", { text: "Latest events of the log" }),
    el("thead", {}, [el("tr", {}, ["Position", "Recorded at (UTC)", "Actor", "Event", "Stream"].map((h) => el("th", { scope: "col", text: h })))]),
    el("tbody", {}, events.map((event) => el("tr", {}, [
      el("td", { class: "num", text: String(event.position) }), el("td", { text: event.recordedAt }), el("td", { text: event.actor || "" }),
      el("td", { text: event.type }), el("td", { class: "stream" }, [streamLink(event.stream, kinds)]),
    ]))),
  ]);
  view.replaceChildren(form, trail, log);
};

/** A stream's name; one of an entity with a history opens that history. */
function streamLink(stream, kinds) {
  const kind = kinds.find((k) => stream.startsWith(k + "-"));
  if (!kind) return stream;
  return BL.button({ class: "explain", text: stream, onclick: () => {
    BL.historyTarget = { kind, ref: stream.slice(kind.length + 1) };
    BL.render();
  } });
}
