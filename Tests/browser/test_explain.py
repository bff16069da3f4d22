"""Why this number? In headless Chromium against `budget serve` on the demo ledger: a figure on
the budget sheet opens the entries that make it up, and they add up to it.

Run: python3 Tests/browser/test_explain.py (Tests/browser/run.sh runs it).
"""
from decimal import Decimal
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402


def decimal(shown):
    """'−1,234.50' (as the page prints it) → Decimal('-1234.50')."""
    return Decimal(shown.split(" ")[0].replace("−", "-").replace(",", ""))


class ExplainTests(ViewTestCase):
    def open_budget(self):
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#budget")
        self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#section-variable button.explain"))

    def tap(self, button):
        # Below the sticky header, as a person scrolls to what they tap.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    def read_dialog(self):
        self.wait.until(lambda d: d.find_element(By.ID, "explain-dialog").is_displayed())
        total = decimal(self.driver.find_element(By.ID, "explain-total").text)
        amounts = [decimal(cell.text) for cell in self.driver.find_elements(By.CSS_SELECTOR, "#explain-parts tbody td.num")]
        return total, amounts

    def close(self):
        self.driver.find_element(By.ID, "explain-close").click()
        self.wait.until(lambda d: not d.find_element(By.ID, "explain-dialog").is_displayed())

    def test_a_category_actual_opens_the_transactions_that_make_it(self):
        # Given the budget sheet of the demo month
        self.open_budget()
        button = self.driver.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] button[aria-label^='Food spent']")
        shown = decimal(button.text)
        # When Food's actual is tapped
        self.tap(button)
        # Then a dialog lists its transactions, and they add up to the figure on the sheet
        total, amounts = self.read_dialog()
        self.assertEqual(total, shown)
        self.assertTrue(amounts, "Food spent something in the demo month")
        self.assertEqual(sum(amounts), total)
        self.assertIn("Food spent", self.driver.find_element(By.ID, "explain-title").text)
        self.close()
        # And the keyboard is back on the figure that opened it
        self.assertEqual(self.driver.switch_to.active_element, button)

    def test_an_account_balance_opens_its_entries(self):
        # Given the available funds' accounts on the budget sheet
        self.open_budget()
        buttons = self.driver.find_elements(By.CSS_SELECTOR, "#funds-accounts button.explain")
        self.assertTrue(buttons)
        for index in range(len(buttons)):
            button = self.driver.find_elements(By.CSS_SELECTOR, "#funds-accounts button.explain")[index]
            shown = decimal(button.text)
            # When an account's balance is tapped
            self.tap(button)
            # Then its opening balance, transactions and transfers add up to it
            total, amounts = self.read_dialog()
            self.assertEqual(total, shown)
            self.assertEqual(sum(amounts), total)
            kinds = {row.get_attribute("data-kind") for row in self.driver.find_elements(By.CSS_SELECTOR, "#explain-parts tbody tr")}
            self.assertTrue(kinds <= {"opening", "transaction", "transfer"} and kinds)
            self.close()

    def kinds(self):
        return [row.get_attribute("data-kind") for row in self.driver.find_elements(By.CSS_SELECTOR, "#explain-parts tbody tr")]

    def test_remaining_to_assign_opens_income_and_assignments_and_each_leads_to_its_history(self):
        # Given the budget sheet of the demo month
        self.open_budget()
        button = self.driver.find_element(By.CSS_SELECTOR, "#remaining button.explain")
        shown = decimal(button.text)
        # When remaining to assign is tapped
        self.tap(button)
        # Then the income planned and every assignment add up to it
        total, amounts = self.read_dialog()
        self.assertEqual(total, shown)
        self.assertEqual(sum(amounts), total)
        kinds = self.kinds()
        self.assertIn("income", kinds)
        self.assertIn("budget", kinds)
        # When an assignment's history is opened, then the month's budget history shows
        row = self.driver.find_elements(By.CSS_SELECTOR, "#explain-parts tbody tr[data-kind='budget']")[0]
        self.tap(row.find_element(By.TAG_NAME, "button"))
        self.wait.until(lambda d: d.find_element(By.ID, "view-history").is_displayed())
        caption = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#history-table caption"))
        self.assertIn("budget-", caption.text)
        self.assertFalse(self.driver.find_element(By.ID, "explain-dialog").is_displayed())

    def test_what_a_category_has_left_opens_its_assignment_and_spending(self):
        # Given the budget sheet of the demo month
        self.open_budget()
        button = self.driver.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] button[aria-label^='Food left']")
        shown = decimal(button.text)
        # When what Food has left is tapped
        self.tap(button)
        # Then its assignment, less its spending (and anything carried in), adds up to it
        total, amounts = self.read_dialog()
        self.assertEqual(total, shown)
        self.assertEqual(sum(amounts), total)
        kinds = self.kinds()
        self.assertIn("budget", kinds)
        self.assertIn("transaction", kinds)
        self.assertIn("Food left", self.driver.find_element(By.ID, "explain-title").text)
        self.close()


    def test_what_was_carried_in_and_what_is_available_open_their_parts(self):
        # Given the budget sheet of the demo month, where Food rolls over
        self.open_budget()
        carried = self.driver.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] td.carried button.explain")
        carried_shown = decimal(carried.text)
        # When what was carried into Food is tapped
        self.tap(carried)
        # Then the month before's budget less its spending (or what was kept back) adds up to it
        total, amounts = self.read_dialog()
        self.assertEqual(total, carried_shown)
        self.assertEqual(sum(amounts), total)
        self.assertTrue(set(self.kinds()) & {"budget", "transaction", "carried", "withheld"})
        self.assertIn("Food carried", self.driver.find_element(By.ID, "explain-title").text)
        self.close()
        # When what Food has available is tapped
        available = self.driver.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] td.available button.explain")
        shown = decimal(available.text)
        self.tap(available)
        # Then what was carried in and this month's assignment add up to it
        total, amounts = self.read_dialog()
        self.assertEqual(total, shown)
        self.assertEqual(sum(amounts), total)
        self.assertTrue(set(self.kinds()) <= {"carried", "budget", "goal"})
        # And what was carried in opens its own explanation, the figure the sheet shows
        if "carried" in self.kinds():
            row = self.driver.find_element(By.CSS_SELECTOR, "#explain-parts tbody tr[data-kind='carried']")
            self.tap(row.find_element(By.CSS_SELECTOR, "button.explain"))
            self.wait.until(lambda d: "Food carried" in d.find_element(By.ID, "explain-title").text)
            self.assertEqual(decimal(self.driver.find_element(By.ID, "explain-total").text), carried_shown)
        self.close()

    def test_the_months_cash_flow_opens_its_transactions(self):
        # Given the analysis of the demo month
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#analysis")
        button = self.wait.until(lambda d: d.find_element(By.ID, "cashflow-net"))
        shown = decimal(button.text)
        # When the net cash flow is tapped
        self.tap(button)
        # Then its transactions add up to it, the figure the report gives
        total, amounts = self.read_dialog()
        report = self.server.api("GET", "/reports/cashflow?year=2024")["months"]
        self.assertEqual(total, shown)
        self.assertEqual(total, Decimal(next(m["net"] for m in report if m["month"] == "2024-03")))
        self.assertTrue(amounts)
        self.assertEqual(sum(amounts), total)
        self.close()

    def test_a_forecast_month_end_opens_the_balance_today_and_the_bills_until_then(self):
        # Given the bills view's forecast
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#bills")
        buttons = self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "figure[data-account='Checking'] .month-ends button.explain"))
        button = buttons[-1]
        shown = decimal(button.text)
        # When the last month end of Checking is tapped
        self.tap(button)
        # Then today's balance and what falls due until then add up to it
        total, amounts = self.read_dialog()
        self.assertEqual(total, shown)
        self.assertEqual(sum(amounts), total)
        kinds = [row.get_attribute("data-kind") for row in self.driver.find_elements(By.CSS_SELECTOR, "#explain-parts tbody tr")]
        self.assertEqual(kinds[0], "balance")
        self.assertIn("scheduled", kinds)
        self.close()

    def test_a_goals_left_opens_its_target_less_what_it_holds_and_the_months_that_share_it(self):
        # Given the goals view
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#goals")
        button = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-goal='Emergency fund'] .goal-left button.explain"))
        shown = decimal(button.text)
        # When what the emergency fund has left is tapped
        self.tap(button)
        # Then its target, less the savings account's entries, adds up to it
        total, amounts = self.read_dialog()
        self.assertEqual(total, shown)
        self.assertEqual(sum(amounts), total)
        kinds = [row.get_attribute("data-kind") for row in self.driver.find_elements(By.CSS_SELECTOR, "#explain-parts tbody tr")]
        self.assertEqual(kinds[0], "target")
        # and the monthly need is that shared by the months to its date, as the card says
        need = self.driver.find_element(By.ID, "explain-need").text
        card_need = self.driver.find_element(By.CSS_SELECTOR, "[data-goal='Emergency fund'] .goal-need").text
        self.assertIn(card_need.split(" ")[0], need)
        self.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
