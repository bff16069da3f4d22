#!/usr/bin/env python3
"""Web app benchmark: `budget serve` and headless Chromium (selenium) on loopback.

Measures, on a ledger of N transactions (default 1,000,000) and, in the same run and
interleaved with it, on a tiny baseline ledger (default 100 transactions):

  render   the first render of each view as the browser times it: a fresh page load of
           http://127.0.0.1:PORT/#VIEW (from about:blank) until the app marks the view
           rendered (`BL.render` sets body's data-rendered). A script injected before the
           page's own (Page.addScriptToEvaluateOnNewDocument) watches that attribute with a
           MutationObserver and keeps performance.now() of its first change: milliseconds
           from the navigation start. --runs loads of each view; median and max.
           Target (docs/benchmarks.md): each view <= 300 ms at 1 M transactions.
  scroll   the transactions view scrolled to its end again and again until --scroll-rows
           rows (10,000) are in #tx-table or no more arrive within --scroll-timeout: rows
           that arrived, GET /api/v1/transactions requests made (Resource Timing), the
           largest `limit=` of one, and the time from a scroll to the next rows in the
           table (and to the frame after). Without paging (no #tx-more sentinel, no
           `before=` request) it says "no paging".

Interleaved with those loads, a floor: a static page (served by Python on loopback) that
marks itself rendered as it loads, what any navigation costs in this browser here; with
--compare-bypass, the big ledger's views again with the service worker bypassed. For each
view it also reports the page shell (DOMContentLoaded), the time from its last API answer to
the render, the renderer's main-thread time (task, script, layout, style; DevTools
Performance.getMetrics), and every API request it made before it rendered, with the
browser's time for it and the server's alone (the same GET with the token, over a kept-alive
connection, median of 5). Each scroll is split the same way: scroll → request, the request,
answer → rows, rows → frame, and the main thread's time.

The browser is warm, as for someone who uses the app: logged in once per server (the
one-time link `budget serve` prints), the service worker installed; every load after that
is a fresh page load. The machine's CPU share used by other processes is measured over each
run; --wait-quiet S waits up to S seconds before each run until it is under 10 % and no
compiler runs.

  python3 Tools/web-bench.py                      # build release, 1 M rows (generated once, cached)
  python3 Tools/web-bench.py --budget BIN --rows 20000 --runs 3 --json web.json

The ledgers are cached in SCRATCH/data (default .build-web-bench/data), keyed by size and
generator version. The server's token is a throwaway one in its environment (BUDGET_TOKEN),
never on a command line. Every request goes to 127.0.0.1.
"""
import argparse
import datetime
import http.client
import json
import os
import platform
import queue
import random
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
VIEWS = ["budget", "transactions", "analysis", "bills", "debts", "goals", "accounts", "categories", "history", "ledger", "import"]
TODAY = "2024-12-31"
GENERATOR = "v1"  # bump when the generated ledger changes shape (the cache is keyed by it)
TARGET_MS = 300.0

# Runs in every page before its own scripts. Keeps the time of the first change of body's
# data-rendered (the app sets it at the end of each render) in window.__webBench.rendered.
INJECTED = r"""
(() => {
  if (!/^https?:$/.test(location.protocol)) return;
  // The scroll case makes hundreds of requests: the default buffer keeps 250 entries.
  try { performance.setResourceTimingBufferSize(100000); } catch (e) {}
  const state = window.__webBench = { rendered: null, renderedAttribute: null };
  // Settles at the first render, so that the harness waits without polling the page.
  state.whenRendered = new Promise((resolve) => { state.resolve = resolve; });
  const observer = new MutationObserver(() => {
    const body = document.body;
    if (state.rendered === null && body && body.dataset.rendered) {
      state.rendered = performance.now();
      state.renderedAttribute = Number(body.dataset.rendered) - performance.timeOrigin;
      observer.disconnect();
      state.resolve();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ["data-rendered"] });
})();
"""

# What a loaded page says about itself once it has rendered (or not).
PAGE_STATE = r"""
const view = arguments[0];
const state = window.__webBench || {};
const toast = document.getElementById("toast");
const panel = document.getElementById("view-" + view);
const navigation = performance.getEntriesByType("navigation")[0] || {};
return {
  rendered: state.rendered === undefined ? null : state.rendered,
  renderedAttribute: state.renderedAttribute === undefined ? null : state.renderedAttribute,
  shown: Boolean(panel && !panel.hidden),
  loggedOut: document.body ? document.body.dataset.loggedOut === "true" : false,
  error: toast && !toast.hidden && toast.classList.contains("error") ? toast.textContent : null,
  domContentLoaded: navigation.domContentLoadedEventEnd || null,
  load: navigation.loadEventEnd || null,
  controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
  nodes: document.getElementsByTagName("*").length,
};
"""

# The API requests of the page so far: path and query, start, duration, server wait.
RESOURCES = r"""
return performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/v1/")).map((e) => ({
  url: e.name, start: e.startTime, duration: e.duration, end: e.responseEnd,
  wait: e.responseStart > 0 && e.requestStart > 0 ? e.responseStart - e.requestStart : null,
  size: e.encodedBodySize || 0,
}));
"""

