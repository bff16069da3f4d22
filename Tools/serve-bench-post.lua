-- wrk script: POST a new transaction per request (durable, through the group-committing writer).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
-- The server's token, from the environment (serve-bench.sh makes one), not the command line.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BUDGET_TOKEN")
local counter = 0
request = function()
  counter = counter + 1
  local body = string.format(
    '{"amount": "%d.%02d", "name": "wrk %d", "category": "Food", "account": "Checking", "date": "2024-03-15"}',
    1 + counter % 90, counter % 100, counter)
  return wrk.format(nil, "/api/v1/transactions", nil, body)
end
