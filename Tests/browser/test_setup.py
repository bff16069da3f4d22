"""First run in the browser: `budget serve` on a ledger that is not set up yet, at phone size.

Run: python3 Tests/browser/test_setup.py (Tests/browser/run.sh runs it).
The person fills the setup form by typing and clicking; what it made is checked with the
`budget` command line on the ledger file. Saves docs/screenshots/setup-phone.png.
"""
import json
import os
import subprocess
import sys
import unittest

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import SCREENSHOTS, Server, browser, budget_binary  # noqa: E402


class FirstRunTests(unittest.TestCase):
    """A new ledger, a phone-sized browser logged in to it."""

    def setUp(self):
        self.server = Server(demo=False)
        self.driver = browser(360, 640)
        self.wait = WebDriverWait(self.driver, 15, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])
        self.driver.get(self.server.login_url)
        self.wait.until(lambda d: d.find_element(By.ID, "setup-form").is_displayed())

    def tearDown(self):
        self.driver.quit()
        self.server.stop()

    def cli(self, *arguments):
        output = subprocess.run(
            [budget_binary(), *arguments, "--ledger", self.server.ledger, "--json"],
            capture_output=True, text=True, env=self.server.env, check=True).stdout
        return json.loads(output)

    def type_into(self, element_id, text):
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text)

    def test_setup_form_fits_a_phone_and_shows_nothing_else(self):
        # Given a ledger not set up, opened on a 360 px wide phone
        driver = self.driver
        # Then only the setup form shows, with no sideways scrolling and tap targets of 44 px
        self.assertFalse(driver.find_element(By.ID, "tab-budget").is_displayed())
        self.assertFalse(driver.find_element(By.ID, "known-at").is_displayed())
        self.assertEqual(driver.execute_script("return window.innerWidth"), 360)
        self.assertLessEqual(driver.execute_script("return document.documentElement.scrollWidth"), 360)
        heights = driver.execute_script(
            "return [...document.querySelectorAll('#setup-form button, #setup-form input:not([type=radio]), #setup-form select')]"
            ".map((node) => node.getBoundingClientRect().height)")
        self.assertTrue(heights and min(heights) >= 44, heights)
        # And the name field has the focus, for the first thing to type
        self.assertEqual(driver.switch_to.active_element.get_attribute("id"), "setup-name")
        driver.save_screenshot(os.path.join(SCREENSHOTS, "setup-phone.png"))

    def test_a_refused_account_changes_nothing_then_the_corrected_form_sets_up_the_budget(self):
        driver = self.driver
        # Given the form filled in: a name, USD, a checking account with too many decimals
        self.type_into("setup-name", "Our home")
        self.type_into("setup-currency", "USD")
        self.type_into("setup-account-name-0", "Checking")
        self.type_into("setup-account-opening-0", "1200.505")
        driver.find_element(By.ID, "setup-add-account").click()
        self.type_into("setup-account-name-1", "Visa")
        Select(driver.find_element(By.ID, "setup-account-type-1")).select_by_value("credit-card")
        self.type_into("setup-account-opening-1", "-300")
        driver.find_element(By.CSS_SELECTOR, "input[name=categories][value=income-only]").click()
        # When it is sent
        driver.find_element(By.ID, "setup-create").click()
        # Then the server's message shows, and the ledger is still not set up
        alert = self.wait.until(lambda d: d.find_element(By.ID, "setup-alert").get_attribute("textContent") or None)
        self.assertIn("decimal places", alert)
        self.assertFalse(self.server.api("GET", "/ledger")["created"])
        # When the amount is corrected and the form sent again
        self.type_into("setup-account-opening-0", "1200.50")
        driver.find_element(By.ID, "setup-create").click()
        # Then the budget opens, and the ledger holds what the form said, all of it
        self.wait.until(lambda d: d.find_element(By.ID, "tab-budget").is_displayed())
        self.assertIn("Our home", driver.find_element(By.ID, "ledger-name").text)
        accounts = {row["name"]: row for row in self.cli("account", "list")}
        self.assertEqual(sorted(accounts), ["Checking", "Visa"])
        self.assertEqual((accounts["Checking"]["balance"], accounts["Checking"]["currency"]), ("1200.50", "USD"))
        self.assertEqual((accounts["Visa"]["balance"], accounts["Visa"]["type"]), ("-300.00", "credit-card"))
        categories = [row["name"] for row in self.cli("category", "list")]
        self.assertEqual(categories, ["Income"])

    def test_removing_an_account_row_leaves_it_out(self):
        driver = self.driver
        # Given a second account row added, then removed
        driver.find_element(By.ID, "setup-add-account").click()
        self.type_into("setup-account-name-1", "Savings")
        driver.find_element(By.CSS_SELECTOR, "[aria-label='Remove account 2']").click()
        # When the form is sent with the workbook's categories
        driver.find_element(By.CSS_SELECTOR, "input[name=categories][value=workbook]").click()
        driver.find_element(By.ID, "setup-create").click()
        # Then only the first account is opened, with the workbook's fixed, variable and
        # quarterly categories
        self.wait.until(lambda d: d.find_element(By.ID, "tab-budget").is_displayed())
        self.assertEqual([row["name"] for row in self.cli("account", "list")], ["Checking"])
        types = {row["name"]: row.get("budgetType") for row in self.cli("category", "list")}
        self.assertNotIn("Food", types)
        self.assertEqual((types["Rent"], types["Groceries"], types["Car upkeep"]), ("fixed", "variable", "quarterly"))
        self.assertIn("Income", types)

    def test_the_demo_instead(self):
        driver = self.driver
        # When the person chooses to look around in the demo
        button = driver.find_element(By.ID, "setup-demo")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        # Then the budget opens on the sample household, as the command line sees it too
        self.wait.until(lambda d: d.find_element(By.ID, "ledger-name").text == "· Demo household")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        names = {row["name"] for row in self.cli("account", "list")}
        self.assertTrue({"Checking", "Savings", "Credit card"} <= names, names)
        self.assertTrue(self.cli("schedule", "list"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
