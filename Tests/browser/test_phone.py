"""The web app on a 360x640 phone, in headless Chromium against a real `budget serve` on the
demo ledger: the sheets are a bar at the foot (More opens the rest), time travel opens from the
header, and no view scrolls sideways.

Run: python3 Tests/browser/test_phone.py (Tests/browser/run.sh runs it).
Saves docs/screenshots/phone-more.png.
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import SCREENSHOTS, ViewTestCase  # noqa: E402

VIEWS = ["budget", "transactions", "analysis", "bills", "debts", "goals", "accounts", "categories", "history", "import", "ledger"]


class PhoneTests(ViewTestCase):
    window = (360, 640)

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def rendered(self):
        return self.script("return document.body.dataset.rendered")

    def open(self, view):
        self.driver.get(f"{self.server.url}/#{view}")
        self.wait.until(lambda d: self.rendered())

    def tabs(self):
        """Each visible sheet button: its label, height, whether its label is cut, its bottom."""
        return self.script("""return [...document.querySelectorAll('#tabs button')].filter(b => b.offsetParent)
            .map(b => ({label: b.textContent, height: b.getBoundingClientRect().height, cut: b.scrollWidth > b.clientWidth,
                        bottom: b.getBoundingClientRect().bottom}))""")

    def test_1_the_sheets_are_a_bar_at_the_foot_and_more_opens_the_rest(self):
        # Given the app on a phone
        self.open("budget")
        # Then four sheets and More sit at the foot of the screen, 44 px or taller, labels whole
        bar = self.tabs()
        self.assertEqual([t["label"] for t in bar], ["Budget", "Transactions", "Bills", "Goals", "More"])
        height = self.script("return window.innerHeight")
        for tab in bar:
            self.assertGreaterEqual(tab["height"], 44, tab)
            self.assertFalse(tab["cut"], tab)
            self.assertAlmostEqual(tab["bottom"], height, delta=1)
        # When More is tapped, the other sheets show too, each whole
        self.driver.find_element(By.ID, "tab-more").click()
        self.assertEqual(self.driver.find_element(By.ID, "tab-more").get_attribute("aria-expanded"), "true")
        labels = [t["label"] for t in self.tabs()]
        for name in ["Analysis", "Debts", "Accounts", "Categories", "History"]:
            self.assertIn(name, labels)
        self.assertFalse(any(t["cut"] for t in self.tabs()))
        self.driver.save_screenshot(os.path.join(SCREENSHOTS, "phone-more.png"))
        # When one of them is chosen, it opens and the bar closes again
        marker = self.rendered()
        self.driver.find_element(By.ID, "tab-accounts").click()
        self.wait.until(lambda d: self.rendered() != marker)
        self.assertTrue(self.driver.find_element(By.ID, "view-accounts").is_displayed())
        self.assertEqual(len(self.tabs()), 5)

    def test_2_time_travel_opens_from_the_header(self):
        self.open("budget")
        slider = self.driver.find_element(By.ID, "known-at")
        self.assertFalse(slider.is_displayed())
        self.driver.find_element(By.ID, "time-toggle").click()
        self.assertTrue(slider.is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "time-toggle").get_attribute("aria-expanded"), "true")
        self.driver.find_element(By.ID, "time-toggle").click()
        self.assertFalse(slider.is_displayed())

    def test_3_no_view_scrolls_sideways(self):
        for view in VIEWS:
            with self.subTest(view=view):
                self.open(view)
                self.wait.until(lambda d: d.find_element(By.ID, f"view-{view}").is_displayed())
                self.wait.until(lambda d: self.script(f"return document.getElementById('view-{view}').children.length > 0"))
                self.assertLessEqual(self.script("return document.documentElement.scrollWidth"), 360, view)
                # and no button sits past the screen's edge in a table that scrolls on its own
                cut = self.script(f"""return [...document.querySelectorAll('#view-{view} button')]
                    .filter(b => b.offsetParent && b.getClientRects().length)
                    .filter(b => {{ const r = b.getBoundingClientRect(); return r.right > 361 || r.left < -1; }})
                    .map(b => (b.getAttribute('aria-label') || b.textContent).trim())""")
                self.assertEqual(cut, [], view)

    def test_4_the_header_is_one_line_and_a_row_of_buttons(self):
        self.open("budget")
        header = self.script("""const h = document.querySelector('header.top').getBoundingClientRect();
            const t = document.querySelector('.headline h1');
            return {height: h.height, titleCut: t.scrollHeight > t.clientHeight + 2,
                    rows: new Set([...document.querySelectorAll('.undo-redo > *')].filter(e => e.offsetParent)
                                  .map(e => Math.round(e.getBoundingClientRect().top))).size}""")
        self.assertLessEqual(header["height"], 120, header)
        self.assertEqual(header["rows"], 1, header)
        self.assertFalse(header["titleCut"], header)


if __name__ == "__main__":
    unittest.main(verbosity=2)