# One scroll to the end of the transaction list; answers when more rows are in the table
# (and again a frame later) or after the timeout.
SCROLL = r"""
const [timeout, nudge] = [arguments[0], arguments[1]];
const done = arguments[arguments.length - 1];
const count = () => document.querySelectorAll("#tx-table tbody tr").length;
const before = count();
const target = document.getElementById("view-transactions") || document.body;
let finished = false, timer = null;
const finish = (domMs, frameMs) => {
  if (finished) return;
  finished = true;
  observer.disconnect();
  clearTimeout(timer);
  const more = document.getElementById("tx-more");
  done({ before, after: count(), domMs, frameMs, start, sentinel: Boolean(more && !more.hidden) });
};
const observer = new MutationObserver(() => {
  if (count() <= before) return;
  observer.disconnect();
  const domMs = performance.now() - start;
  // The next frame, then the task after it: the new rows laid out and painted.
  requestAnimationFrame(() => setTimeout(() => finish(domMs, performance.now() - start), 0));
});
observer.observe(target, { childList: true, subtree: true });
if (nudge) window.scrollBy(0, -2000);
const start = performance.now();
const sentinel = document.getElementById("tx-more");
if (sentinel) sentinel.scrollIntoView({ block: "end" });
window.scrollTo(0, document.documentElement.scrollHeight);
timer = setTimeout(() => finish(null, null), timeout);
"""

ROW_IDS = r"""
const ids = [...document.querySelectorAll("#tx-table tbody tr")].map((tr) => tr.dataset.id || "");
return { rows: ids.length, distinct: new Set(ids).size,
         heap: performance.memory ? performance.memory.usedJSHeapSize : null,
         nodes: document.getElementsByTagName("*").length };
"""


def log(message):
    print(f"• {message}", file=sys.stderr, flush=True)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, digits=1):
    return "—" if value is None else f"{value:,.{digits}f}"


# ---------------------------------------------------------------------------------------------
# The binary and the ledgers


def build_budget(scratch):
    command = ["swift", "build", "-c", "release", "--scratch-path", scratch, "--static-swift-stdlib", "--product", "budget"]
    log("building budget: " + " ".join(command) + " (20+ minutes on 2 cores the first time)")
    subprocess.run(command, cwd=ROOT, check=True, stdout=sys.stderr)
    bin_path = subprocess.run(command[:-2] + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "budget")


def bench_env():
    env = dict(os.environ, BUDGET_TODAY=TODAY, BUDGET_ACTOR="bench", NO_COLOR="1")
    env.pop("BUDGET_TOKEN", None)
    env.pop("BUDGET_LEDGER", None)
    return env


def write_csv(rows, path):
    """The rows of Tools/serve-bench.sh: 10 years from 2015, 5 categories, 5,000 payees."""
    random.seed(42)
    categories = ["Food", "Restaurants", "Transport", "Bills", "Entertainment"]
    with open(path, "w") as out:
        out.write("date,amount,payee,category\n")
        for n in range(rows):
            year, rest = 2015 + (n * 10) // rows, n % 336
            month, dom = 1 + rest // 28, 1 + rest % 28
            out.write(f"{year}-{month:02d}-{dom:02d},-{random.randint(1, 20000) / 100:.2f},Payee {n % 5000},{categories[n % 5]}\n")


