"""The web app's Goals view in headless Chromium against a real `budget serve` on the demo ledger.

Run: python3 Tests/browser/test_goals.py (Tests/browser/run.sh runs it).
Every figure is checked against the API's own answer, fetched here with the owner token.
Saves docs/screenshots/goals.png.
"""
import json
from decimal import Decimal
import os
import sys
import unittest
import urllib.error

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(__file__))
from harness import ViewTestCase  # noqa: E402


# What the view reads in one go, so a live refresh cannot change the page between reads.
READ_CARDS = """
  return [...document.querySelectorAll('#goals-active article.goal-card')].map((card) => {
    const text = (css) => { const node = card.querySelector(css); return node ? node.textContent : null; };
    const bar = card.querySelector('[role=progressbar]');
    return { name: card.dataset.goal, saved: text('.goal-saved'), target: text('.goal-target'), left: text('.goal-left'),
             need: text('.goal-need'), projected: text('.goal-projected'), date: text('.goal-date'),
             percent: text('.goal-percent'), funding: text('.goal-funding'),
             now: bar && bar.getAttribute('aria-valuenow'), valuetext: bar && bar.getAttribute('aria-valuetext'),
             labels: [...card.querySelectorAll('dt')].map((dt) => dt.textContent) };
  });"""


def shown(money, currency="EUR"):
    """The API's decimal string as the view prints it: '5400.00' → '5,400.00 EUR' (no arithmetic)."""
    negative = money.startswith("-")
    whole, _, fraction = money.lstrip("-").partition(".")
    grouped = "{:,}".format(int(whole))
    return ("−" if negative else "") + grouped + ("." + fraction if fraction else "") + " " + currency


