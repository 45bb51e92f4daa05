/**
 * MCP endpoint benchmark: `tools/call` on a mock connection answered from a fixture, against a
 * bare node:http server and a stock MCP SDK stateless server in the same run.
 *
 * Method
 * - Builds mcpsim, writes a temporary fixtures directory and starts three children on 127.0.0.1:
 *   bench/bare-server.ts (fixed JSON for any request), bench/stock-mcp-server.ts (the SDK's
 *   stateless example: McpServer + StreamableHTTPServerTransport built per request, JSON
 *   responses, one static tool) and `mcpsim serve --fixtures <dir>` with a connection `bench/bench`
 *   mocking a registry server `@bench/lookup` whose one tool is `lookup {i: number}`.
 * - Replay answers each (arguments, occurrence) pair once, so the fixture holds `i` = 0..999 for
 *   enough occurrences to cover every call of the run, and bench/mcp-call.lua cycles `i`. A last
 *   call with `i = 0` (the most used value) must still come from the fixture: then none missed.
 * - Before loading, one fetch per MCP server checks the JSON-RPC result (text "ok", and for
 *   mcpsim `_meta["mcpsim/source"] = "fixture"`).
 * - wrk -t1 -c10 POSTs the JSON-RPC body with `Accept: application/json, text/event-stream`;
 *   each pass runs bare, stock and mcpsim back to back; any non-2xx or socket error aborts.
 * - Then a sequential client: 2,000 `tools/call` with fetch, one at a time; p50 and p99.
 *
 * - The same load spread round 50 mock connections (`bench/c0` .. `bench/c49`), so calls of
 *   different connections run side by side instead of one connection's queue taking them in turn.
 * - The ratios are compared with bench/baseline.json (bench/baseline.ts).
 *
 * Targets (issue 40): mcpsim >= 0.25 of bare and >= 6x the stock server, on one connection and
 * spread over 50 (medians of per-pass ratios); sequential p50 <= 2 ms. Options: BENCH_DURATION (s, default 3), BENCH_PASSES (default 2, >= 2),
 * BENCH_BUILD=0 to use the existing dist/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustRun, runBench, startBareServer, startMcpsim, startStockMcpServer, type ServerChild } from './children.js';
import { compareWithBaseline } from './baseline.js';
import { benchStreamedCall } from './mcp-streamed.js';
import { formatRps, formatTable, median } from './report.js';
import { runWrk, wrkAvailable, wrkProblems, type WrkRun } from './wrk.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const durationS = Math.max(1, Number(process.env.BENCH_DURATION ?? 3));
const passes = Math.max(2, Number(process.env.BENCH_PASSES ?? 2));
const sequentialCalls = 2_000;
/** Mock connections the spread load goes round. */
const spreadConnections = 50;
const distinct = 1_000;
/** Fixture capacity: calls per second no run here comes near, over every mcpsim second of the run. */
const occurrences = Math.ceil((40_000 * (1 + passes * durationS) + sequentialCalls + 100) / distinct);
const apiKey = `bench_${randomBytes(16).toString('hex')}`;
const workDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-mcp-'));
const servers: ServerChild[] = [];
const callBody = (i: number, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'lookup', arguments: { i } } });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function main(): Promise<void> {
  if (!(await wrkAvailable())) throw new Error('wrk is not installed. Install it with: apt-get install -y wrk');
  if (process.env.BENCH_BUILD !== '0') await mustRun('npm', ['run', 'build', '--silent'], root);
  const fixturesDir = writeFixtures();

  const bare = await startBareServer(root);
  servers.push(bare);
  const stock = await startStockMcpServer(root);
  servers.push(stock);
  const mcpsim = await startMcpsim(root, ['--data-dir', join(workDir, 'data'), '--api-key', apiKey, '--fixtures', fixturesDir]);
  servers.push(mcpsim);
  await seed(mcpsim.url);
  const mcpsimPath = '/connect/bench/bench/mcp';

  await checkCall('stock MCP server', `${stock.url}/mcp`, {}, (result) => firstText(result) === 'ok');
  await checkCall(
    'mcpsim',
    `${mcpsim.url}${mcpsimPath}`,
    { authorization: `Bearer ${apiKey}` },
    (result) => firstText(result) === 'ok' && metaSource(result) === 'fixture',
  );
  console.log(
    `node ${process.version}, ${cpus().length} CPUs; wrk -t1 -c10, ${durationS} s runs, ${passes} passes; fixture: ${distinct} arguments x ${occurrences} occurrences`,
  );

  const targets = {
    bare: { url: bare.url, env: { BENCH_PATH: '/mcp' } },
    stock: { url: stock.url, env: { BENCH_PATH: '/mcp' } },
    mcpsim: { url: mcpsim.url, env: { BENCH_PATH: mcpsimPath, BENCH_API_KEY: apiKey } },
    spread: {
      url: mcpsim.url,
      env: { BENCH_PATH: '/connect/bench/c{n}/mcp', BENCH_SPREAD: String(spreadConnections), BENCH_API_KEY: apiKey },
    },
  };
  const load = (name: keyof typeof targets, seconds: number) =>
    measure(
      servers.find((server) => server.url === targets[name].url)!,
      targets[name].url,
      targets[name].env,
      seconds,
    );
  for (const name of ['bare', 'stock', 'mcpsim', 'spread'] as const) await load(name, 1);

  const runs: { bare: WrkRun; stock: WrkRun; mcpsim: WrkRun; spread: WrkRun }[] = [];
  for (let pass = 1; pass <= passes; pass++) {
    const run = {
      bare: await load('bare', durationS),
      stock: await load('stock', durationS),
      mcpsim: await load('mcpsim', durationS),
      spread: await load('spread', durationS),
    };
    runs.push(run);
    console.log(
      `pass ${pass}/${passes}  bare ${formatRps(run.bare.rps)}  stock ${formatRps(run.stock.rps)}  mcpsim ${formatRps(run.mcpsim.rps)}  vs bare ${(run.mcpsim.rps / run.bare.rps).toFixed(3)}  ` +
        `vs stock ${(run.mcpsim.rps / run.stock.rps).toFixed(2)}x  ${spreadConnections} connections ${formatRps(run.spread.rps)} (${(run.spread.rps / run.bare.rps).toFixed(3)})`,
    );
  }

  const latencies = await sequentialLoop(`${mcpsim.url}${mcpsimPath}`);
  await checkCall(
    'mcpsim after the load (i = 0, its most used arguments)',
    `${mcpsim.url}${mcpsimPath}`,
    { authorization: `Bearer ${apiKey}` },
    (result) => metaSource(result) === 'fixture',
  );

  const vsBare = median(runs.map((run) => run.mcpsim.rps / run.bare.rps));
  const vsStock = median(runs.map((run) => run.mcpsim.rps / run.stock.rps));
  const spreadVsBare = median(runs.map((run) => run.spread.rps / run.bare.rps));
  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  const row = (name: string, pick: (run: (typeof runs)[number]) => WrkRun, ratio: string, target: string, ok: boolean | null) => [
    name,
    formatRps(median(runs.map((run) => pick(run).rps))),
    `${median(runs.map((run) => pick(run).p99Ms)).toFixed(2)} ms`,
    ratio,
    target,
    ok === null ? '-' : ok ? 'ok' : 'BELOW',
  ];
  console.log(`\nMedians over ${passes} passes, wrk -t1 -c10, POST tools/call (ratios: per-pass mcpsim rps / baseline rps):\n`);
  console.log(
    formatTable(
      ['server', 'rps', 'p99', 'mcpsim ratio', 'target', 'check'],
      [
        row('bare node:http (fixed JSON)', (run) => run.bare, vsBare.toFixed(3), '>= 0.25', vsBare >= 0.25),
        row('stock MCP SDK, stateless per request', (run) => run.stock, `${vsStock.toFixed(2)}x`, '>= 6x', vsStock >= 6),
        row('mcpsim /connect/{ns}/{id}/mcp (fixture)', (run) => run.mcpsim, '-', '-', null),
        row(
          `mcpsim, spread over ${spreadConnections} connections`,
          (run) => run.spread,
          `${spreadVsBare.toFixed(3)} of bare`,
          '>= 0.25',
          spreadVsBare >= 0.25,
        ),
      ],
    ),
  );
  compareWithBaseline(root, 'bench:mcp', [
    { row: 'tools/call, one connection, vs bare', ratio: vsBare },
    { row: 'tools/call, one connection, vs stock SDK', ratio: vsStock },
    { row: `tools/call, ${spreadConnections} connections, vs bare`, ratio: spreadVsBare },
  ]);
  console.log(
    `\nSequential client, ${sequentialCalls} tools/call with fetch one at a time: p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms (target p50 <= 2 ms: ${p50 <= 2 ? 'ok' : 'BELOW'})`,
  );
  const streamed = await benchStreamedCall(mcpsim.url, apiKey);
  console.log(
    `Streamed call (10 progress notifications, then the result), MCP SDK client one call at a time: ` +
      `through the relay p50 ${streamed.relay.p50.toFixed(3)} ms, p99 ${streamed.relay.p99.toFixed(3)} ms; ` +
      `straight to the upstream p50 ${streamed.direct.p50.toFixed(3)} ms, p99 ${streamed.direct.p99.toFixed(3)} ms`,
  );
}

