"""Installable and offline, in headless Chromium against a real `budget serve` on the demo
ledger: the page names a web app manifest with an icon, a service worker keeps the app and the
last answers seen, and with the server stopped the app still opens — the budget sheet as it
was last seen, a note that it is offline and read only, and a write refused with that reason.

Run: python3 Tests/browser/test_offline.py (Tests/browser/run.sh runs it).
"""
import json
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402


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


if __name__ == "__main__":
    unittest.main(verbosity=2)
