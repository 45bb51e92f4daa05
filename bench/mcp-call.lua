-- wrk script for MCP tools/call: POST a JSON-RPC body whose argument i cycles through
-- 0..BENCH_DISTINCT-1, so that every call has a recorded fixture (see bench/mcp.ts).
-- BENCH_PATH is the request path; with BENCH_SPREAD = n, requests go round n connections
-- instead: BENCH_PATH with "{n}" replaced by 0..n-1. BENCH_API_KEY, when set, is sent as the
-- bearer credential.
local path = os.getenv("BENCH_PATH")
local key = os.getenv("BENCH_API_KEY")
local distinct = tonumber(os.getenv("BENCH_DISTINCT"))
local spread = tonumber(os.getenv("BENCH_SPREAD") or "0")
local counter = 0
local headers = { ["Content-Type"] = "application/json", ["Accept"] = "application/json, text/event-stream" }
if key ~= nil and key ~= "" then headers["Authorization"] = "Bearer " .. key end

request = function()
  local i = counter % distinct
  counter = counter + 1
  local target = path
  if spread > 0 then target = string.gsub(path, "{n}", tostring(counter % spread)) end
  local body = '{"jsonrpc":"2.0","id":' .. counter .. ',"method":"tools/call","params":{"name":"lookup","arguments":{"i":' .. i .. '}}}'
  return wrk.format("POST", target, headers, body)
end
