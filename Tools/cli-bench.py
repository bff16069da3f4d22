#!/usr/bin/env python3
"""Whole-process timings of `budget` commands whose targets are set per command
(docs/benchmarks.md), each against `budget account list` and `budget --version` on the same
ledger in the same run (this machine is noisy: compare within a run).

Cases:
  debt-plan   `budget debt plan` for 20 debts on 30-year terms, text and --json (≤ 20 ms)

Usage: Tools/cli-bench.py --budget BIN [--json FILE] [--runs N] [--cases debt-plan]
The binary should be the release one (`make release` prints its path).
"""
import argparse
import decimal
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

TODAY = "2026-11-27"


class Bench:
    def __init__(self, budget, scratch):
        self.budget = budget
        self.ledger = os.path.join(scratch, "bench.ledger")
        self.env = dict(os.environ, BUDGET_TODAY=TODAY, NO_COLOR="1", BUDGET_LEDGER=self.ledger)

    def run(self, *arguments):
        return subprocess.run([self.budget, *arguments], env=self.env, capture_output=True, text=True, check=True)

    def timed(self, arguments, runs):
        for _ in range(3):
            self.run(*arguments)
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            self.run(*arguments)
            samples.append((time.perf_counter() - start) * 1000)
        samples.sort()
        return {"medianMs": round(statistics.median(samples), 1), "p95Ms": round(samples[int(len(samples) * 0.95) - 1], 1)}


def minimum_payment(balance, apr):
    """The payment of a 30-year amortisation, 0.8 % over, rounded up to the cent."""
    rate = apr / decimal.Decimal(1200)
    if rate == 0:
        payment = balance / 360
    else:
        payment = balance * rate / (1 - (1 + rate) ** -360)
    return (payment * decimal.Decimal("1.008")).quantize(decimal.Decimal("0.01"), rounding=decimal.ROUND_CEILING)


def case_debt_plan(bench, runs, result):
    random.seed(31)
    bench.run("init", "--currency", "EUR")
    for index in range(20):
        balance = decimal.Decimal(random.randrange(5_000_00, 250_000_00)) / 100
        apr = decimal.Decimal(random.randrange(100, 2_500)) / 100
        name = f"Loan{index:02d}"
        bench.run("account", "open", name, "--type", "loan", "--opening", f"-{balance}", "--date", "2026-01-01")
        bench.run("debt", "add", name, "--account", name, "--apr", str(apr), "--minimum", str(minimum_payment(balance, apr)))
    plan = json.loads(bench.run("debt", "plan", "--strategy", "avalanche", "--json").stdout)
    text = bench.timed(["debt", "plan", "--strategy", "avalanche"], runs)
    as_json = bench.timed(["debt", "plan", "--strategy", "avalanche", "--json"], runs)
    result["debt-plan"] = {
        "debts": 20, "months": len(plan["months"]), "text": text, "json": as_json,
        "target": "<= 20 ms", "pass": max(text["medianMs"], as_json["medianMs"]) <= 20,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", required=True)
    parser.add_argument("--json")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--cases", default="debt-plan")
    args = parser.parse_args()
    budget = os.path.abspath(args.budget)
    result = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cores",
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip(),
        "loadAverage": os.getloadavg()[0],
    }
    cases = set(args.cases.split(","))
    with tempfile.TemporaryDirectory(prefix="cli-bench-") as scratch:
        bench = Bench(budget, scratch)
        if "debt-plan" in cases:
            case_debt_plan(bench, args.runs, result)
        result["baselines"] = {
            "accountList": bench.timed(["account", "list"], args.runs),
            "version": bench.timed(["--version"], args.runs),
        }
    for name in ("debt-plan",):
        if name in result:
            figures = {k: v for k, v in result[name].items() if k not in ("target", "pass")}
            print(f"{name:10} {'PASS' if result[name]['pass'] else 'FAIL'}  {figures}  (target {result[name]['target']})")
    print(f"baselines  {result['baselines']}  load {result['loadAverage']:.1f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