def ledger_for(budget, rows, data):
    """The cached ledger of `rows` transactions, generated first if it is not there."""
    os.makedirs(data, exist_ok=True)
    ledger = os.path.join(data, f"web-bench-{GENERATOR}-{rows}.ledger")
    if os.path.exists(ledger):
        return ledger
    partial = ledger + ".partial"
    for path in (partial, partial + "-lock"):
        if os.path.exists(path):
            os.remove(path)
    log(f"generating a ledger of {rows:,} transactions (cached in {ledger})")
    env = bench_env()

    def run(*arguments):
        subprocess.run([budget, *arguments, "--ledger", partial], env=env, check=True, stdout=subprocess.DEVNULL)

    started = time.time()
    run("init", "--name", "Bench", "--currency", "EUR")
    run("account", "open", "Checking", "--opening", "1000000", "--date", "2015-01-01")
    # Something for every view: a savings goal, two debts, two bills, a month's budget.
    run("account", "open", "Savings", "--type", "savings", "--opening", "5000", "--date", "2015-01-01")
    run("account", "open", "Visa", "--type", "credit-card", "--opening", "-2500", "--date", "2024-01-01")
    run("account", "open", "Car loan", "--type", "loan", "--opening", "-12000", "--date", "2024-01-01")
    run("debt", "add", "Visa", "--account", "Visa", "--apr", "19.99", "--minimum", "50", "--due-day", "15", "--from", "2024-01-01")
    run("debt", "add", "Car loan", "--account", "Car loan", "--apr", "5.9", "--minimum", "250", "--term", "60",
        "--kind", "auto-loan", "--from", "2024-01-01")
    run("goal", "add", "Holiday", "--target", "3000", "--by", "2025-08-31", "--account", "Savings", "--kind", "vacation",
        "--start", "2024-01-01")
    run("schedule", "add", "Rent", "950", "--account", "Checking", "--category", "Bills", "--every", "month", "--day", "1")
    run("schedule", "add", "Internet", "40", "--account", "Checking", "--category", "Bills", "--every", "month", "--day", "20")
    run("budget", "income", "Salary", "3200", "--month", "2024-12")
    for category, amount in [("Food", "450"), ("Restaurants", "150"), ("Transport", "120"), ("Bills", "210"), ("Entertainment", "80")]:
        run("budget", "set", category, amount, "--month", "2024-12")
    with tempfile.TemporaryDirectory(prefix="web-bench-csv-", dir=data) as directory:
        csv = os.path.join(directory, "rows.csv")
        write_csv(rows, csv)
        imported = time.time()
        subprocess.run([budget, "import", "csv", csv, "--account", "Checking", "--ledger", partial], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        log(f"imported {rows:,} rows in {time.time() - imported:.1f} s")
    os.rename(partial, ledger)
    if os.path.exists(partial + "-lock"):
        os.remove(partial + "-lock")
    log(f"ledger ready in {time.time() - started:.1f} s")
    return ledger


# ---------------------------------------------------------------------------------------------
# The server


class Server:
    """`budget serve` on a free loopback port, with a throwaway token in its environment."""

    def __init__(self, budget, ledger, label):
        self.label = label
        self.ledger = ledger
        self.token = secrets.token_hex(24)
        env = dict(bench_env(), BUDGET_TOKEN=self.token)
        self.process = subprocess.Popen([budget, "serve", "--ledger", ledger, "--port", "0"], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = queue.Queue()
        self.output = []

        def drain():  # keeps reading, so that the server never blocks on a full pipe
            for line in self.process.stdout:
                self.output.append(line.rstrip("\n"))
                lines.put(line)
            lines.put(None)

        threading.Thread(target=drain, daemon=True).start()
        self.url = self.login_url = None
        deadline = time.time() + 600  # a ledger made by an older program may be brought up to date first
        while time.time() < deadline and self.login_url is None:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                break
            match = re.search(r"at (http://127\.0\.0\.1:\d+)", line)
            if match and self.url is None:
                self.url = match.group(1)
            match = re.search(r"(http://127\.0\.0\.1:\d+/\?code=\S+)", line)
            if match:
                self.login_url = match.group(1)
        if self.url is None or self.login_url is None:
            self.stop()
            raise RuntimeError(f"budget serve {ledger} did not print its address and login link:\n" + "\n".join(
                line for line in self.output if "code=" not in line))
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port = parsed.hostname, parsed.port
        self.connection = None

    def get(self, path, prefix="/api/v1"):
        """GET /api/v1 PATH with the token: (status, seconds, bytes), over a kept-alive connection."""
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=300)
            try:
                started = time.perf_counter()
                self.connection.request("GET", prefix + path, headers={"Authorization": "Bearer " + self.token, "Accept": "application/json"})
                response = self.connection.getresponse()
                body = response.read()
                return response.status, time.perf_counter() - started, body
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def wait_caught_up(self, timeout=900):
        """Waits until every read model has caught up with the log (a ledger made by an older
        program may be rebuilt when it opens), so that no view is timed against a rebuild."""
        deadline = time.time() + timeout
        while True:
            status, _, body = self.get("/projections")
            lag = None
            if status == 200:
                lag = max((p.get("lag", 0) for p in json.loads(body).get("items", [])), default=0)
                if lag == 0:
                    return
            if time.time() > deadline:
                raise RuntimeError(f"the read models of {self.ledger} did not catch up (lag {lag}, status {status})")
            time.sleep(1)

    def stop(self):
        if self.connection is not None:
            self.connection.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class FloorServer:
    """A page that marks itself rendered as it loads, served by Python on loopback: what any
    navigation costs in this browser on this machine (the floor under every view)."""

    PAGE = (b"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>floor</title></head><body><p>floor</p>"
            b"<script>document.body.dataset.rendered = String(Date.now());</script></body></html>")

    def __init__(self):
        import http.server

        page = self.PAGE

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *arguments):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.label = "floor"

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# ---------------------------------------------------------------------------------------------
# The browser


def browser(bypass_service_worker=False, extra_css="", width=1280, height=1000):
    """Headless Chromium as Tests/browser/harness.py starts it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(900)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INJECTED})
    # The renderer's own counters (main-thread task, script, layout and style time), per document.
    driver.execute_cdp_cmd("Performance.enable", {})
    if extra_css:
        # A what-if: a style sheet added to every page before the app runs (not the app as shipped).
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
            "document.addEventListener('DOMContentLoaded', () => { const style = document.createElement('style'); "
            f"style.textContent = {json.dumps(extra_css)}; document.head.append(style); }});")})
    driver.web_bench_bypass_all = bypass_service_worker
    set_bypass(driver, bypass_service_worker)
    return driver


# Answers once the page has rendered, shows an error or the login form, or after the timeout:
# it waits in the page (a promise and a slow check), not by polling it over WebDriver.
WAIT_RENDERED = r"""
const [timeout, done] = [arguments[0], arguments[arguments.length - 1]];
const state = window.__webBench;
if (!state) return done(false);
const failed = () => {
  const toast = document.getElementById("toast");
  return (document.body && document.body.dataset.loggedOut === "true") || (toast && !toast.hidden && toast.classList.contains("error"));
};
let timer = null, check = null;
const finish = (value) => { clearTimeout(timer); clearInterval(check); done(value); };
state.whenRendered.then(() => finish(true));
check = setInterval(() => { if (failed()) finish(false); }, 250);
timer = setTimeout(() => finish(false), timeout);
"""


METRICS = {"TaskDuration": "task", "ScriptDuration": "script", "LayoutDuration": "layout", "RecalcStyleDuration": "style"}


def main_thread(driver):
    """The document's main-thread time so far, ms: task (all of it), script, layout, style."""
    values = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    return {short: round(values.get(name, 0) * 1000, 1) for name, short in METRICS.items()}


def wait_rendered(driver, view, timeout):
    deadline = time.time() + timeout
    while True:
        remaining = max(0.1, deadline - time.time())
        driver.execute_async_script(WAIT_RENDERED, int(remaining * 1000))
        state = driver.execute_script(PAGE_STATE, view)
        # Without the injected state (a page that is not the app yet), look again shortly.
        if state["rendered"] is not None or state["loggedOut"] or state["error"] or time.time() > deadline:
            return state
        time.sleep(0.1)


