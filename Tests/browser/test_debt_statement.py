"""A debt's statement and posting its interest, in headless Chromium against `budget serve` on
the demo ledger: the name opens the months, a refused month changes nothing, a posted one shows
in the statement — checked through the CLI.

Run: python3 Tests/browser/test_debt_statement.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class DebtStatementTests(ViewTestCase):
    def statement(self, name):
        output = subprocess.run(
            [budget_binary(), "debt", "statement", name, "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return {m["month"]: m for m in json.loads(output)["months"]}

    def test_the_statement_opens_and_a_months_interest_is_posted(self):
        # Given the demo's credit card, opened in March
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#debts")
        # When its name is tapped, then its months show, March with the rule's interest expected
        self.wait.until(lambda d: d.find_element(By.XPATH, "//tr[@data-debt='Credit card']//button")).click()
        march = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#debt-statement-months tr[data-month='2024-03']"))
        self.assertIn(f"{self.statement('Credit card')['2024-03']['expectedInterest']} expected", march.text)
        # When interest is posted for February (the default, last month), then the server's
        # refusal shows and nothing is recorded
        head = self.server.api("GET", "/ledger")["position"]
        self.driver.find_element(By.ID, "debt-interest-submit").click()
        alert = self.wait.until(lambda d: d.find_element(By.ID, "debt-interest-alert").text)
        self.assertIn("starts in 2024-03", alert)
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head)
        # When March's statement amount is posted, then the statement shows it charged
        month = self.driver.find_element(By.ID, "debt-interest-month")
        self.driver.execute_script("arguments[0].value = '2024-03'", month)
        self.driver.find_element(By.ID, "debt-interest-amount").send_keys("8.40")
        self.driver.find_element(By.ID, "debt-interest-submit").click()
        self.wait.until(lambda d: self.statement("Credit card")["2024-03"].get("interestCharged") == "8.40")
        self.wait.until(lambda d: "8.40" in d.find_element(By.CSS_SELECTOR, "#debt-statement-months tr[data-month='2024-03']").text)
        self.driver.find_element(By.ID, "debt-statement-close").click()


if __name__ == "__main__":
    unittest.main()