/** `bench__lookup/lookup.json`: every (i, occurrence) the run can ask for answers "ok". */
function writeFixtures(): string {
  const fixturesDir = join(workDir, 'fixtures');
  mkdirSync(join(fixturesDir, 'bench__lookup'), { recursive: true });
  const result = { content: [{ type: 'text', text: 'ok' }] };
  const calls: unknown[] = [];
  for (let i = 0; i < distinct; i++) {
    for (let occurrence = 1; occurrence <= occurrences; occurrence++)
      calls.push({ arguments: { i }, occurrence, result, recordedAt: '2026-01-01T00:00:00.000Z', model: null });
  }
  writeFileSync(join(fixturesDir, 'bench__lookup', 'lookup.json'), JSON.stringify({ server: '@bench/lookup', tool: 'lookup', calls }));
  return fixturesDir;
}

async function seed(url: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`seeding: ${method} ${path} answered ${response.status}: ${await response.text()}`);
  };
  await call('PUT', '/servers/@bench/lookup', {
    displayName: 'Lookup',
    tools: [
      {
        name: 'lookup',
        description: 'Look up an item.',
        inputSchema: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
      },
    ],
  });
  await call('PUT', '/namespaces/bench');
  await call('PUT', '/connect/bench/bench', { server: '@bench/lookup', mock: { enabled: true } });
  for (let index = 0; index < spreadConnections; index++)
    await call('PUT', `/connect/bench/c${index}`, { server: '@bench/lookup', mock: { enabled: true } });
}

