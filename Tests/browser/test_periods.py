"""Expense periods on the Ledger view, in headless Chromium against `budget serve` on the demo
ledger: open one, close it after a yes (its days then refuse a transaction), reopen it with a
reason — a missing reason refused with the server's message — each checked through the CLI.

Run: python3 Tests/browser/test_periods.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import unittest
import urllib.error

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class PeriodTests(ViewTestCase):
    def periods(self):
        output = subprocess.run(
            [budget_binary(), "period", "list", "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return {p["name"]: p for p in json.loads(output)}

    def click(self, element_id, by=By.ID):
        """Clicks the element once it is there; a view redrawn by the live feed meanwhile
        (a stale element) is looked up again."""
        def clicked(driver):
            button = driver.find_element(by, element_id)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            return True
        self.wait.until(clicked)

    def test_open_close_and_reopen_a_period(self):
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#ledger")
        # When a period is opened from the form
        self.wait.until(lambda d: d.find_element(By.ID, "period-name")).send_keys("Spring fair")
        self.driver.execute_script("document.getElementById('period-start').value = '2024-03-01'")
        self.driver.execute_script("document.getElementById('period-end').value = '2024-03-15'")
        self.click("period-open-submit")
        # Then the ledger has it, open
        self.wait.until(lambda d: "Spring fair" in self.periods())
        fair = self.periods()["Spring fair"]
        self.assertEqual((fair["start"], fair["end"], fair["closed"]), ("2024-03-01", "2024-03-15", False))
        # When it is closed, after a yes
        self.click("tr[data-period='Spring fair'] button", By.CSS_SELECTOR)
        self.click("period-confirm-yes")
        self.wait.until(lambda d: self.periods()["Spring fair"]["closed"])
        # Then a transaction on its days is refused
        with self.assertRaises(urllib.error.HTTPError):
            self.server.api("POST", "/transactions", {"amount": "5", "name": "Stall", "category": "Food", "account": "Checking", "date": "2024-03-10"})
        # When reopening is asked without a reason, then the server's message shows, nothing changes
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "tr[data-period='Spring fair'] .period-state").text == "closed")
        self.click("tr[data-period='Spring fair'] button", By.CSS_SELECTOR)
        head = self.server.api("GET", "/ledger")["position"]
        self.click("period-reopen-submit")
        self.assertIn("reason", self.wait.until(lambda d: d.find_element(By.ID, "period-alert").text))
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head)
        # When a reason is given, then it is open again
        self.driver.find_element(By.ID, "period-reason").send_keys("a late receipt")
        self.click("period-reopen-submit")
        self.wait.until(lambda d: not self.periods()["Spring fair"]["closed"])


if __name__ == "__main__":
    unittest.main()
