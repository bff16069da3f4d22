#!/usr/bin/env bash
# Runs `swift test` with a watchdog. A run that has not finished after LIMIT seconds is hung
# (an awaited continuation nobody resumes ignores swift-testing's time limits): every thread's
# stack of the test process is printed (gdb), the run is killed, and it is run once more, so
# that the hang is on record with its stacks instead of silently using up CI's budget.
# Usage: Tools/test-watchdog.sh [LIMIT_SECONDS] [-- swift test arguments]
set -uo pipefail
SWIFT="${SWIFT:-swift}"
LIMIT="${1:-600}"
shift || true
[ "${1:-}" = "--" ] && shift

run_once() {
  "$SWIFT" test "$@" &
  local pid=$! waited=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 5
    waited=$((waited + 5))
    if [ "$waited" -ge "$LIMIT" ]; then
      echo "test-watchdog: swift test still running after ${LIMIT}s; the stacks of its test process:" >&2
      for p in $(pgrep -f 'PackageTests.xctest'); do
        if command -v gdb >/dev/null; then
          gdb -p "$p" -batch -ex "thread apply all bt 30" 2>/dev/null | grep -E '^(Thread|#)' >&2
        fi
        kill -9 "$p" 2>/dev/null
      done
      kill -9 "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      return 124
    fi
  done
  wait "$pid"
}

run_once "$@"
status=$?
if [ "$status" -eq 124 ]; then
  echo "test-watchdog: the run hung (stacks above); running the suite once more" >&2
  run_once "$@"
  status=$?
fi
exit "$status"