def load(driver, server, view, timeout=120):
    """A fresh page load of #VIEW; the page's state once rendered (or failed, or timed out)."""
    driver.get("about:blank")
    driver.get(f"{server.url}/#{view}")
    state = wait_rendered(driver, view, timeout)
    state["mainThread"] = main_thread(driver)
    state["requests"] = driver.execute_script(RESOURCES)
    return state


def log_in(driver, server):
    """Opens the one-time login link, waits for the first render and for the service worker,
    then loads the page once more so that every timed load is one the worker controls."""
    driver.get("about:blank")
    driver.get(server.login_url)
    state = wait_rendered(driver, "budget", 300)
    if state["rendered"] is None:
        raise RuntimeError(f"{server.label}: the app did not render after logging in ({state})")
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        if (!navigator.serviceWorker) return done(false);
        Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 20000))]).then(done);
    """)
    state = load(driver, server, "budget", 300)
    if state["rendered"] is None:
        raise RuntimeError(f"{server.label}: the app did not render after logging in ({state})")
    return state["controlled"]


# ---------------------------------------------------------------------------------------------
# The cases


def api_path(url):
    """'/api/v1/budget/2024-12?x' → '/budget/2024-12?x'; None for what is not a plain GET."""
    if not urllib.parse.urlparse(url).path.startswith("/api/v1/"):
        return None
    path = relative(url)
    if path.startswith("/events/stream") or path.startswith("/events/tickets"):
        return None
    return path


def relative(url):
    """'http://127.0.0.1:P/api/v1/budget/2024-12?x' → '/budget/2024-12?x'."""
    parsed = urllib.parse.urlparse(url)
    path = parsed.path[len("/api/v1"):] if parsed.path.startswith("/api/v1") else parsed.path
    return path + ("?" + parsed.query if parsed.query else "")


class Series:
    """What one column of the render table loads: a server, with or without the service worker."""

    def __init__(self, label, server, bypass=False, floor=False):
        self.label, self.server, self.bypass, self.floor = label, server, bypass, floor


def set_bypass(driver, bypass):
    if getattr(driver, "web_bench_bypass", False) != bypass:
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": bypass})
        driver.web_bench_bypass = bypass


def render_case(driver, series, views, runs, quiet=0, meter=None):
    results = {s.label: {view: {"runs": [], "errors": [], "requests": []} for view in views} for s in series}
    results["compilers_per_run"] = []
    for run in range(runs):
        results["compilers_per_run"].append(wait_quiet(quiet))
        meter.start()
        for index, view in enumerate(views):
            # Every series back to back, the order turning from one load of a view to the next.
            turn = (run * len(views) + index) % len(series)
            for one in series[turn:] + series[:turn]:
                set_bypass(driver, one.bypass or driver.web_bench_bypass_all)
                state = load(driver, one.server, view)
                entry = results[one.label][view]
                ms = state["rendered"]
                problem = None
                if state["loggedOut"]:
                    problem = "logged out"
                elif state["error"]:
                    problem = "error: " + state["error"]
                elif ms is None:
                    problem = "did not render within the timeout"
                elif not state["shown"] and not one.floor:
                    problem = "another view is shown"
                if problem:
                    entry["errors"].append(problem)
                    log(f"{one.label} #{view} run {run + 1}: {problem}")
                    continue
                entry["runs"].append(round(ms, 2))
                entry.setdefault("domContentLoaded", []).append(round(state["domContentLoaded"] or 0, 2))
                entry.setdefault("nodes", []).append(state["nodes"])
                entry.setdefault("mainThread", []).append(state["mainThread"])
                answered = [r["end"] for r in state["requests"] if r["start"] <= ms and r["end"] and r["end"] <= ms]
                # The view's own work after its last answer came: building and inserting its DOM.
                entry.setdefault("afterLastAnswer", []).append(round(ms - max(answered), 2) if answered else None)
                entry.setdefault("serviceWorker", []).append(state["controlled"])
                # The API requests that started before the view rendered.
                entry["requests"].append([
                    {"path": relative(r["url"]), "timed": api_path(r["url"]) is not None, "start": round(r["start"], 2),
                     "ms": round(r["duration"], 2), "wait": None if r["wait"] is None else round(r["wait"], 2), "bytes": r["size"]}
                    for r in state["requests"] if r["start"] <= ms])
        meter.stop()
        first = series[0].label
        log(f"render run {run + 1}/{runs}: " + ", ".join(
            f"{view} {fmt(results[first][view]['runs'][-1] if results[first][view]['runs'] else None, 0)}" for view in views)
            + f" ms ({first}; other processes {meter.stretches[-1]} % of the CPU)")
    for one in series:
        for view in views:
            entry = results[one.label][view]
            entry["median"] = median(entry["runs"])
            entry["max"] = max(entry["runs"]) if entry["runs"] else None
            entry["domContentLoaded_median"] = median(entry.get("domContentLoaded", []))
            entry["afterLastAnswer_median"] = median(entry.get("afterLastAnswer", []))
            entry["mainThread_median"] = {short: median([m[short] for m in entry.get("mainThread", [])]) for short in METRICS.values()}
    return results


def server_times(server, results, repeat=5):
    """The server's own time for each GET a view made before it rendered (median of `repeat`)."""
    times = {}
    for view, entry in results.items():
        paths = []
        for requests in entry["requests"]:
            for request in requests:
                path = request["path"]
                if request["timed"] and path not in paths:
                    paths.append(path)
        rows = []
        for path in paths:
            browser_ms = median([r["ms"] for requests in entry["requests"] for r in requests if r["path"] == path])
            samples, status, size = [], None, 0
            for _ in range(repeat):
                status, seconds, body = server.get(path)
                samples.append(seconds * 1000)
                size = len(body)
            rows.append({"path": path, "browser_ms": browser_ms, "server_ms": round(median(samples), 2),
                         "server_max_ms": round(max(samples), 2), "status": status, "bytes": size})
        times[view] = rows
    return times