class GoalsViewTests(ViewTestCase):
    # helpers

    def open_goals(self):
        self.driver.get("about:blank")
        self.driver.get(f"{self.server.url}/#goals")
        try:
            self.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rendered"))
            self.wait.until(lambda d: d.find_element(By.ID, "goals-active"))
        except Exception:
            self.driver.save_screenshot("/tmp/browser-failure.png")
            print(self.driver.get_log("browser"), self.driver.find_element(By.ID, "toast").text)
            raise
        self.wait.until(lambda d: "live" in d.find_element(By.ID, "live").text)

    def cards(self):
        return {card["name"]: card for card in self.driver.execute_script(READ_CARDS)}

    def api_goals(self, query=""):
        return {g["name"]: g for g in self.server.api("GET", "/goals" + query)["items"]}

    def assert_card_matches(self, card, goal):
        self.assertEqual(card["saved"], shown(goal["saved"]))
        self.assertEqual(card["target"], shown(goal["target"]))
        self.assertEqual(card["left"], shown(goal["left"]))
        self.assertEqual(card["need"], shown(goal["monthlyNeed"]) if goal.get("monthlyNeed") else "no date")
        self.assertEqual(card["projected"], goal.get("projectedDate") or "no recent contributions")
        self.assertEqual(card["date"], goal.get("targetDate") or "none")
        self.assertEqual(card["percent"], goal["percent"] + " %")
        self.assertEqual(card["funding"], f"{goal['fundingType']} {goal['funding']}")
        self.assertEqual(float(card["now"]), min(100.0, float(goal["percent"])))
        self.assertIn(shown(goal["saved"]), card["valuetext"])

    def submit(self, button):
        """Clicks a form's button, again if a live refresh drew the form anew first (what was typed stays)."""
        self.wait.until(lambda d: d.find_element(By.ID, button).click() or True)

    def refused(self, method, path, body):
        """The API's error message for a write it refuses."""
        with self.assertRaises(urllib.error.HTTPError) as caught:
            self.server.api(method, path, body)
        return json.loads(caught.exception.read())["message"]

    # tests (run in name order on one ledger)

    def test_1_each_goal_shows_the_api_figures(self):
        self.open_goals()
        goals = self.api_goals()
        self.assertEqual(sorted(goals), ["Emergency fund", "Holiday"])
        cards = self.wait.until(lambda d: self.cards() if len(self.cards()) == 2 else None)
        for name, goal in goals.items():
            with self.subTest(goal=name):
                self.assert_card_matches(cards[name], goal)
        # A projection where the API has one, and says so where it has none.
        for name, goal in goals.items():
            self.assertEqual(cards[name]["projected"], goal.get("projectedDate") or "no recent contributions")
        self.assertIn("Projected completion (a projection)", cards["Emergency fund"]["labels"])

    def test_2_contributing_raises_the_progress_to_the_api_figure(self):
        self.open_goals()
        before = self.api_goals()["Holiday"]
        Select(self.driver.find_element(By.ID, "contribute-goal")).select_by_visible_text("Holiday")
        self.driver.find_element(By.ID, "contribute-amount").send_keys("250")
        Select(self.driver.find_element(By.ID, "contribute-account")).select_by_visible_text("Checking")
        Select(self.driver.find_element(By.ID, "contribute-source")).select_by_visible_text("windfall")
        self.driver.find_element(By.ID, "contribute-note").send_keys("birthday money")
        self.submit("contribute-save")
        self.wait.until(lambda d: self.api_goals()["Holiday"]["saved"] != before["saved"])
        after = self.server.api("GET", "/goals/Holiday")
        self.assertEqual(Decimal(after["saved"]), Decimal(before["saved"]) + 250)
        self.assertEqual(after["entries"][-1]["source"], "windfall")
        self.assertEqual(after["entries"][-1]["note"], "birthday money")
        card = self.wait.until(lambda d: self.cards()["Holiday"] if self.cards().get("Holiday", {}).get("saved") == shown(after["saved"]) else None)
        self.assert_card_matches(card, after)
        self.assertGreater(float(card["now"]), float(before["percent"]))
        self.shot_goals()

    def test_3_a_bad_amount_is_refused_with_the_api_message(self):
        self.open_goals()
        before = self.api_goals()
        head = self.server.api("GET", "/ledger")["position"]
        goal_id = before["Emergency fund"]["id"]
        expected = self.refused("POST", f"/goals/{goal_id}/contributions", {"amount": "-5", "account": "Checking"})
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head)
        Select(self.driver.find_element(By.ID, "contribute-goal")).select_by_visible_text("Emergency fund")
        self.driver.find_element(By.ID, "contribute-amount").send_keys("-5")
        Select(self.driver.find_element(By.ID, "contribute-account")).select_by_visible_text("Checking")
        self.submit("contribute-save")
        alert = self.wait.until(lambda d: d.find_element(By.ID, "goal-contribute-error") if d.find_element(By.ID, "goal-contribute-error").text else None)
        self.assertEqual(alert.get_attribute("role"), "alert")
        self.assertEqual(alert.text, expected)
        self.assertEqual(self.driver.find_element(By.ID, "contribute-amount").get_attribute("aria-invalid"), "true")
        # Nothing changed: not the log, not the API's figures, not the cards.
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head)
        self.assertEqual(self.api_goals(), before)
        cards = self.cards()
        for name, goal in before.items():
            self.assert_card_matches(cards[name], goal)

    def test_4_adding_a_goal_lists_it_and_bad_input_shows_the_message(self):
        self.open_goals()
        expected = self.refused("POST", "/goals", {"name": "Bike", "target": "0", "category": "Transport", "kind": "car"})
        self.driver.find_element(By.ID, "goal-name").send_keys("Bike")
        self.driver.find_element(By.ID, "goal-target").send_keys("0")
        Select(self.driver.find_element(By.ID, "goal-kind")).select_by_visible_text("car")
        Select(self.driver.find_element(By.ID, "goal-funding")).select_by_visible_text("Transport")
        self.submit("goal-add-save")
        self.wait.until(lambda d: d.find_element(By.ID, "goal-add-error").text == expected)
        self.assertNotIn("Bike", self.api_goals())
        target = self.driver.find_element(By.ID, "goal-target")
        target.clear()
        target.send_keys("800")
        self.driver.execute_script(
            "const d = document.getElementById('goal-target-date'); d.value = '2024-12-31'; d.dispatchEvent(new Event('change'));")
        self.submit("goal-add-save")
        self.wait.until(lambda d: "Bike" in self.cards())
        bike = self.api_goals()["Bike"]
        self.assertEqual((bike["kind"], bike["fundingType"], bike["funding"], bike["target"], bike["targetDate"]),
                         ("car", "category", "Transport", "800.00", "2024-12-31"))
        self.assert_card_matches(self.cards()["Bike"], bike)

    def test_5_completed_goals_are_behind_a_toggle(self):
        self.server.api("POST", "/goals/Bike/complete", {})
        self.open_goals()
        self.wait.until(lambda d: "Bike" not in self.cards())
        closed = self.driver.find_element(By.ID, "goals-closed")
        self.assertEqual(closed.tag_name, "details")
        self.assertIsNone(closed.get_attribute("open"))
        self.assertIn("Completed and archived (1)", closed.text)
        closed.find_element(By.TAG_NAME, "summary").click()
        self.assertIn("Bike (car)", closed.find_element(By.CSS_SELECTOR, "tr[data-goal='Bike']").text)

    def test_6_the_view_follows_the_date_picker(self):
        self.open_goals()
        self.driver.execute_script(
            "const d = document.getElementById('as-of'); d.value = '2024-02-29'; d.dispatchEvent(new Event('change'));")
        self.wait.until(lambda d: "2024-02-29" in d.find_element(By.ID, "goals-as-of").text)
        then = {name: g for name, g in self.api_goals("?asOf=2024-02-29").items() if g["status"] == "active"}
        cards = self.wait.until(lambda d: self.cards() if len(self.cards()) == len(then) else None)
        for name, goal in then.items():
            with self.subTest(goal=name):
                self.assert_card_matches(cards[name], goal)
        self.driver.find_element(By.ID, "time-now").click()

    def test_7_withdrawing_lowers_the_progress_to_the_api_figure(self):
        self.open_goals()
        before = self.api_goals()["Holiday"]
        Select(self.driver.find_element(By.ID, "contribute-goal")).select_by_visible_text("Holiday")
        Select(self.driver.find_element(By.ID, "contribute-direction")).select_by_value("withdraw")
        self.driver.find_element(By.ID, "contribute-amount").send_keys("100")
        Select(self.driver.find_element(By.ID, "contribute-account")).select_by_visible_text("Checking")
        self.submit("contribute-save")
        self.wait.until(lambda d: self.api_goals()["Holiday"]["saved"] != before["saved"])
        after = self.server.api("GET", "/goals/Holiday")
        self.assertEqual(Decimal(after["saved"]), Decimal(before["saved"]) - 100)
        self.assertEqual(after["entries"][-1]["type"], "withdrawal")
        card = self.wait.until(lambda d: self.cards()["Holiday"] if self.cards().get("Holiday", {}).get("saved") == shown(after["saved"]) else None)
        self.assert_card_matches(card, after)

    def test_8_changing_a_target_shows_it_and_bad_input_shows_the_message(self):
        self.open_goals()
        goal = self.api_goals()["Emergency fund"]
        head = self.server.api("GET", "/ledger")["position"]
        expected = self.refused("PATCH", f"/goals/{goal['id']}", {"target": "lots"})
        Select(self.driver.find_element(By.ID, "change-goal")).select_by_visible_text("Emergency fund")
        self.driver.find_element(By.ID, "change-target").send_keys("lots")
        self.submit("change-save")
        alert = self.wait.until(lambda d: d.find_element(By.ID, "goal-change-error") if d.find_element(By.ID, "goal-change-error").text else None)
        self.assertEqual(alert.text, expected)
        self.assertEqual(self.driver.find_element(By.ID, "change-target").get_attribute("aria-invalid"), "true")
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head, "a refused change changes nothing")
        field = self.driver.find_element(By.ID, "change-target")
        field.clear()
        field.send_keys("7500")
        self.driver.execute_script(
            "const d = document.getElementById('change-target-date'); d.value = '2026-06-30'; d.dispatchEvent(new Event('change'));")
        self.submit("change-save")
        self.wait.until(lambda d: self.api_goals()["Emergency fund"]["target"] != goal["target"])
        after = self.api_goals()["Emergency fund"]
        self.assertEqual(Decimal(after["target"]), Decimal("7500"))
        self.assertEqual(after["targetDate"], "2026-06-30")
        card = self.wait.until(lambda d: self.cards()["Emergency fund"] if self.cards().get("Emergency fund", {}).get("target") == shown(after["target"]) else None)
        self.assert_card_matches(card, after)

    def test_9_completing_and_archiving_ask_first_then_move_the_goal(self):
        self.open_goals()
        # Asked, then kept: nothing changes.
        head = self.server.api("GET", "/ledger")["position"]
        self.submit("goal-holiday-archive")
        question = self.wait.until(lambda d: d.find_element(By.ID, "goal-holiday-confirm") if d.find_element(By.ID, "goal-holiday-confirm").is_displayed() else None)
        self.assertIn("Archive Holiday?", question.text)
        self.submit("goal-holiday-confirm-no")
        self.assertEqual(self.server.api("GET", "/ledger")["position"], head)
        self.assertIn("Holiday", self.cards())
        # Archived: off the cards, in the closed table with the API's status.
        self.submit("goal-holiday-archive")
        self.submit("goal-holiday-confirm-yes")
        self.wait.until(lambda d: "Holiday" not in self.cards())
        holiday = self.api_goals("?archived=true")["Holiday"]
        self.assertEqual(holiday["status"], "archived")
        # Completed likewise.
        self.submit("goal-emergency-fund-complete")
        self.wait.until(lambda d: "complete" in d.find_element(By.ID, "goal-emergency-fund-confirm-yes").text)
        self.submit("goal-emergency-fund-confirm-yes")
        self.wait.until(lambda d: "Emergency fund" not in self.cards())
        self.assertEqual(self.api_goals("?archived=true")["Emergency fund"]["status"], "completed")
        closed = self.driver.find_element(By.ID, "goals-closed")
        closed.find_element(By.TAG_NAME, "summary").click()
        self.assertIn("archived", closed.find_element(By.CSS_SELECTOR, "tr[data-goal='Holiday']").text)
        self.assertIn("completed", closed.find_element(By.CSS_SELECTOR, "tr[data-goal='Emergency fund']").text)

    def shot_goals(self):
        # Without the passing "put into" toast, so the picture shows the goals.
        self.driver.execute_script("window.scrollTo(0, 0); document.getElementById('toast').hidden = true;")
        self.save_screenshot("goals.png")


if __name__ == "__main__":
    unittest.main(verbosity=2)
