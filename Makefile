# budget-ledger — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
LEDGER ?= $(CURDIR)/.build/demo.ledger

.PHONY: setup build run test bench soak format clean

setup:
	@bash Tools/setup.sh

## What `setup` installs, and the benchmarks' load tools and peers (wrk, hyperfine, ledger, sqlite3).
.PHONY: setup-bench
setup-bench:
	@bash Tools/setup.sh --bench

build: setup
	$(SWIFT) build

## Build, create the demo ledger if there is none (printing its three sheets), and serve the
## web app and API at http://127.0.0.1:8080 (Ctrl-C stops it).
run: build
	BUDGET_LEDGER="$(LEDGER)" $(SWIFT) run budget demo
	BUDGET_LEDGER="$(LEDGER)" $(SWIFT) run budget serve --port 8080

## The `budget` binary as it ships: optimised, with Swift's standard library and Foundation
## linked in (a process starts in about half the time); prints where it is.
.PHONY: release
release: setup
	$(SWIFT) build -c release --static-swift-stdlib --product budget
	@echo "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/budget"

## Build and run the whole test suite (unit, integration, crash safety), then the web app in
## headless Chromium and the OpenAPI document against the running server. The suite takes a
## few minutes; a hung run (an awaited continuation nobody resumes ignores swift-testing's
## time limits) is killed after 10 minutes with every thread's stack printed, and run once
## more (Tools/test-watchdog.sh), so that it fails or passes instead of using up CI's budget.
test: setup
	$(SWIFT) build --build-tests
	SWIFT="$(SWIFT)" bash Tools/test-watchdog.sh 600
	SWIFT="$(SWIFT)" bash Tests/browser/run.sh

## Benchmarks against a raw-LMDB C baseline, in one run; results in JSON and text. The
## benchmarks are the package in Tools/ (built in release into .build-bench and .build-scale),
## which `build` and `test` do not build.
bench: setup-bench
	bash Tools/bench.sh
	bash Tools/scale-bench.sh

## Scale benchmark only: 1 M-transaction ledger, rebuilds, queries vs SQLite, CLI vs hledger / ledger
## (docs/benchmarks.md). SCALE_ARGS=--quick for a 100 k smoke run.
.PHONY: bench-scale
bench-scale: setup-bench
	bash Tools/scale-bench.sh $(SCALE_ARGS)

## Long-running checks (docs/reliability.md): the event-log kill -9 loop with 300 kills instead
## of 25; the reliability suite at 5x (100 server kills, 50 rebuild kills, 50 restore kills,
## 40 killed readers, 5x the racing writers); then every fuzz target for FUZZ_SECONDS each.
RELIABILITY_SCALE ?= 5
FUZZ_SECONDS ?= 300
soak: setup
	$(SWIFT) build --build-tests
	BUDGET_CRASH_ROUNDS=300 $(SWIFT) test --filter CrashSafetyTests
	BUDGET_RELIABILITY_SCALE=$(RELIABILITY_SCALE) $(SWIFT) test --filter ReliabilityTests
	SWIFT="$(SWIFT)" bash Tools/Fuzz/fuzz.sh $(FUZZ_SECONDS)

## libFuzzer on the event decoder, Money / date parsing, the CSV importer and the backup
## restorer, FUZZ_SECONDS each (Tools/Fuzz/fuzz.sh; crashers land in Tools/Fuzz/Crashers).
.PHONY: fuzz
fuzz: setup
	SWIFT="$(SWIFT)" bash Tools/Fuzz/fuzz.sh $(FUZZ_SECONDS)

format:
	$(SWIFT) format --in-place --recursive Sources Tests Tools

clean:
	rm -rf .build .build-bench .build-scale .build-fuzz Tools/.build