def scroll_case(driver, server, target_rows, timeout_s):
    set_bypass(driver, driver.web_bench_bypass_all)
    state = load(driver, server, "transactions")
    if state["rendered"] is None:
        return {"paging": False, "note": f"the transactions view did not render: {state}"}
    first = driver.execute_script(ROW_IDS)
    scrolls, stop_reason = [], None
    started = time.time()
    rows = first["rows"]
    while rows < target_rows:
        before_metrics = main_thread(driver)
        result = driver.execute_async_script(SCROLL, int(timeout_s * 1000), False)
        if result["domMs"] is None:
            # An IntersectionObserver fires when the sentinel comes into view: scroll up a
            # little and back once before deciding that nothing more comes.
            result = driver.execute_async_script(SCROLL, int(timeout_s * 1000), True)
        if result["domMs"] is None:
            stop_reason = (f"no more rows within {timeout_s:g} s of a scroll"
                           + (" (the #tx-more sentinel is there)" if result["sentinel"] else " (no #tx-more sentinel)"))
            break
        after_metrics = main_thread(driver)
        result["mainThread"] = {k: round(after_metrics[k] - before_metrics[k], 1) for k in after_metrics}
        scrolls.append(result)
        rows = result["after"]
        if len(scrolls) % 10 == 0:
            log(f"scroll: {rows:,} rows after {len(scrolls)} scrolls")
        if not result["sentinel"] and rows < target_rows:
            stop_reason = "the list ended: no older rows (the #tx-more sentinel is gone)"
            break
    elapsed = time.time() - started
    last = driver.execute_script(ROW_IDS)
    requests = [r for r in driver.execute_script(RESOURCES) if urllib.parse.urlparse(r["url"]).path == "/api/v1/transactions"]
    limits, cursors = [], 0
    for request in requests:
        query = urllib.parse.parse_qs(urllib.parse.urlparse(request["url"]).query)
        if "limit" in query:
            try:
                limits.append(int(query["limit"][0]))
            except ValueError:
                pass
        if "before" in query:
            cursors += 1
    # Each scroll's phases, by the request it set off (the first `before=` one after it).
    paged_requests = sorted((r for r in requests if "before=" in r["url"]), key=lambda r: r["start"])
    phases = []
    for scroll in scrolls:
        request = next((r for r in paged_requests if r["start"] >= scroll["start"] - 0.5), None)
        if request is None or not request["end"]:
            phases.append(None)
            continue
        dom_at = scroll["start"] + scroll["domMs"]
        phases.append({"to_request": request["start"] - scroll["start"], "request": request["end"] - request["start"],
                       "to_rows": dom_at - request["end"], "to_frame": scroll["frameMs"] - scroll["domMs"]})
    sentinel = driver.execute_script("const more = document.getElementById('tx-more'); return Boolean(more && !more.hidden)")
    paging = cursors > 0 or len(scrolls) > 0
    dom = [s["domMs"] for s in scrolls]
    frame = [s["frameMs"] for s in scrolls]
    result = {
        "paging": paging,
        "target_rows": target_rows,
        "first_rows": first["rows"],
        "rows": last["rows"],
        "distinct_rows": last["distinct"],
        "scrolls": len(scrolls),
        "requests": len(requests),
        "requests_with_before": cursors,
        "max_limit": max(limits) if limits else None,
        "sentinel_at_end": sentinel,
        "scroll_to_rows_ms": {"median": median(dom), "max": max(dom) if dom else None,
                              "first10_median": median(dom[:10]), "last10_median": median(dom[-10:])},
        "scroll_to_frame_ms": {"median": median(frame), "max": max(frame) if frame else None,
                               "first10_median": median(frame[:10]), "last10_median": median(frame[-10:])},
        "request_ms": {"median": median([r["duration"] for r in requests]), "max": max((r["duration"] for r in requests), default=None)},
        # scroll → the request starts (the IntersectionObserver's turn); the request; its
        # answer → the rows in the table (parse, build, insert); the rows → the next frame.
        "phases_ms": {name: {"first10_median": median([p[name] for p in phases[:10] if p]),
                             "last10_median": median([p[name] for p in phases[-10:] if p]),
                             "max": max((p[name] for p in phases if p), default=None)}
                      for name in ("to_request", "request", "to_rows", "to_frame")},
        # The renderer's main thread from just before a scroll to just after its frame.
        "main_thread_ms": {short: {"first10_median": median([s["mainThread"][short] for s in scrolls[:10]]),
                                   "last10_median": median([s["mainThread"][short] for s in scrolls[-10:]])}
                           for short in METRICS.values()},
        "seconds": round(elapsed, 2),
        "js_heap_bytes": last["heap"],
        "dom_nodes": last["nodes"],
        "stopped": stop_reason,
        "each": [dict({"rows": s["after"], "dom_ms": round(s["domMs"], 2), "frame_ms": round(s["frameMs"], 2), "main_thread": s["mainThread"]},
                      **({k: round(v, 2) for k, v in p.items()} if p else {})) for s, p in zip(scrolls, phases)],
    }
    if not paging:
        result["note"] = (f"no paging: {first['rows']} rows on the first render and none more after scrolling to the end "
                          f"({'a' if sentinel else 'no'} #tx-more sentinel, {len(requests)} GET /api/v1/transactions, none with before=)")
    # The server's time for a page further down, as the last scroll asked for it.
    paged = [r for r in requests if "before=" in r["url"]]
    if paged:
        path = api_path(paged[-1]["url"])
        samples = [server.get(path)[1] * 1000 for _ in range(5)]
        result["server_page_ms"] = {"path": path, "median": round(median(samples), 2), "max": round(max(samples), 2)}
    return result


