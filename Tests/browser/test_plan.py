"""The month's plan in headless Chromium against `budget serve` on the demo ledger: money moved
between two categories, a refused move that changes nothing, and last month's plan copied into
an empty month — each checked through the CLI.

Run: python3 Tests/browser/test_plan.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import time
import unittest

from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class PlanTests(ViewTestCase):
    window = (390, 844)

    def sheet(self, month):
        output = subprocess.run(
            [budget_binary(), "budget", "show", "--month", month, "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return {line["name"]: line["assigned"] for line in json.loads(output)["lines"]}

    def open_budget(self, month):
        """The budget sheet of `month` ("March 2024"), stepping to it with « and », on a page
        loaded anew (the same address again would not load it)."""
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#budget")
        self.wait.until(lambda d: d.find_element(By.ID, "move-form"))
        names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

        def index(title):
            name, year = title.split()
            return int(year) * 12 + names.index(name)
        for _ in range(24):
            shown = self.driver.find_element(By.ID, "month-title").text
            if shown == month:
                break
            step = "month-next" if index(shown) < index(month) else "month-prev"
            self.driver.find_element(By.ID, step).click()
            self.wait.until(lambda d: d.find_element(By.ID, "month-title").text != shown)
        self.wait.until(lambda d: d.find_element(By.ID, "month-title").text == month and d.find_element(By.ID, "move-form"))

    def move(self, amount, source, target):
        # The sheet is drawn again when the log moves (another write, the live stream): a form
        # found just before may be replaced, so the form is filled in again on a fresh copy.
        for attempt in range(5):
            try:
                return self.fill_move(amount, source, target)
            except (StaleElementReferenceException, ElementNotInteractableException):
                time.sleep(0.3)
        self.fill_move(amount, source, target)

    def fill_move(self, amount, source, target):
        field = self.driver.find_element(By.ID, "move-amount")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys(amount)
        Select(self.driver.find_element(By.ID, "move-from")).select_by_visible_text(source)
        Select(self.driver.find_element(By.ID, "move-to")).select_by_visible_text(target)
        self.driver.find_element(By.ID, "move-submit").click()

    def test_money_moves_between_categories_and_a_refused_move_changes_nothing(self):
        # Given March's sheet on a phone, Food with 450.00 and Restaurants with 150.00
        self.open_budget("March 2024")
        before = self.sheet("2024-03")
        # When 25.00 is moved from Food to Restaurants
        self.move("25.00", "Food", "Restaurants")
        # Then the sheet and the CLI show both changed by it
        outcome = self.wait.until(lambda d: ("moved" if "Moved 25.00" in d.find_element(By.ID, "toast").text else None)
                                  or d.find_element(By.ID, "plan-alert").text)
        self.assertEqual(outcome, "moved")
        after = self.sheet("2024-03")
        self.assertEqual(after["Food"], f"{float(before['Food']) - 25:.2f}")
        self.assertEqual(after["Restaurants"], f"{float(before['Restaurants']) + 25:.2f}")
        # When a category is asked to give money to itself, then the rules' reason shows, and nothing moved
        self.open_budget("March 2024")
        self.move("5.00", "Food", "Food")
        alert = self.wait.until(lambda d: d.find_element(By.ID, "plan-alert").text)
        self.assertTrue(alert)
        self.assertEqual(self.sheet("2024-03"), after)

    def test_last_months_plan_is_copied_into_an_empty_month(self):
        # Given April, with no budget set
        copied = ["Food", "Restaurants", "Transport"]
        self.assertEqual([self.sheet("2024-04")[name] for name in copied], ["0.00"] * 3)
        self.open_budget("April 2024")
        # When March's plan is copied (and the question answered yes)
        button = self.driver.find_element(By.ID, "copy-month")
        self.assertIn("March 2024", button.text)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.driver.switch_to.alert.accept()
        # Then April's budgets are March's
        self.wait.until(lambda d: "Copied" in d.find_element(By.ID, "toast").text)
        march, april = self.sheet("2024-03"), self.sheet("2024-04")
        self.assertNotEqual(march["Food"], "0.00")
        self.assertEqual([april[name] for name in copied], [march[name] for name in copied])


if __name__ == "__main__":
    unittest.main(verbosity=2)
