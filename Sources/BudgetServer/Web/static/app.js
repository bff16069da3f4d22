// The app shell: tabs, the time slider / date picker, live refresh by Server-Sent Events.
"use strict";

/** The sheets, in the tabs' order: each is a tab, a panel and the function that draws it. */
const views = { budget: () => BL.renderBudget(), transactions: () => BL.renderTransactions(), analysis: () => BL.renderAnalysis(), bills: () => BL.renderBills(), debts: () => BL.renderDebts(), goals: () => BL.renderGoals(), accounts: () => BL.renderAccounts(), categories: () => BL.renderCategories(), history: () => BL.renderHistory(), import: () => BL.renderImport(), ledger: () => BL.renderLedger() };

/** A tab and a panel per sheet; on a phone the bar at the foot has room for four, More holds the rest. */
function buildTabs() {
  const phoneBar = ["budget", "transactions", "bills", "goals"];
  for (const name of Object.keys(views)) {
    BL.byId("tablist").append(BL.el("button", { role: "tab", class: phoneBar.includes(name) ? null : "extra", id: `tab-${name}`, "data-view": name,
      "aria-selected": String(name === "budget"), "aria-controls": `view-${name}`, text: name[0].toUpperCase() + name.slice(1) }));
    BL.byId("view-setup").before(BL.el("section", { id: `view-${name}`, role: "tabpanel", "aria-labelledby": `tab-${name}`, hidden: name !== "budget" }));
  }
}

/** Renders the current view; errors go to the toast. */
BL.render = async function () {
  // Drawing the view anew replaces its forms: nothing half-typed is left to keep.
  formsTouched = false;
  pendingRefresh = false;
  BL.rendering = (BL.rendering || 0) + 1;
  try {
    await views[BL.state.view]();
    document.body.dataset.rendered = String(Date.now());
  } catch (error) {
    BL.toast(error.message, true);
  } finally {
    BL.rendering -= 1;
  }
};

function selectView(name, focus) {
  BL.state.view = name;
  showMore(false);
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const selected = tab.dataset.view === name;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (selected && focus) tab.focus();
    BL.byId(`view-${tab.dataset.view}`).hidden = !selected;
  }
  history.replaceState(null, "", `#${name}`);
  return BL.render();
}
BL.selectView = selectView;

/** On a phone, More opens the sheets the bar at the foot has no room for. */
function showMore(open) {
  BL.byId("tabs").classList.toggle("open", open);
  BL.byId("tab-more").setAttribute("aria-expanded", String(open));
}

function setupTheme() {
  const choice = BL.byId("theme");
  choice.value = localStorage.getItem("budget-theme") || "";
  choice.addEventListener("change", () => {
    if (choice.value) localStorage.setItem("budget-theme", choice.value);
    else localStorage.removeItem("budget-theme");
    BL.applyTheme(choice.value);
  });
}

function setupTabs() {
  const more = BL.byId("tab-more");
  more.addEventListener("click", () => showMore(more.getAttribute("aria-expanded") !== "true"));
  const time = BL.byId("time-toggle");
  time.addEventListener("click", () => {
    const shown = document.body.classList.toggle("show-time");
    time.setAttribute("aria-expanded", String(shown));
  });
  const tabs = [...document.querySelectorAll("[role=tab]")];
  tabs.forEach((tab, index) => {
    tab.addEventListener("click", () => selectView(tab.dataset.view));
    tab.addEventListener("keydown", (event) => {
      const delta = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!delta) return;
      event.preventDefault();
      selectView(tabs[(index + delta + tabs.length) % tabs.length].dataset.view, true);
    });
  });
}

