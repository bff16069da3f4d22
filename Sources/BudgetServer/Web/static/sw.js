// The app's service worker: the app shell and the last answers seen are kept in the browser,
// so that the app opens without the server — saying it is offline and read-only — and shows
// the ledger as it last saw it. The shell (the page and its files) comes from the copy of
// this version, kept when the worker installs: a page opens without waiting on the network.
// A new program is a new worker (the server fills in the list of files and their version),
// which replaces the copies; the page then loads itself anew (app.js). The ledger's answers
// go to the server first; their copies are used only when it does not answer.
"use strict";

const VERSION = "__VERSION__";
const SHELL = `budget-shell-${VERSION}`;
const DATA = "budget-data";
const FILES = ["/", ...__ASSETS__];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("budget-shell-") && name !== SHELL).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

/** Keeps the newest ``LIMIT`` answers: every month and slider position seen is an entry. */
const LIMIT = 300;
async function trim() {
  const cache = await caches.open(DATA);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - LIMIT)).map((key) => cache.delete(key)));
}

/** The copy kept of `request`, marked as what the browser saw last, or a 503 saying so. */
async function lastSeen(request, cacheName) {
  const copy = await caches.open(cacheName).then((cache) => cache.match(request, { ignoreVary: true }));
  if (!copy) {
    const body = JSON.stringify({ code: "offline", message: "offline: the server does not answer, and this browser has not seen this before" });
    return new Response(body, { status: 503, headers: { "Content-Type": "application/json", "X-Budget-Offline": "1" } });
  }
  const headers = new Headers(copy.headers);
  headers.set("X-Budget-Offline", "1");
  return new Response(await copy.blob(), { status: copy.status, statusText: copy.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Writes, other sites, the live stream, a backup (the whole ledger, never kept) and
  // one-time login links go straight to the network.
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/v1/events/stream")
    || url.pathname === "/api/v1/backup" || url.searchParams.has("code")) return;
  if (!url.pathname.startsWith("/api/")) {
    const key = url.pathname === "/" ? "/" : request;
    event.respondWith(caches.open(SHELL).then((cache) => cache.match(key))
      .then((copy) => copy || fetch(request).catch(() => lastSeen(key, SHELL))));
    return;
  }
  // The ledger's answers are kept only for a logged-in page (it sends its session key) and go
  // the moment the server says the login has ended.
  if (!request.headers.get("X-Budget-Session")) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.status === 401) {
      event.waitUntil(caches.delete(DATA));
    } else if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(DATA).then((cache) => cache.put(request, copy)).then(trim));
    }
    return response;
  }, () => lastSeen(request, DATA)));
});
