"""Transfers in the Transactions sheet, in headless Chromium at phone size, against a real
`budget serve` on the demo ledger: make one by typing and tapping, see a refusal change
nothing, amend it and cancel it — each checked with the `budget` command line.

Run: python3 Tests/browser/test_transfers.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import unittest
from decimal import Decimal

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class TransferTests(ViewTestCase):
    window = (360, 640)

    def cli(self, *arguments):
        output = subprocess.run(
            [budget_binary(), *arguments, "--ledger", self.server.ledger, "--json"],
            capture_output=True, text=True, env=self.server.env, check=True).stdout
        return json.loads(output)

    def balances(self):
        return {a["name"]: a["balance"] for a in self.cli("account", "list")}

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open_transactions(self):
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#tx-table tbody tr"))

    def type_into(self, element_id, text):
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text)

    def submit(self, button_id="tx-save"):
        marker = self.script("return document.body.dataset.rendered")
        button = self.driver.find_element(By.ID, button_id)
        self.script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait.until(lambda d: self.script("return document.body.dataset.rendered") != marker
                        or self.script("return [...document.querySelectorAll('#tx-form .field-error')].some(n => n.textContent)"))

    def choose(self, element_id, value):
        Select(self.driver.find_element(By.ID, element_id)).select_by_value(value)

    def edit_row(self, text):
        """Taps the row whose name holds `text` (retried: the view re-renders on each write)."""
        def tap(driver):
            row = driver.find_element(By.XPATH, f"//tr[td[contains(@class,'tx-name') and contains(., '{text}')]]")
            self.script("arguments[0].scrollIntoView({block: 'center'})", row)
            row.click()
            return driver.find_element(By.ID, "tx-form-title").text == "Edit transfer"
        self.wait.until(tap)

    def visible(self, element_id):
        return self.driver.find_element(By.ID, element_id).is_displayed()

    def test_1_make_a_transfer_and_a_refusal_changes_nothing(self):
        # Given the demo ledger on a phone, when the form's type is set to transfer
        self.open_transactions()
        self.choose("tx-type", "transfer")
        # Then it asks for the account the money goes to, and no category
        self.assertTrue(self.visible("tx-to"))
        self.assertFalse(self.visible("tx-category"))
        self.assertFalse(self.visible("tx-notes"))
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, "label[for=tx-account]").text, "From account")
        # When a transfer to the same account is tried, the server's refusal shows and nothing changes
        before = self.balances()
        self.type_into("tx-amount", "120.00")
        self.choose("tx-account", "Checking")
        self.choose("tx-to", "Checking")
        self.submit()
        errors = self.script("return [...document.querySelectorAll('#tx-form .field-error')].map(n => n.textContent).join(' ')")
        self.assertTrue(errors.strip(), "a refusal is shown")
        self.assertEqual(self.balances(), before)
        # When 120.00 moves from Checking to Savings
        self.choose("tx-to", "Savings")
        self.type_into("tx-name", "holiday pot")
        self.submit()
        # Then the command line sees both balances moved by 120.00
        after = self.balances()
        self.assertEqual(Decimal(after["Checking"]), Decimal(before["Checking"]) - Decimal("120.00"))
        self.assertEqual(Decimal(after["Savings"]), Decimal(before["Savings"]) + Decimal("120.00"))
        # And the form is back to an ordinary transaction
        self.assertEqual(self.driver.find_element(By.ID, "tx-type").get_attribute("value"), "expense")
        self.assertTrue(self.visible("tx-category"))
        self.assertFalse(self.visible("tx-to"))

    def test_2_amend_then_cancel_a_transfer(self):
        self.open_transactions()
        before = self.balances()
        self.server.api("POST", "/transfers", {"amount": "50.00", "from": "Checking", "to": "Savings", "note": "rainy day"})
        self.open_transactions()
        # When its row (shown live) is tapped, the form edits the transfer: its amount and note filled in
        self.edit_row("rainy day")
        self.assertEqual(self.driver.find_element(By.ID, "tx-amount").get_attribute("value"), "50.00")
        self.assertEqual(self.driver.find_element(By.ID, "tx-name").get_attribute("value"), "rainy day")
        # When the amount is changed to 80.00 and saved
        self.type_into("tx-amount", "80.00")
        self.submit()
        after = self.balances()
        self.assertEqual(Decimal(after["Savings"]), Decimal(before["Savings"]) + Decimal("80.00"))
        # When it is cancelled (tap, Delete, confirm)
        self.edit_row("rainy day")
        delete = self.driver.find_element(By.ID, "tx-delete")
        self.script("arguments[0].scrollIntoView({block: 'center'})", delete)
        delete.click()
        self.submit("tx-confirm-yes")
        # Then the balances are as before it was made
        self.assertEqual(self.balances(), before)


if __name__ == "__main__":
    unittest.main(verbosity=2)
