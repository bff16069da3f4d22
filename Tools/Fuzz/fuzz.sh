#!/usr/bin/env bash
# Fuzz the event decoder, Money / date parsing, the CSV importer and the backup restorer with
# libFuzzer (`swiftc -sanitize=fuzzer`).
#
#   bash Tools/Fuzz/fuzz.sh [SECONDS-PER-TARGET] [TARGET...]     (default 60 s, all four)
#
# The harness functions are Tests/FuzzHarness (target FuzzHarness of the root package, which
# the regression test also uses); they are compiled with coverage instrumentation in their own
# scratch directory (.build-fuzz) and linked with Tools/Fuzz/Entry/FuzzMain.swift into the
# libFuzzer binary, which neither `swift build` nor `make test` builds. Seeds: Tools/Fuzz/Corpus/<target>/ (committed); what the
# fuzzer finds goes to .build-fuzz/corpus/<target>/; a crash is written to
# Tools/Fuzz/Crashers/<target>-crash-<sha1>, and `swift test --filter FuzzRegression` replays
# every committed corpus file and crasher.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_EACH="${1:-60}"
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(event-decoder money-date csv-import backup-restore)
SCRATCH="${FUZZ_SCRATCH:-.build-fuzz}"
SWIFT="${SWIFT:-swift}"

"$SWIFT" build --scratch-path "$SCRATCH" --target FuzzHarness -Xswiftc -sanitize=fuzzer
BIN="$($SWIFT build --scratch-path "$SCRATCH" --show-bin-path)"
# Link the object files of FuzzHarness's dependency closure (local targets from
# `swift package describe`, plus swift-crypto's targets behind the Crypto product).
mapfile -t TARGETS_CLOSURE < <("$SWIFT" package describe --type json 2>/dev/null | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
seen, todo = set(), ["FuzzHarness"]
while todo:
    name = todo.pop()
    if name in seen: continue
    seen.add(name)
    target = targets.get(name)
    if target:
        todo += target.get("target_dependencies", [])
        if "Crypto" in target.get("product_dependencies", []):
            todo += ["Crypto", "CCryptoBoringSSL", "CCryptoBoringSSLShims", "CryptoBoringWrapper"]
print("\n".join(sorted(seen)))')
OBJECTS=()
for target in "${TARGETS_CLOSURE[@]}"; do
  [ -d "$BIN/$target.build" ] && while IFS= read -r o; do OBJECTS+=("$o"); done < <(find "$BIN/$target.build" -name '*.o')
done
# The C modules whose headers the Swift modules' interfaces mention.
MODULE_MAPS=()
for map in Sources/*/module.modulemap Sources/*/include/module.modulemap "$SCRATCH"/checkouts/swift-crypto/Sources/CCryptoBoringSSL*/include/module.modulemap "$BIN"/*.build/module.modulemap; do
  [ -f "$map" ] && MODULE_MAPS+=(-Xcc "-fmodule-map-file=$map")
done
"${SWIFTC:-swiftc}" -sanitize=fuzzer -parse-as-library -I "$BIN/Modules" "${MODULE_MAPS[@]}" \
  Tools/Fuzz/Entry/FuzzMain.swift "${OBJECTS[@]}" -llmdb -o "$SCRATCH/ledger-fuzz"

# Let libFuzzer's deadly-signal handler see a Swift trap (and write the crashing input) rather
# than the Swift runtime's backtracer, which would end the process first.
export SWIFT_BACKTRACE=enable=no
status=0
for target in "${TARGETS[@]}"; do
  mkdir -p "$SCRATCH/corpus/$target" Tools/Fuzz/Corpus/"$target" Tools/Fuzz/Crashers
  echo "== fuzzing $target for ${SECONDS_EACH}s"
  set +e
  FUZZ_TARGET="$target" "$SCRATCH/ledger-fuzz" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=4096 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="Tools/Fuzz/Crashers/$target-" \
    "$SCRATCH/corpus/$target" "Tools/Fuzz/Corpus/$target" > "$SCRATCH/$target.log" 2>&1
  code=$?
  set -e
  grep -E 'stat::number_of_executed_units|Fatal error|ERROR: libFuzzer|Test unit written' "$SCRATCH/$target.log" || true
  if [ $code -ne 0 ]; then
    echo "!! $target: crash (exit $code), see Tools/Fuzz/Crashers/ and $SCRATCH/$target.log"
    status=1
  fi
done
exit $status
