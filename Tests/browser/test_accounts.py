"""The Accounts view in headless Chromium, at phone size, against a real `budget serve` on the
demo ledger: open, rename, correct, change the role of, close and reopen an account by typing
and tapping, each checked with the `budget` command line on the ledger file.

Run: python3 Tests/browser/test_accounts.py (Tests/browser/run.sh runs it).
Saves docs/screenshots/accounts-phone.png.
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


class AccountsViewTests(ViewTestCase):
    window = (360, 640)

    def cli_accounts(self):
        output = subprocess.run(
            [budget_binary(), "account", "list", "--ledger", self.server.ledger, "--json"],
            capture_output=True, text=True, env=self.server.env, check=True).stdout
        return {a["name"]: a for a in json.loads(output)}

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open_accounts(self):
        self.driver.get(f"{self.server.url}/#accounts")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#accounts-list tbody tr"))

    def type_into(self, element_id, text):
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text)

    def tap(self, element_id, answer=None):
        """Taps a button and waits for the view to render again (or for its refusal)."""
        marker = self.script("return document.body.dataset.rendered")
        button = self.driver.find_element(By.ID, element_id)
        self.script("arguments[0].scrollIntoView({block: 'center'})", button)  # clear of the toast at the foot
        button.click()
        if answer is not None:  # a button that asks first: answer it (no: nothing is sent)
            alert = self.driver.switch_to.alert
            self.question = alert.text
            alert.accept() if answer else alert.dismiss()
            if not answer:
                return
        self.wait.until(lambda d: self.script("return document.body.dataset.rendered") != marker
                        or self.script("return !!document.querySelector('.form-alert:not(:empty)')"))

    def shown(self, name):
        return self.script("""const row = document.querySelector(`#accounts-list tr[data-account="${arguments[0]}"]`);
            return row && {balance: row.querySelector('.balance').dataset.balance, role: row.querySelector('.role').textContent,
                           status: row.querySelector('.status').textContent}""", name)

    def manage(self, name):
        # The view re-renders when the log moves (the write just made), so the tap is retried.
        def tap(driver):
            driver.find_element(By.CSS_SELECTOR, f'#accounts-list tr[data-account="{name}"] button.manage').click()
            return True
        self.wait.until(tap)
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, f'#account-change[data-account="{name}"]'))

    def test_1_the_list_is_the_ledgers_and_fits_a_phone(self):
        # Given the demo ledger, when the Accounts view opens on a 360 px phone
        self.open_accounts()
        cli = self.cli_accounts()
        # Then every account shows with the balance and role the command line gives
        names = self.script("return [...document.querySelectorAll('#accounts-list tbody tr')].map(r => r.dataset.account)")
        self.assertEqual(sorted(names), sorted(cli))
        for name, account in cli.items():
            self.assertEqual(self.shown(name)["balance"], account["balance"], name)
            self.assertEqual(self.shown(name)["role"], account["role"], name)
        # And nothing scrolls sideways; the form's fields and buttons are 44 px tall
        self.assertLessEqual(self.script("return document.documentElement.scrollWidth"), 360)
        table = self.script("const t = document.getElementById('accounts-list'); return [t.scrollWidth, t.clientWidth]")
        self.assertLessEqual(table[0], table[1], "the table fits without scrolling inside it")
        heights = self.script("return [...document.querySelectorAll('#account-open input, #account-open select, #account-open button')]"
                              ".map(n => n.getBoundingClientRect().height)")
        self.assertTrue(heights and min(heights) >= 44, heights)
        self.driver.save_screenshot(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "screenshots", "accounts-phone.png"))

    def test_2_open_an_account_and_a_refusal_changes_nothing(self):
        self.open_accounts()
        # When a savings account is opened with 250.00 by typing and tapping
        self.type_into("account-open-name", "Holiday fund")
        Select(self.driver.find_element(By.ID, "account-open-type")).select_by_value("savings")
        self.type_into("account-open-opening", "250.00")
        self.tap("account-open-submit")
        self.wait.until(lambda d: self.shown("Holiday fund"))
        # Then the command line sees it, with its balance
        self.assertEqual(self.cli_accounts()["Holiday fund"]["balance"], "250.00")
        self.assertEqual(self.shown("Holiday fund")["balance"], "250.00")
        # When the same name is opened again
        before = self.cli_accounts()
        self.type_into("account-open-name", "Holiday fund")
        self.tap("account-open-submit")
        # Then the server's refusal shows beside the form, and the ledger is unchanged
        alert = self.driver.find_element(By.ID, "account-open-alert").text
        self.assertIn("Holiday fund", alert)
        self.assertEqual(self.cli_accounts(), before)

    def test_3_rename_correct_role_close_and_reopen(self):
        self.open_accounts()
        if not self.shown("Holiday fund"):
            self.server.api("POST", "/accounts", {"name": "Holiday fund", "type": "savings", "opening": "250.00"})
            self.open_accounts()
        # When it is renamed
        self.manage("Holiday fund")
        self.type_into("account-rename", "Trip fund")
        self.tap("account-rename-submit")
        self.wait.until(lambda d: self.shown("Trip fund"))
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '#account-change[data-account="Trip fund"]').is_displayed())
        self.assertIn("Trip fund", self.cli_accounts())
        self.assertNotIn("Holiday fund", self.cli_accounts())
        # When it is made a tracking account
        self.manage("Trip fund")
        Select(self.driver.find_element(By.ID, "account-role")).select_by_value("tracking")
        self.tap("account-role-submit")
        self.wait.until(lambda d: self.shown("Trip fund")["role"] == "tracking")
        self.assertEqual(self.cli_accounts()["Trip fund"]["role"], "tracking")
        # When it is closed while it holds money, the refusal says its balance and nothing changes
        self.manage("Trip fund")
        self.tap("account-close-submit", answer=True)
        refusal = self.driver.find_element(By.ID, "account-change-alert").text
        self.assertIn("250", refusal)
        self.assertNotIn("force", refusal, "the page's words, not the API's")
        self.assertTrue(self.driver.find_element(By.ID, "account-close-force").is_displayed())
        self.assertFalse(self.cli_accounts()["Trip fund"]["closed"])
        # When its opening balance is corrected to zero, it closes
        self.type_into("account-opening", "0")
        self.tap("account-opening-submit")
        self.wait.until(lambda d: self.shown("Trip fund")["balance"] == "0.00")
        self.manage("Trip fund")
        # (asked first: answered no, nothing changes; then yes)
        self.tap("account-close-submit", answer=False)
        self.assertIn("Close Trip fund?", self.question)
        self.assertFalse(self.cli_accounts()["Trip fund"]["closed"])
        self.tap("account-close-submit", answer=True)
        self.wait.until(lambda d: self.shown("Trip fund")["status"] == "closed")
        self.assertIn("closed", self.driver.find_element(By.CSS_SELECTOR, '#accounts-list tr[data-account="Trip fund"] th').text,
                      "a closed account says so at phone width too")
        self.assertTrue(self.cli_accounts()["Trip fund"]["closed"])
        # And it reopens with a reason
        self.manage("Trip fund")
        self.type_into("account-reopen-reason", "saving again")
        self.tap("account-reopen-submit")
        self.wait.until(lambda d: self.shown("Trip fund")["status"] == "open")
        self.assertFalse(self.cli_accounts()["Trip fund"]["closed"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
