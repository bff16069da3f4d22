#!/usr/bin/env bash
# The web app in headless Chromium (selenium) and the OpenAPI document against the running
# server (schemathesis), both on `budget serve` over a fresh demo ledger. Tools/setup.sh
# installs chromium, chromium-driver, selenium and schemathesis. About 40 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PYTHONDONTWRITEBYTECODE=1
export BUDGET_BIN="${BUDGET_BIN:-$(${SWIFT:-swift} build --show-bin-path)/budget}"
status=0
python3 Tests/browser/test_web_app.py || status=1
python3 Tests/browser/test_debts.py || status=1
python3 Tests/browser/test_goals.py || status=1
python3 Tests/browser/test_accounts.py || status=1
python3 Tests/browser/test_categories.py || status=1
python3 Tests/browser/test_transfers.py || status=1
python3 Tests/browser/test_ledger.py || status=1
python3 Tests/browser/test_periods.py || status=1
python3 Tests/browser/test_plan.py || status=1
python3 Tests/browser/test_schedules.py || status=1
python3 Tests/browser/test_splits.py || status=1
python3 Tests/browser/test_import.py || status=1
python3 Tests/browser/test_debt_forms.py || status=1
python3 Tests/browser/test_debt_statement.py || status=1
python3 Tests/browser/test_restore.py || status=1
python3 Tests/browser/test_paging.py || status=1
python3 Tests/browser/test_filters.py || status=1
python3 Tests/browser/test_phone.py || status=1
python3 Tests/browser/test_theme.py || status=1
python3 Tests/browser/test_offline.py || status=1
python3 Tests/browser/test_shortcuts.py || status=1
python3 Tests/browser/test_axe.py || status=1
python3 Tests/browser/test_setup.py || status=1
python3 Tests/browser/test_explain.py || status=1
python3 Tests/browser/test_undo.py || status=1
python3 Tests/browser/test_live.py || status=1
python3 Tests/browser/test_security.py || status=1
python3 Tests/browser/test_sync.py || status=1
python3 Tests/browser/test_api_schema.py || status=1
exit $status
