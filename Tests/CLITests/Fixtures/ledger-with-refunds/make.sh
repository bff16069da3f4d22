#!/usr/bin/env bash
# Writes the refunds fixture ledger with the binary given as $1 (main at 1369c05).
set -euo pipefail
budget="$1"; out="$2"
rm -rf "$out.tmp"; mkdir -p "$out.tmp"
export BUDGET_LEDGER="$out.tmp/budget.ledger" BUDGET_TODAY=2026-12-06 BUDGET_ACTOR=fixture
b() { "$budget" "$@" > /dev/null; }
b init --name Refunds --currency EUR
b account open Checking --opening 500 --date 2026-10-01
b budget set Food 100 --month 2026-10
b budget set Food 100 --month 2026-11
b budget set Food 100 --month 2026-12
b budget rollover Food --overspent --from 2026-10
b tx add 50 --name Shop --category Food --date 2026-10-02
b tx add 20 --type income --name "Shop refund" --category Food --date 2026-10-03
b tx add 5 --name Shop --category Food --date 2026-11-02
b tx add 15 --type income --name "Shop refund" --category Food --date 2026-11-03
b tx add 50 --name Shop --category Food --date 2026-12-02
b tx add 20 --type income --name "Shop refund" --category Food --date 2026-12-03
b tx add 1000 --type income --name Salary --category Income --date 2026-12-04
"$budget" report budget-vs-actual --month 2026-12
"$budget" verify
mkdir -p "$out"
mdb_copy -n -c "$out.tmp/budget.ledger" "$out/budget.ledger" || cp "$out.tmp/budget.ledger" "$out/budget.ledger"
ls -la "$out"
