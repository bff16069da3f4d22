// Goals: each active savings goal's progress, monthly need and projected date (a projection),
// with buttons to mark it complete or archive it (each asks first); forms to put money in or
// take it out, to change a goal's target or date, and to add a goal; completed and archived
// goals behind a toggle.
// Money stays the API's decimal strings: numbers only for the bars' widths.
"use strict";
window.BL = window.BL || {};

BL.goalKinds = ["emergency", "vacation", "house", "car", "education", "retirement", "custom"];
BL.goalSources = ["manual", "recurring", "roundup", "windfall"];
BL.goalPace = { "on-track": "on track", behind: "behind", overdue: "overdue", reached: "reached", "no-date": "no target date" };

BL.renderGoals = async function () {
  const el = BL.el;
  const view = document.getElementById("view-goals");
  const [goals] = await Promise.all([
    BL.api("GET", BL.withQuery("/goals?archived=true", BL.timeQuery(true))),
    BL.loadLists(),
  ]);
  const all = goals.body.items;
  const active = all.filter((g) => g.status === "active");
  const closed = all.filter((g) => g.status !== "active");
  const asOf = all.length ? all[0].asOf : (BL.state.asOf || BL.state.today);
  view.replaceChildren(...[
    el("h2", { id: "goals-title", text: "Savings goals" }),
    el("p", { class: "muted", id: "goals-as-of", text: `Progress at the end of ${asOf}. The projected date assumes the average saving of the three full months before this one goes on — a projection, not a promise.` }),
    active.length
      ? el("div", { class: "goal-cards", id: "goals-active", role: "list", "aria-labelledby": "goals-title" }, active.map(goalCard))
      : el("p", { class: "muted", id: "goals-active", text: "No active goals yet: add one below." }),
    closedSection(closed),
    BL.isTravelling()
      ? el("p", { class: "muted", text: "Contributing, changing and adding goals are off while looking at the past." })
      : el("div", { class: "goal-forms" }, [contributeForm(active), changeGoalForm(active), addGoalForm()]),
  ].filter(Boolean));
  restoreGoalForms();
  restoreGoalConfirm();
};

// A card's question (complete or archive?) waiting for an answer, kept across live refreshes.
BL.goalConfirm = null;

const goalActions = {
  complete: { label: "Mark complete", ask: (g) => `Mark ${g.name} complete? It leaves this list, with what it saved; undo brings it back.`, yes: "Yes, complete", path: "complete", done: (g) => `${g.name} completed` },
  archive: { label: "Archive", ask: (g) => `Archive ${g.name}? It leaves this list and stops counting; undo brings it back.`, yes: "Yes, archive", path: "archive", done: (g) => `${g.name} archived` },
};

