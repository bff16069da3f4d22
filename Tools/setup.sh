#!/usr/bin/env bash
# Installs what the build and tests need on a fresh Debian machine: liblmdb-dev (LMDB headers
# and library, found through pkg-config) and hledger (a peer the tests compare against).
# Safe to run again: it does nothing when all is there.
set -euo pipefail

need=()
pkg-config --exists lmdb 2>/dev/null || need+=(liblmdb-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# The CLI tests check our journal export against the real hledger.
command -v hledger >/dev/null 2>&1 || need+=(hledger)

if [ ${#need[@]} -eq 0 ]; then
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
