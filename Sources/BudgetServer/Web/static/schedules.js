// Schedules, under the bills: every bill, income and scheduled transfer with what comes next,
// paused or ended; pause, resume or end one from a day on; add a bill or an income.
"use strict";

/** The section of the Bills view that manages the schedules themselves. */
BL.scheduleSection = async function () {
  const el = BL.el;
  await BL.loadLists();
  const schedules = (await BL.api("GET", BL.withQuery("/schedules", BL.timeQuery(true)))).body.items.filter((s) => !s.deleted);
  const alert = BL.alert("schedule-alert");
  const editing = !BL.isTravelling();
  const today = BL.state.today;
  const act = (s, verb, label, body, done, kind = "secondary") => BL.button({ class: kind, text: label,
    "aria-label": `${label} ${s.name}`, onclick: () => {
      if (verb !== "end" || confirm(`End ${s.name}? Nothing falls due after ${today}; undo brings it back.`)) {
        BL.formWrite(alert, "POST", `/schedules/${s.id}/${verb}`, body, done);
      }
    } });
  const state = (s) => s.endedAfter ? `ended after ${s.endedAfter}` : s.paused ? "paused" : s.next ? `next ${s.next}${s.overdue ? " (overdue)" : ""}` : "nothing due";
  const rows = schedules.map((s) => el("tr", { "data-schedule": s.name }, [
    el("th", { scope: "row", text: s.name + (s.autopay ? " (autopay)" : "") }),
    el("td", { class: `num ${s.kind === "income" ? "good" : ""}`, text: `${s.estimated ? "~" : ""}${BL.money(s.amount)} ${s.currency}` }),
    el("td", { text: s.recurrence }),
    el("td", { class: "schedule-state", text: state(s) }),
    el("td", { class: "actions" }, editing && !s.endedAfter ? [
      BL.button({ class: "secondary", text: "Change", "aria-label": `Change ${s.name}`, onclick: () => changeSchedule(s) }),
      s.paused ? act(s, "resume", "Resume", { on: today }, `${s.name} resumed`) : act(s, "pause", "Pause", { from: today }, `${s.name} paused`),
      act(s, "end", "End", { after: today }, `${s.name} ended`, "danger"),
    ] : []),
  ]));
  return el("section", { "aria-labelledby": "schedules-title" }, [
    el("h2", { id: "schedules-title", text: "Schedules" }),
    schedules.length ? el("table", { class: "sheet bills", id: "schedules" }, [
      el("thead", {}, [el("tr", {}, ["Schedule", "Amount", "Repeats", "State", ""].map((h, i) => el("th", { scope: "col", class: i === 1 ? "num" : "", text: h })))]),
      el("tbody", {}, rows),
    ]) : el("p", { class: "muted", text: "Nothing is scheduled yet." }),
    alert,
    editing && schedules.some((s) => s.autopay) ? BL.button({ id: "autopay-post", class: "secondary", text: "Post autopay due now",
      onclick: () => BL.formWrite(alert, "POST", "/schedules/post", {}, (r) => [`Posted ${r.posted.length} due now`, ...r.refused.map((x) => `${x.schedule} ${x.date}: ${x.reason}`)].join("; ")) }) : null,
    editing ? scheduleForm() : null,
  ]);
};

/** Change a schedule's amount, account or category from a day on; earlier occurrences keep theirs. */
function changeSchedule(s) {
  const el = BL.el;
  const alert = BL.alert("schedule-change-alert");
  const pick = (id, names, current) => el("select", { id }, names.map((n) => el("option", { value: n, text: n, selected: n === current })));
  const amount = el("input", { id: "schedule-change-amount", inputmode: "decimal", class: "amount", value: s.amount });
  const account = pick("schedule-change-account", BL.state.accounts.filter((a) => !a.closed).map((a) => a.name), s.account);
  const category = s.category ? pick("schedule-change-category", BL.state.categories.map((c) => c.name), s.category) : null;
  const from = el("input", { id: "schedule-change-from", type: "date", value: s.next || BL.state.today });
  const form = el("form", { id: "schedule-change", class: "tx-form", "aria-label": `Change ${s.name}` }, [
    el("h3", { text: `Change ${s.name} from a day on` }),
    el("div", { class: "fields" }, [BL.field("schedule-change-amount", "Amount", amount), BL.field("schedule-change-account", "Account", account),
      category && BL.field("schedule-change-category", "Category", category), BL.field("schedule-change-from", "From", from)]),
    el("button", { type: "submit", id: "schedule-change-submit", text: "Change" }),
    alert,
  ]);
  BL.onSubmit(form, () => BL.formWrite(alert, "POST", `/schedules/${s.id}/change`,
    { amount: amount.value.trim(), account: account.value, category: category?.value, from: from.value }, `${s.name} changes from ${from.value}`));
  BL.byId("schedule-change")?.remove();
  BL.byId("schedules").after(form);
  amount.focus();
}

/** Add a bill or an income that repeats every week, month or year. */
function scheduleForm() {
  const el = BL.el;
  const alert = BL.alert("schedule-add-alert");
  const input = (id, attributes) => el("input", Object.assign({ id, autocomplete: attributes.type ? undefined : "off" }, attributes));
  const select = (id, options) => el("select", { id }, options.map(([value, text]) => el("option", { value, text })));
  const name = input("schedule-name", { required: true, placeholder: "Rent" });
  const amount = input("schedule-amount", { required: true, inputmode: "decimal", class: "amount", placeholder: "950.00" });
  const type = select("schedule-type", [["expense", "Bill"], ["income", "Income"]]);
  const account = select("schedule-account", BL.state.accounts.filter((a) => !a.closed).map((a) => [a.name, a.name]));
  const category = select("schedule-category", BL.state.categories.map((c) => [c.name, c.name]));
  const every = select("schedule-every", [["month", "Month"], ["week", "Week"], ["year", "Year"]]);
  const start = input("schedule-start", { type: "date", value: BL.state.today || "" });
  const autopay = input("schedule-autopay", { type: "checkbox" });
  const form = el("form", { id: "schedule-add", class: "tx-form", "aria-label": "Add a bill or income" }, [
    el("h2", { text: "Add a bill or income" }),
    el("div", { class: "fields" }, [
      BL.field("schedule-name", "Name", name), BL.field("schedule-amount", "Amount", amount), BL.field("schedule-type", "Type", type),
      BL.field("schedule-account", "Account", account), BL.field("schedule-category", "Category", category),
      BL.field("schedule-every", "Every", every), BL.field("schedule-start", "First on", start),
      el("label", { class: "check" }, [autopay, " Pay it by itself when due (autopay)"]),
    ]),
    el("button", { type: "submit", id: "schedule-add-submit", text: "Add schedule" }),
    alert,
  ]);
  BL.onSubmit(form, () => {
    const day = start.value ? Number(start.value.slice(8)) : undefined;
    const body = { name: name.value.trim(), amount: amount.value.trim(), type: type.value, account: account.value, category: category.value,
      every: every.value, start: start.value || undefined, day: every.value === "month" ? day : undefined, autopay: autopay.checked };
    BL.formWrite(alert, "POST", "/schedules", body, `Scheduled ${body.name}`);
  });
  return form;
}
