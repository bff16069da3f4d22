// Budget ledger web app: the API client and shared state (no framework, no build step).
"use strict";
// The app's one namespace: this script loads first, the others add to it.
window.BL = window.BL || {};

BL.byId = (id) => document.getElementById(id);

const darkSystem = matchMedia("(prefers-color-scheme: dark)");
/** Light or dark as chosen, or as the system asks when `theme` is "" (Auto). */
BL.applyTheme = function (theme) {
  document.documentElement.dataset.theme = (theme || (darkSystem.matches ? "dark" : "light"));
};
BL.applyTheme(localStorage.getItem("budget-theme") || "");
darkSystem.addEventListener("change", () => BL.applyTheme(localStorage.getItem("budget-theme") || ""));

BL.state = {
  view: "budget",
  month: null,          // "2024-03"
  today: null,          // "2024-03-20"
  head: 0,              // the log's head position
  knownAt: null,        // null = now, else a log position
  asOf: null,           // null = today, else "YYYY-MM-DD"
  categories: [],
  accounts: [],
};

/** Calls the API; resolves with {status, body, etag} or throws an Error carrying the API error. */
BL.api = async function (method, path, body, headers) {
  // A login is the session cookie (HttpOnly, set by the login link) and the session key this
  // page keeps in its origin's storage: a cookie alone, sent to another port, is worth nothing.
  // A write is sent once: the server answers a retry under the same key as it did the first time.
  const key = method === "POST" ? { "Idempotency-Key": `web-${Date.now()}-${Math.random().toString(36).slice(2)}` } : {};
  const init = { method, headers: Object.assign({ Accept: "application/json" }, key, BL.sessionHeaders(), headers || {}), credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET" && BL.offline) throw Object.assign(new Error("Offline: the server does not answer, so nothing can be changed until it does."), { status: 0 });
  let response;
  try { response = await fetch("/api/v1" + path, init); } catch (error) {
    throw Object.assign(new Error("The server does not answer: is budget serve running? Nothing was changed."), { status: 0 });
  }
  BL.setOffline(response.headers.get("X-Budget-Offline") === "1");
  // The log position a view being drawn reads at: events up to it are on the page already.
  if (method === "GET" && BL.rendering) BL.shownPosition = Math.max(BL.shownPosition || 0, Number(response.headers.get("X-Ledger-Position")) || 0);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  // Why, only to a browser that was logged in (its session ended); a new one sees the form.
  if (response.status === 401 && window.caches) caches.delete("budget-data").catch(() => {});
  if (response.status === 401) { BL.askLogin(localStorage.getItem("budget-session") && data && data.message); }
  if (!response.ok) {
    const error = new Error((data && data.message) || response.statusText);
    error.status = response.status;
    error.code = data && data.code;
    error.field = data && data.details && data.details.field;
    error.details = (data && data.details) || {};
    throw error;
  }
  // A write that stands but left something probably not meant (an account below zero, a
  // goal past its target) says so.
  if (method !== "GET" && data && Array.isArray(data.warnings) && data.warnings.length) BL.warn(data.warnings);
  return { status: response.status, body: data, etag: response.headers.get("ETag") };
};

/** Whether the answers come from this browser's copies (the server does not answer): read only. */
BL.offline = false;
BL.setOffline = function (offline) {
  if (offline === BL.offline) return;
  BL.offline = offline;
  BL.byId("offline-note").hidden = !offline;
  document.body.classList.toggle("offline", offline);
  // Asks every few seconds until the server answers, then draws the view from it.
  clearInterval(BL.offlineProbe);
  if (offline) BL.offlineProbe = setInterval(() => BL.api("GET", "/ledger").then(() => BL.offline || BL.render(), () => {}), 5000);
};

/** The time-travel query string for reads: asKnownAt (and asOf when `withAsOf`). */
BL.timeQuery = function (withAsOf) {
  const parts = [];
  if (BL.state.knownAt !== null) parts.push("asKnownAt=" + BL.state.knownAt);
  if (withAsOf && BL.state.asOf) parts.push("asOf=" + BL.state.asOf);
  return parts.join("&");
};

BL.withQuery = function (path, query) {
  if (!query) return path;
  return path + (path.includes("?") ? "&" : "?") + query;
};

/** Whether the user is looking at the past (then editing is off). */
BL.isTravelling = function () { return BL.state.knownAt !== null; };

/** "1234.50" → "1,234.50" (money stays a string: no floating point). */
BL.money = function (text) {
  if (text === null || text === undefined) return "";
  const negative = text.startsWith("-");
  const [whole, fraction] = text.replace("-", "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return (negative ? "−" : "") + grouped + (fraction !== undefined ? "." + fraction : "");
};

/** A number for charts only (never for arithmetic on money). */
BL.amount = function (text) { return Number(text || "0"); };

BL.monthTitle = function (month) {
  const [y, m] = month.split("-").map(Number);
  const names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return names[m - 1] + " " + y;
};

BL.addMonths = function (month, delta) {
  let [y, m] = month.split("-").map(Number);
  m += delta;
  while (m < 1) { m += 12; y -= 1; }
  while (m > 12) { m -= 12; y += 1; }
  return y + "-" + String(m).padStart(2, "0");
};

/** Creates an element: el("td", {class: "num", text: "1.00"}, [children]). */
BL.el = function (tag, attributes, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children || []) if (child) node.append(child);
  return node;
};

/** A button that is not a form's submit. */
BL.button = (attributes, children) => BL.el("button", Object.assign({ type: "button" }, attributes), children);

/** Runs `handler` when `form` is sent, in place of the browser's own submit. */
BL.onSubmit = (form, handler) => form.addEventListener("submit", (event) => { event.preventDefault(); handler(); });

/** Where a form shows the server's refusal, read out when it changes. */
BL.alert = (id) => BL.el("p", { id, class: "form-alert", role: "alert" });

BL.toast = function (message, isError, action) {
  // A write's warning stays up for its time: a "saved" that follows does not hide it.
  if (!isError && Date.now() < (BL.warningUntil || 0)) return;
  const toast = BL.byId("toast");
  toast.textContent = message;
  // An action, such as Restore after a delete, stays up twice as long.
  if (action) toast.append(" ", BL.button({ class: "toast-action", text: action.label, onclick: () => { toast.hidden = true; action.run(); } }));
  toast.classList.toggle("error", Boolean(isError));
  toast.classList.remove("warning");
  toast.hidden = false;
  clearTimeout(BL.toastTimer);
  BL.toastTimer = setTimeout(() => { toast.hidden = true; }, action ? 8000 : 4000);
};

/** Shows a write's warnings ({code, message}), one line each, for eight seconds. */
BL.warn = function (warnings) {
  const toast = BL.byId("toast");
  toast.textContent = warnings.map((w) => "Warning: " + w.message).join("\n");
  toast.classList.remove("error");
  toast.classList.add("warning");
  toast.dataset.codes = warnings.map((w) => w.code).join(" ");
  toast.hidden = false;
  BL.warningUntil = Date.now() + 8000;
  clearTimeout(BL.toastTimer);
  BL.toastTimer = setTimeout(() => { toast.hidden = true; toast.classList.remove("warning"); }, 8000);
};

/** Loads accounts and categories for forms and filters. */
BL.loadLists = async function () {
  const query = BL.timeQuery(false);
  const [categories, accounts] = await Promise.all([
    BL.api("GET", BL.withQuery("/categories", query)),
    BL.api("GET", BL.withQuery("/accounts", query)),
  ]);
  BL.state.categories = categories.body.items;
  BL.state.accounts = accounts.body.items;
};

/** The session key header, when this browser has logged in here. */
BL.sessionHeaders = function () {
  const key = localStorage.getItem("budget-session");
  return key ? { "X-Budget-Session": key } : {};
};

/**
 * Takes the session key a login link's page carries (a <meta>), keeps it, and replaces the
 * address — code and all — with "/", so nothing of the login stays in the address bar.
 */
BL.adoptSession = function () {
  const meta = document.querySelector('meta[name="budget-session"]');
  if (!meta) return;
  if (meta.content) localStorage.setItem("budget-session", meta.content);
  meta.remove();
  history.replaceState(null, "", "/" + location.hash);
};

/** Shows the login form, with why (the server's message) when there is one. */
BL.askLogin = function (why) {
  const dialog = BL.byId("login-dialog");
  BL.byId("login-why").textContent = why || "";
  // Nothing of the app shows behind the form: there is nothing to see without a login.
  document.body.dataset.loggedOut = "true";
  if (!dialog.open) dialog.showModal();
};

/** Logs in with a code (or a whole login link) typed into the form; reloads when it works. */
BL.loginWithCode = async function (text) {
  const response = await fetch("/login", {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin", body: JSON.stringify({ code: text.trim() }),
  });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) throw new Error((data && data.message) || response.statusText);
  if (data.sessionKey) localStorage.setItem("budget-session", data.sessionKey);
  location.assign("/" + location.hash);
};

/** Ends this browser's session on the server and here. */
BL.logout = async function () {
  // The copies of the ledger's answers kept for offline use and the session key go with the
  // login, also when the server cannot be told (it ends the session when it next answers).
  let refusal = null;
  try { await BL.api("POST", "/logout", {}); } catch (error) { if (error.status !== 401 && error.status !== 0) refusal = error; }
  if (refusal) { BL.toast(refusal.message, true); return; }
  localStorage.removeItem("budget-session");
  if (window.caches) await caches.delete("budget-data").catch(() => {});
  BL.askLogin("You are logged out. Run budget login-link for a new link, or type its code here.");
};
