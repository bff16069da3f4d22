// The Goals view's forms (goals.js draws the cards): put money in or take it out, change a
// goal's target or date, add a goal. What was typed and the last refusal survive live refreshes.
"use strict";

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
    const input = BL.byId(id);
    if (input && [...(input.options || [])].every((o) => o.value !== value) && input.tagName === "SELECT") continue;
    if (input) input.value = value;
  }
  for (const [alertId, error] of Object.entries(BL.goalAlerts)) {
    const alert = BL.byId(alertId);
    if (!alert) continue;
    alert.textContent = error.message;
    const field = error.input && BL.byId(error.input);
    if (field) { field.setAttribute("aria-invalid", "true"); field.setAttribute("aria-describedby", alertId); }
  }
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
    BL.alert("goal-contribute-error"),
  ]);
  BL.onSubmit(form, () => {
    const value = (id) => BL.byId(id).value.trim();
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
    BL.alert("goal-change-error"),
  ]);
  BL.onSubmit(form, () => {
    const value = (id) => BL.byId(id).value.trim();
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
    BL.alert("goal-add-error"),
  ]);
  BL.onSubmit(form, () => {
    const value = (id) => BL.byId(id).value.trim();
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
  const alert = BL.byId(alertId);
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
    const field = input && BL.byId(input);
    if (field) field.focus();
    return;
  }
  for (const input of form.querySelectorAll("input, select")) delete BL.goalDrafts[input.id];
  BL.toast(done);
  await BL.render();
}
