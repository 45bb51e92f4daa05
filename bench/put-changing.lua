-- wrk script for PUT /connect/{ns}/{id} that changes the connection every time: the body of
-- BENCH_BODY with its "name" replaced by a counter, so each request is a real write transaction.
local key = os.getenv("BENCH_API_KEY")
local body = os.getenv("BENCH_BODY")
local counter = 0
local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. key }

request = function()
  counter = counter + 1
  local changed = string.gsub(body, '"name":"[^"]*"', '"name":"Bench ' .. counter .. '"')
  return wrk.format("PUT", nil, headers, changed)
end