function updateTimebar() {
  const slider = BL.byId("known-at");
  slider.max = String(BL.state.head);
  if (BL.state.knownAt === null) slider.value = String(BL.state.head);
  const output = BL.byId("known-at-value");
  output.textContent = BL.state.knownAt === null ? `now (${BL.state.head})` : String(BL.state.knownAt);
  slider.setAttribute("aria-valuetext", BL.state.knownAt === null ? "now" : `position ${BL.state.knownAt}`);
  const note = BL.byId("travel-note");
  const parts = [];
  if (BL.state.knownAt !== null) parts.push(`as the ledger was known at log position ${BL.state.knownAt} of ${BL.state.head}`);
  if (BL.state.asOf) parts.push(`as of ${BL.state.asOf}`);
  note.hidden = parts.length === 0;
  note.textContent = parts.length ? `Showing the past: ${parts.join(", ")}. Editing is off while travelling in the log.` : "";
  document.body.classList.toggle("travelling", BL.state.knownAt !== null);
}

function setupTimebar() {
  const slider = BL.byId("known-at");
  const apply = () => {
    const value = Number(slider.value);
    BL.state.knownAt = value >= BL.state.head ? null : value;
    updateTimebar();
    BL.render();
  };
  slider.addEventListener("change", apply);
  slider.addEventListener("input", () => {
    BL.byId("known-at-value").textContent = slider.value;
  });
  const date = BL.byId("as-of");
  date.addEventListener("change", () => {
    BL.state.asOf = date.value || null;
    if (date.value) BL.state.month = date.value.slice(0, 7);
    updateTimebar();
    BL.render();
  });
  BL.byId("time-now").addEventListener("click", () => {
    BL.state.knownAt = null;
    BL.state.asOf = null;
    BL.state.month = BL.state.today.slice(0, 7);
    date.value = "";
    updateTimebar();
    BL.render();
  });
}

/**
 * On a device, says whether its changes are on the hub yet: "synced", "N pending" (made here,
 * shown already, not yet accepted by the hub) or "N conflicts" (refused by the hub; resolve
 * with budget sync conflicts). Hidden on a hub.
 */
async function refreshSync() {
  const marker = BL.byId("sync");
  let status;
  try { status = (await BL.api("GET", "/sync/status")).body; } catch { return; }
  marker.hidden = !status.device;
  if (!status.device) return;
  const parts = [];
  if (status.pending) parts.push(`${status.pending} pending`);
  if (status.conflicts) parts.push(`${status.conflicts} conflict${status.conflicts === 1 ? "" : "s"}`);
  marker.textContent = parts.length ? `sync: ${parts.join(", ")}` : "synced";
  marker.classList.toggle("waiting", parts.length > 0);
}

/**
 * Follows the log live: when any client writes, the head moves and the view refreshes. An
 * EventSource cannot send the session key, so each connection opens with a one-time ticket
 * asked for with it; when the stream drops, a new ticket opens the next (from where it was).
 */
async function connectEvents() {
  const live = BL.byId("live");
  let ticket;
  try { ticket = (await BL.api("POST", "/events/tickets", {})).body.ticket; } catch (error) {
    live.textContent = "reconnecting…";
    live.classList.remove("on");
    if (error.status !== 401) setTimeout(connectEvents, 3000);
    return;
  }
  const after = BL.state.head ? "&after=" + BL.state.head : "";
  const source = new EventSource("/api/v1/events/stream?ticket=" + encodeURIComponent(ticket) + after);
  // Give the connection back when leaving: browsers allow only 6 per server.
  window.addEventListener("pagehide", () => source.close());
  let timer = null;
  source.onopen = () => { live.textContent = "live"; live.classList.add("on"); };
  source.onerror = () => {
    // The ticket is used up: the browser's own retry would be refused.
    source.close();
    live.textContent = "reconnecting…";
    live.classList.remove("on");
    setTimeout(connectEvents, 1000);
  };
  source.onmessage = (message) => {
    const event = JSON.parse(message.data);
    BL.state.head = Math.max(BL.state.head, event.position);
    updateTimebar();
    clearTimeout(timer);
    timer = setTimeout(() => {
      live.textContent = `live · ${event.type} at ${event.position}`;
      refreshSync();
      // A write of this page's own was drawn already, read at or after its position.
      if (event.position > (BL.shownPosition || 0)) refreshUnlessTyping();
    }, 150);
  };
  // Another process's big import rebuilt the read models: no new event, but new answers.
  source.addEventListener("caught-up", refreshUnlessTyping);
  document.addEventListener("focusout", () => {
    setTimeout(() => {
      if (pendingRefresh && !isTyping()) BL.render();
    }, 0);
  });
}