function goalSlug(goal) {
  return goal.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** A card's buttons and, hidden until one is pressed, the question it asks. */
function goalCardActions(goal) {
  const el = BL.el;
  if (BL.isTravelling()) return null;
  const slug = goalSlug(goal);
  return el("div", { class: "goal-actions" }, [
    ...Object.entries(goalActions).map(([action, spec]) => el("button", {
      type: "button", class: "secondary", id: `goal-${slug}-${action}`, text: spec.label,
      onclick: () => { BL.goalConfirm = { id: goal.id, action }; restoreGoalConfirm(); },
    })),
    el("div", { id: `goal-${slug}-confirm`, class: "confirm", hidden: true, role: "alertdialog", "aria-labelledby": `goal-${slug}-confirm-text` }, [
      el("p", { id: `goal-${slug}-confirm-text` }),
      el("button", { type: "button", class: "danger", id: `goal-${slug}-confirm-yes`, onclick: () => answerGoalConfirm(goal) }),
      el("button", { type: "button", class: "secondary", id: `goal-${slug}-confirm-no`, text: "No, keep it",
        onclick: () => { BL.goalConfirm = null; document.getElementById(`goal-${slug}-confirm`).hidden = true; } }),
      el("div", { id: `goal-${slug}-error`, class: "form-alert", role: "alert" }),
    ]),
  ]);
}

/** Shows the question waiting for an answer, if its card is drawn. */
function restoreGoalConfirm() {
  const waiting = BL.goalConfirm;
  if (!waiting) return;
  const card = [...document.querySelectorAll("#goals-active article.goal-card")].find((c) => c.dataset.goalId === waiting.id);
  if (!card) { BL.goalConfirm = null; return; }
  const goal = { name: card.dataset.goal };
  const slug = goalSlug(goal);
  const spec = goalActions[waiting.action];
  document.getElementById(`goal-${slug}-confirm-text`).textContent = spec.ask(goal);
  const yes = document.getElementById(`goal-${slug}-confirm-yes`);
  yes.textContent = spec.yes;
  document.getElementById(`goal-${slug}-confirm`).hidden = false;
  if (waiting.error) document.getElementById(`goal-${slug}-error`).textContent = waiting.error;
  yes.focus();
}

/** Completes or archives the card's goal today; the API's refusal stays under the question. */
async function answerGoalConfirm(goal) {
  const waiting = BL.goalConfirm;
  if (!waiting || waiting.id !== goal.id) return;
  const spec = goalActions[waiting.action];
  try {
    await BL.api("POST", `/goals/${encodeURIComponent(goal.id)}/${spec.path}`, {});
  } catch (error) {
    waiting.error = error.message;
    restoreGoalConfirm();
    return;
  }
  BL.goalConfirm = null;
  BL.toast(spec.done(goal));
  await BL.render();
}

// What was typed in the forms and the last refusal, kept across live refreshes.
BL.goalDrafts = {};
BL.goalAlerts = {};

function keepGoalDraft(form) {
  const save = () => {
    for (const input of form.querySelectorAll("input, select")) BL.goalDrafts[input.id] = input.value;
  };
  form.addEventListener("input", save);
  form.addEventListener("change", save);
}

function restoreGoalForms() {
  for (const [id, value] of Object.entries(BL.goalDrafts)) {
    const input = document.getElementById(id);
    if (input && [...(input.options || [])].every((o) => o.value !== value) && input.tagName === "SELECT") continue;
    if (input) input.value = value;
  }
  for (const [alertId, error] of Object.entries(BL.goalAlerts)) {
    const alert = document.getElementById(alertId);
    if (!alert) continue;
    alert.textContent = error.message;
    const field = error.input && document.getElementById(error.input);
    if (field) { field.setAttribute("aria-invalid", "true"); field.setAttribute("aria-describedby", alertId); }
  }
}

/** One goal's card: a progress bar, the figures as the API gave them. */
function goalCard(goal) {
  const el = BL.el;
  const percent = BL.amount(goal.percent);
  const money = (text) => `${BL.money(text)} ${goal.currency}`;
  const slug = goalSlug(goal);
  const row = (key, label, value, className) => [
    el("dt", { text: label }),
    el("dd", { class: [`goal-${key}`, className || ""].join(" ").trim(), text: value }),
  ];
  return el("article", { class: `goal-card pace-${goal.pace}`, role: "listitem", "data-goal": goal.name, "data-goal-id": goal.id, "aria-labelledby": `goal-${slug}-name` }, [
    el("h3", { id: `goal-${slug}-name` }, [
      el("span", { class: "goal-name", text: goal.name }),
      el("span", { class: "goal-kind muted", text: ` · ${goal.kind}` }),
    ]),
    el("div", {
      class: "goal-bar", role: "progressbar", "aria-labelledby": `goal-${slug}-name`,
      "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(Math.max(0, Math.min(100, percent))),
      "aria-valuetext": `${goal.percent} %: ${money(goal.saved)} of ${money(goal.target)}`,
    }, [barFill(percent)]),
    el("p", { class: "goal-summary" }, [
      el("span", { class: "goal-percent", text: `${goal.percent} %` }),
      document.createTextNode(" saved · "),
      el("span", { class: `goal-pace pace-${goal.pace}`, text: BL.goalPace[goal.pace] || goal.pace }),
    ]),
    el("dl", { class: "goal-figures" }, [
      ...row("saved", "Saved", money(goal.saved)),
      ...row("target", "Target", money(goal.target)),
      ...row("left", "Left", money(goal.left)),
      ...row("need", "Monthly need", goal.monthlyNeed ? money(goal.monthlyNeed) : "no date"),
      ...row("projected", "Projected completion (a projection)", goal.projectedDate || "no recent contributions"),
      ...row("rate", "Average monthly saving (last 3 months)", money(goal.monthlyRate)),
      ...row("date", "Target date", goal.targetDate || "none"),
      ...row("funding", "Funded by", `${goal.fundingType} ${goal.funding}`),
    ].flat()),
    goalCardActions(goal),
  ].filter(Boolean));
}

/** The bar's fill: its width set through the CSSOM (the CSP allows no style attributes). */
function barFill(percent) {
  const fill = BL.el("span", { class: "goal-bar-fill" });
  fill.style.width = `${Math.max(0, Math.min(100, percent))}%`;
  return fill;
}

/** Completed and archived goals, collapsed. */
function closedSection(goals) {
  const el = BL.el;
  if (!goals.length) return null;
  return el("details", { id: "goals-closed" }, [
    el("summary", { text: `Completed and archived (${goals.length})` }),
    el("table", { class: "sheet" }, [
      el("caption", { class: "visually-hidden", text: "Completed and archived goals" }),
      el("thead", {}, [el("tr", {}, ["Goal", "Status", "Saved", "Target", "Funded by"].map((h, i) =>
        el("th", { scope: "col", class: i === 2 || i === 3 ? "num" : "", text: h })))]),
      el("tbody", {}, goals.map((g) => el("tr", { "data-goal": g.name }, [
        el("th", { scope: "row", text: `${g.name} (${g.kind})` }),
        el("td", { text: `${g.status} ${g.statusDate || ""}`.trim() }),
        el("td", { class: "num", text: `${BL.money(g.saved)} ${g.currency}` }),
        el("td", { class: "num", text: `${BL.money(g.target)} ${g.currency}` }),
        el("td", { text: `${g.fundingType} ${g.funding}` }),
      ]))),
    ]),
  ]);
}

function goalField(id, label, input) {
  const el = BL.el;
  return el("div", { class: "field" }, [el("label", { for: id, text: label }), input]);
}

function goalSelect(id, options, chosen, placeholder) {
  const el = BL.el;
  return el("select", { id, name: id }, [
    placeholder !== undefined ? el("option", { value: "", text: placeholder }) : null,
    ...options.map((o) => {
      const [value, text] = Array.isArray(o) ? o : [o, o];
      return el("option", { value, text, selected: value === chosen });
    }),
  ]);
}

/** contribute: amount from an account, optional date, source and note. */
function contributeForm(active) {
  const el = BL.el;
  if (!active.length) return null;
  const accounts = BL.state.accounts.filter((a) => !a.closed).map((a) => a.name);
  const form = el("form", { id: "goal-contribute-form", class: "tx-form", novalidate: true, "aria-labelledby": "goal-contribute-title" }, [
    el("h2", { id: "goal-contribute-title", text: "Put money in or take it out" }),
    el("div", { class: "fields" }, [
      goalField("contribute-goal", "Goal", goalSelect("contribute-goal", active.map((g) => g.name), active[0].name)),
      goalField("contribute-direction", "Direction", goalSelect("contribute-direction",
        [["contribute", "contribute (into the goal)"], ["withdraw", "withdraw (out of the goal)"]], "contribute")),
      goalField("contribute-amount", "Amount", el("input", { id: "contribute-amount", inputmode: "decimal", autocomplete: "off", required: true })),
      goalField("contribute-account", "Account (money moves from it, or back to it)", goalSelect("contribute-account", accounts, accounts.includes("Checking") ? "Checking" : accounts[0])),
      goalField("contribute-date", "Date (optional)", el("input", { id: "contribute-date", type: "date" })),
      goalField("contribute-source", "Source", goalSelect("contribute-source", BL.goalSources, "manual")),
      goalField("contribute-note", "Note (optional)", el("input", { id: "contribute-note", autocomplete: "off" })),
    ]),
    el("div", { class: "actions" }, [el("button", { type: "submit", id: "contribute-save", text: "Move money" })]),
    el("div", { id: "goal-contribute-error", class: "form-alert", role: "alert" }),
  ]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (id) => document.getElementById(id).value.trim();
    const withdrawing = value("contribute-direction") === "withdraw";
    const body = { amount: value("contribute-amount"), account: value("contribute-account") };
    if (!withdrawing) body.source = value("contribute-source");  // a withdrawal has none
    if (value("contribute-date")) body.date = value("contribute-date");
    if (value("contribute-note")) body.note = value("contribute-note");
    const goal = active.find((g) => g.name === value("contribute-goal"));
    goalWrite(form, "goal-contribute-error", "contribute", "POST",
      `/goals/${encodeURIComponent(goal.id)}/${withdrawing ? "withdrawals" : "contributions"}`, body,
      withdrawing ? `${body.amount} taken out of ${goal.name}` : `${body.amount} put into ${goal.name}`);
  });
  keepGoalDraft(form);
  return form;
}

