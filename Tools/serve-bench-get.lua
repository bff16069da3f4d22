-- wrk script: GET the URL given on the command line with the server's token, from the
-- environment (serve-bench.sh makes one) rather than the command line.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BUDGET_TOKEN")
