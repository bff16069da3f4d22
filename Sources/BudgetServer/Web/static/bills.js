// Bills: reminders, what is overdue and due soon (mark paid, skip), what was paid this month,
// the schedules themselves (schedules.js), a month's calendar of what falls due, and each
// account's balance forecast as a line.
"use strict";

BL.billsForecastMonths = 6;

BL.renderBills = async function () {
  const el = BL.el;
  const view = BL.byId("view-bills");
  const withAsOf = BL.timeQuery(true);
  const [bills, calendar, forecast, schedules] = await Promise.all([
    BL.api("GET", BL.withQuery("/bills?days=14", withAsOf)),
    BL.api("GET", BL.withQuery(`/bills/calendar?month=${BL.state.month}`, withAsOf)),
    BL.api("GET", BL.withQuery(`/reports/forecast?months=${BL.billsForecastMonths}`, withAsOf)),
    BL.scheduleSection(),
  ]);
  const overview = bills.body;
  const totals = (list) => list.length ? ` — ${list.map((t) => BL.money(t)).join(", ")}` : "";
  view.replaceChildren(...[
    reminderBanner(overview.reminders),
    occurrenceTable("bills-overdue", `Overdue${totals(overview.totals.overdue)}`, overview.overdue, true, "nothing overdue"),
    occurrenceTable("bills-due-soon", `Due in the next ${overview.days} days${totals(overview.totals.dueSoon)}`,
      overview.dueSoon, true, "nothing due soon"),
    occurrenceTable("bills-paid", `Paid this month${totals(overview.totals.paidThisMonth)}`, overview.paidThisMonth, false,
      "nothing paid yet this month"),
    schedules,
    el("h2", { text: "Calendar" }),
    calendarNavigator(),
    calendarGrid(BL.state.month, calendar.body.items),
    el("h2", { text: `Forecast through ${forecast.body.through}` }),
    el("p", { class: "muted", text: "Each account's balance from today's and every open scheduled bill, income and transfer — a projection, not a promise." }),
    el("div", { class: "forecasts", id: "forecast-charts" }, forecast.body.accounts.map((account) => forecastFigure(account, forecast.body.today))),
  ].filter(Boolean));
};

/** The reminders that show today, in a banner. */
function reminderBanner(reminders) {
  if (!reminders.length) return null;
  const el = BL.el;
  return el("div", { class: "reminders", id: "bills-reminders", role: "status" }, [
    el("strong", { text: reminders.length === 1 ? "Reminder" : `${reminders.length} reminders` }),
    el("ul", {}, reminders.map((o) => el("li", {
      text: `${o.name}: ${BL.money(o.amount)} ${o.currency} ${o.status === "overdue" ? "was due" : "is due"} ${o.due}`,
    }))),
  ]);
}

/** A table of occurrences; open ones get "Mark paid" and "Skip" (not while travelling). */
function occurrenceTable(id, caption, occurrences, open, empty) {
  const el = BL.el;
  if (!occurrences.length) return el("p", { id, class: "muted", text: `${caption.split(" — ")[0]}: ${empty}.` });
  const actions = open && !BL.isTravelling();
  const headings = ["Due", "Bill", "Amount", "Account", "Status"].concat(actions ? ["Actions"] : []);
  return el("table", { class: "sheet bills", id }, [
    el("caption", { text: caption }),
    el("thead", {}, [el("tr", {}, headings.map((h, i) => el("th", { scope: "col", class: i === 2 ? "num" : "", text: h })))]),
    el("tbody", {}, occurrences.map((o) => el("tr", { "data-schedule": o.name, "data-date": o.date, class: `status-${o.status}` }, [
      el("td", { text: o.due }),
      el("th", { scope: "row", text: o.name + (o.autopay ? " (autopay)" : "") }),
      el("td", { class: `num ${o.kind === "income" ? "good" : ""}`, text: `${o.estimated && !o.transaction ? "~" : ""}${BL.money(o.amount)} ${o.currency}` }),
      el("td", { text: o.account }),
      el("td", { class: "bill-status", text: o.status }),
      actions ? el("td", { class: "actions" }, [
        BL.button({ class: "pay-occurrence", "aria-label": `Mark ${o.name} of ${o.date} ${o.kind === "income" ? "received" : "paid"}`,
          text: o.kind === "income" ? "Mark received" : "Mark paid",
          onclick: () => occurrenceAction(o, "pay", {}, `${o.name} of ${o.date} marked paid`) }),
        BL.button({ class: "secondary skip-occurrence", "aria-label": `Skip ${o.name} of ${o.date}`, text: "Skip",
          onclick: () => occurrenceAction(o, "skip", { reason: "skipped in the web app" }, `${o.name} of ${o.date} skipped`) }),
      ]) : null,
    ]))),
  ]);
}

