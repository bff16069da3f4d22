"""Installable and offline, in headless Chromium against a real `budget serve` on the demo
ledger: the page names a web app manifest with an icon, a service worker keeps the app and the
last answers seen, and with the server stopped the app still opens — the budget sheet as it
was last seen, a note that it is offline and read only, and a write refused with that reason.

Run: python3 Tests/browser/test_offline.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class OfflineTests(ViewTestCase):
    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open_budget(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#budget")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        self.wait.until(lambda d: d.find_element(By.ID, "remaining").text)

    def test_1_a_manifest_with_an_icon(self):
        self.open_budget()
        manifest = self.driver.execute_async_script("""const done = arguments[arguments.length - 1];
            fetch(document.querySelector('link[rel=manifest]').href).then(r => r.text()).then(done, (e) => done(String(e)))""")
        manifest = json.loads(manifest)
        self.assertEqual(manifest["start_url"], "/")
        self.assertEqual(manifest["display"], "standalone")
        icon = manifest["icons"][0]["src"]
        status = self.driver.execute_async_script("""const done = arguments[arguments.length - 1];
            fetch(arguments[0]).then(r => done([r.status, r.headers.get('Content-Type')]), (e) => done(String(e)))""", icon)
        self.assertEqual(status, [200, "image/svg+xml"])

    def copies(self):
        return self.driver.execute_async_script("""const done = arguments[arguments.length - 1];
            caches.open('budget-data').then(c => c.keys()).then(k => done(k.length), () => done(-1))""")

    def test_1b_log_out_and_an_ended_login_delete_the_copies(self):
        # Given the app controlled by its worker and the budget sheet seen: copies are kept
        self.open_budget()
        self.wait.until(lambda d: self.script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))
        self.open_budget()
        self.wait.until(lambda d: self.copies() > 0)
        # When the person logs out, they are gone
        self.driver.find_element(By.ID, "logout").click()
        self.wait.until(lambda d: self.copies() == 0)
        # Given a new login and copies again, when the server says the login has ended (its
        # sessions logged out elsewhere), they are gone too
        self.driver.get(self.server.new_login_url())
        self.open_budget()
        self.wait.until(lambda d: self.copies() > 0)
        listed = self.server.api("GET", "/sessions")
        for session in (listed["items"] if isinstance(listed, dict) else listed):
            self.server.api("DELETE", f"/sessions/{session['id']}")
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#budget")
        self.wait.until(lambda d: self.copies() == 0)
        self.driver.get(self.server.new_login_url())

    def test_2_with_the_server_stopped_the_app_opens_read_only_with_what_it_last_saw(self):
        # Given the app opened once, its service worker in charge, and the budget sheet seen
        self.open_budget()
        self.wait.until(lambda d: self.script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))
        self.open_budget()
        remaining = self.driver.find_element(By.ID, "remaining").text
        food = self.script("return document.querySelector('#view-budget').textContent.includes('Food')")
        self.assertTrue(food)
        self.assertFalse(self.driver.find_element(By.ID, "offline-note").is_displayed())
        # When the server stops and the app is opened again
        self.server.process.terminate()
        self.server.process.wait(timeout=10)
        self.open_budget()
        # Then the sheet shows what was last seen, with a note that it is offline and read only
        self.assertEqual(self.driver.find_element(By.ID, "remaining").text, remaining)
        note = self.driver.find_element(By.ID, "offline-note")
        self.assertTrue(note.is_displayed())
        self.assertIn("read only", note.text)
        # And a write is refused, saying why, without reaching anything
        message = self.driver.execute_async_script("""const done = arguments[arguments.length - 1];
            BL.api('POST', '/transactions', {name: 'x', amount: '1.00'}).then(() => done('written'), (e) => done(e.message))""")
        self.assertIn("Offline", message)
        # When the server is back at the same address, the app sees it by itself: no note, live figures
        port = self.server.url.rsplit(":", 1)[1]
        self.server.process = subprocess.Popen(
            [budget_binary(), "serve", "--ledger", self.server.ledger, "--port", port],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.server.env)
        WebDriverWait(self.driver, 30).until(lambda d: not d.find_element(By.ID, "offline-note").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "remaining").text, remaining)
        self.assertFalse(self.script("return BL.offline"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
