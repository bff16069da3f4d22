"""The Categories view in headless Chromium, at phone size, against a real `budget serve` on the
demo ledger: add a category into a group, rename it, give it a due date and a rollover, archive
and restore it, and delete an unused one — by typing and tapping, each checked with the
`budget` command line on the ledger file; a refusal changes nothing.

Run: python3 Tests/browser/test_categories.py (Tests/browser/run.sh runs it).
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


class CategoriesViewTests(ViewTestCase):
    window = (360, 640)

    def cli_categories(self):
        output = subprocess.run(
            [budget_binary(), "category", "list", "--all", "--ledger", self.server.ledger, "--json"],
            capture_output=True, text=True, env=self.server.env, check=True).stdout
        return {c["name"]: c for c in json.loads(output)}

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def open_categories(self):
        self.driver.get(f"{self.server.url}/#categories")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#categories-list tbody tr"))

    def type_into(self, element_id, text):
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text)

    def tap(self, element_id, answer=None):
        marker = self.script("return document.body.dataset.rendered")
        button = self.driver.find_element(By.ID, element_id)
        self.script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        if answer is not None:  # a button that asks first: answer it (no: nothing is sent)
            alert = self.driver.switch_to.alert
            self.question = alert.text
            alert.accept() if answer else alert.dismiss()
            if not answer:
                return
        self.wait.until(lambda d: self.script("return document.body.dataset.rendered") != marker
                        or self.script("return !!document.querySelector('.form-alert:not(:empty)')"))

    def manage(self, name):
        def tap(driver):
            button = driver.find_element(By.CSS_SELECTOR, f'#categories-list tr[data-category="{name}"] button.manage')
            self.script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            return driver.find_element(By.CSS_SELECTOR, f'#category-change[data-category="{name}"]')
        self.wait.until(tap)

    def test_1_the_list_is_the_ledgers_and_fits_a_phone(self):
        self.open_categories()
        names = self.script("return [...document.querySelectorAll('#categories-list tbody tr')].map(r => r.dataset.category)")
        self.assertEqual(sorted(names), sorted(self.cli_categories()))
        self.assertLessEqual(self.script("return document.documentElement.scrollWidth"), 360)
        table = self.script("const t = document.getElementById('categories-list'); return [t.scrollWidth, t.clientWidth]")
        self.assertLessEqual(table[0], table[1], "the table fits without scrolling inside it")

    def test_2_add_rename_due_date_rollover_archive_restore_delete(self):
        self.open_categories()
        # When a category is added into the Food group by typing and tapping
        self.type_into("category-add-name", "Bakery")
        Select(self.driver.find_element(By.ID, "category-add-group")).select_by_value("Food")
        self.tap("category-add-submit")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#categories-list tr[data-category="Bakery"]'))
        self.assertEqual(self.cli_categories()["Bakery"]["parent"], "Food")
        order = self.script("return [...document.querySelectorAll('#categories-list tbody tr')].map(r => r.dataset.category)")
        self.assertEqual(order.index("Bakery"), order.index("Food") + 1, "a category sits under its group")
        # When the same name is added again, the refusal shows and nothing changes
        before = self.cli_categories()
        self.type_into("category-add-name", "Bakery")
        self.tap("category-add-submit")
        self.assertIn("Bakery", self.driver.find_element(By.ID, "category-add-alert").text)
        self.assertEqual(self.cli_categories(), before)
        # When it is renamed
        self.manage("Bakery")
        self.type_into("category-rename", "Bread")
        self.tap("category-rename-submit")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#categories-list tr[data-category="Bread"]'))
        self.assertIn("Bread", self.cli_categories())
        # When it gets a due date and carries what is left unspent
        self.manage("Bread")
        self.script("document.getElementById('category-due').value = '2024-03-28'")
        self.tap("category-due-submit")
        self.wait.until(lambda d: self.cli_categories()["Bread"].get("dueDate") == "2024-03-28")
        self.manage("Bread")
        box = self.driver.find_element(By.ID, "category-carry-unspent")
        self.script("arguments[0].scrollIntoView({block: 'center'})", box)  # clear of the bar at the foot
        box.click()
        self.tap("category-carry-submit")
        self.wait.until(lambda d: self.cli_categories()["Bread"]["carryUnspent"])
        self.assertFalse(self.cli_categories()["Bread"]["carryOverspent"])
        # When it is archived and restored
        self.manage("Bread")
        self.tap("category-archive-submit")
        self.wait.until(lambda d: self.cli_categories()["Bread"]["archived"])
        self.manage("Bread")
        self.tap("category-restore-submit")
        self.wait.until(lambda d: not self.cli_categories()["Bread"]["archived"])
        # When it is deleted (it was never used)
        self.manage("Bread")
        self.tap("category-delete-submit", answer=False)
        self.assertIn("Delete Bread?", self.question)
        self.assertIn("Bread", self.cli_categories(), "answered no: nothing is deleted")
        self.tap("category-delete-submit", answer=True)
        self.wait.until(lambda d: "Bread" not in self.cli_categories())
        # And a category in use offers no delete
        self.manage("Food")
        self.assertFalse(self.driver.find_elements(By.ID, "category-delete-submit"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
