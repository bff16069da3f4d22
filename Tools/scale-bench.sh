#!/usr/bin/env bash
# Builds the scale benchmark, the `budget` CLI (both release, from the benchmark package in
# Tools/, which depends on the ledger's package) and the SQLite baseline (C), then runs the
# benchmark. See docs/benchmarks.md, "Tools/scale-bench.sh".
#
#   bash Tools/scale-bench.sh                # 1 M transactions (first run generates and caches the ledger)
#   bash Tools/scale-bench.sh --quick        # 100 k transactions: a smoke run of a few minutes
#   bash Tools/scale-bench.sh --regenerate   # re-measure the in-process import (regenerates the cache)
#   bash Tools/scale-bench.sh --json out.json --cases query,sqlite   # any other option goes to the harness
#
# Environment:
#   SCALE_SCRATCH  SwiftPM scratch path (default .build-scale; generated ledgers are cached in
#                  $SCALE_SCRATCH/data, keyed by size, seed and generator version)
#   CC             C compiler for the SQLite baseline (default cc)
#
# Optional tools, used when present: hyperfine (else a plain timing loop), hledger and ledger
# (peer CLIs), libsqlite3-dev (the SQLite baseline), sqlite3 (the import's baseline). On Debian:
#   apt-get install -y hyperfine hledger ledger libsqlite3-dev sqlite3
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${SCALE_SCRATCH:-.build-scale}"
cc="${CC:-cc}"

if pgrep -x swift-build >/dev/null 2>&1; then
  echo "• note: another swift-build is running; the build below may wait for CPU and the numbers may be noisy" >&2
fi

echo "• building ledger-scale-bench and budget (release, scratch path $scratch)" >&2
# The ledger's package is a path dependency of the tools' package, and SwiftPM does not
# notice when files move between or out of its targets: it would look for the old files.
# Without its saved build plan it reads the targets' sources again (the build stays
# incremental).
rm -f "$scratch/release.yaml" "$scratch"/*/release/description.json
# Linked with Swift's standard library and Foundation inside, as a `budget` binary ships:
# a process starts in about half the time (no symbol look-ups across a dozen shared libraries).
release=(--package-path Tools -c release --scratch-path "$scratch" --static-swift-stdlib)
swift build "${release[@]}" --product ledger-scale-bench >&2
swift build "${release[@]}" --product budget >&2
bin_dir="$(swift build "${release[@]}" --show-bin-path)"

baseline_args=()
if echo '#include <sqlite3.h>' | "$cc" -E -x c - >/dev/null 2>&1; then
  echo "• building sqlite-baseline" >&2
  mkdir -p "$scratch"
  "$cc" -O2 -Wall -Wextra -o "$scratch/sqlite-baseline" Tools/ScaleBench/baseline/sqlite_baseline.c -lsqlite3
  baseline_args=(--sqlite-baseline "$scratch/sqlite-baseline")
else
  echo "  (no sqlite3.h: the SQLite baseline is skipped; apt-get install -y libsqlite3-dev)" >&2
fi
echo "• building lmdb-rows (the raw-LMDB floor of a rebuild)" >&2
mkdir -p "$scratch"
"$cc" -O2 -Wall -Wextra -o "$scratch/lmdb-rows" Tools/ScaleBench/baseline/lmdb_rows.c -llmdb
baseline_args+=(--lmdb-rows "$scratch/lmdb-rows")
for tool in hyperfine hledger ledger sqlite3; do
  command -v "$tool" >/dev/null 2>&1 || echo "  ($tool not found: its part is skipped or replaced; see the header of this script)" >&2
done

has_json=0
for arg in "$@"; do [[ "$arg" == "--json" ]] && has_json=1; done
json_args=()
[[ $has_json == 0 ]] && json_args=(--json "$scratch/scale-results.json")

exec "$bin_dir/ledger-scale-bench" --budget "$bin_dir/budget" --cache "$scratch/data" \
  ${baseline_args[@]+"${baseline_args[@]}"} ${json_args[@]+"${json_args[@]}"} "$@"
