// Sheet 1 — Budget: month navigator, income, fixed / variable / quarterly, remaining to assign.
"use strict";
const el = (...args) => BL.el(...args);

BL.monthNavigator = function (onChange) {
  const month = BL.state.month;
  return el("div", { class: "month-nav", role: "group", "aria-label": "Month" }, [
    BL.button({ class: "secondary", id: "month-prev", "aria-label": "Previous month", text: "«", onclick: () => { BL.state.month = BL.addMonths(month, -1); onChange(); } }),
    el("h2", { id: "month-title", "aria-live": "polite", text: BL.monthTitle(month) }),
    BL.button({ class: "secondary", id: "month-next", "aria-label": "Next month", text: "»", onclick: () => { BL.state.month = BL.addMonths(month, 1); onChange(); } }),
  ]);
};

BL.renderBudget = async function () {
  const view = BL.byId("view-budget");
  const sheet = (await BL.api("GET", BL.withQuery(`/budget/${BL.state.month}`, BL.timeQuery(false)))).body;
  const readOnly = BL.isTravelling();
  const remaining = sheet.remainingToAssign;
  const remainingClass = Number(remaining) === 0 ? "good" : "bad";
  const summary = el("div", { class: "cards" }, [
    card("Planned income", sheet.plannedIncome, "planned-income"),
    card("Total assigned", sheet.totalBudgeted, "total-budgeted"),
    card("Remaining to assign", remaining, "remaining", remainingClass, "goal: 0", null,
      `/explain/remaining?month=${BL.state.month}`),
    // Amounts in other currencies are not added in: the note says what the figure leaves out.
    card("Available funds", sheet.availableFunds, "available-funds", "",
      "on " + sheet.fundsDate + (sheet.otherCurrencyFunds.length
        ? ` (${sheet.currency} accounts; not added in: ${sheet.otherCurrencyFunds.map((f) => `${BL.money(f.amount)} ${f.currency}`).join(", ")})`
        : ""), fundsMakeup(sheet)),
  ]);

  const income = el("table", { class: "sheet", id: "income-table" }, [
    el("caption", { text: "Income" }),
    el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: "Source" }), el("th", { scope: "col", class: "num", text: "Planned" })])]),
    el("tbody", {}, sheet.income.map((source) => el("tr", {}, [
      el("th", { scope: "row", text: source.source + (source.month ? "" : " (yearly share)") }),
      el("td", { class: "num" }, [source.month && !readOnly
        ? amountInput(`Planned income from ${source.source}`, source.amount, (value) =>
            BL.api("PUT", `/budget/${BL.state.month}/income/${encodeURIComponent(source.source)}`, { amount: value }))
        : document.createTextNode(BL.money(source.counted))]),
    ]))),
  ]);
  const addIncome = readOnly ? null : incomeForm();

  const sections = ["fixed", "variable", "quarterly"].map((type) => {
    const lines = sheet.lines.filter((line) => line.budgetType === type);
    if (!lines.length) return null;
    return el("table", { class: "sheet", id: `section-${type}` }, [
      el("caption", { text: `${type[0].toUpperCase()}${type.slice(1)} expenses` }),
      // Assigned this month, carried in from earlier months, and their sum, the month's to
      // spend: kept apart so that the Assigned column adds up to "Total assigned".
      el("thead", {}, [el("tr", {}, ["Category", "Assigned", "Carried", "Available", "Actual", "Left", "Used", "Due"].map((h, i) =>
        el("th", { scope: "col", class: i > 0 && i < 7 ? "num" : "", text: h })))]),
      el("tbody", {}, lines.map((line) => el("tr", { "data-category": line.name, class: line.overBudget ? "over" : "" }, [
        el("th", { scope: "row", text: line.name }),
        el("td", { class: "num" }, [readOnly ? document.createTextNode(BL.money(line.assigned))
          : amountInput(`Budget for ${line.name}`, line.assigned, (value) =>
              BL.api("PUT", `/budget/${BL.state.month}/categories/${line.category}`, { amount: value, quarter: type === "quarterly" }))]),
        el("td", { class: "num carried" }, [BL.explainable(BL.money(line.carried),
          `/explain/carried/${line.category}?month=${BL.state.month}`, `${line.name} carried`)]),
        el("td", { class: "num available" }, [BL.explainable(BL.money(line.budgeted),
          `/explain/available/${line.category}?month=${BL.state.month}`, `${line.name} available`)]),
        el("td", { class: "num" }, [BL.explainable(BL.money(line.actual),
          `/explain/spent/${line.category}?month=${BL.state.month}`, `${line.name} spent`)]),
        el("td", { class: "num " + (line.overBudget ? "bad" : "") }, [BL.explainable(BL.money(line.difference),
          `/explain/left/${line.category}?month=${BL.state.month}`, `${line.name} left`)]),
        el("td", { class: "num" }, [usedBar(line)]),
        el("td", {}, [readOnly ? document.createTextNode(line.dueDate || "")
          : dueInput(line)]),
      ]))),
    ]);
  });

  const due = sheet.dueDates.length
    ? el("p", { class: "due", id: "due-dates", text: "Due: " + sheet.dueDates.map((d) => `${d.category} ${d.date}`).join(", ") })
    : null;
  // Budgets are in the ledger's currency: what was spent in others is in no line's actual.
  const other = sheet.otherCurrencySpending.length
    ? el("p", { class: "due", id: "other-currency-spending", text: "Not in the actuals: "
        + sheet.otherCurrencySpending.map((s) => `${BL.money(s.amount)} ${s.currency}`).join(", ")
        + ` spent in other currencies (budgets are in ${sheet.currency})` })
    : null;
  const plan = readOnly ? null : moveMoneyForm(sheet.lines);
  view.replaceChildren(...[BL.monthNavigator(BL.render), summary, due, other, income, addIncome, ...sections, plan].filter(Boolean));
}

