"""Starts `budget serve` on a fresh demo ledger and a headless Chromium driven by selenium."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TODAY = "2024-03-20"  # the demo ledger covers January to March 2024


def budget_binary():
    """The CLI under test: $BUDGET_BIN, else the debug build."""
    candidates = [os.environ.get("BUDGET_BIN"), os.path.join(ROOT, ".build", "debug", "budget")]
    for path in candidates:
        if path and os.path.exists(path):
            return path
    raise RuntimeError("budget binary not found: build it (swift build) or set BUDGET_BIN")


class Server:
    """`budget serve --demo` on a temporary ledger, on a free loopback port (without `--demo`,
    `demo=False`: a ledger not set up yet)."""

    def __init__(self, extra_arguments=(), demo=True):
        self.directory = tempfile.mkdtemp(prefix="budget-browser-")
        ledger = os.path.join(self.directory, "demo.ledger")
        self.ledger = ledger
        self.env = dict(os.environ, BUDGET_TODAY=TODAY, BUDGET_ACTOR="browser-test", NO_COLOR="1")
        self.env.pop("BUDGET_TOKEN", None)
        self.process = subprocess.Popen(
            [budget_binary(), "serve", "--ledger", ledger, *(["--demo"] if demo else []), "--port", "0", *extra_arguments],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=self.env, text=True)
        deadline = time.time() + 60
        self.url = None
        self.login_url = None
        # The URL line, then (with a token) the login link line.
        while time.time() < deadline and (self.url is None or (self.login_url is None and "--no-auth" not in extra_arguments)):
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError("budget serve exited early")
            match = re.search(r"at (http://127\.0\.0\.1:\d+)", line)
            if match:
                self.url = match.group(1)
            match = re.search(r"log in \(works once, for \d+ minutes\): (http://\S+/\?code=\S+)", line)
            if match:
                self.login_url = match.group(1)
        if self.url is None:
            self.stop()
            raise RuntimeError("budget serve did not report its URL")
        # The token is in the file beside the ledger (0600); the link carries a one-time code.
        self.token_file = ledger + ".token"
        self.token = None
        if self.login_url:
            with open(self.token_file) as file:
                self.token = file.read().strip()

    def new_login_url(self):
        """A fresh one-time login link, as `budget login-link` prints it."""
        output = subprocess.run(
            [budget_binary(), "login-link", "--ledger", self.ledger, "--json"],
            capture_output=True, text=True, env=self.env, check=True).stdout
        return json.loads(output)["url"]

    def api(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + "/api/v1" + path, data=data, method=method, headers=headers or {})
        if self.login_url:
            request.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


def browser(width=1280, height=1000):
    """Headless Chromium (Debian's chromium + chromium-driver). Below 500 px wide (a headless
    window's least width) the page is laid out as on a phone of that size, touch included."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={max(width, 500)},{height}"]:
        options.add_argument(argument)
    if width < 500:
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(30)
    return driver


SCREENSHOTS = os.path.join(ROOT, "docs", "screenshots")


class ViewTestCase(unittest.TestCase):
    """A `budget serve` of the demo ledger and a headless browser logged in to it, shared by
    a class's tests; `window` sets the browser's size."""

    window = (1280, 1000)

    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.driver = browser(*cls.window)
        # Views re-render when the log moves (SSE), so lookups retry on stale elements.
        cls.wait = WebDriverWait(cls.driver, 15, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])
        # Log in once, as a user would: the printed link sets the session cookie.
        cls.driver.get(cls.server.login_url)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def save_screenshot(self, name):
        """Writes the page as it is to docs/screenshots/NAME (the README's tour)."""
        os.makedirs(SCREENSHOTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(SCREENSHOTS, name))