/** change: a goal's target or target date (only what is given changes). */
function changeGoalForm(active) {
  const el = BL.el;
  if (!active.length) return null;
  const form = el("form", { id: "goal-change-form", class: "tx-form", novalidate: true, "aria-labelledby": "goal-change-title" }, [
    el("h2", { id: "goal-change-title", text: "Change a goal" }),
    el("div", { class: "fields" }, [
      goalField("change-goal", "Goal", goalSelect("change-goal", active.map((g) => g.name), active[0].name)),
      goalField("change-target", "New target (optional)", el("input", { id: "change-target", inputmode: "decimal", autocomplete: "off" })),
      goalField("change-target-date", "New target date (optional)", el("input", { id: "change-target-date", type: "date" })),
    ]),
    el("div", { class: "actions" }, [el("button", { type: "submit", id: "change-save", text: "Change goal" })]),
    el("div", { id: "goal-change-error", class: "form-alert", role: "alert" }),
  ]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (id) => document.getElementById(id).value.trim();
    const goal = active.find((g) => g.name === value("change-goal"));
    const body = {};
    if (value("change-target")) body.target = value("change-target");
    if (value("change-target-date")) body.targetDate = value("change-target-date");
    if (!Object.keys(body).length) {
      BL.goalAlerts["goal-change-error"] = { message: "give a new target, a new target date, or both", input: "change-target" };
      restoreGoalForms();
      return;
    }
    goalWrite(form, "goal-change-error", "change", "PATCH", `/goals/${encodeURIComponent(goal.id)}`, body, `${goal.name} changed`);
  });
  keepGoalDraft(form);
  return form;
}

