"""The Ledger view in headless Chromium against a real `budget serve`: check the ledger, download
a backup, add a device (its token shown once) and revoke it — each checked through the CLI —
and, on a device whose change the hub refused, give that change up.

Run: python3 Tests/browser/test_ledger.py (Tests/browser/run.sh runs it).
"""
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, browser, budget_binary  # noqa: E402
from test_sync import DeviceServer  # noqa: E402


class LedgerViewTests(ViewTestCase):
    def cli(self, *arguments):
        return json.loads(subprocess.run(
            [budget_binary(), *arguments, "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout)

    def open_ledger(self):
        self.driver.get(self.server.url + "/#ledger")
        self.wait.until(lambda d: d.find_element(By.ID, "verify").is_displayed())

    def test_the_ledger_is_checked_and_backed_up_as_a_file(self):
        # Given the Ledger view, and downloads going to a folder
        folder = tempfile.mkdtemp(prefix="budget-download-")
        self.driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        self.open_ledger()
        # When the ledger is checked, then it is sound, with the number of events in it
        self.driver.find_element(By.ID, "verify").click()
        self.wait.until(lambda d: "sound" in d.find_element(By.ID, "verify-result").text)
        head = self.server.api("GET", "/ledger")["position"]
        self.assertIn(f"{head} events", self.driver.find_element(By.ID, "verify-result").text)
        # When a backup is downloaded, then the file holds every event, and restores
        self.driver.find_element(By.ID, "backup").click()
        deadline = time.time() + 15
        while time.time() < deadline and not glob.glob(os.path.join(folder, "budget-backup-*.json")):
            time.sleep(0.2)
        files = glob.glob(os.path.join(folder, "budget-backup-*.json"))
        self.assertEqual(len(files), 1, os.listdir(folder))
        with open(files[0]) as file:
            backup = json.load(file)
        self.assertEqual(backup["format"], "budget-ledger-backup")
        self.assertEqual(len(backup["events"]), head)
        restored = os.path.join(folder, "restored.ledger")
        subprocess.run([budget_binary(), "restore", files[0], "--ledger", restored], env=self.server.env,
                       capture_output=True, text=True, check=True)
        self.assertIn("Saved budget-backup-", self.driver.find_element(By.ID, "verify-result").text)

    def test_a_device_is_added_with_its_token_shown_once_and_revoked(self):
        # Given the Ledger view of a hub with no device
        self.open_ledger()
        # When a read-only device is added
        self.driver.find_element(By.ID, "device-name").send_keys("tablet")
        self.driver.find_element(By.ID, "device-read-only").click()
        self.driver.find_element(By.ID, "device-add-submit").click()
        # Then its token is shown, and the CLI lists it as read only
        token = self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#device-token code")).text
        self.assertGreater(len(token), 30)
        devices = {d["name"]: d for d in self.cli("device", "list")}
        self.assertTrue(devices["tablet"]["readOnly"])
        self.assertNotIn("revoked", devices["tablet"])
        # When it is revoked (and the question answered yes)
        self.driver.find_element(By.CSS_SELECTOR, "tr[data-device='tablet'] button").click()
        self.driver.switch_to.alert.accept()
        # Then the list says so, the token is gone from the page, and the CLI agrees
        self.wait.until(lambda d: "revoked" in d.find_element(By.CSS_SELECTOR, "tr[data-device='tablet']").text)
        self.assertFalse(self.driver.find_elements(By.ID, "device-token"))
        self.assertIn("revoked", {d["name"]: d for d in self.cli("device", "list")}["tablet"])


class DeviceConflictTests(unittest.TestCase):
    def test_a_change_the_hub_refused_is_given_up(self):
        # Given a device that made category Travel after the hub made its own, unseen by the
        # device: the hub refused the device's, which waits as a conflict
        from harness import Server
        hub = Server()

        def conflict(device):
            hub.api("POST", "/categories", {"name": "Travel"})
            subprocess.run([budget_binary(), "category", "add", "Travel", "--ledger", device.ledger], env=hub.env,
                           capture_output=True, text=True, check=True)

        device = DeviceServer(hub, "laptop", before_serving=conflict)
        driver = browser()
        try:
            driver.get(device.login_url)
            wait = WebDriverWait(driver, 20, ignored_exceptions=[StaleElementReferenceException, NoSuchElementException])
            driver.get(device.url + "/#ledger")
            refused = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#outbox li[data-state='conflict']"))
            self.assertIn("Travel", refused.text)
            # When it is given up
            refused.find_element(By.XPATH, ".//button[text()='Give up']").click()
            # Then it leaves the list, and the device has nothing refused or waiting
            wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#outbox li"))
            self.assertIn("0 changes waiting, 0 refused", driver.find_element(By.ID, "sync-summary").text)
        finally:
            driver.quit()
            device.stop()
            hub.stop()


if __name__ == "__main__":
    unittest.main(verbosity=2)
