"""The live feed never wipes a form being filled in, in headless Chromium against `budget
serve` on the demo ledger: another client's write waits, said so, until the form is sent.

Run: python3 Tests/browser/test_live.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import TODAY, ViewTestCase  # noqa: E402


class LiveRefreshTests(ViewTestCase):
    def names_shown(self):
        return self.driver.execute_script("return [...document.querySelectorAll('#tx-table .tx-name')].map((td) => td.firstChild.textContent)")

    def test_a_write_elsewhere_waits_while_a_form_is_half_filled(self):
        # Given the transaction form half filled, the focus gone to a button
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)
        self.wait.until(lambda d: d.find_element(By.ID, "tx-name")).send_keys("Hardware store")
        self.driver.find_element(By.ID, "tx-amount").send_keys("19.90")
        self.driver.execute_script("document.getElementById('tx-split').focus()")
        # When another client records a transaction
        self.server.api("POST", "/transactions", {"amount": "3", "name": "Newsagent", "category": "Food", "account": "Checking", "date": TODAY})
        # Then the page says newer changes wait, and what was typed is still there
        self.wait.until(lambda d: "wait" in d.find_element(By.ID, "live").text)
        self.assertEqual(self.driver.find_element(By.ID, "tx-name").get_attribute("value"), "Hardware store")
        self.assertEqual(self.driver.find_element(By.ID, "tx-amount").get_attribute("value"), "19.90")
        self.assertNotIn("Newsagent", self.names_shown())
        # When the form is sent, then both transactions show
        self.driver.execute_script("document.getElementById('tx-category').value = 'Food'")
        self.driver.execute_script("document.getElementById('tx-account').value = 'Checking'")
        self.driver.find_element(By.ID, "tx-save").click()
        self.wait.until(lambda d: {"Hardware store", "Newsagent"} <= set(self.names_shown()))

    def test_without_a_form_touched_a_write_elsewhere_shows_at_once(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)
        self.server.api("POST", "/transactions", {"amount": "4", "name": "Kiosk", "category": "Food", "account": "Checking", "date": TODAY})
        self.wait.until(lambda d: "Kiosk" in self.names_shown())


if __name__ == "__main__":
    unittest.main()
