// "Why this number?": a figure opens the list of the entries that make it up, read at the
// slider's position — GET /explain/{balance,spent,left,available,carried,forecast,goal}/{id},
// /explain/remaining and /explain/cashflow — each entry a way to its history; what rollover
// carried in opens its own explanation.
"use strict";

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
  let dialog = BL.byId("explain-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "explain-dialog", "aria-labelledby": "explain-title" });
    document.body.append(dialog);
  }
  const when = answer.date ? `at the end of ${answer.date}`
    : answer.figure === "forecast" ? `at the end of ${BL.monthTitle(answer.month)}` : `in ${BL.monthTitle(answer.month)}`;
  // Where each entry's history is: [kind, ref] of GET /history/{kind}/{ref}.
  const trail = (part) => ({
    opening: ["account", answer.accountId], transaction: ["transaction", part.id], budget: ["month", answer.month],
    income: ["month", answer.month], carried: ["category", part.id], withheld: ["category", part.id], goal: ["goal", part.id],
    balance: ["account", part.id], scheduled: ["schedule", part.id], target: ["goal", part.id], beyondTarget: ["goal", part.id],
  })[part.kind];
  // What was carried in opens its own explanation: the month before's leftover.
  const entry = (part) => part.kind === "carried"
    ? BL.button({ class: "explain", text: `Carried in from ${BL.monthTitle(part.date.slice(0, 7))}`,
        onclick: () => BL.explain(`/explain/carried/${part.id}?month=${BL.addMonths(part.date.slice(0, 7), 1)}`,
          `${part.name} carried`) })
    : document.createTextNode(part.kind === "budget" ? "Assigned" : part.kind === "income" ? `Income: ${part.name}`
      : part.kind === "goal" ? `Goal: ${part.name}` : part.kind === "withheld" ? `Not carried: ${part.name}`
      : part.name || part.kind);
  const rows = answer.parts.map((part) => {
    const [kind, ref] = trail(part) || [];
    return el("tr", { "data-kind": part.kind }, [
      el("td", { text: part.date }),
      el("td", {}, [entry(part)]),
      el("td", { class: "num " + (part.amount.startsWith("-") ? "bad" : ""), text: BL.money(part.amount) }),
      el("td", {}, [ref ? BL.button({ class: "explain", text: "History",
        "aria-label": `History of ${part.name || part.kind}`, onclick: () => {
          dialog.close();
          BL.historyTarget = { kind, ref };
          BL.selectView("history");
        } }) : null]),
    ]);
  });
  dialog.replaceChildren(
    el("h2", { id: "explain-title", text: `${label} ${when}` }),
    el("p", {}, [
      el("strong", { id: "explain-total", text: `${BL.money(answer.total)} ${answer.currency}` }),
      document.createTextNode(` — ${answer.parts.length} entr${answer.parts.length === 1 ? "y adds" : "ies add"} up to it, as known at log position ${answer.position}.`),
    ]),
    ...(answer.months ? [el("p", { id: "explain-need", text: `Shared by ${answer.months} month${answer.months === 1 ? "" : "s"} to the target date: ${BL.money(answer.monthlyNeed)} ${answer.currency} a month.` })] : []),
    answer.parts.length
      ? el("div", { class: "explain-parts" }, [el("table", { class: "sheet", id: "explain-parts" }, [
          el("thead", {}, [el("tr", {}, ["Date", "Entry", "Amount", "Trail"].map((h, i) => el("th", { scope: "col", class: i === 2 ? "num" : "", text: h })))]),
          el("tbody", {}, rows),
        ])])
      : el("p", { text: "No entries: nothing counted in it yet." }),
    el("form", { method: "dialog" }, [el("button", { type: "submit", id: "explain-close", text: "Close" })]),
  );
  if (!dialog.open) dialog.showModal();
};
