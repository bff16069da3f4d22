// "Why this number?": a figure opens the list of the entries that make it up, read at the
// slider's position — GET /explain/balance/{account} and /explain/spent/{category}.
"use strict";
window.BL = window.BL || {};

/** A figure as a button that explains it: `path` is the explain route, `label` what it is. */
BL.explainable = function (text, path, label, id) {
  return BL.el("button", {
    type: "button", class: "explain", id, text,
    title: `Why ${text}? The entries that make it up`,
    "aria-label": `${label}: ${text}. Show the entries that make it up`,
    onclick: () => BL.explain(path, label),
  });
};

/** Opens the explanation of the figure at `path` in a dialog. */
BL.explain = async function (path, label) {
  let answer;
  try { answer = (await BL.api("GET", BL.withQuery(path, BL.timeQuery(false)))).body; } catch (error) {
    BL.toast(error.message, true);
    return;
  }
  const el = BL.el;
  let dialog = document.getElementById("explain-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "explain-dialog", "aria-labelledby": "explain-title" });
    document.body.append(dialog);
  }
  const when = answer.figure === "balance" ? `at the end of ${answer.date}` : `in ${BL.monthTitle(answer.month)}`;
  const rows = answer.parts.map((part) => el("tr", { "data-kind": part.kind }, [
    el("td", { text: part.date }),
    el("td", { text: part.name || part.kind }),
    el("td", { class: "num " + (part.amount.startsWith("-") ? "bad" : ""), text: BL.money(part.amount) }),
  ]));
  dialog.replaceChildren(
    el("h2", { id: "explain-title", text: `${label} ${when}` }),
    el("p", {}, [
      el("strong", { id: "explain-total", text: `${BL.money(answer.total)} ${answer.currency}` }),
      document.createTextNode(` — ${answer.parts.length} entr${answer.parts.length === 1 ? "y adds" : "ies add"} up to it, as known at log position ${answer.position}.`),
    ]),
    answer.parts.length
      ? el("div", { class: "explain-parts" }, [el("table", { class: "sheet", id: "explain-parts" }, [
          el("thead", {}, [el("tr", {}, ["Date", "Entry", "Amount"].map((h, i) => el("th", { scope: "col", class: i === 2 ? "num" : "", text: h })))]),
          el("tbody", {}, rows),
        ])])
      : el("p", { text: "No entries: nothing counted in it yet." }),
    el("form", { method: "dialog" }, [el("button", { type: "submit", id: "explain-close", text: "Close" })]),
  );
  if (!dialog.open) dialog.showModal();
};