/** add: name, target, target date, kind, and an account or a category that funds it. */
function addGoalForm() {
  const el = BL.el;
  const accounts = BL.state.accounts.filter((a) => !a.closed && a.type !== "loan" && a.type !== "credit-card" && a.type !== "creditCard");
  const categories = BL.state.categories.filter((c) => !c.archived && c.name !== "Income");
  const funding = el("select", { id: "goal-funding", name: "goal-funding" }, [
    el("option", { value: "", text: "choose…" }),
    el("optgroup", { label: "Account (its balance is the progress)" }, accounts.map((a) => el("option", { value: `account:${a.name}`, text: a.name }))),
    el("optgroup", { label: "Category (money booked to it)" }, categories.map((c) => el("option", { value: `category:${c.name}`, text: c.name }))),
  ]);
  const form = el("form", { id: "goal-add-form", class: "tx-form", novalidate: true, "aria-labelledby": "goal-add-title" }, [
    el("h2", { id: "goal-add-title", text: "Add a goal" }),
    el("div", { class: "fields" }, [
      goalField("goal-name", "Name", el("input", { id: "goal-name", autocomplete: "off", required: true })),
      goalField("goal-target", "Target", el("input", { id: "goal-target", inputmode: "decimal", autocomplete: "off", required: true })),
      goalField("goal-target-date", "Target date (optional)", el("input", { id: "goal-target-date", type: "date" })),
      goalField("goal-kind", "Kind", goalSelect("goal-kind", BL.goalKinds, "custom")),
      goalField("goal-funding", "Funded by", funding),
    ]),
    el("div", { class: "actions" }, [el("button", { type: "submit", id: "goal-add-save", text: "Add goal" })]),
    el("div", { id: "goal-add-error", class: "form-alert", role: "alert" }),
  ]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = (id) => document.getElementById(id).value.trim();
    const body = { name: value("goal-name"), target: value("goal-target"), kind: value("goal-kind") };
    if (value("goal-target-date")) body.targetDate = value("goal-target-date");
    const [type, ...rest] = value("goal-funding").split(":");
    if (type === "account") body.account = rest.join(":");
    if (type === "category") body.category = rest.join(":");
    goalWrite(form, "goal-add-error", "goal", "POST", "/goals", body, `goal ${body.name} added`);
  });
  keepGoalDraft(form);
  return form;
}

/** Sends a write; the API's message goes to the form's alert (nothing changes), else the list refreshes. */
async function goalWrite(form, alertId, prefix, method, path, body, done) {
  const alert = document.getElementById(alertId);
  alert.textContent = "";
  delete BL.goalAlerts[alertId];
  form.querySelectorAll("[aria-invalid]").forEach((node) => node.removeAttribute("aria-invalid"));
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    await BL.api(method, path, body);
  } catch (error) {
    button.disabled = false;
    // An account goal's contribution is refused in the transfer's words ("transfer amount").
    const name = !error.field ? null : /amount/.test(error.field) ? "amount" : error.field === "targetDate" ? "target-date" : error.field;
    const input = name ? `${prefix}-${name}` : null;
    BL.goalAlerts[alertId] = { message: error.message, input };
    // The form may have been drawn again meanwhile (a live refresh): write into the current one.
    restoreGoalForms();
    const field = input && document.getElementById(input);
    if (field) field.focus();
    return;
  }
  for (const input of form.querySelectorAll("input, select")) delete BL.goalDrafts[input.id];
  BL.toast(done);
  await BL.render();
}
