"""Bringing a deleted transaction back, in headless Chromium against a real `budget serve` on
the demo ledger: from the toast right after the delete, and later from its history.

Run: python3 Tests/browser/test_restore.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import TODAY, ViewTestCase  # noqa: E402


class RestoreTests(ViewTestCase):
    def add(self, name):
        """Records a transaction named `name` (a word the demo's names do not hold) and
        answers its id."""
        self.server.api("POST", "/transactions", {"amount": "7.25", "name": name, "category": "Food", "account": "Checking", "date": TODAY})
        return self.server.api("GET", f"/transactions/search?q={name}")["rows"][0]["id"]

    def found(self, name):
        return self.server.api("GET", f"/transactions/search?q={name}")["rows"]

    def delete_in_the_form(self, transaction):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, f"#tx-table tr[data-id='{transaction}']")).click()
        self.wait.until(lambda d: d.find_element(By.ID, "tx-delete")).click()
        self.wait.until(lambda d: d.find_element(By.ID, "tx-confirm-yes")).click()
        self.wait.until(lambda d: d.find_element(By.ID, "toast").is_displayed() and "deleted" in d.find_element(By.ID, "toast").text)

    def test_the_toast_after_a_delete_restores_it(self):
        # Given a transaction deleted in the form
        transaction = self.add("Quince")
        self.delete_in_the_form(transaction)
        self.assertEqual(self.found("Quince"), [])
        # When the user taps Restore in the toast
        self.driver.find_element(By.CSS_SELECTOR, "#toast .toast-action").click()
        # Then it is back as it was
        self.wait.until(lambda d: self.found("Quince"))
        row = self.found("Quince")[0]
        self.assertEqual((row["id"], row["amount"], row["category"]), (transaction, "-7.25", "Food"))
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#tx-table tr[data-id='{transaction}']"))

    def test_a_deleted_transaction_is_restored_from_its_history(self):
        # Given a transaction deleted a while ago
        transaction = self.add("Quoll")
        self.server.api("DELETE", f"/transactions/{transaction}")
        # When the user opens the log's latest events, follows the deleted one to its history
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#history")
        stream = f"transaction-{transaction}"
        self.wait.until(lambda d: d.find_element(By.XPATH, f"//table[@id='event-log']//button[text()='{stream}']")).click()
        self.wait.until(lambda d: stream in d.find_element(By.CSS_SELECTOR, "#history-table caption").text)
        # and taps Restore
        self.wait.until(lambda d: d.find_element(By.ID, "history-restore")).click()
        # Then its history ends with the restore, and it counts again
        history = lambda: [entry["event"] for entry in self.server.api("GET", f"/history/transaction/{transaction}")["entries"]]
        self.wait.until(lambda d: history()[-1] == "TransactionRestored")
        self.assertEqual([row["id"] for row in self.found("Quoll")], [transaction])
        self.wait.until(lambda d: not d.find_elements(By.ID, "history-restore"))


if __name__ == "__main__":
    unittest.main()