/** Pays or skips one occurrence, then shows the bills again. */
async function occurrenceAction(occurrence, action, body, done) {
  try {
    await BL.api("POST", `/schedules/${occurrence.schedule}/occurrences/${occurrence.date}/${action}`, body);
    BL.toast(done);
  } catch (error) {
    BL.toast(error.message, true);
  }
  await BL.render();
}

function calendarNavigator() {
  const el = BL.el;
  const move = (delta) => { BL.state.month = BL.addMonths(BL.state.month, delta); BL.render(); };
  return el("div", { class: "month-nav", role: "group", "aria-label": "Calendar month" }, [
    BL.button({ class: "secondary", id: "calendar-prev", "aria-label": "Previous month", text: "«", onclick: () => move(-1) }),
    el("h3", { id: "calendar-title", "aria-live": "polite", text: BL.monthTitle(BL.state.month) }),
    BL.button({ class: "secondary", id: "calendar-next", "aria-label": "Next month", text: "»", onclick: () => move(1) }),
  ]);
}

/** The month as weeks (Monday first), each day listing what falls due on it. */
function calendarGrid(month, occurrences) {
  const el = BL.el;
  const [year, number] = month.split("-").map(Number);
  const days = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, number - 1, 1)).getUTCDay() + 6) % 7;
  const cells = Array.from({ length: lead }, () => el("td", { class: "blank" }));
  for (let day = 1; day <= days; day++) {
    const date = `${month}-${String(day).padStart(2, "0")}`;
    const due = occurrences.filter((o) => o.due === date);
    cells.push(el("td", { "data-day": date, class: [due.length ? "has-bills" : "", date === BL.state.today ? "today" : ""].join(" ").trim() }, [
      el("span", { class: "day-number", text: String(day) }),
      due.length ? el("ul", {}, due.map((o) => el("li", { class: `status-${o.status}`, title: `${o.name}: ${o.amount} ${o.currency}, ${o.status}`,
        text: `${o.name} ${BL.money(o.amount)}` }))) : null,
    ]));
  }
  while (cells.length % 7) cells.push(el("td", { class: "blank" }));
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(el("tr", {}, cells.slice(i, i + 7)));
  return el("table", { class: "calendar", id: "bills-calendar" }, [
    el("caption", { class: "visually-hidden", text: `Bills due in ${BL.monthTitle(month)}` }),
    el("thead", {}, [el("tr", {}, ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((d) => el("th", { scope: "col", text: d })))]),
    el("tbody", {}, weeks),
  ]);
}

/** One account's forecast: its balance from today through the horizon, lowest point marked. */
function forecastFigure(account, today) {
  const el = BL.el;
  const points = [{ date: today, value: BL.amount(account.start), text: account.start }]
    .concat(account.days.map((d) => ({ date: d.date, value: BL.amount(d.balance), text: d.balance })));
  const lastMonth = account.months[account.months.length - 1];
  if (lastMonth) {
    const [y, m] = lastMonth.month.split("-").map(Number);
    const end = `${lastMonth.month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
    if (end > points[points.length - 1].date) points.push({ date: end, value: BL.amount(lastMonth.balance), text: lastMonth.balance });
  }
  const lowest = { date: account.lowest.date, value: BL.amount(account.lowest.balance), text: account.lowest.balance };
  const id = "forecast-" + account.account.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const chart = BL.charts.line(points, lowest, `Forecast balance of ${account.account} (${account.currency})`, id);
  // Each month end opens the balance today and the payments that make it.
  const ends = account.months.map((m) => el("li", {}, [`${BL.monthTitle(m.month)}: `,
    BL.explainable(BL.money(m.balance), `/explain/forecast/${encodeURIComponent(account.account)}?month=${m.month}`, `${account.account} forecast, end of ${BL.monthTitle(m.month)}`)]));
  return el("figure", { "data-account": account.account }, [
    chart,
    el("figcaption", { text: `${account.account}: ${BL.money(account.start)} ${account.currency} today; lowest ${BL.money(account.lowest.balance)} on ${account.lowest.date}` }),
    el("ul", { class: "month-ends", "aria-label": `${account.account} at each month end` }, ends),
  ]);
}
