"""Keyboard shortcuts in headless Chromium against a real `budget serve` on the demo ledger:
`?` lists them, a number opens a sheet, `n` and `/` put the focus where a new transaction and a
search start, `u` undoes the last change — and none fires while typing in a field.

Run: python3 Tests/browser/test_shortcuts.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402


class ShortcutTests(ViewTestCase):
    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open(self, view):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#{view}")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))

    def press(self, key):
        """A key pressed with the focus on the page itself, as after a click on its background."""
        self.script("document.activeElement && document.activeElement.blur()")
        self.driver.find_element(By.TAG_NAME, "body").send_keys(key)

    def selected(self):
        return self.script("return document.querySelector('[role=tab][aria-selected=true]').dataset.view")

    def active(self):
        return self.driver.switch_to.active_element.get_attribute("id")

    def test_1_question_mark_lists_the_shortcuts(self):
        self.open("budget")
        self.press("?")
        dialog = self.wait.until(lambda d: d.find_element(By.ID, "shortcuts-dialog"))
        self.assertTrue(dialog.is_displayed())
        keys = [k.text for k in dialog.find_elements(By.TAG_NAME, "kbd")]
        for key in ["n", "/", "u", "r", "t", "?"]:
            self.assertIn(key, keys)
        self.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        self.wait.until(lambda d: not d.find_element(By.ID, "shortcuts-dialog").is_displayed())

    def test_2_numbers_open_sheets_and_n_and_slash_start_a_transaction_and_a_search(self):
        self.open("budget")
        self.press("2")
        self.wait.until(lambda d: self.selected() == "transactions")
        self.press("1")
        self.wait.until(lambda d: self.selected() == "budget")
        self.press("n")
        self.wait.until(lambda d: self.active() == "tx-name")
        self.assertEqual(self.selected(), "transactions")
        # Typing in a field types: "2" goes into the name, and no sheet changes
        self.driver.switch_to.active_element.send_keys("2u")
        self.assertEqual(self.selected(), "transactions")
        self.assertEqual(self.driver.find_element(By.ID, "tx-name").get_attribute("value"), "2u")
        self.press("/")
        self.wait.until(lambda d: self.active() == "filter-q")

    def test_2b_n_while_editing_starts_a_new_transaction(self):
        # Given a transaction open in the form for editing
        self.open("transactions")
        self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#tx-table tr.clickable")).click()
        self.wait.until(lambda d: d.find_element(By.ID, "tx-form-title").text.startswith("Edit"))
        # When n is pressed
        self.press("n")
        # Then the form is a new one, empty, with the focus in its name
        self.wait.until(lambda d: d.find_element(By.ID, "tx-form-title").text == "Add a transaction")
        self.wait.until(lambda d: self.active() == "tx-name")
        self.assertEqual(self.driver.find_element(By.ID, "tx-name").get_attribute("value"), "")

    def test_3_u_undoes_the_last_change(self):
        self.open("transactions")
        self.server.api("POST", "/transactions", {"name": "Shortcut coffee", "amount": "3.20", "account": "Checking", "category": "Food"})
        self.wait.until(lambda d: "Shortcut coffee" in d.find_element(By.ID, "tx-table").text)
        self.press("u")
        self.wait.until(lambda d: "Shortcut coffee" not in d.find_element(By.ID, "tx-table").text)
        names = [row["name"] for row in self.server.api("GET", "/transactions?limit=50")["rows"]]
        self.assertNotIn("Shortcut coffee", names)


if __name__ == "__main__":
    unittest.main(verbosity=2)
