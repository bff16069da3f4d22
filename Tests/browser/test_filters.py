"""Filtering the transaction list by dates, tag and amount, in headless Chromium against a real
`budget serve` on the demo ledger, checked against the API's answer for the same filters.

Run: python3 Tests/browser/test_filters.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402


class FilterTests(ViewTestCase):
    def open_transactions(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: d.find_element(By.ID, "tx-filters"))

    def filter(self, **values):
        for name, value in values.items():
            field = self.wait.until(lambda d: d.find_element(By.ID, f"filter-{name}"))
            field.clear()
            if name in ("from", "to"):  # a date input takes the day typed as the locale shows it
                self.driver.execute_script("arguments[0].value = arguments[1]", field, value)
            else:
                field.send_keys(value)
        marker = self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-rendered")
        self.driver.find_element(By.CSS_SELECTOR, "#tx-filters button[type=submit]").click()
        return marker

    def shown(self):
        return self.driver.execute_script("return [...document.querySelectorAll('#tx-table tbody tr')].map((tr) => tr.dataset.id)")

    def test_tag_amount_and_dates_narrow_the_list_as_the_api_does(self):
        # Given tagged transactions of several sizes
        for name, amount, date, tags in [("Cake", "30", "2024-03-02", ["party"]), ("Balloons", "8", "2024-03-03", ["Party"]),
                                         ("Venue", "250", "2024-03-04", ["party"]), ("Tyres", "250", "2024-03-05", [])]:
            self.server.api("POST", "/transactions", {"amount": amount, "name": name, "category": "Food", "account": "Checking",
                                                      "date": date, "tags": tags})
        self.open_transactions()
        # When the user filters by tag, an amount range and dates
        marker = self.filter(tag="party", min="10", max="300", **{"from": "2024-03-01", "to": "2024-03-31"})
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered") != marker)
        # Then the list holds what the API lists for them: the party's two larger costs
        expected = self.server.api("GET", "/transactions?tag=party&min=10&max=300&from=2024-03-01&to=2024-03-31")["rows"]
        self.assertEqual(sorted(row["name"] for row in expected), ["Cake", "Venue"])
        self.wait.until(lambda d: self.shown() == [row["id"] for row in expected])
        # and the filters stay filled in
        self.assertEqual(self.driver.find_element(By.ID, "filter-tag").get_attribute("value"), "party")

    def test_bounds_the_wrong_way_round_show_the_servers_message(self):
        self.open_transactions()
        self.filter(min="50", max="10")
        toast = self.wait.until(lambda d: d.find_element(By.ID, "toast") if d.find_element(By.ID, "toast").is_displayed() else None)
        self.assertIn("min (50.00 EUR) is more than max (10.00 EUR)", toast.text)


if __name__ == "__main__":
    unittest.main()