/** Move money between two categories this month, or copy last month's plan into this one. */
function moveMoneyForm(lines) {
  const alert = BL.alert("plan-alert");
  const month = BL.state.month, previous = BL.addMonths(month, -1);
  const choose = (id) => el("select", { id }, lines.map((line) => el("option", { value: line.category, text: line.name })));
  const amount = el("input", { id: "move-amount", inputmode: "decimal", class: "amount", required: true, placeholder: "50.00" });
  const from = choose("move-from"), to = choose("move-to");
  if (lines.length > 1) to.selectedIndex = 1;
  const form = el("form", { id: "move-form", class: "tx-form", "aria-label": "Move money" }, [
    el("h2", { text: "Move money" }),
    el("div", { class: "fields" }, [BL.field("move-amount", "Amount", amount), BL.field("move-from", "From", from), BL.field("move-to", "To", to)]),
    el("div", { class: "actions" }, [
      el("button", { type: "submit", id: "move-submit", text: "Move" }),
      BL.button({ id: "copy-month", class: "secondary", text: `Copy ${BL.monthTitle(previous)}'s plan`, onclick: () => {
        if (confirm(`Copy ${BL.monthTitle(previous)}'s budgets and planned income into ${BL.monthTitle(month)}? Nothing is copied if any is refused.`)) {
          BL.formWrite(alert, "POST", `/budget/${month}/copy`, { from: previous }, `Copied ${BL.monthTitle(previous)}'s plan`);
        }
      } }),
    ]),
    alert,
  ]);
  BL.onSubmit(form, () => {
    const name = (select) => select.options[select.selectedIndex]?.text;
    BL.formWrite(alert, "POST", `/budget/${month}/moves`, { amount: amount.value.trim(), from: from.value, to: to.value },
      `Moved ${amount.value.trim()} from ${name(from)} to ${name(to)}`);
  });
  return form;
};

