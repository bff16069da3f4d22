"""The web app in headless Chromium against a real `budget serve` on a demo ledger.

Run: python3 Tests/browser/test_web_app.py  (make test runs it after swift test).
Screenshots of each sheet are saved to docs/screenshots/.
"""
import os
import subprocess
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402



def cents(text):
    """'−1,234.50' → -123450 (exact: money is never a float here)."""
    text = text.replace("−", "-").replace(",", "").strip()
    negative = text.startswith("-")
    whole, _, fraction = text.lstrip("-").partition(".")
    value = int(whole or "0") * 100 + int((fraction + "00")[:2])
    return -value if negative else value


class WebAppTests(ViewTestCase):
    # helpers

    def open(self, view):
        self.driver.get("about:blank")  # a fresh page load, not just a new #fragment
        self.driver.get(f"{self.server.url}/#{view}")
        try:
            self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        except Exception:
            self.driver.save_screenshot("/tmp/browser-failure.png")
            print(self.driver.get_log("browser"), self.driver.find_element(By.ID, "toast").text)
            raise
        self.wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)

    def text(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css).text

    def rendered_after(self, marker):
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered") != marker)

    def marker(self):
        return self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-rendered")

    def food_actual(self):
        bar = self.driver.find_element(By.CSS_SELECTOR, "#bar-chart g[data-category='Food'] rect.bar-actual")
        return cents(bar.get_attribute("data-actual"))

    def shot(self, name):
        self.save_screenshot(name)

    def click(self, find):
        """Clicks what `find(driver)` finds, again if a live refresh replaced it first."""
        self.wait.until(lambda d: find(d).click() or True)

    # tests (run in name order on one ledger)

    def test_1_add_transaction_updates_running_balance_and_chart(self):
        self.open("analysis")
        chart_before = self.food_actual()
        self.shot("analysis.png")
        self.driver.find_element(By.ID, "tab-transactions").click()
        self.wait.until(EC.presence_of_element_located((By.ID, "tx-form")))
        self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#tx-table tbody tr")))
        balance_before = cents(self.text("#tx-table tbody tr:first-child .tx-balance"))
        self.driver.find_element(By.ID, "tx-name").send_keys("Farmers market")
        self.driver.find_element(By.ID, "tx-amount").send_keys("25.30")
        Select(self.driver.find_element(By.ID, "tx-category")).select_by_visible_text("Food")
        Select(self.driver.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
        marker = self.marker()
        self.driver.find_element(By.ID, "tx-save").click()
        self.rendered_after(marker)
        # The newest rows share today's date, so find the new row and check the balance after it.
        row = "//table[@id='tx-table']//tr[td[@class='tx-name' and text()='Farmers market']]"
        self.wait.until(lambda d: d.find_element(By.XPATH, row))
        # Read in one script: the live stream may re-render the table between separate reads.
        read = """
          const row = document.evaluate(arguments[0], document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
          const first = document.querySelector('#tx-table tbody tr:first-child .tx-balance');
          if (!row || !first || !row.nextElementSibling) return null;
          return [row.querySelector('.tx-amount').textContent, row.querySelector('.tx-balance').textContent,
                  row.nextElementSibling.querySelector('.tx-balance').textContent, first.textContent];"""
        amount, balance, below, newest = self.wait.until(lambda d: d.execute_script(read, row))
        self.assertEqual(cents(amount), -2530)
        self.assertEqual(cents(balance), cents(below) - 2530)
        self.assertEqual(cents(newest), balance_before - 2530)
        self.shot("transactions.png")
        self.driver.find_element(By.ID, "tab-analysis").click()
        self.wait.until(lambda d: self.food_actual() == chart_before + 2530)

    def test_1b_refund_lowers_food_actual_and_its_share(self):
        """Money in, booked to Food, is a refund: Food's bar, table row and donut slice drop by it."""
        self.open("analysis")
        actual_before = self.food_actual()
        read_slice = """const s = document.querySelector("#donut-chart path[data-category='Food'] title");
                        return s ? s.textContent : null;"""
        slice_before = self.driver.execute_script(read_slice)
        self.assertIsNotNone(slice_before)
        self.driver.find_element(By.ID, "tab-transactions").click()
        self.wait.until(EC.presence_of_element_located((By.ID, "tx-form")))
        self.driver.find_element(By.ID, "tx-name").send_keys("Market refund")
        self.driver.find_element(By.ID, "tx-amount").send_keys("10.00")
        Select(self.driver.find_element(By.ID, "tx-type")).select_by_visible_text("income")
        Select(self.driver.find_element(By.ID, "tx-category")).select_by_visible_text("Food")
        Select(self.driver.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
        marker = self.marker()
        self.driver.find_element(By.ID, "tx-save").click()
        self.rendered_after(marker)
        self.driver.find_element(By.ID, "tab-analysis").click()
        self.wait.until(lambda d: self.food_actual() == actual_before - 1000)
        row = "return document.querySelector(\"#analysis-table tr[data-category='Food'] td:nth-of-type(2)\").textContent"
        self.wait.until(lambda d: cents(d.execute_script(row)) == actual_before - 1000)
        # The donut's slice is Food's net spending: "Food: <net> (…)", 10.00 less than before.
        net_before = cents(slice_before.split(":")[1].split("(")[0])
        self.wait.until(lambda d: (d.execute_script(read_slice) or "").startswith("Food: ")
                        and cents(d.execute_script(read_slice).split(":")[1].split("(")[0]) == net_before - 1000)

    def test_2_set_budget_changes_remaining_to_assign(self):
        self.open("budget")
        remaining_before = cents(self.text("#remaining"))
        food = self.driver.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] input.amount")
        old = cents(food.get_attribute("value"))
        marker = self.marker()
        food.send_keys(Keys.CONTROL, "a")
        food.send_keys(f"{(old + 10000) // 100}.{(old + 10000) % 100:02d}", Keys.TAB)
        self.rendered_after(marker)
        self.wait.until(lambda d: cents(d.find_element(By.ID, "remaining").text) == remaining_before - 10000)
        colour = self.driver.find_element(By.ID, "remaining").get_attribute("class")
        self.assertIn("good" if remaining_before - 10000 == 0 else "bad", colour)
        # Assigned, carried in and available are separate columns (Assigned adds up to the card).
        # (read in one script each: a live refresh may re-render the sheet between reads)
        headers = self.driver.execute_script(
            "return [...document.querySelectorAll('#section-variable thead th')].map(th => th.textContent)")
        self.assertEqual(headers[1:4], ["Assigned", "Carried", "Available"])
        read = "return [[...document.querySelectorAll(\"table[id^='section-'] input.amount\")].map(i => i.value), document.getElementById('total-budgeted').textContent]"
        self.wait.until(lambda d: (lambda values, total: sum(cents(v) for v in values) == cents(total))(*d.execute_script(read)))
        self.shot("budget.png")

    def test_3_time_slider_and_date_picker_show_the_past(self):
        self.open("budget")
        head = int(self.driver.find_element(By.ID, "known-at").get_attribute("max"))
        food_now = cents(self.driver.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] input.amount").get_attribute("value"))
        # Move the slider back before test 2's budget change (the last events of the log).
        slider = self.driver.find_element(By.ID, "known-at")
        marker = self.marker()
        slider.click()
        slider.send_keys(Keys.END)
        for _ in range(2):
            slider.send_keys(Keys.ARROW_LEFT)
        self.rendered_after(marker)
        self.wait.until(lambda d: d.find_element(By.ID, "known-at-value").text == str(head - 2))
        note = self.driver.find_element(By.ID, "travel-note")
        self.assertTrue(note.is_displayed())
        self.assertIn(f"position {head - 2}", note.text)
        self.wait.until(lambda d: cents(d.find_element(By.CSS_SELECTOR, "tr[data-category='Food'] td.num").text) == food_now - 10000)
        self.assertNotIn("null", self.text("#view-budget"))
        self.shot("budget-time-travel.png")
        # The date picker: the sheet of a past month.
        self.driver.find_element(By.ID, "time-now").click()
        self.wait.until(lambda d: "now" in d.find_element(By.ID, "known-at-value").text)
        marker = self.marker()
        self.driver.execute_script(
            "const d = document.getElementById('as-of'); d.value = '2024-01-31'; d.dispatchEvent(new Event('change'));")
        self.rendered_after(marker)
        self.wait.until(lambda d: d.find_element(By.ID, "month-title").text == "January 2024")
        marker = self.marker()
        self.driver.find_element(By.ID, "month-next").click()
        self.rendered_after(marker)
        self.assertEqual(self.text("#month-title"), "February 2024")

    def test_4_validation_error_is_shown_next_to_its_field(self):
        self.open("transactions")
        self.wait.until(EC.presence_of_element_located((By.ID, "tx-form")))
        self.driver.find_element(By.ID, "tx-name").send_keys("Lunch")
        self.driver.find_element(By.ID, "tx-amount").send_keys("twelve")
        Select(self.driver.find_element(By.ID, "tx-category")).select_by_visible_text("Restaurants")
        Select(self.driver.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
        self.driver.find_element(By.ID, "tx-save").click()
        error = self.wait.until(lambda d: d.find_element(By.ID, "tx-amount-error").text or None)
        self.assertIn("amount", error)
        self.assertEqual(self.driver.find_element(By.ID, "tx-amount").get_attribute("aria-invalid"), "true")
        # A rule of the domain (a date in the future) is shown next to the date.
        amount = self.driver.find_element(By.ID, "tx-amount")
        amount.clear()
        amount.send_keys("12")
        self.driver.execute_script("document.getElementById('tx-date').value = '2030-01-01';")
        self.driver.find_element(By.ID, "tx-save").click()
        error = self.wait.until(lambda d: d.find_element(By.ID, "tx-date-error").text or None)
        self.assertIn("future", error)
        self.shot("transactions-validation.png")

    def test_5_another_client_writing_refreshes_the_page(self):
        self.open("budget")
        before = cents(self.text("#remaining"))
        self.server.api("PUT", "/budget/2024-03/categories/Transport", {"amount": "0"})
        self.wait.until(lambda d: cents(d.find_element(By.ID, "remaining").text) != before)

    def test_6_history_and_phone_width(self):
        self.open("history")
        self.wait.until(EC.presence_of_element_located((By.ID, "history-table")))
        self.assertIn("CategoryCreated", self.text("#history-table"))
        self.shot("history.png")
        self.driver.set_window_size(390, 844)
        self.open("budget")
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(width, 400, "the budget sheet should fit a phone's width")
        self.shot("budget-phone.png")
        self.driver.set_window_size(1280, 1000)

    def test_7_keyboard_only(self):
        self.open("budget")
        tab = self.driver.find_element(By.ID, "tab-budget")
        tab.send_keys(Keys.ARROW_RIGHT)
        self.wait.until(lambda d: d.find_element(By.ID, "tab-transactions").get_attribute("aria-selected") == "true")
        row = self.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#tx-table tr.clickable")))
        row.send_keys(Keys.ENTER)
        self.wait.until(lambda d: d.find_element(By.ID, "tx-form-title").text == "Edit transaction")
        self.driver.find_element(By.ID, "tx-delete").send_keys(Keys.ENTER)
        self.assertTrue(self.driver.find_element(By.ID, "tx-confirm").is_displayed())
        self.driver.find_element(By.ID, "tx-confirm-no").send_keys(Keys.ENTER)
        # Every form control has a label.
        unlabeled = self.driver.execute_script("""
          return [...document.querySelectorAll('input, select')].filter(i =>
            !(i.labels && i.labels.length) && !i.getAttribute('aria-label')).map(i => i.id);""")
        self.assertEqual(unlabeled, [])

    def test_8_read_models_caught_up_elsewhere_show_without_a_new_event(self):
        # Another process imports far more rows than the ledger holds, so it defers the read
        # models, and is killed after its first batch: the page renders those events' answers
        # while the read models are behind (the old numbers). The server then rebuilds them
        # (it looks every 5 s) and its event stream says `caught-up` — no new event — and the
        # page must render again to show the rows.
        self.open("analysis")
        before = self.food_actual()
        head = self.server.api("GET", "/ledger")["position"]
        path = os.path.join(self.server.directory, "big.csv")
        with open(path, "w") as csv:
            csv.write("date,payee,amount,category\n")
            for index in range(50_000):
                csv.write(f"2024-03-{1 + index % 19:02d},Bulk shop {index},-1.00,Food\n")
        importer = subprocess.Popen(
            [budget_binary(), "import", "csv", path, "--account", "Checking", "--ledger", self.server.ledger],
            env=self.server.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            WebDriverWait(self.driver, 120, poll_frequency=0.01).until(
                lambda d: self.server.api("GET", "/ledger")["position"] > head or importer.poll() is not None)
            self.assertIsNone(importer.poll(), "the import ended before it could be stopped half-way")
        finally:
            importer.kill()
            importer.wait()
        self.wait.until(lambda d: self.food_actual() > before)


    def test_9_bills_mark_paid_skip_calendar_and_forecast(self):
        for body in [
            {"name": "Phone", "amount": "47.77", "account": "Checking", "category": "Bills", "every": "month", "day": 5,
             "start": "2024-03-05"},
            {"name": "Internet", "amount": "39.90", "account": "Checking", "category": "Bills", "every": "month", "day": 25,
             "start": "2024-03-25", "reminderDays": 7},
            {"name": "Salary", "amount": "3200", "account": "Checking", "category": "Income", "type": "income",
             "every": "month", "day": "last", "start": "2024-03-31"},
            {"name": "Car insurance", "amount": "480", "account": "Checking", "category": "Insurance", "every": "quarterly",
             "day": 15, "start": "2024-04-15"},
        ]:
            self.server.api("POST", "/schedules", body)
        self.open("bills")
        # The reminders show as the view opens: the overdue phone bill and the internet due in 5 days.
        # (read in one script each: a live refresh may re-render the view between reads)
        def text(css):
            return self.driver.execute_script(
                "const e = document.querySelector(arguments[0]); return e ? e.textContent : null", css)
        self.wait.until(lambda d: "Phone" in (text("#bills-reminders") or ""))
        self.assertIn("Internet", text("#bills-reminders"))
        overdue = "#bills-overdue tr[data-schedule='Phone']"
        self.assertEqual(text(overdue + " .bill-status"), "overdue")
        self.driver.set_window_size(1280, 1900)
        self.shot("bills.png")
        self.driver.set_window_size(1280, 1000)
        marker = self.marker()
        self.click(lambda d: d.find_element(By.CSS_SELECTOR, overdue + " button.pay-occurrence"))
        self.rendered_after(marker)
        self.wait.until(lambda d: text("#bills-paid tr[data-schedule='Phone'] .bill-status") == "paid")
        self.assertIsNone(text(overdue))
        # The calendar lists each bill on the day it falls due; the month moves.
        self.assertIn("Phone", text("#bills-calendar td[data-day='2024-03-05']"))
        self.assertIn("Salary", text("#bills-calendar td[data-day='2024-03-31']"))
        # The forecast: a line per account, its lowest point marked with a dot and a label.
        path, lowest, label = self.driver.execute_script("""
          const chart = document.getElementById('forecast-checking');
          return [chart.querySelector('path.forecast-line').getAttribute('d'),
                  chart.querySelector('circle.lowest-point').getAttribute('data-date'),
                  chart.querySelector('.lowest-label').textContent];""")
        self.assertTrue(path.startswith("M ") and " V " in path, path)
        self.assertTrue(lowest)
        self.assertIn(f"on {lowest}", label)
        marker = self.marker()
        self.click(lambda d: d.find_element(By.CSS_SELECTOR, "#bills-due-soon tr[data-schedule='Internet'] button.skip-occurrence"))
        self.rendered_after(marker)
        self.wait.until(lambda d: text("#bills-due-soon tr[data-schedule='Internet']") is None)
        self.click(lambda d: d.find_element(By.ID, "calendar-next"))
        self.wait.until(lambda d: text("#calendar-title") == "April 2024")
        self.wait.until(lambda d: "Car insurance" in (text("#bills-calendar td[data-day='2024-04-15']") or ""))
        self.click(lambda d: d.find_element(By.ID, "calendar-prev"))
        self.wait.until(lambda d: text("#calendar-title") == "March 2024")


class FundsAndWarningsTests(ViewTestCase):
    """Available funds count the budget accounts only, and a write that takes one below zero
    says so in a toast — on a demo ledger of its own (the writes here would move the other
    class's figures)."""

    open = WebAppTests.open
    text = WebAppTests.text
    marker = WebAppTests.marker
    rendered_after = WebAppTests.rendered_after

    def test_1_available_funds_leave_the_loans_out(self):
        accounts = self.server.api("GET", "/accounts")["items"]
        budget = [a for a in accounts if a["role"] == "budget" and a["currency"] == "EUR"]
        loans = [a for a in accounts if a["role"] == "tracking"]
        self.assertEqual(sorted(a["name"] for a in loans), ["Car loan", "Family loan"])
        counted = sum(cents(a["balance"]) for a in budget)
        everything = counted + sum(cents(a["balance"]) for a in loans)
        self.open("budget")
        # Read in one script: a live refresh may re-render the sheet between reads.
        funds, makeup, tracking = self.wait.until(lambda d: d.execute_script(
            "const f = id => document.getElementById(id); "
            "return f('available-funds') && f('funds-accounts') && f('funds-tracking') "
            "? [f('available-funds').textContent, f('funds-accounts').textContent, f('funds-tracking').textContent] : null"))
        self.assertEqual(cents(funds), counted)
        self.assertNotEqual(cents(funds), everything, "the loans' debt is not in the available funds")
        for account in budget:
            self.assertIn(account["name"], makeup)
        self.assertEqual(tracking, "not counted (tracking): Car loan, Family loan")

    def test_2_a_write_that_takes_checking_below_zero_shows_a_warning(self):
        # Given Checking's balance; when a laptop of 100.00 more is added to Bills from it
        checking = next(a for a in self.server.api("GET", "/accounts")["items"] if a["name"] == "Checking")
        amount = cents(checking["balance"]) + 10000  # 100.00 more than it holds
        self.open("transactions")
        self.wait.until(EC.presence_of_element_located((By.ID, "tx-form")))
        self.driver.find_element(By.ID, "tx-name").send_keys("Laptop")
        self.driver.find_element(By.ID, "tx-amount").send_keys(f"{amount // 100}.{amount % 100:02d}")
        Select(self.driver.find_element(By.ID, "tx-category")).select_by_visible_text("Bills")
        Select(self.driver.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
        self.driver.find_element(By.ID, "tx-save").click()
        toast = self.wait.until(lambda d: (lambda t: t if t.is_displayed() and "warning" in t.get_attribute("class") else None)(
            d.find_element(By.ID, "toast")))
        # And, as the laptop overspends Bills, the budget's notice beside it
        lines = toast.text.split("\n")
        self.assertEqual(lines[0], "Warning: Checking is now -100.00")
        self.assertEqual(len(lines), 2)
        self.assertTrue(lines[1].startswith("Warning: Bills is over its budget for "), lines[1])
        self.assertEqual(toast.get_attribute("data-codes"), "account_below_zero budget_threshold")

if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    failed = len(result.failures) + len(result.errors)
    print(f"browser: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
