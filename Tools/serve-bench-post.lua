-- wrk script: POST a new transaction per request (durable, through the group-committing writer).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
-- The server's token, from the environment (serve-bench.sh makes one), not the command line.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BUDGET_TOKEN")
-- The date of each transaction: $BUDGET_TX_DATE (a ledger whose accounts open later), else 2024-03-15.
local date = os.getenv("BUDGET_TX_DATE") or "2024-03-15"
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format(
    '{"amount": "%d.%02d", "name": "wrk %d", "category": "Food", "account": "Checking", "date": "%s"}',
    1 + counter % 90, counter % 100, counter, date)
  return wrk.format(nil, "/api/v1/transactions", nil, body)
end
