#!/usr/bin/env bash
# Benchmarks `budget serve` with wrk on loopback: GET budget vs actual for a month, and POST a
# transaction (durable) with 64 connections, on a ledger of N transactions. Prints the
# results as a Markdown table and writes them to $SERVE_BENCH_SCRATCH/serve-results.md (the
# figures worth keeping go into docs/benchmarks.md by hand; no script writes the docs).
#
#   bash Tools/serve-bench.sh                 # 1,000,000 transactions (generated once, cached)
#   SERVE_BENCH_ROWS=100000 bash Tools/serve-bench.sh
#
# Environment: SERVE_BENCH_ROWS (default 1000000), SERVE_BENCH_DURATION (wrk -d, default 10s),
# SERVE_BENCH_SCRATCH (SwiftPM scratch path and cache, default .build-serve-bench),
# SERVE_BENCH_BUDGET=PATH to measure an already built `budget` instead of building one.
# Needs wrk (apt-get install -y wrk). Every request goes to 127.0.0.1 and the run stops by itself.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rows="${SERVE_BENCH_ROWS:-1000000}"
duration="${SERVE_BENCH_DURATION:-10s}"
scratch="${SERVE_BENCH_SCRATCH:-.build-serve-bench}"
command -v wrk >/dev/null 2>&1 || { echo "serve-bench: wrk not found; apt-get install -y wrk" >&2; exit 1; }

if [ -n "${SERVE_BENCH_BUDGET:-}" ]; then
  budget="$(cd "$(dirname "$SERVE_BENCH_BUDGET")" && pwd)/$(basename "$SERVE_BENCH_BUDGET")"
else
  echo "• building budget (release, scratch path $scratch)" >&2
  swift build -c release --scratch-path "$scratch" --static-swift-stdlib --product budget >&2
  budget="$(swift build -c release --scratch-path "$scratch" --static-swift-stdlib --show-bin-path)/budget"
fi

data="$scratch/data"
ledger="$data/serve-bench-$rows.ledger"
mkdir -p "$data"
export BUDGET_TODAY=2024-12-31 BUDGET_ACTOR=bench NO_COLOR=1
if [ ! -f "$ledger" ]; then
  echo "• generating a ledger of $rows transactions (cached in $ledger)" >&2
  rm -f "$ledger" "$ledger-lock"
  "$budget" init --ledger "$ledger" --name Bench --currency EUR >/dev/null
  "$budget" account open Checking --ledger "$ledger" --opening 1000000 --date 2015-01-01 >/dev/null
  "$budget" budget income Salary 3200 --month 2024-03 --ledger "$ledger" >/dev/null
  for category in Food:450 Restaurants:150 Transport:120 Bills:210 Entertainment:80; do
    "$budget" budget set "${category%%:*}" "${category##*:}" --month 2024-03 --ledger "$ledger" >/dev/null
  done
  python3 - "$rows" "$data/rows.csv" <<'PY'
import random, sys
rows, path = int(sys.argv[1]), sys.argv[2]
random.seed(42)
categories = ["Food", "Restaurants", "Transport", "Bills", "Entertainment"]
with open(path, "w") as out:
    out.write("date,amount,payee,category\n")
    for n in range(rows):
        year, rest = 2015 + (n * 10) // rows, n % 336
        month, dom = 1 + rest // 28, 1 + rest % 28
        out.write(f"{year}-{month:02d}-{dom:02d},-{random.randint(1, 20000) / 100:.2f},Payee {n % 5000},{categories[n % 5]}\n")
PY
  time "$budget" import csv "$data/rows.csv" --account Checking --ledger "$ledger" >&2
  rm -f "$data/rows.csv"
fi

log="$data/serve.log"
# A throwaway token in the environment of the server, curl (a 0600 header file) and wrk (its
# scripts read it): never on a command line.
BUDGET_TOKEN="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export BUDGET_TOKEN
headers="$data/auth-headers"
(umask 077; printf 'Authorization: Bearer %s\nContent-Type: application/json\n' "$BUDGET_TOKEN" >"$headers")
"$budget" serve --ledger "$ledger" --port 0 >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 600); do
  url="$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1 || true)"
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "serve-bench: the server did not start" >&2; cat "$log" >&2; exit 1; }
echo "• serving $ledger at $url" >&2

# The first write after opening pays a one-off O(transactions) copy of the ledger's in-memory
# state inside the Ledger layer (its writer and reader states start out sharing storage); time
# it separately so the runs below measure the steady state.
first_write=$(curl -s -o /dev/null -w '%{time_total}' --max-time 300 -X POST -H @"$headers" \
  -d '{"amount": "1.00", "name": "warm-up", "category": "Food", "account": "Checking", "date": "2024-03-15"}' \
  "$url/api/v1/transactions")
echo "• first write after opening: ${first_write}s" >&2

run() { # name, wrk args...
  local name=$1; shift
  echo "• $name" >&2
  wrk --latency -t2 -d "$duration" "$@" | tee "$data/$name.txt" >&2
}
# Steady state: a short write load first, so that the one-off costs of the first writes (the
# writer's copy of the state, growing the memory map by a step) are not in the figures.
echo "• warm-up: 3 s of POSTs" >&2
wrk -t2 -c64 -d3s -s Tools/serve-bench-post.lua "$url" >/dev/null 2>&1 || true
run get-budget-vs-actual -c64 -s Tools/serve-bench-get.lua "$url/api/v1/reports/budget-vs-actual?month=2024-03"
run post-transaction -c64 -s Tools/serve-bench-post.lua "$url"

rate() { awk '/Requests\/sec/ {print $2}' "$data/$1.txt"; }
p99() { awk '$1 == "99%" {print $2}' "$data/$1.txt"; }
errors() { awk '/Non-2xx|Socket errors/ {print}' "$data/$1.txt" | tr '\n' ' '; }
if [ "$rows" -le 100000 ]; then
  status=$(curl -s -H @"$headers" "$url/api/v1/verify" | python3 -c 'import json,sys; print("ok" if json.load(sys.stdin)["ok"] else "FAILED")')
else
  status="skipped (a deep verify of $rows events takes minutes; projections lag: $(curl -s -H @"$headers" "$url/api/v1/projections" | python3 -c 'import json,sys; print(max(p["lag"] for p in json.load(sys.stdin)["items"]))'))"
fi

report=$(cat <<MD

### HTTP server (\`budget serve\`, wrk) — $(date -u +%Y-%m-%d)

\`Tools/serve-bench.sh\`: $rows-transaction ledger, loopback, wrk -t2 -c64 -d$duration, release
build, on this $(nproc)-core machine (wrk shares the cores with the server; load average before the
run: $(cut -d' ' -f1-3 /proc/loadavg)). Verify after the run: $status.

| request | requests/s | p99 latency | target | notes |
|---|---:|---:|---|---|
| \`GET /api/v1/reports/budget-vs-actual?month=2024-03\` | $(rate get-budget-vs-actual) | $(p99 get-budget-vs-actual) | ≥ 20 k/s, p99 ≤ 5 ms | $(errors get-budget-vs-actual) |
| \`POST /api/v1/transactions\` (durable, group commit) | $(rate post-transaction) | $(p99 post-transaction) | ≥ 10 k/s | $(errors post-transaction) |
| first \`POST\` after opening the ledger | | ${first_write}s | | one-off copy of the in-memory state in the Ledger layer |
MD
)
echo "$report"
mkdir -p "$scratch"
echo "$report" > "$scratch/serve-results.md"
echo "• written to $scratch/serve-results.md" >&2
