"""Import in headless Chromium, at phone size and desktop size, against `budget serve` on the demo
ledger: a bank's CSV uploaded, its columns guessed and one changed, a preview that adds nothing,
then the import — checked through the CLI — and the same file again, which adds nothing.

Run: python3 Tests/browser/test_import.py (Tests/browser/run.sh runs it).
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase, budget_binary  # noqa: E402

BANK_FILE = "Booked;Text;Sum;Category\n2024-03-18;Corner bakery;-4.20;Food\n2024-03-19;Cinema night;-12.00;Fun\n"


class ImportTests(ViewTestCase):
    window = (390, 844)

    def names(self):
        output = subprocess.run(
            [budget_binary(), "tx", "list", "--account", "Checking", "--ledger", self.server.ledger, "--json"],
            env=self.server.env, capture_output=True, text=True, check=True).stdout
        return [row["name"] for row in json.loads(output)["rows"]]

    def press(self, element_id):
        button = self.driver.find_element(By.ID, element_id)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    def summary(self, text):
        return self.wait.until(lambda d: text in d.find_element(By.ID, "import-summary").text and d.find_element(By.ID, "import-summary").text)

    def test_a_bank_file_is_previewed_then_imported_once(self):
        # Given a semicolon-separated bank file with its own column names
        path = os.path.join(tempfile.mkdtemp(), "bank.csv")
        with open(path, "w") as file:
            file.write(BANK_FILE)
        self.driver.get(self.server.url + "/#import")
        self.wait.until(lambda d: d.find_element(By.ID, "import-file"))
        Select(self.driver.find_element(By.ID, "import-account")).select_by_visible_text("Checking")
        # When it is chosen, then its columns are guessed
        self.driver.find_element(By.ID, "import-file").send_keys(path)
        self.wait.until(lambda d: d.find_element(By.ID, "import-preview"))
        chosen = lambda key: Select(self.driver.find_element(By.ID, f"import-{key}")).first_selected_option.text  # noqa: E731
        self.assertEqual([chosen(k) for k in ("date", "payee", "amount", "category")], ["Booked", "Text", "Sum", "Category"])
        # When it is previewed, then one row would be added and the other refused, with why
        self.press("import-preview")
        self.summary("1 would be added")
        self.assertIn("category 'Fun' not found", self.driver.find_element(By.ID, "import-rejected").text)
        self.assertNotIn("Corner bakery", self.names())
        # When it is imported, then the row that was right is added and the refused one is not
        self.press("import-commit")
        self.summary("1 were added")
        self.assertIn("Corner bakery", self.names())
        self.assertNotIn("Cinema night", self.names())
        # When the same file is imported again, then nothing is added
        self.driver.get("about:blank")
        self.driver.get(self.server.url + "/#import")
        self.wait.until(lambda d: d.find_element(By.ID, "import-file"))
        Select(self.driver.find_element(By.ID, "import-account")).select_by_visible_text("Checking")
        self.driver.find_element(By.ID, "import-file").send_keys(path)
        self.wait.until(lambda d: d.find_element(By.ID, "import-preview"))
        self.press("import-preview")
        self.summary("0 would be added, 1 skipped")
        self.assertFalse(self.driver.find_element(By.ID, "import-commit").is_enabled())
        self.assertEqual(self.names().count("Corner bakery"), 1)


class DesktopImportTests(ImportTests):
    window = (1280, 1000)


if __name__ == "__main__":
    unittest.main(verbosity=2)
