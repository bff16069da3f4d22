"""Other sites' pages against a real `budget serve`, in headless Chromium.

A page served from another origin (a second small HTTP server on loopback, another port)
submits a text/plain form and a no-cors fetch to the API — from a browser that is logged in
to the ledger, and against a server run with --no-auth — and nothing is recorded. A one-time
login link (or its code typed into the form) logs in, after which the app works in a new tab;
a browser that has not logged in is asked to. The session cookie, which the browser also sends
to a server on another port, is worth nothing there without the key the page keeps; Log out
ends the session.

Run: python3 Tests/browser/test_security.py  (make test runs it after swift test).
"""
import functools
import http.server
import os
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import Server, browser  # noqa: E402

def status_of(url, headers=None, body=None):
    """The HTTP status a plain client (no browser) gets for `url`."""
    request = urllib.request.Request(url, data=body, headers=headers or {}, method="POST" if body else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


FORGED = '{"amount": "666", "name": "Forged", "category": "Food", "account": "Checking", "x": "'

ATTACK_PAGE = """<!doctype html><meta charset="utf-8"><title>cute cats</title>
<iframe id="sink" name="sink"></iframe>
<form id="form" method="POST" action="{api}/transactions" enctype="text/plain" target="sink">
  <input type="hidden" name='{forged}' value='"}}'>
</form>
<script>
  const api = "{api}";
  const attempts = [
    fetch(api + "/transactions", {{method: "POST", mode: "no-cors", credentials: "include",
      headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify({{amount: "667", name: "Forged", category: "Food"}})}}),
    fetch(api + "/undo", {{method: "POST", mode: "no-cors", credentials: "include"}}),
    fetch(api + "/transactions", {{method: "POST", credentials: "include",
      headers: {{"Content-Type": "application/json"}}, body: JSON.stringify({{amount: "668", name: "Forged", category: "Food"}})}}),
  ].map(p => p.then(() => "sent", () => "blocked"));
  document.getElementById("sink").addEventListener("load", () => {{ window.formDone = true; }});
  document.getElementById("form").submit();
  Promise.all(attempts).then(results => {{ window.fetchesDone = results; }});
</script>
"""


class AttackSite:
    """A second HTTP server on loopback serving the attacker's page for `api`."""

    def __init__(self, api):
        self.directory = tempfile.mkdtemp(prefix="budget-evil-")
        with open(os.path.join(self.directory, "index.html"), "w") as page:
            page.write(ATTACK_PAGE.format(api=api, forged=FORGED))
        handler = functools.partial(QuietHandler, directory=self.directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class SecurityTests(unittest.TestCase):
    def attack(self, server, driver, origin_host):
        """Opens the attacker's page (at `origin_host`:its port) and waits for its requests."""
        site = AttackSite(server.url + "/api/v1")
        try:
            before = server.api("GET", "/ledger")["position"]
            driver.get(f"http://{origin_host}:{site.port}/")
            wait = WebDriverWait(driver, 20)
            wait.until(lambda d: d.execute_script("return window.formDone === true && Array.isArray(window.fetchesDone)"))
            time.sleep(0.5)  # anything that got through has been recorded by now
            after = server.api("GET", "/ledger")["position"]
            self.assertEqual(after, before, f"a page at {origin_host} wrote to the ledger")
            names = [row["name"] for row in server.api("GET", "/transactions?limit=50")["rows"]]
            self.assertNotIn("Forged", names)
        finally:
            site.stop()

    def test_1_logged_in_browser_visiting_other_sites_records_nothing(self):
        server = Server()
        driver = browser()
        try:
            driver.get(server.login_url)
            WebDriverWait(driver, 20).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            # The same site on another port (the cookie goes along), and another site.
            self.attack(server, driver, "127.0.0.1")
            self.attack(server, driver, "localhost")
        finally:
            driver.quit()
            server.stop()

    def test_2_server_without_auth_records_nothing_from_other_sites(self):
        server = Server(extra_arguments=["--no-auth"])
        driver = browser()
        try:
            self.attack(server, driver, "127.0.0.1")
            self.attack(server, driver, "localhost")
        finally:
            driver.quit()
            server.stop()

    def test_3_login_link_logs_in_and_a_new_tab_needs_nothing_more(self):
        server = Server()
        driver = browser()
        wait = WebDriverWait(driver, 20, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])
        try:
            # Not logged in: the app asks, and shows no data.
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_element(By.ID, "login-dialog").get_attribute("open") is not None)
            # The login link: the cookie is set, the address bar is clean, the app renders.
            driver.get(server.login_url)
            wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            self.assertTrue(driver.current_url.startswith(server.url + "/"))
            self.assertNotIn("code=", driver.current_url, "the code has left the address bar")
            cookie = next(c for c in driver.get_cookies() if c["name"].startswith("budget_session_"))
            self.assertTrue(cookie["httpOnly"])
            self.assertEqual(cookie["sameSite"], "Strict")
            self.assertEqual(driver.execute_script("return document.cookie"), "", "scripts cannot read the session")
            # The link worked once: opened again (from the history, say), it logs nobody in.
            self.assertEqual(status_of(server.login_url), 401)
            # A new tab: nothing typed, the sheets and the live stream work.
            driver.switch_to.new_window("tab")
            driver.get(server.url + "/#transactions")
            wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)
            self.assertIsNone(driver.find_element(By.ID, "login-dialog").get_attribute("open"))
            # Typing a code from budget login-link into the form logs in too (a fresh browser).
            driver.delete_all_cookies()
            driver.execute_script("localStorage.clear()")
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_element(By.ID, "login-dialog").get_attribute("open") is not None)
            code = server.new_login_url().split("code=")[1]
            driver.find_element(By.ID, "login-code").send_keys(code.lower())
            driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
            wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)
        finally:
            driver.quit()
            server.stop()

    def test_5_a_cookie_sent_to_another_port_is_worth_nothing_and_log_out_ends_the_session(self):
        server = Server()
        driver = browser()
        wait = WebDriverWait(driver, 20, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])
        seen = []

        class Catcher(http.server.BaseHTTPRequestHandler):
            """Another local program's server: it keeps the cookies browsers send it."""

            def do_GET(self):
                seen.append(self.headers.get("Cookie") or "")
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(b"<!doctype html><title>nothing to see</title>")

            def log_message(self, *arguments):
                pass

        catcher = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Catcher)
        threading.Thread(target=catcher.serve_forever, daemon=True).start()
        try:
            driver.get(server.login_url)
            wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            # The logged-in browser follows a link to the other program's port: cookies ignore
            # ports, so the session cookie goes along.
            driver.get(f"http://127.0.0.1:{catcher.server_address[1]}/")
            cookie = next((c for c in seen if "budget_session_" in c), None)
            self.assertIsNotNone(cookie, "the browser sent the session cookie to the other port")
            # Replayed from there, it reads and writes nothing.
            before = server.api("GET", "/ledger")["position"]
            self.assertEqual(status_of(server.url + "/api/v1/ledger", {"Cookie": cookie}), 401)
            self.assertEqual(status_of(server.url + "/api/v1/devices", {"Cookie": cookie, "Content-Type": "application/json"}, body=b'{"name": "evil"}'), 401)
            self.assertEqual(server.api("GET", "/ledger")["position"], before)
            self.assertEqual(server.api("GET", "/devices")["items"], [])
            # The owner's own tab still works; Log out ends the session for good.
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            self.assertEqual(len(server.api("GET", "/sessions")["items"]), 1)
            driver.find_element(By.ID, "logout").click()
            wait.until(lambda d: d.find_element(By.ID, "login-dialog").get_attribute("open") is not None)
            self.assertEqual(server.api("GET", "/sessions")["items"], [])
            driver.get(server.url + "/")
            wait.until(lambda d: d.find_element(By.ID, "login-dialog").get_attribute("open") is not None)
        finally:
            catcher.shutdown()
            driver.quit()
            server.stop()

    def test_4_the_app_cannot_be_framed_by_another_site(self):
        server = Server()
        driver = browser()
        directory = tempfile.mkdtemp(prefix="budget-frame-")
        with open(os.path.join(directory, "index.html"), "w") as page:
            page.write(f'<!doctype html><iframe id="f" src="{server.url}/"></iframe>')
        handler = functools.partial(QuietHandler, directory=directory)
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        try:
            driver.get(server.login_url)
            driver.get(f"http://localhost:{httpd.server_address[1]}/")
            time.sleep(2)
            driver.switch_to.frame("f")
            # A refused frame shows the browser's error page, not the app.
            self.assertEqual(driver.find_elements(By.ID, "view-budget"), [])
        finally:
            httpd.shutdown()
            driver.quit()
            server.stop()


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"browser security: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
