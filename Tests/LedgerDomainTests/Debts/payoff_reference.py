#!/usr/bin/env python3
"""An independent reference for the ledger's debt payoff plans, in Python's decimal.

Written from the rule docs/goals-and-debts.md states, not from the Swift code: each month,
every debt still owed accrues balance × APR ÷ 100 ÷ 12 of interest, rounded half up to the
cent; every debt gets its minimum (or what it owes, if less); what is left of the month's
budget (all minimums plus the extra, for the whole plan) goes to the debts in the strategy's
order: snowball = smallest balance first (then higher APR, then name), avalanche = highest
APR first (then smaller balance, then name). "minimums" pays minimums only. Each month uses
the terms in force in it: a debt's "changes" set a new APR and minimum from a month on, and the
month's budget is the sum of the minimums in force that month plus the extra.

Input: JSON lines {"id", "strategy", "extra", "debts": [{"name", "balance", "apr", "minimum",
"changes": [{"month", "apr", "minimum"}]}]} with money as decimal strings, a change's month
counted from 1 (the plan's first month), "changes" optional. Output: JSON lines {"id", "months", "totalInterest",
"debts": [{"name", "months", "interest"}]} — months counted from 1 (the month the last
payment is made).
"""
import json
import sys
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def plan(case):
    debts = [dict(name=d["name"], balance=Decimal(d["balance"]), apr=Decimal(d["apr"]),
                  minimum=Decimal(d["minimum"]), interest=Decimal(0), done=None,
                  changes=d.get("changes", []))
             for d in case["debts"]]
    extra = Decimal(case["extra"])
    month = 0
    while any(d["balance"] > 0 for d in debts):
        month += 1
        if month > 1200:
            return {"id": case["id"], "months": None, "totalInterest": None, "debts": []}
        for d in debts:
            for change in d["changes"]:
                if change["month"] == month:
                    d["apr"], d["minimum"] = Decimal(change["apr"]), Decimal(change["minimum"])
        budget = sum(d["minimum"] for d in debts) + extra
        for d in debts:
            if d["balance"] > 0:
                interest = (d["balance"] * d["apr"] / Decimal(100) / Decimal(12)).quantize(CENT, ROUND_HALF_UP)
                d["balance"] += interest
                d["interest"] += interest
        left = budget
        for d in debts:
            if d["balance"] > 0:
                pay = min(d["minimum"], d["balance"])
                if case["strategy"] != "minimums":
                    pay = min(pay, left)
                d["balance"] -= pay
                left -= pay
        if case["strategy"] != "minimums":
            if case["strategy"] == "snowball":
                key = lambda d: (d["balance"], -d["apr"], d["name"])
            else:
                key = lambda d: (-d["apr"], d["balance"], d["name"])
            for d in sorted(debts, key=key):
                if left > 0 and d["balance"] > 0:
                    pay = min(left, d["balance"])
                    d["balance"] -= pay
                    left -= pay
        for d in debts:
            if d["done"] is None and d["balance"] == 0:
                d["done"] = month
    return {"id": case["id"], "months": month,
            "totalInterest": str(sum(d["interest"] for d in debts)),
            "debts": [{"name": d["name"], "months": d["done"], "interest": str(d["interest"])} for d in debts]}


for line in open(sys.argv[1]):
    if line.strip():
        print(json.dumps(plan(json.loads(line))))