function card(title, value, id, className, note, extra, explain) {
  return el("div", { class: "card" }, [
    el("span", { class: "card-title", text: title }),
    explain ? el("strong", { id, class: "card-value " + (className || "") }, [BL.explainable(BL.money(value), explain, title)])
      : el("strong", { id, class: "card-value " + (className || ""), text: BL.money(value) }),
    note ? el("span", { class: "card-note", text: note }) : null,
    ...(extra || []),
  ]);
}

/** What the available funds add up — the budget accounts — and the tracking accounts left out. */
function fundsMakeup(sheet) {
  const counted = sheet.fundsAccounts.length
    ? el("span", { class: "card-note", id: "funds-accounts" }, sheet.fundsAccounts.flatMap((a, index) => [
        index ? document.createTextNode(", ") : null,
        document.createTextNode(`${a.name} `),
        BL.explainable(BL.money(a.balance), `/explain/balance/${a.id}?asOf=${sheet.fundsDate}`, `${a.name}'s balance`),
      ]))
    : null;
  const tracking = sheet.trackingAccounts.length
    ? el("span", { class: "card-note", id: "funds-tracking",
        text: "not counted (tracking): " + sheet.trackingAccounts.map((a) => a.name).join(", ") })
    : null;
  return [counted, tracking];
}

function usedBar(line) {
  if (line.usedPercent === null || line.usedPercent === undefined) return document.createTextNode("");
  const percent = Math.min(100, Math.max(0, Number(line.usedPercent)));
  const bar = el("span", { class: "meter " + (line.alert >= 100 ? "bad" : line.alert >= 75 ? "warn" : "") });
  const fill = el("span", { class: "meter-fill" });
  fill.style.width = percent + "%";
  bar.append(fill);
  return el("span", { class: "used" }, [bar, document.createTextNode(` ${line.usedPercent} %`)]);
}

/** An amount edited in place: saved on change, errors shown next to it. */
function amountInput(label, value, save) {
  const input = el("input", { type: "text", inputmode: "decimal", class: "amount", "aria-label": label, value });
  const error = el("span", { class: "field-error", role: "alert" });
  input.addEventListener("change", async () => {
    error.textContent = "";
    input.removeAttribute("aria-invalid");
    try {
      await save(input.value.trim());
      BL.toast(`${label} saved`);
      await BL.render();
    } catch (e) {
      input.setAttribute("aria-invalid", "true");
      error.textContent = e.message;
    }
  });
  return el("span", { class: "editable" }, [input, error]);
}

function dueInput(line) {
  const input = el("input", { type: "date", "aria-label": `Due date of ${line.name}`, value: line.dueDate || "" });
  input.addEventListener("change", async () => {
    try {
      if (input.value) await BL.api("PUT", `/categories/${line.category}/due-date`, { date: input.value });
      else await BL.api("DELETE", `/categories/${line.category}/due-date`);
      await BL.render();
    } catch (e) { BL.toast(e.message, true); }
  });
  return input;
}

function incomeForm() {
  const source = el("input", { id: "income-source", type: "text", required: true, placeholder: "Salary" });
  const amount = el("input", { id: "income-amount", type: "text", inputmode: "decimal", required: true, placeholder: "3200.00" });
  const error = el("span", { class: "field-error", id: "income-error", role: "alert" });
  const form = el("form", { class: "inline-form", "aria-label": "Plan income" }, [
    el("label", { for: "income-source", text: "Income source" }), source,
    el("label", { for: "income-amount", text: "Amount" }), amount,
    el("button", { type: "submit", text: "Plan income" }), error,
  ]);
  BL.onSubmit(form, async () => {
    try {
      await BL.api("PUT", `/budget/${BL.state.month}/income/${encodeURIComponent(source.value.trim())}`, { amount: amount.value.trim() });
      await BL.render();
    } catch (e) { error.textContent = e.message; }
  });
  return form;
}
