-- wrk script for PUT /connect/{ns}/{id}: the same id every time, so each request is an update.
-- The bench passes the API key and the JSON body through the environment.
wrk.method = "PUT"
wrk.body = os.getenv("BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_API_KEY")