# ---------------------------------------------------------------------------------------------
# The run's circumstances


class Meter:
    """The machine's CPU over the measured stretches only (not the waits between them): busy
    share, and the share of processes other than this run's."""

    def __init__(self):
        self.busy = self.own = self.total = 0
        self.stretches = []

    def start(self):
        self.started = (cpu_busy(), own_ticks())

    def stop(self):
        (busy, total), own = self.started
        (busy_after, total_after), own_after = cpu_busy(), own_ticks()
        delta_busy, delta_own, delta_total = busy_after - busy, own_after - own, max(1, total_after - total)
        self.busy += delta_busy
        self.own += delta_own
        self.total += delta_total
        self.stretches.append(round(100 * max(0, delta_busy - delta_own) / delta_total, 1))

    def summary(self):
        return {"cpu_busy_percent": round(100 * self.busy / max(1, self.total), 1),
                "other_cpu_percent": round(100 * max(0, self.busy - self.own) / max(1, self.total), 1),
                "other_cpu_percent_per_stretch": self.stretches}


def other_share(seconds=2.0):
    """The share of the machine's CPU that processes other than this run's used over `seconds`."""
    busy, own = cpu_busy(), own_ticks()
    time.sleep(seconds)
    busy_after, own_after = cpu_busy(), own_ticks()
    return max(0.0, (busy_after[0] - busy[0]) - (own_after - own)) / max(1, busy_after[1] - busy[1])


def wait_quiet(seconds, threshold=0.10):
    """Waits up to `seconds` until no compiler runs and other processes use under 10 % of the
    CPU (a build or another browser test would otherwise be in the figures); answers what was
    still running then: the compilers, and 'other CPU N %' if it was over the threshold."""
    deadline = time.time() + seconds
    while True:
        running = compilers_running()
        share = other_share() if seconds else 0.0
        busy = running + ([f"other CPU {share:.0%}"] if share >= threshold else [])
        if not busy or time.time() >= deadline:
            return busy if seconds else running
        time.sleep(3)


COMPILERS = {"swift-frontend", "swift-build", "swiftc", "swift-driver", "clang", "cc1", "cc1plus", "ld", "ld.gold", "ld.lld", "swift-autolink-e"}


def compilers_running():
    names = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/comm") as f:
                    name = f.read().strip()
            except OSError:
                continue
            if name in COMPILERS:
                names.append(name)
    return sorted(set(names))


