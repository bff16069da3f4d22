#!/usr/bin/env python3
"""The README's tour: every sheet of the web app on the demo ledger, on a desktop in the light
theme and on a 360x640 phone in the dark theme, written to docs/screenshots/tour-VIEW-desktop.png
and tour-VIEW-phone-dark.png.

Runs `budget serve --demo` on a temporary ledger (Tests/browser/harness.py) and headless
Chromium, as the browser tests do; the demo's today is 2024-03-20.

  python3 Tools/screenshots.py                 # the debug build, or $BUDGET_BIN
  python3 Tools/screenshots.py budget bills    # only these sheets
"""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from harness import SCREENSHOTS, Server, browser  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

VIEWS = ["budget", "transactions", "analysis", "bills", "debts", "goals", "accounts", "categories", "history", "import", "ledger"]
SIZES = [("desktop", 1280, 900, "light"), ("phone-dark", 360, 640, "dark")]


def shoot(server, views):
    for label, width, height, theme in SIZES:
        driver = browser(width, height)
        try:
            driver.get(server.new_login_url())  # a login link works once
            WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.rendered"))
            driver.execute_script("localStorage.setItem('budget-theme', arguments[0])", theme)
            for view in views:
                driver.get("about:blank")
                driver.get(f"{server.url}/#{view}")
                WebDriverWait(driver, 30).until(lambda d: d.execute_script(
                    f"return document.body.dataset.rendered && !document.getElementById('view-{view}').hidden"
                    f" && document.getElementById('view-{view}').children.length > 0"))
                driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
                path = os.path.join(SCREENSHOTS, f"tour-{view}-{label}.png")
                driver.save_screenshot(path)
                print(path)
        finally:
            driver.quit()


def main():
    views = sys.argv[1:] or VIEWS
    unknown = [v for v in views if v not in VIEWS]
    if unknown:
        sys.exit(f"no such sheet: {', '.join(unknown)} (the sheets: {', '.join(VIEWS)})")
    os.makedirs(SCREENSHOTS, exist_ok=True)
    server = Server()
    try:
        shoot(server, views)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