/** Whether a change made elsewhere waits to be shown, held back by a form being filled in. */
let pendingRefresh = false;
/** Whether a form of the view was typed into since the view was drawn. */
let formsTouched = false;
document.addEventListener("input", (event) => { if (event.target.closest("main form")) formsTouched = true; });

/**
 * Shows a change made elsewhere, unless that would wipe what the user is entering: a form
 * typed into keeps the view as it is until it is sent or the view is left, and the live
 * marker says that newer figures wait.
 */
function refreshUnlessTyping() {
  if (BL.state.knownAt !== null || BL.editing) return;
  if (isTyping()) {
    pendingRefresh = true;
    BL.byId("live").textContent = "live · newer changes wait until this form is sent";
    return;
  }
  BL.render();
}

/**
 * Undo and Redo: each takes back one whole action (a transaction and the bill it paid go
 * together) and says in the toast what changed, in words. Redo works only right after undo;
 * the server says so otherwise. Off while travelling in the log.
 */
function setupUndoRedo() {
  const takeBack = async (path, done) => {
    if (BL.isTravelling()) { BL.toast("Editing is off while travelling in the log: press Now first.", true); return; }
    try {
      const result = (await BL.api("POST", path, {})).body;
      BL.toast(`${done}: ${result.summary}`);
      BL.state.head = Math.max(BL.state.head, result.positions[1]);
      updateTimebar();
      await BL.render();
    } catch (error) {
      BL.toast(error.message, true);
    }
  };
  BL.byId("undo").addEventListener("click", () => takeBack("/undo", "Undone"));
  BL.byId("redo").addEventListener("click", () => takeBack("/redo", "Redone"));
}

/** Whether the user is entering something: a form of the view typed into, the focus in a
 * form of the view (one just opened, empty yet), or in a field that holds a value. */
function isTyping() {
  const active = document.activeElement;
  return formsTouched || Boolean(active && active.closest("main")
    && (active.closest("form") || (active.matches("input, select, textarea") && active.value)));
}

async function start() {
  buildTabs();
  BL.adoptSession();
  // Installable, and it opens offline: the service worker keeps the app and the last answers.
  // A new program's worker takes over from the one this page came from: load the new app.
  if ("serviceWorker" in navigator) {
    const served = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", () => served && location.reload());
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }
  BL.byId("login-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try { await BL.loginWithCode(BL.byId("login-code").value); } catch (error) {
      BL.byId("login-why").textContent = error.message;
    }
  });
  BL.byId("logout").addEventListener("click", () => BL.logout());
  setupTheme();
  let ledger;
  try { ledger = (await BL.api("GET", "/ledger")).body; } catch (error) { BL.toast(error.message, true); return; }
  if (!ledger.created) {
    document.body.classList.add("setting-up");
    BL.byId("ledger-name").textContent = "· new";
    BL.renderSetup(ledger);
    return;
  }
  BL.byId("ledger-name").textContent = `· ${ledger.name}`;
  BL.state.today = ledger.today;
  BL.state.month = ledger.today.slice(0, 7);
  BL.state.head = ledger.position;
  setupTabs();
  setupTimebar();
  setupUndoRedo();
  updateTimebar();
  connectEvents();
  refreshSync();
  window.addEventListener("hashchange", () => {
    const name = location.hash.slice(1);
    if (views[name] && name !== BL.state.view) selectView(name);
  });
  const initial = location.hash.slice(1);
  selectView(views[initial] ? initial : "budget");
}

document.addEventListener("DOMContentLoaded", start);
