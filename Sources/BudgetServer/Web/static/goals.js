// Goals: each active savings goal's progress, monthly need and projected date (a projection),
// with buttons to mark it complete or archive it (each asks first), the forms of
// goal-forms.js below them, and completed and archived goals behind a toggle.
// Money stays the API's decimal strings: numbers only for the bars' widths.
"use strict";

BL.goalKinds = ["emergency", "vacation", "house", "car", "education", "retirement", "custom"];
BL.goalSources = ["manual", "recurring", "roundup", "windfall"];
BL.goalPace = { "on-track": "on track", behind: "behind", overdue: "overdue", reached: "reached", "no-date": "no target date" };

BL.renderGoals = async function () {
  const el = BL.el;
  const view = BL.byId("view-goals");
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
      BL.button({ class: "danger", id: `goal-${slug}-confirm-yes`, onclick: () => answerGoalConfirm(goal) }),
      BL.button({ class: "secondary", id: `goal-${slug}-confirm-no`, text: "No, keep it",
        onclick: () => { BL.goalConfirm = null; BL.byId(`goal-${slug}-confirm`).hidden = true; } }),
      BL.alert(`goal-${slug}-error`),
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
  BL.byId(`goal-${slug}-confirm-text`).textContent = spec.ask(goal);
  const yes = BL.byId(`goal-${slug}-confirm-yes`);
  yes.textContent = spec.yes;
  BL.byId(`goal-${slug}-confirm`).hidden = false;
  if (waiting.error) BL.byId(`goal-${slug}-error`).textContent = waiting.error;
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

/** One goal's card: a progress bar, the figures as the API gave them. */
function goalCard(goal) {
  const el = BL.el;
  const percent = BL.amount(goal.percent);
  const money = (text) => `${BL.money(text)} ${goal.currency}`;
  const slug = goalSlug(goal);
  const row = (key, label, value, className) => [
    el("dt", { text: label }),
    el("dd", { class: [`goal-${key}`, className || ""].join(" ").trim() }, [value]),
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
      ...row("left", "Left", BL.explainable(money(goal.left), BL.withQuery(`/explain/goal/${goal.id}`, BL.state.asOf ? `asOf=${BL.state.asOf}` : ""), `${goal.name}: left to save`)),
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
