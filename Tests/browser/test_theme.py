"""Light and dark in headless Chromium against a real `budget serve` on the demo ledger: the app
follows the system's `prefers-color-scheme`, the header's Theme switch overrides it and is kept
across a reload, and text keeps WCAG AA contrast (4.5:1) in both.

Run: python3 Tests/browser/test_theme.py (Tests/browser/run.sh runs it).
Saves docs/screenshots/budget-dark.png.
"""
import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import SCREENSHOTS, ViewTestCase  # noqa: E402

# The contrast of an element's text against the first opaque background behind it.
CONTRAST = """
const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
  .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
const background = (node) => {
  for (; node; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    const parts = rgb(colour);
    if (parts.length === 3 || parts[3] > 0) return parts.slice(0, 3);
  }
  return rgb(getComputedStyle(document.documentElement).backgroundColor);
};
return [...document.querySelectorAll(arguments[0])].filter((n) => n.offsetParent && n.textContent.trim()).map((node) => {
  const [a, b] = [luminance(rgb(getComputedStyle(node).color)), luminance(background(node))];
  return [node.id || node.className || node.tagName, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)];
});
"""


class ThemeTests(ViewTestCase):
    def scheme(self, value):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})

    def open(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#budget")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))

    def paper(self):
        return self.driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")

    def choose(self, value):
        Select(self.driver.find_element(By.ID, "theme")).select_by_value(value)

    def lowest_contrast(self):
        pairs = self.driver.execute_script(CONTRAST, "h1, h2, td, th, .card-title, .card-value, button, label, .muted, .live")
        self.assertTrue(pairs)
        return min(pairs, key=lambda pair: pair[1])

    def test_1_follows_the_system_and_the_switch_overrides_it(self):
        # Given a system that asks for dark, with no choice made
        self.driver.get(self.server.url)
        self.driver.execute_script("localStorage.removeItem('budget-theme')")
        self.scheme("dark")
        self.open()
        # Then the app is dark, its text readable, and the switch says Auto
        self.assertEqual(self.paper(), "rgb(13, 17, 23)")
        self.assertEqual(self.driver.find_element(By.ID, "theme").get_attribute("value"), "")
        worst = self.lowest_contrast()
        self.assertGreaterEqual(worst[1], 4.5, worst)
        self.save_screenshot("budget-dark.png")
        # When Light is chosen, it is light, and stays so after a reload
        self.choose("light")
        self.assertEqual(self.paper(), "rgb(255, 255, 255)")
        self.open()
        self.assertEqual(self.paper(), "rgb(255, 255, 255)")
        worst = self.lowest_contrast()
        self.assertGreaterEqual(worst[1], 4.5, worst)
        # When the system asks for light and Dark is chosen, it is dark
        self.scheme("light")
        self.choose("dark")
        self.assertEqual(self.paper(), "rgb(13, 17, 23)")
        # When Auto is chosen again, it follows the system (light)
        self.choose("")
        self.assertEqual(self.paper(), "rgb(255, 255, 255)")
        self.open()
        self.assertEqual(self.paper(), "rgb(255, 255, 255)")


if __name__ == "__main__":
    unittest.main(verbosity=2)
