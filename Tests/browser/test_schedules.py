"""Schedules in headless Chromium against `budget serve` on the demo ledger: a monthly bill added
from the Bills view, paused, resumed and ended, and a refused one that adds nothing — each
checked through the CLI.

Run: python3 Tests/browser/test_schedules.py (Tests/browser/run.sh runs it).
"""
import json
import os
import re
import subprocess
import sys
import time
import unittest

from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402


class ScheduleTests(ViewTestCase):
    def schedules(self):
        output = subprocess.run(
            [budget_binary(), "schedule", "list", "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return {s["name"]: s for s in json.loads(output)}

    def schedule_versions(self, name):
        output = subprocess.run(
            [budget_binary(), "schedule", "show", name, "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return json.loads(output)["versions"]

    def cli(self, *arguments):
        return json.loads(subprocess.run([budget_binary(), *arguments, "--ledger", self.server.ledger, "--json"],
                                         env=self.server.env, capture_output=True, text=True, check=True).stdout)

    def test_autopay_due_now_is_posted_from_the_bills_view_once(self):
        # Given a newspaper on autopay since February (two occurrences due, none posted)
        self.cli("schedule", "add", "Newspaper", "5", "--account", "Checking", "--category", "Bills", "--every", "month",
                 "--day", "1", "--start", "2024-02-01", "--autopay")
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#bills")
        button = self.wait.until(lambda d: d.find_element(By.ID, "autopay-post"))
        # When Post autopay is pressed, then both are posted and the toast says how many
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        # (and whatever else is on autopay and due: the other test's bill, due today)
        toast = self.wait.until(lambda d: re.search(r"Posted (\d+) due now", d.find_element(By.ID, "toast").text))
        self.assertGreaterEqual(int(toast.group(1)), 2)
        paid = [o for o in self.cli("schedule", "occurrences", "Newspaper", "--from", "2024-02-01", "--to", "2024-03-31")
                if o["status"] == "paid"]
        self.assertEqual([o["date"] for o in paid], ["2024-02-01", "2024-03-01"])
        # When pressed again, then nothing more is posted, and the CLI finds nothing left
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#bills")
        self.wait.until(lambda d: d.find_element(By.ID, "autopay-post")).click()
        self.wait.until(lambda d: "Posted 0 due now" in d.find_element(By.ID, "toast").text)
        self.assertEqual(self.cli("schedule", "post")["posted"], [])

    def row(self, name):
        return self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, f"#schedules tr[data-schedule='{name}']"))

    def press(self, name, label):
        # The view is drawn again when the log moves: a button found just before may be gone.
        for attempt in range(5):
            try:
                button = self.row(name).find_element(By.XPATH, f".//button[text()='{label}']")
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
                return button.click()
            except (StaleElementReferenceException, ElementNotInteractableException):
                time.sleep(0.3)
        self.fail(f"the {label} button of {name} could not be pressed")

    def test_a_bill_is_added_paused_resumed_and_ended(self):
        # Given the Bills view
        self.driver.get(self.server.url + "/#bills")
        self.wait.until(lambda d: d.find_element(By.ID, "schedule-add"))
        # When a monthly bill is added, with an amount the rules refuse first
        self.driver.find_element(By.ID, "schedule-name").send_keys("Climbing")
        self.driver.find_element(By.ID, "schedule-amount").send_keys("thirty")
        Select(self.driver.find_element(By.ID, "schedule-account")).select_by_visible_text("Checking")
        Select(self.driver.find_element(By.ID, "schedule-category")).select_by_visible_text("Sport")
        self.driver.find_element(By.ID, "schedule-autopay").click()
        submit = self.driver.find_element(By.ID, "schedule-add-submit")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", submit)
        submit.click()
        # Then the server's reason shows and nothing was added
        self.assertTrue(self.wait.until(lambda d: d.find_element(By.ID, "schedule-add-alert").text))
        self.assertNotIn("Climbing", self.schedules())
        # When the amount is put right, then it is scheduled monthly, on autopay, from today
        amount = self.driver.find_element(By.ID, "schedule-amount")
        amount.clear()
        amount.send_keys("30.00")
        self.driver.find_element(By.ID, "schedule-add-submit").click()
        self.row("Climbing")
        gym = self.schedules()["Climbing"]
        self.assertEqual((gym["amount"], gym["account"], gym["category"], gym["autopay"]), ("30.00", "Checking", "Sport", True))
        self.assertEqual(gym["rule"]["every"], "month")
        self.assertEqual(gym["start"], "2024-03-20")
        # When it is paused, then resumed, then ended (after a yes)
        self.press("Climbing", "Pause")
        self.wait.until(lambda d: self.row("Climbing").find_element(By.CLASS_NAME, "schedule-state").text == "paused")
        self.assertTrue(self.schedules()["Climbing"]["paused"])
        self.press("Climbing", "Resume")
        self.wait.until(lambda d: "next" in self.row("Climbing").find_element(By.CLASS_NAME, "schedule-state").text)
        self.assertFalse(self.schedules()["Climbing"]["paused"])
        # When its amount changes to 35.00 from the first of May (after a refused date)
        self.press("Climbing", "Change")
        amount = self.wait.until(lambda d: d.find_element(By.ID, "schedule-change-amount"))
        self.assertEqual(amount.get_attribute("value"), "30.00")
        amount.clear()
        amount.send_keys("35")
        start = self.driver.find_element(By.ID, "schedule-change-from")
        self.driver.execute_script("arguments[0].value = '2024-01-01'", start)
        self.driver.find_element(By.ID, "schedule-change-submit").click()
        self.assertIn("before the schedule starts", self.wait.until(lambda d: d.find_element(By.ID, "schedule-change-alert").text))
        self.assertEqual(len(self.schedule_versions("Climbing")), 1, "a refused change records nothing")
        self.driver.execute_script("arguments[0].value = '2024-05-01'", start)
        self.driver.find_element(By.ID, "schedule-change-submit").click()
        # Then April keeps 30.00 and May on is 35.00, as the CLI shows it
        self.wait.until(lambda d: len(self.schedule_versions("Climbing")) == 2)
        versions = self.schedule_versions("Climbing")
        self.assertEqual([(v["from"], v["terms"]["amount"]) for v in versions], [("2024-03-20", "30.00"), ("2024-05-01", "35.00")])
        self.press("Climbing", "End")
        self.driver.switch_to.alert.accept()
        self.wait.until(lambda d: "ended" in self.row("Climbing").find_element(By.CLASS_NAME, "schedule-state").text)
        self.assertEqual(self.schedules()["Climbing"]["endedAfter"], "2024-03-20")


if __name__ == "__main__":
    unittest.main(verbosity=2)
