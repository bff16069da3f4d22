"""Undo and Redo in the web app's header, in headless Chromium against a real `budget serve` on
the demo ledger.

Run: python3 Tests/browser/test_undo.py (Tests/browser/run.sh runs it).
Each click is checked against the API: what the toast says, and what the ledger holds.
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import TODAY, ViewTestCase  # noqa: E402


class UndoRedoTests(ViewTestCase):
    def open_app(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        self.wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)

    def toast(self, starting):
        """The toast's text once it starts with `starting`."""
        def shown(driver):
            toast = driver.find_element(By.ID, "toast")
            return toast.text if toast.is_displayed() and toast.text.startswith(starting) else None
        try:
            return self.wait.until(shown)
        except Exception:
            print(self.driver.find_element(By.ID, "toast").text, self.driver.get_log("browser"))
            raise

    def cafe_rows(self):
        return self.server.api("GET", "/transactions/search?q=Corner%20Cafe")["rows"]

    def test_undo_then_redo_then_nothing_to_redo(self):
        self.server.api("POST", "/transactions", {"amount": "12.34", "name": "Corner Cafe", "category": "Food", "account": "Checking", "date": TODAY})
        self.open_app()
        self.assertEqual(len(self.cafe_rows()), 1)

        self.driver.find_element(By.ID, "undo").click()
        self.assertEqual(self.toast("Undone"), "Undone: transaction 'Corner Cafe' 12.34 deleted")
        self.assertEqual(self.cafe_rows(), [])

        self.driver.find_element(By.ID, "redo").click()
        self.assertEqual(self.toast("Redone"), "Redone: transaction 'Corner Cafe' 12.34 restored")
        self.assertEqual(len(self.cafe_rows()), 1)

        # Redone already: the server refuses, the toast says why, and nothing is recorded.
        head = self.server.api("GET", "/ledger")["position"]
        self.driver.find_element(By.ID, "redo").click()
        message = self.toast("redo: nothing to redo")
        self.assertIn("error", self.driver.find_element(By.ID, "toast").get_attribute("class"))
        self.assertIn("nothing to redo", message)
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head)


if __name__ == "__main__":
    unittest.main(verbosity=2)
