"""Debts' forms in headless Chromium against `budget serve` on the demo ledger: a debt added on
an account, a refused one that adds nothing, and a debt's terms changed from a date on — each
checked through the CLI.

Run: python3 Tests/browser/test_debt_forms.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class DebtFormTests(ViewTestCase):
    def debts(self):
        output = subprocess.run(
            [budget_binary(), "debt", "list", "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return {d["name"]: d for d in json.loads(output)}

    def type_into(self, element_id, text):
        field = self.driver.find_element(By.ID, element_id)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys(text)

    def submit(self, element_id):
        button = self.driver.find_element(By.ID, element_id)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    def open_debts(self):
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#debts")
        self.wait.until(lambda d: d.find_element(By.ID, "debt-add"))

    def test_a_debt_is_added_and_a_refused_one_adds_nothing(self):
        # Given the Debts view, and a new store card account with no debt on it
        self.server.api("POST", "/accounts", {"name": "Store card", "type": "credit-card"}, {"Idempotency-Key": "store-card"})
        self.open_debts()
        self.assertNotIn("Store card", self.debts())
        # When a debt is added on the family loan, which has its debt already
        self.type_into("debt-name", "Store card")
        Select(self.driver.find_element(By.ID, "debt-account")).select_by_visible_text("Family loan")
        self.type_into("debt-apr", "24.90")
        self.type_into("debt-minimum", "25.00")
        self.type_into("debt-due-day", "5")
        self.submit("debt-add-submit")
        # Then the server's reason shows, and nothing was added
        self.assertIn("already", self.wait.until(lambda d: d.find_element(By.ID, "debt-add-alert").text))
        self.assertNotIn("Store card", self.debts())
        # When its own account is chosen, then the debt is there with its terms
        Select(self.driver.find_element(By.ID, "debt-account")).select_by_visible_text("Store card")
        self.submit("debt-add-submit")
        self.wait.until(lambda d: "Store card" in self.debts())
        card = self.debts()["Store card"]
        self.assertEqual((card["account"], card["kind"], card["apr"], card["minimum"]), ("Store card", "credit-card", "24.90", "25.00"))

    def test_a_debts_terms_change_from_a_date_on(self):
        # Given the car loan at 190.00 a month
        self.open_debts()
        self.assertEqual(self.debts()["Car loan"]["minimum"], "190.00")
        # When its minimum becomes 250.00 from April
        Select(self.driver.find_element(By.ID, "debt-terms-debt")).select_by_visible_text("Car loan")
        self.type_into("debt-terms-minimum", "250.00")
        self.driver.execute_script("document.getElementById('debt-terms-from').value = '2024-04-01'")
        self.submit("debt-terms-submit")
        # Then March keeps its terms and April has the new ones
        self.wait.until(lambda d: len(self.debts()["Car loan"]["terms"]) == 2)
        terms = {t["from"]: t for t in self.debts()["Car loan"]["terms"]}
        self.assertEqual(terms["2024-03-01"]["minimum"], "190.00")
        self.assertEqual(terms["2024-04-01"]["minimum"], "250.00")
        self.assertEqual(terms["2024-04-01"]["apr"], "6.90")


if __name__ == "__main__":
    unittest.main(verbosity=2)
