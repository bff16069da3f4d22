#!/usr/bin/env bash
# Builds the Swift benchmark harness (release, from the benchmark package in Tools/, which the
# product build does not build) and the raw-LMDB C baseline, then runs the harness, which
# spawns the baseline for every case. See docs/benchmarks.md.
#
#   bash Tools/bench.sh                  # default run (~1 minute): 1 M-event big log
#   bash Tools/bench.sh --full           # 10 M-event big log for the scan/verify/heap cases
#   bash Tools/bench.sh --json out.json  # any other ledger-bench option is passed through
#
# Environment:
#   BENCH_SCRATCH  SwiftPM scratch path (default .build-bench, so a concurrent `swift build`
#                  in .build is not blocked)
#   CC             C compiler (default cc)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${BENCH_SCRATCH:-.build-bench}"
cc="${CC:-cc}"

echo "• building ledger-bench (release, package Tools, scratch path $scratch)" >&2
# The ledger's package is a path dependency of the tools' package, and SwiftPM does not
# notice when files move between or out of its targets: it would look for the old files.
# Without its saved build plan it reads the targets' sources again (the build stays
# incremental).
rm -f "$scratch/release.yaml" "$scratch"/*/release/description.json
swift build --package-path Tools -c release --scratch-path "$scratch" --product ledger-bench >&2
bin_dir="$(swift build --package-path Tools -c release --scratch-path "$scratch" --show-bin-path)"

echo "• building lmdb-baseline" >&2
mkdir -p "$scratch"
baseline="$scratch/lmdb-baseline"
# The verify case of the baseline needs SHA-256 from OpenSSL; without it that case is skipped.
crypto=()
if echo '#include <openssl/sha.h>' | "$cc" -E -x c - >/dev/null 2>&1; then
  crypto=(-DLB_WITH_OPENSSL -lcrypto)
else
  echo "  (no OpenSSL headers: the C verify case will be skipped)" >&2
fi
"$cc" -O2 -Wall -Wextra -o "$baseline" Tools/lmdb-baseline/lmdb_baseline.c -llmdb ${crypto[@]+"${crypto[@]}"}

has_json=0
for arg in "$@"; do [[ "$arg" == "--json" ]] && has_json=1; done
json_args=()
[[ $has_json == 0 ]] && json_args=(--json "$scratch/bench-results.json")

exec "$bin_dir/ledger-bench" --baseline "$baseline" ${json_args[@]+"${json_args[@]}"} "$@"
