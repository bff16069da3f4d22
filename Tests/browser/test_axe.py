"""Accessibility: axe-core (from the axe-selenium-python package) on every view of the web app,
light and dark, at desktop and at phone size, in headless Chromium against a real `budget serve`
on the demo ledger. No serious or critical violation may remain.

Run: python3 Tests/browser/test_axe.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest

from axe_selenium_python import Axe
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import Server, browser  # noqa: E402

VIEWS = ["budget", "transactions", "analysis", "bills", "debts", "goals", "accounts", "categories", "history", "import", "ledger"]
SIZES = {"desktop": (1280, 1000), "phone": (360, 640)}


class AxeTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def violations(self, driver, view, theme):
        wait = WebDriverWait(driver, 15, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])
        driver.get("about:blank")
        driver.get(f"{self.server.url}/#{view}")
        driver.execute_script("localStorage.setItem('budget-theme', arguments[0])", theme)
        driver.get("about:blank")
        driver.get(f"{self.server.url}/#{view}")
        wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        wait.until(lambda d: d.execute_script(f"return document.getElementById('view-{view}').children.length > 0"))
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options="{resultTypes: ['violations']}")
        return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3], v["help"])
                for v in results["violations"] if v["impact"] in ("serious", "critical")]

    def test_every_view_light_and_dark_desktop_and_phone(self):
        for size, (width, height) in SIZES.items():
            driver = browser(width, height)
            try:
                driver.get(self.server.new_login_url())  # a link works once: one for each browser
                for theme in ["light", "dark"]:
                    for view in VIEWS:
                        with self.subTest(size=size, theme=theme, view=view):
                            self.assertEqual(self.violations(driver, view, theme), [])
            finally:
                driver.quit()


if __name__ == "__main__":
    unittest.main(verbosity=2)
