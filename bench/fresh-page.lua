-- wrk script for search without the response cache: every request asks for the next page number,
-- so no two requests are the same query and each one runs the whole search (pages past the end
-- are empty, but the ranking work is done first). The bench passes the path and key through the environment.
local counter = 0
local path = os.getenv("BENCH_PATH")
local headers = { ["Authorization"] = "Bearer " .. os.getenv("BENCH_API_KEY") }
request = function()
  counter = counter + 1
  return wrk.format("GET", path .. "&page=" .. counter, headers)
end
