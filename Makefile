# budget-ledger — the two commands a new machine needs are `make run` and `make test`.
SWIFT ?= swift
LEDGER ?= $(CURDIR)/.build/demo.ledger

.PHONY: setup build run test bench soak format clean

setup:
	@bash Tools/setup.sh

build: setup
	$(SWIFT) build

## Build, create the demo ledger if there is none (printing its three sheets), and serve the
## web app and API at http://127.0.0.1:8080 (Ctrl-C stops it).
run: build
	BUDGET_LEDGER="$(LEDGER)" $(SWIFT) run budget demo
	BUDGET_LEDGER="$(LEDGER)" $(SWIFT) run budget serve --port 8080

## Build and run the whole test suite (unit, integration, crash safety), then the web app in
## headless Chromium and the OpenAPI document against the running server.
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test
	SWIFT="$(SWIFT)" bash Tests/browser/run.sh

## Benchmarks against a raw-LMDB C baseline, in one run; results in JSON and text.
bench: setup
	bash Tools/bench.sh
	bash Tools/scale-bench.sh

## Scale benchmark only: 1 M-transaction ledger, rebuilds, queries vs SQLite, CLI vs hledger / ledger
## (docs/benchmarks.md, "Scale"). SCALE_ARGS=--quick for a 100 k smoke run.
.PHONY: bench-scale
bench-scale: setup
	bash Tools/scale-bench.sh $(SCALE_ARGS)

## Long-running checks: the kill -9 crash loop with 300 kills instead of 25.
soak: setup
	$(SWIFT) build --build-tests
	BUDGET_CRASH_ROUNDS=300 $(SWIFT) test --filter CrashSafetyTests

format:
	$(SWIFT) format --in-place --recursive Sources Tests Tools

clean:
	rm -rf .build .build-bench
	rm -rf .build-scale
