"""Two devices of one hub, each with its own `budget serve` and its own browser session:
an edit made in one device's web app appears in the other's within seconds, and both show
"synced".

The hub is `budget serve --demo`; two devices are added with `budget device add`, cloned
with `budget clone`, and served with `budget serve` on their own ledgers (a device's server
sends each change to the hub at once and follows the hub's events).

Run: python3 Tests/browser/test_sync.py  (make test runs it after swift test).
"""
import json
import os
import re
import socket
import subprocess
import sys
import time
import unittest

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import Server, browser, budget_binary  # noqa: E402


class DeviceServer:
    """`budget serve` on a device's ledger (cloned from `hub`), on a free loopback port."""

    def __init__(self, hub, name, hub_out_of_reach=False, before_serving=None):
        self.ledger = os.path.join(hub.directory, f"{name}.ledger")
        added = subprocess.run(
            [budget_binary(), "device", "add", name, "--ledger", hub.ledger, "--json"],
            env=hub.env, capture_output=True, text=True, check=True)
        token_file = os.path.join(hub.directory, f"{name}.token")
        with open(os.open(token_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as file:
            file.write(json.loads(added.stdout)["token"])
        subprocess.run(
            [budget_binary(), "clone", hub.url, "--ledger", self.ledger, "--token-file", token_file],
            env=hub.env, capture_output=True, text=True, check=True)
        if hub_out_of_reach:
            # The hub's address replaced by one nothing listens on: every change stays pending.
            with socket.socket() as unused:
                unused.bind(("127.0.0.1", 0))
                nowhere = f"http://127.0.0.1:{unused.getsockname()[1]}"
            for arguments in (["remote", "remove", "origin"], ["remote", "add", "origin", nowhere, "--token-file", token_file]):
                subprocess.run(
                    [budget_binary(), *arguments, "--ledger", self.ledger],
                    env=hub.env, capture_output=True, text=True, check=True)
        if before_serving:
            before_serving(self)
        self.process = subprocess.Popen(
            [budget_binary(), "serve", "--ledger", self.ledger, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=hub.env, text=True)
        self.url = self.login_url = None
        deadline = time.time() + 60
        while time.time() < deadline and self.login_url is None:
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError(f"budget serve on {name} exited early")
            match = re.search(r"at (http://127\.0\.0\.1:\d+)", line)
            if match:
                self.url = match.group(1)
            match = re.search(r"log in \(works once, for \d+ minutes\): (http://\S+/\?code=\S+)", line)
            if match:
                self.login_url = match.group(1)
        if self.login_url is None:
            self.stop()
            raise RuntimeError(f"budget serve on {name} did not print its login link")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class SyncBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.hub = Server()
        cls.laptop = DeviceServer(cls.hub, "laptop")
        cls.phone = DeviceServer(cls.hub, "phone")
        cls.drivers = []
        for device in (cls.laptop, cls.phone):
            driver = browser()
            driver.get(device.login_url)
            cls.drivers.append(driver)

    @classmethod
    def tearDownClass(cls):
        for driver in cls.drivers:
            driver.quit()
        cls.laptop.stop()
        cls.phone.stop()
        cls.hub.stop()

    def wait(self, driver, seconds=15):
        return WebDriverWait(
            driver, seconds, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])

    def open_transactions(self, driver, device):
        driver.get(f"{device.url}/#transactions")
        self.wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#tx-table tbody tr"))
        self.wait(driver).until(lambda d: "live" in d.find_element(By.ID, "live").text)

    def test_an_edit_on_one_device_appears_on_the_other(self):
        laptop, phone = self.drivers
        # Given both devices' web apps open on their transactions
        self.open_transactions(laptop, self.laptop)
        self.open_transactions(phone, self.phone)
        self.wait(phone).until(lambda d: d.find_element(By.ID, "sync").text == "synced")
        # When a transaction is added in the laptop's web app
        laptop.find_element(By.ID, "tx-name").send_keys("Bakery from the laptop")
        laptop.find_element(By.ID, "tx-amount").send_keys("4.20")
        Select(laptop.find_element(By.ID, "tx-category")).select_by_visible_text("Food")
        Select(laptop.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
        laptop.find_element(By.ID, "tx-save").click()
        added = time.time()
        # Then the phone's page shows it within seconds, without a reload
        row = "//table[@id='tx-table']//tr[td[@class='tx-name' and text()='Bakery from the laptop']]"
        self.wait(phone, 10).until(lambda d: d.find_element(By.XPATH, row))
        print(f"laptop → hub → phone in {time.time() - added:.2f} s")
        # And the hub recorded it once, as the laptop's
        rows = self.hub.api("GET", "/transactions?limit=50")["rows"]
        self.assertEqual([r["name"] for r in rows].count("Bakery from the laptop"), 1)
        head = self.hub.api("GET", "/ledger")["position"]
        last = self.hub.api("GET", f"/events?after={head - 1}")["events"][0]
        self.assertEqual(last["type"], "TransactionAdded")
        self.assertTrue(last["actor"].startswith("device:laptop"), last["actor"])
        # And both devices say they are in step with the hub
        self.wait(laptop).until(lambda d: d.find_element(By.ID, "sync").text == "synced")
        self.assertEqual(phone.find_element(By.ID, "sync").text, "synced")

    def test_a_change_the_hub_has_not_got_is_marked_pending(self):
        # Given a device whose hub is out of reach, its web app open on its transactions
        tablet = DeviceServer(self.hub, "tablet", hub_out_of_reach=True)
        driver = browser()
        try:
            driver.get(tablet.login_url)
            driver.get(f"{tablet.url}/#transactions")
            self.wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#tx-table tbody tr"))
            self.assertEqual(driver.find_elements(By.CSS_SELECTOR, "#tx-table .pending-mark"), [], "the hub's rows")
            # When a transaction is added there
            driver.find_element(By.ID, "tx-name").send_keys("Kiosk on the tablet")
            driver.find_element(By.ID, "tx-amount").send_keys("2.50")
            Select(driver.find_element(By.ID, "tx-category")).select_by_visible_text("Food")
            Select(driver.find_element(By.ID, "tx-account")).select_by_visible_text("Checking")
            driver.find_element(By.ID, "tx-save").click()
            # Then its row, and only its row, is marked pending, and the sync status says so
            row = "//table[@id='tx-table']//tr[td[@class='tx-name' and text()='Kiosk on the tablet']]"
            mark = self.wait(driver).until(lambda d: d.find_element(By.XPATH, row + "//span[@class='pending-mark']"))
            self.assertEqual(mark.text, "pending")
            self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, "#tx-table .pending-mark")), 1)
            self.wait(driver).until(lambda d: "1 pending" in d.find_element(By.ID, "sync").text)
        finally:
            driver.quit()
            tablet.stop()


if __name__ == "__main__":
    unittest.main(verbosity=2)
