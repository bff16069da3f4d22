#!/usr/bin/env bash
# Installs what the build and tests need on a fresh Debian machine: liblmdb-dev (LMDB headers
# and library, found through pkg-config), libjemalloc-dev (the executable's allocator, found
# the same way), lmdb-utils (mdb_stat, which a test reads the reader
# table with), hledger (a peer the tests compare against), nodejs and node-acorn (a JavaScript
# tokenizer the web tests read served scripts with) and python3-dateutil (the recurrence
# tests' reference).
# With --bench (`make bench`) it also installs what the benchmarks drive or compare against:
# wrk (HTTP load), hyperfine (process timing), ledger and sqlite3 (peers), libsqlite3-dev
# (the C SQLite baseline).
# Safe to run again: it does nothing when all is there.
set -euo pipefail

need=()
if [ "${1:-}" = "--bench" ]; then
  command -v wrk >/dev/null 2>&1 || need+=(wrk)
  command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine)
  command -v ledger >/dev/null 2>&1 || need+=(ledger)
  command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
  echo '#include <sqlite3.h>' | cc -E -x c - >/dev/null 2>&1 || need+=(libsqlite3-dev)
fi
pkg-config --exists lmdb 2>/dev/null || need+=(liblmdb-dev)
# The `budget` executable's allocator (Sources/budget/Support/Allocator.swift).
pkg-config --exists jemalloc 2>/dev/null || need+=(libjemalloc-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# The stale-reader tests read the lock file's reader table with LMDB's own mdb_stat.
command -v mdb_stat >/dev/null 2>&1 || need+=(lmdb-utils)
# The CLI tests check our journal export against the real hledger.
command -v hledger >/dev/null 2>&1 || need+=(hledger)
# The web tests read served scripts with acorn, a JavaScript tokenizer, under node.
command -v node >/dev/null 2>&1 || need+=(nodejs)
[ -f /usr/share/nodejs/acorn/package.json ] || need+=(node-acorn)
# `make test`'s watchdog prints a hung test run's stacks with gdb.
command -v gdb >/dev/null 2>&1 || need+=(gdb)

# The browser tests of the web app (Tests/browser) drive headless Chromium through selenium.
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
# The recurrence tests compare schedules against dateutil.rrule (Tests/LedgerDomainTests/Schedules).
python3 -c "import dateutil.rrule" 2>/dev/null || need+=(python3-dateutil)

# selenium, schemathesis (API schema checks) and axe-selenium-python (axe-core, the
# accessibility checks of Tests/browser/test_axe.py) come from PyPI.
install_python_packages() {
  local missing=()
  python3 -c "import selenium" 2>/dev/null || missing+=("selenium>=4.10,<5")
  python3 -c "import schemathesis" 2>/dev/null || missing+=("schemathesis>=4.0,<5")
  python3 -c "import axe_selenium_python" 2>/dev/null || missing+=("axe-selenium-python>=2.1,<3")
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]} (pip)" >&2
  python3 -m pip install --quiet "${missing[@]}" 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages "${missing[@]}"
}

if [ ${#need[@]} -eq 0 ]; then
  install_python_packages
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have empty package lists: update once if the first install fails.
if ! $SUDO apt-get install -y --no-install-recommends "${need[@]}" >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends "${need[@]}"
fi
pkg-config --exists lmdb || { echo "setup: liblmdb-dev installed but pkg-config cannot find lmdb" >&2; exit 1; }
pkg-config --exists jemalloc || { echo "setup: libjemalloc-dev installed but pkg-config cannot find jemalloc" >&2; exit 1; }
install_python_packages
