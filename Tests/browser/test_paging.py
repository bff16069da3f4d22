"""The transaction list of a long log, in headless Chromium against a real `budget serve`: it
loads a page of rows, then the next ones as the user scrolls to its end, never all at once.

Run: python3 Tests/browser/test_paging.py (Tests/browser/run.sh runs it).
"""
import os
import sys
import unittest
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402

ROWS = 260


class PagingTests(ViewTestCase):
    def import_rows(self):
        lines = ["date,amount,payee,category"] + [f"2024-{2 + n % 2:02d}-{1 + n % 19:02d},-{n + 1}.00,Shop {n},Food" for n in range(ROWS)]
        request = urllib.request.Request(
            self.server.url + "/api/v1/import/csv?account=Checking", data="\n".join(lines).encode(), method="POST",
            headers={"Authorization": "Bearer " + self.server.token, "Content-Type": "text/csv"})
        with urllib.request.urlopen(request, timeout=30) as response:
            self.assertEqual(response.status, 200)

    def rows_shown(self):
        return self.driver.execute_script("return [...document.querySelectorAll('#tx-table tbody tr')].map((tr) => tr.dataset.id)")

    def test_scrolling_to_the_end_loads_the_older_rows_page_by_page(self):
        # Given a log of some 300 rows
        self.import_rows()
        everything = self.server.api("GET", f"/transactions?limit={ROWS + 100}")["rows"]
        self.assertGreater(len(everything), ROWS)
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#transactions")
        self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
        # When the page opens, then one page is shown, not the whole log
        self.wait.until(lambda d: len(self.rows_shown()) >= 100)
        self.assertLess(len(self.rows_shown()), len(everything))
        # When the user scrolls to the end again and again
        for _ in range(10):
            if len(self.rows_shown()) == len(everything):
                break
            count = len(self.rows_shown())
            self.driver.execute_script("document.getElementById('tx-more').scrollIntoView()")
            self.wait.until(lambda d: len(self.rows_shown()) > count)
        # Then every row arrives once, newest first, as the API lists them
        self.assertEqual(self.rows_shown(), [row["id"] for row in everything])
        self.assertFalse(self.driver.find_element(By.ID, "tx-more").is_displayed())
        # and each request asked for one page only
        fetched = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/v1/transactions?'))")
        limits = [int(urllib.parse.parse_qs(urllib.parse.urlparse(name).query)["limit"][0]) for name in fetched]
        self.assertGreaterEqual(len(limits), 3)
        self.assertTrue(all(limit <= 100 for limit in limits), limits)


if __name__ == "__main__":
    unittest.main()