async function checkCall(name: string, url: string, headers: Record<string, string>, ok: (result: unknown) => boolean): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { ...mcpHeaders, ...headers }, body: callBody(0) });
  const text = await response.text();
  let result: unknown;
  try {
    result = (JSON.parse(text) as { result?: unknown }).result;
  } catch {
    result = undefined;
  }
  if (response.status !== 200 || !ok(result)) throw new Error(`${name}: tools/call answered ${response.status} ${text.slice(0, 500)}`);
}

async function sequentialLoop(url: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let call = 0; call < sequentialCalls + 200; call++) {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...mcpHeaders, authorization: `Bearer ${apiKey}` },
      body: callBody(call % distinct, call),
    });
    const body = (await response.json()) as { result?: unknown };
    const elapsed = performance.now() - started;
    if (response.status !== 200 || metaSource(body.result) !== 'fixture')
      throw new Error(`sequential call ${call}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (call >= 200) latencies.push(elapsed); // the first 200 warm the client's connection pool
  }
  return latencies;
}

async function measure(server: ServerChild, url: string, env: Record<string, string>, seconds: number): Promise<WrkRun> {
  const run = await runWrk({
    url,
    connections: 10,
    durationS: seconds,
    script: join(root, 'bench/mcp-call.lua'),
    env: { ...env, BENCH_DISTINCT: String(distinct) },
  });
  const problems = wrkProblems(run);
  if (problems.length > 0) throw new Error(`${server.name}: ${problems.join(', ')}\n${run.output}\n${server.stderrTail()}`);
  return run;
}

function firstText(result: unknown): string | undefined {
  const content = (result as { content?: { text?: string }[] } | undefined)?.content;
  return content?.[0]?.text;
}

function metaSource(result: unknown): unknown {
  return (result as { _meta?: Record<string, unknown> } | undefined)?._meta?.['mcpsim/source'];
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

await runBench(main, { servers, directory: workDir });
