"""A transaction split across categories, with tags, added in headless Chromium at phone size
and at desktop size against `budget serve` on the demo ledger; its tags changed later — each
checked through the API. A split whose parts do not add up is refused and adds nothing.

Run: python3 Tests/browser/test_splits.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402


class SplitTests(ViewTestCase):
    window = (390, 844)

    def find(self, name):
        rows = self.server.api("GET", "/transactions?q=" + name.replace(" ", "+"))["rows"]
        return [self.server.api("GET", f"/transactions/{row['id']}") for row in rows if row["name"] == name]

    def type_into(self, element_id, text):
        field = self.driver.find_element(By.ID, element_id)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.clear()
        field.send_keys(text)

    def add_split(self, name, amount, parts, tags=""):
        # A page of its own (the same address again would not load it anew), its form ready
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#transactions")
        self.wait.until(lambda d: d.find_element(By.ID, "tx-split").is_displayed() and d.find_element(By.ID, "tx-name").is_enabled())
        self.type_into("tx-name", name)
        self.type_into("tx-amount", amount)
        Select(self.driver.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
        self.type_into("tx-tags", tags)
        split = self.driver.find_element(By.ID, "tx-split")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", split)
        split.click()
        for index, (category, part) in enumerate(parts, start=1):
            if not self.driver.find_elements(By.ID, f"tx-split-amount-{index}"):
                self.driver.find_elements(By.CSS_SELECTOR, "#tx-splits .split-part button")[-1].click()
            Select(self.driver.find_element(By.ID, f"tx-split-category-{index}")).select_by_visible_text(category)
            self.type_into(f"tx-split-amount-{index}", part)
        save = self.driver.find_element(By.ID, "tx-save")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
        save.click()

    def test_a_split_with_tags_is_added_and_its_tags_changed(self):
        # Given the transactions view on a phone
        # When a 60.00 purchase is split 45.00 Food, 10.00 Health, 5.00 Shopping, tagged
        self.add_split("Market and pharmacy", "60.00", [("Food", "45.00"), ("Health", "10.00"), ("Shopping", "5.00")], "weekly, errands")
        # Then one transaction holds the three parts and the tags
        self.wait.until(lambda d: self.find("Market and pharmacy"))
        [added] = self.find("Market and pharmacy")
        self.assertEqual(added["amount"], "60.00")
        self.assertEqual(sorted((p["category"], p["amount"]) for p in added["postings"]),
                         [("Food", "45.00"), ("Health", "10.00"), ("Shopping", "5.00")])
        self.assertEqual(added["tags"], ["weekly", "errands"])
        # When it is opened and its tags changed, then the tags are the new ones
        self.driver.execute_script("BL.editTransaction(arguments[0])", added["id"])
        self.wait.until(lambda d: d.find_element(By.ID, "tx-tags").get_attribute("value") == "weekly, errands")
        self.type_into("tx-tags", "errands")
        self.driver.find_element(By.ID, "tx-save").click()
        self.wait.until(lambda d: self.find("Market and pharmacy")[0]["tags"] == ["errands"])

    def test_parts_that_do_not_add_up_are_refused_and_add_nothing(self):
        # When the parts come to 50.00 of a 60.00 purchase
        self.add_split("Uneven basket", "60.00", [("Food", "45.00"), ("Health", "5.00")])
        # Then the server's message shows and nothing was added
        message = self.wait.until(lambda d: d.find_element(By.ID, "tx-form-error").text or d.find_element(By.ID, "tx-amount-error").text)
        self.assertTrue(message)
        self.assertEqual(self.find("Uneven basket"), [])


class DesktopSplitTests(SplitTests):
    window = (1280, 1000)


if __name__ == "__main__":
    unittest.main(verbosity=2)
