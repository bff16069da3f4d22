"""The Debts view in headless Chromium against a real `budget serve` on the demo ledger.

Run: BUDGET_BIN=$(swift build --show-bin-path)/budget python3 Tests/browser/test_debts.py
Saves docs/screenshots/debts.png.
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402

STRATEGIES = ["snowball", "avalanche", "minimums"]


class DebtsViewTests(ViewTestCase):
    window = (1280, 1500)

    def open_debts(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#debts")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#debts-plans tbody tr"))

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def payoff_months(self):
        return self.script("""return Object.fromEntries([...document.querySelectorAll('#debts-plans tbody tr')]
            .map(r => [r.dataset.strategy, (r.querySelector('.payoff-month') || {}).dataset?.month || null]))""")

    def update(self, extra=None, by=None):
        """Fills the form as a user would (the month input through its value) and submits it."""
        marker = self.script("return document.body.dataset.rendered")
        if extra is not None:
            field = self.driver.find_element(By.ID, "debts-extra")
            field.clear()
            field.send_keys(extra)
        if by is not None:
            self.script("document.getElementById('debts-by').value = arguments[0]", by)
        self.driver.find_element(By.ID, "debts-update").click()
        self.wait.until(lambda d: self.script("return document.body.dataset.rendered") != marker)

    def test_1_debts_and_plans_match_the_api(self):
        # Given the demo ledger's debts, when the Debts view opens
        self.open_debts()
        api = self.server.api("GET", "/debts")["items"]
        # Then each debt shows with what the API says is owed (the server's exact string)
        shown = self.script("""return [...document.querySelectorAll('#debts-list tbody tr')]
            .map(r => [r.dataset.debt, r.querySelector('.owed').dataset.owed, r.querySelector('.apr').textContent])""")
        self.assertEqual(shown, [[d["name"], d["owed"], d["apr"] + " %"] for d in api])
        self.assertEqual([d["name"] for d in api], ["Car loan", "Credit card", "Family loan"])
        # And the chart has one line per strategy, each ending at zero
        series = self.script("return [...document.querySelectorAll('#debts-chart path.series-line')].map(p => p.dataset.series)")
        self.assertEqual(series, STRATEGIES)
        self.assertTrue(self.script("return document.getElementById('debts-chart').getAttribute('aria-label')"))
        # And each strategy's payoff month, interest and total paid are the API's
        for strategy in STRATEGIES:
            plan = self.server.api("GET", f"/debts/plan?strategy={strategy}")
            row = f"#debts-plans tr[data-strategy='{strategy}']"
            self.assertEqual(self.payoff_months()[strategy], plan["payoffMonth"])
            self.assertIn(plan["totalInterest"], self.driver.find_element(By.CSS_SELECTOR, row + " .interest").text.replace(",", ""))
            self.assertIn(plan["totalPaid"], self.driver.find_element(By.CSS_SELECTOR, row + " .paid").text.replace(",", ""))
        # And the inputs are labelled
        for field in ["debts-extra", "debts-by"]:
            self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, f"label[for='{field}']").text)

    def test_2_a_larger_extra_brings_the_payoff_months_forward(self):
        self.open_debts()
        before = self.payoff_months()
        # When 400.00 extra a month is asked for
        self.update(extra="400")
        after = self.payoff_months()
        # Then snowball and avalanche end earlier, as the API plans them; minimums do not change
        for strategy in ["snowball", "avalanche"]:
            self.assertLess(after[strategy], before[strategy])
            self.assertEqual(after[strategy], self.server.api("GET", f"/debts/plan?strategy={strategy}&extra=400")["payoffMonth"])
        self.assertEqual(after["minimums"], before["minimums"])

    def test_3_debt_free_by_shows_the_extra_the_api_computes(self):
        self.open_debts()
        # When "debt free by" December 2024 is asked for with 100.00 extra
        self.update(extra="100", by="2024-12")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#debts-target li[data-extra-needed]"))
        # Then each strategy shows the API's extra needed, exactly, and whether 100.00 is enough
        for strategy in ["snowball", "avalanche"]:
            plan = self.server.api("GET", f"/debts/plan?strategy={strategy}&extra=100&by=2024-12")
            item = self.driver.find_element(By.CSS_SELECTOR, f"#debts-target li[data-strategy='{strategy}']")
            self.assertEqual(item.get_attribute("data-extra-needed"), plan["extraNeeded"])
            self.assertIn(("" if plan["onTrack"] else "not ") + "on track", item.text)
        self.assertEqual(self.driver.find_element(By.ID, "debts-target").get_attribute("role"), "status")
        self.save_screenshot("debts.png")

    def test_4_a_month_before_the_plan_is_an_error_next_to_the_form(self):
        self.open_debts()
        self.update(by="2024-01")
        self.wait.until(lambda d: "before the plan's first month" in d.find_element(By.ID, "debts-form-error").text)
        self.assertEqual(self.driver.find_element(By.ID, "debts-by").get_attribute("aria-invalid"), "true")

    def test_5_the_date_picker_shows_what_was_owed_then(self):
        self.open_debts()
        # When the date picker goes back to 15 February 2024, before the loans were opened
        marker = self.script("return document.body.dataset.rendered")
        self.script("""const date = document.getElementById('as-of'); date.value = '2024-02-15';
            date.dispatchEvent(new Event('change'))""")
        self.wait.until(lambda d: self.script("return document.body.dataset.rendered") != marker)
        # Then what is owed is the API's answer for that date, and the plans say they start today
        api = self.server.api("GET", "/debts?asOf=2024-02-15")["items"]
        self.wait.until(lambda d: self.script("""return [...document.querySelectorAll('#debts-list tbody tr')]
            .map(r => r.querySelector('.owed').dataset.owed)""") == [d["owed"] for d in api])
        self.assertEqual(next(d["owed"] for d in api if d["name"] == "Car loan"), "0.00")
        self.assertIn("do not travel in time", self.driver.find_element(By.ID, "debts-plan-note").text)

    def test_6_interest_paid_is_each_statements(self):
        # Given the card's interest posted for its first month (a statement's 6.00) and 50.00
        # paid into it that month
        card = next(d for d in self.server.api("GET", "/debts")["items"] if d["name"] == "Credit card")
        first = self.server.api("GET", f"/debts/{card['id']}/statement")["months"][0]["month"]
        self.server.api("POST", f"/debts/{card['id']}/interest", {"month": first, "amount": "6.00"})
        self.server.api("POST", "/transfers", {"amount": "50", "from": "Checking", "to": "Credit card", "date": first + "-20"})
        # When the Debts view opens
        self.open_debts()
        # Then each debt's interest paid is its statement's, and the card's payment paid 6.00 of interest
        api = self.server.api("GET", "/debts")["items"]
        expected = [self.server.api("GET", f"/debts/{d['id']}/statement")["interestPaid"] for d in api]
        shown = self.script("""return [...document.querySelectorAll('#debts-list tbody tr')]
            .map(r => r.querySelector('.interest-paid').dataset.interestPaid)""")
        self.assertEqual(shown, expected)
        self.assertEqual(shown[[d["name"] for d in api].index("Credit card")], "6.00")


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"browser: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