def cpu_busy():
    """(busy, total) jiffies of the whole machine since boot."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return sum(fields) - idle, sum(fields)


def own_ticks():
    """CPU jiffies of this process and all its descendants (servers, chromedriver, Chromium)."""
    parents, ticks = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(pid)] = int(fields[1])
        ticks[int(pid)] = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    mine = {os.getpid()}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                changed = True
    return sum(ticks.get(pid, 0) for pid in mine)


def machine():
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = None
    try:
        with open("/proc/meminfo") as f:
            memory = round(int(f.readline().split()[1]) / 1024 / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    chromium = None
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            chromium = subprocess.run([name, "--version"], capture_output=True, text=True).stdout.strip()
            break
    return {"cpu": model, "cores": os.cpu_count(), "memory_gib": memory, "kernel": platform.release(), "chromium": chromium}


def commit():
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    # --no-optional-locks: a status that never writes the index.
    changed = subprocess.run(["git", "--no-optional-locks", "status", "--porcelain", "--untracked-files=no"],
                             cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return head + ("+dirty" if changed else "")


# ---------------------------------------------------------------------------------------------
# The report


def report_text(result):
    lines = []
    big, small = result["ledgers"]["big"], result["ledgers"]["baseline"]
    m = result["machine"]
    lines.append(f"web-bench · {result['date']} to {result['ended'][-9:]} · commit {result['commit']} (budget built from {result['budget_commit'] or 'unknown'}, "
                 f"app {result['app_version'] or '?'}) · {m['cpu']}, {m['cores']} cores · {m['chromium']}")
    lines.append(f"load average {result['load_before']} before, {result['load_after']} after; machine CPU busy while measuring "
                 f"{result['cpu_busy_percent']} %, other processes' share {result['other_cpu_percent']} % "
                 f"(per run, then scrolling: {', '.join(str(x) for x in result['other_cpu_percent_per_stretch'])} %)")
    lines.append(f"busy at the start: {', '.join(result['compilers_at_start']) or 'no'}; runs started while busy: "
                 f"{sum(1 for c in result['compilers_per_run'] if c)} of {len(result['compilers_per_run'])}")
    lines.append("")
    lines.append(f"First render: navigation start → data-rendered, ms, {result['runs']} fresh loads of each view, warm browser"
                 + (", service worker bypassed" if result["service_worker_bypassed"] else "")
                 + (f", WHAT-IF CSS added: {result['extra_css']}" if result["extra_css"] else ""))
    lines.append(f"(on the {big['rows']:,}-row ledger, medians: shell = DOMContentLoaded; build = the last API answer → rendered. "
                 "ratio = median ÷ the baseline's)")
    header = (f"| view | {big['rows']:,} rows: median | max | shell | build | {small['rows']:,} rows: median | max | ratio | ≤ {TARGET_MS:g} ms |")
    lines.append(header)
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for view in result["views"]:
        b, s = result["render"][big["label"]][view], result["render"][small["label"]][view]
        ratio = f"{b['median'] / s['median']:.2f}×" if b["median"] and s["median"] else "—"
        verdict = "—" if b["median"] is None else ("pass" if b["max"] <= TARGET_MS else ("pass (median)" if b["median"] <= TARGET_MS else "FAIL"))
        errors = f" ({len(b['errors'])} failed)" if b["errors"] else ""
        lines.append(f"| {view} | {fmt(b['median'])} | {fmt(b['max'])} | {fmt(b['domContentLoaded_median'])} | {fmt(b['afterLastAnswer_median'])} | {fmt(s['median'])} | "
                     f"{fmt(s['max'])} | {ratio} | {verdict}{errors} |")
    floor = result["render"].get("floor")
    if floor:
        runs = [ms for view in result["views"] for ms in floor[view]["runs"]]
        lines.append(f"floor — a static page that marks itself rendered as it loads, the same browser, interleaved: "
                     f"median {fmt(median(runs))} ms, max {fmt(max(runs) if runs else None)} ms ({len(runs)} loads)")
    bypassed = result["render"].get(f"{big['label']}, service worker bypassed")
    if bypassed:
        lines.append(f"{big['rows']:,} rows with the service worker bypassed, interleaved, median / max: " + "; ".join(
            f"{view} {fmt(bypassed[view]['median'])} / {fmt(bypassed[view]['max'])}" for view in result["views"]))
    lines.append("")
    lines.append(f"Renderer main thread during a load until rendered, {big['rows']:,} rows, medians, ms: task (all) / script / layout / style")
    lines.append("  " + "; ".join(
        f"{view} " + " / ".join(fmt(result['render'][big['label']][view]['mainThread_median'][k], 0) for k in METRICS.values())
        for view in result["views"]))
    scroll = result.get("scroll")
    if scroll:
        lines.append("")
        if not scroll["paging"]:
            lines.append("Scroll: NO PAGING — " + scroll.get("note", ""))
        else:
            d, f = scroll["scroll_to_rows_ms"], scroll["scroll_to_frame_ms"]
            lines.append(f"Scroll the transaction list to {scroll['target_rows']:,} rows ({big['rows']:,}-row ledger):")
            lines.append(f"  rows in the table: {scroll['rows']:,} ({scroll['distinct_rows']:,} distinct) after {scroll['scrolls']} scrolls, "
                         f"{scroll['seconds']} s; first render showed {scroll['first_rows']:,}")
            lines.append(f"  GET /api/v1/transactions: {scroll['requests']} requests ({scroll['requests_with_before']} with before=), "
                         f"largest limit={scroll['max_limit']}; browser time per request median {fmt(scroll['request_ms']['median'])} ms, "
                         f"max {fmt(scroll['request_ms']['max'])} ms")
            lines.append(f"  scroll → next rows in the table: median {fmt(d['median'])} ms, max {fmt(d['max'])} ms "
                         f"(first 10 {fmt(d['first10_median'])}, last 10 {fmt(d['last10_median'])})")
            lines.append(f"  scroll → the frame after them:   median {fmt(f['median'])} ms, max {fmt(f['max'])} ms "
                         f"(first 10 {fmt(f['first10_median'])}, last 10 {fmt(f['last10_median'])})")
            ph = scroll["phases_ms"]
            lines.append("  where a scroll's time goes, first 10 → last 10 scrolls (medians, ms): "
                         + "; ".join(f"{label} {fmt(ph[name]['first10_median'])} → {fmt(ph[name]['last10_median'])}" for name, label in
                                     [("to_request", "scroll → request"), ("request", "request"), ("to_rows", "answer → rows"),
                                      ("to_frame", "rows → frame")]))
            mt = scroll["main_thread_ms"]
            lines.append("  renderer main thread per scroll, first 10 → last 10 (medians, ms): "
                         + "; ".join(f"{name} {fmt(mt[name]['first10_median'])} → {fmt(mt[name]['last10_median'])}" for name in mt))
            if scroll.get("server_page_ms"):
                p = scroll["server_page_ms"]
                lines.append(f"  server alone, {p['path']}: median {p['median']} ms, max {p['max']} ms")
            heap = scroll.get("js_heap_bytes")
            lines.append(f"  at the end: {scroll['dom_nodes']:,} DOM nodes" + (f", JS heap {heap / 1048576:.1f} MiB" if heap else ""))
            if scroll.get("stopped"):
                lines.append(f"  stopped: {scroll['stopped']}")
    times = result.get("server_times")
    if times:
        lines.append("")
        lines.append(f"API requests each view made before it rendered ({big['rows']:,} rows): browser median ms / server alone median ms")
        for view in result["views"]:
            parts = [f"{t['path']} {fmt(t['browser_ms'])} / {fmt(t['server_ms'])}" + ("" if t["status"] == 200 else f" [{t['status']}]")
                     for t in times.get(view, [])]
            lines.append(f"  {view}: " + ("; ".join(parts) or "none"))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--budget", help="a built `budget` binary (default: build release in --scratch)")
    parser.add_argument("--rows", type=int, default=1_000_000, help="transactions in the big ledger (1,000,000)")
    parser.add_argument("--baseline-rows", type=int, default=100, help="transactions in the baseline ledger (100)")
    parser.add_argument("--runs", type=int, default=5, help="page loads of each view on each ledger (5)")
    parser.add_argument("--views", default=",".join(VIEWS), help="the views to time (all)")
    parser.add_argument("--scroll-rows", type=int, default=10_000, help="rows to scroll through (10,000; 0 skips the case)")
    parser.add_argument("--scroll-timeout", type=float, default=10.0, help="seconds to wait for more rows after a scroll (10)")
    parser.add_argument("--bypass-service-worker", action="store_true",
                        help="requests skip the app's service worker (DevTools Network.setBypassServiceWorker), to see its cost")
    parser.add_argument("--compare-bypass", action="store_true",
                        help="also load each view of the big ledger with the service worker bypassed, interleaved")
    parser.add_argument("--extra-css", default="", help="a what-if: CSS added to every page (e.g. '#tx-table{table-layout:fixed}')")
    parser.add_argument("--no-server-times", action="store_true", help="do not time each view's API requests on the server alone")
    parser.add_argument("--scratch", default=".build-web-bench", help="SwiftPM scratch path and ledger cache (.build-web-bench)")
    parser.add_argument("--wait-quiet", type=float, default=0,
                        help="before each run (and the scroll case), wait up to S seconds until no compiler runs and "
                             "other processes use under 10 %% of the CPU")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--budget-commit", help="the commit the --budget binary was built from, for the report")
    args = parser.parse_args()
    views = [v for v in args.views.split(",") if v]
    unknown = [v for v in views if v not in VIEWS]
    if unknown:
        parser.error(f"unknown views: {', '.join(unknown)} (known: {', '.join(VIEWS)})")

    commit_at_start = commit()
    scratch = os.path.join(ROOT, args.scratch) if not os.path.isabs(args.scratch) else args.scratch
    budget = os.path.abspath(args.budget) if args.budget else build_budget(scratch)
    if not os.access(budget, os.X_OK):
        sys.exit(f"web-bench: {budget} is not an executable")
    data = os.path.join(scratch, "data")
    big_ledger = ledger_for(budget, args.rows, data)
    small_ledger = ledger_for(budget, args.baseline_rows, data)

    compilers = wait_quiet(args.wait_quiet)
    if compilers:
        log(f"warning: the machine is busy ({', '.join(compilers)}): the figures will be slower than on a quiet one")

    servers, driver, floor = [], None, None
    date = datetime.datetime.now(datetime.timezone.utc)
    try:
        big = Server(budget, big_ledger, f"{args.rows:,} rows")
        servers.append(big)
        small = Server(budget, small_ledger, f"{args.baseline_rows:,} rows")
        servers.append(small)
        for server in servers:
            server.wait_caught_up()
            log(f"serving {server.ledger} at {server.url}")
        app_version = None
        driver = browser(args.bypass_service_worker, args.extra_css)
        for server in servers:
            controlled = log_in(driver, server)
            log(f"{server.label}: logged in, service worker {'controls the page' if controlled else 'not in control'}")
        load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
        meter = Meter()
        started = time.time()
        series = [Series(big.label, big), Series(small.label, small)]
        if args.compare_bypass:
            series.append(Series(f"{big.label}, service worker bypassed", big, bypass=True))
        floor = FloorServer()
        series.append(Series("floor", floor, floor=True))
        render = render_case(driver, series, views, args.runs, args.wait_quiet, meter)
        compilers_per_run = render.pop("compilers_per_run")
        scroll = None
        if args.scroll_rows > 0:
            log(f"scrolling the transaction list to {args.scroll_rows:,} rows")
            compilers_scroll = wait_quiet(args.wait_quiet)
            meter.start()
            scroll = scroll_case(driver, big, args.scroll_rows, args.scroll_timeout)
            meter.stop()
            scroll["compilers_at_start"] = compilers_scroll
        load_after = " ".join(f"{x:.2f}" for x in os.getloadavg())
        times = None if args.no_server_times else server_times(big, render[big.label])
        version = subprocess.run([budget, "--version"], capture_output=True, text=True).stdout.strip()
        # The service worker's version: a hash of every file of the app the binary serves.
        status, _, body = big.get("/sw.js", prefix="")
        match = re.search(r'const VERSION\s*=\s*"(\w+)"', body.decode("utf-8", "replace"))
        app_version = match.group(1) if status == 200 and match else None
    finally:
        if floor is not None:
            floor.stop()
        if driver is not None:
            driver.quit()
        for server in servers:
            server.stop()

    result = {
        "date": date.strftime("%Y-%m-%d %H:%M UTC"),
        "ended": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit_at_start,
        "budget_commit": args.budget_commit or (commit_at_start if not args.budget else None),
        "machine": machine(),
        "budget": budget,
        "budget_version": version,
        "app_version": app_version,
        "N": args.rows,
        "runs": args.runs,
        "views": views,
        "target_ms": TARGET_MS,
        "service_worker_bypassed": args.bypass_service_worker,
        "extra_css": args.extra_css or None,
        "ledgers": {"big": {"label": big.label, "rows": args.rows, "path": big_ledger},
                    "baseline": {"label": small.label, "rows": args.baseline_rows, "path": small_ledger}},
        "load_before": load_before,
        "load_after": load_after,
        # The machine's busy time while measuring, and the part that was not this run's (its
        # servers, browser and itself): each render run, then the scroll case.
        **meter.summary(),
        "compilers_at_start": compilers,
        "compilers_per_run": compilers_per_run,
        "seconds": round(time.time() - started, 1),
        "render": render,
        "scroll": scroll,
        "server_times": times,
    }
    print(report_text(result))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
        log(f"written to {args.json}")
    failed = [v for v in views if render[big.label][v]["median"] is None]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
