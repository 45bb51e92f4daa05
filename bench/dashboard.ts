/**
 * Dashboard benchmark: does each page render server-side in under 50 ms with real amounts of
 * data, and does the timeline page rather than load the whole log?
 *
 * Method
 * - A platform on a real SQLite file in a temporary data dir (`createPlatform`, in this process),
 *   with the demo data, 500 more mock connections in namespace `bench` (created with
 *   `PUT /connect/bench/c-NNN` through `app.fetch`, metadata `{team}` on each) and one of them,
 *   `bench/busy`, holding 10,000 calls appended to its memory log (each with world changes, so the
 *   world holds 2,000 entities), committed before timing.
 * - A logged-in session (the login link exchanged for the cookie), then each page requested
 *   through `app.fetch` with that cookie and its HTML read in full: 5 warm-up requests, then 40
 *   timed ones, sequential. Reported: p50, p90 and max in ms, and the HTML size.
 * - Baseline, same run and door: `GET /health` (the cheapest route of the same app).
 *
 * Target: every page p90 under 50 ms; a row over it is marked OVER and the exit code is 1.
 * Results go to bench/results/dashboard.json. Run: npm run bench:dashboard
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPlatform } from '../src/platform/platform.js';

const budgetMs = 50;
const connections = 500;
const calls = 10_000;
const apiKey = 'bench-dashboard-key';
const host = { host: '127.0.0.1:4010' };

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-dashboard-'));
const platform = createPlatform({ dataDir, apiKey, logger: { error: (message, error) => console.error(message, error) } });
const api = (method: string, path: string, body?: unknown) =>
  platform.app.request(path, {
    method,
    headers: { ...host, authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

try {
  await api('PUT', '/namespaces/bench');
  for (let index = 0; index < connections; index++) {
    const id = index === 0 ? 'busy' : `c-${String(index).padStart(3, '0')}`;
    const response = await api('PUT', `/connect/bench/${id}`, {
      server: 'modelcontextprotocol/time',
      mock: { enabled: true },
      name: `Connection ${id}`,
      metadata: { team: index % 2 === 0 ? 'payments' : 'search' },
    });
    if (!response.ok) throw new Error(`PUT ${id}: ${response.status} ${await response.text()}`);
  }
  const key = platform.stores.memory.resolveKey(platform.stores.accounts.findLocal()!.id, 'bench', 'busy')!;
  const started = Date.parse('2026-01-01T00:00:00Z');
  let last: Promise<boolean> = Promise.resolve(true);
  for (let sequence = 1; sequence <= calls; sequence++) {
    const args = { timezone: `Zone/${sequence % 50}` };
    const entity = { type: 'reading', id: `r-${sequence % 2000}`, fields: { timezone: args.timezone, at: sequence } };
    last = platform.stores.memory.append(
      key,
      {
        sequence,
        tool: 'get_current_time',
        arguments: args,
        argumentsKey: JSON.stringify(args),
        occurrence: 1 + Math.floor(sequence / 50),
        result: {
          content: [
            {
              type: 'text',
              text: JSON.stringify({ timezone: args.timezone, datetime: new Date(started + sequence * 1000).toISOString() }),
            },
          ],
          isError: false,
        },
        source: sequence % 3 === 0 ? 'model' : 'fixture',
        model: sequence % 3 === 0 ? 'bench-model' : null,
        usage: sequence % 3 === 0 ? { inputTokens: 900, outputTokens: 80 } : null,
        latencyMs: 1.5,
        at: new Date(started + sequence * 1000).toISOString(),
      },
      { upserts: [entity] },
    );
  }
  await last;

  const login = await platform.app.request(`/?token=${platform.dashboard!.sessions.loginToken}`, {
    headers: { ...host, accept: 'text/html' },
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const pages: [string, string][] = [
    ['baseline GET /health', '/health'],
    ['connections (500 bench + the demo)', '/ui'],
    ['connections filtered by name', '/ui?name=c-4'],
    ['connections filtered by metadata', '/ui?meta=team%3Dsearch'],
    ['connection, 10,000 calls (newest page)', '/ui/connections/bench/busy'],
    ['connection, older page (before 5000)', '/ui/connections/bench/busy?before=5000'],
    ['timeline fragment (live reload)', '/ui/connections/bench/busy/memory'],
    ['connection, no calls', '/ui/connections/bench/c-001'],
    ['registry search', '/ui/registry?q=github%20issues'],
    ['registry server', '/ui/registry/modelcontextprotocol/time'],
    ['tokens', '/ui/tokens'],
    ['scenarios', '/ui/scenarios'],
    ['clock', '/ui/clock'],
  ];
  const rows: { page: string; path: string; p50: number; p90: number; max: number; bytes: number; over: boolean }[] = [];
  for (const [page, path] of pages) {
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < 45; round++) {
      const begin = performance.now();
      const response = await platform.app.request(path, { headers: { ...host, cookie } });
      const text = await response.text();
      const elapsed = performance.now() - begin;
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
      bytes = text.length;
      if (round >= 5) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const row = {
      page,
      path,
      p50: round2(at(0.5)),
      p90: round2(at(0.9)),
      max: round2(times.at(-1)!),
      bytes,
      over: !path.startsWith('/health') && at(0.9) > budgetMs,
    };
    rows.push(row);
  }
  console.log(
    `Dashboard pages, server-side render through app.fetch (${cpus().length} cores, shared machine); budget p90 < ${budgetMs} ms`,
  );
  console.log(`${'page'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p90 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'HTML KB'.padStart(8)}`);
  for (const row of rows)
    console.log(
      `${row.page.padEnd(42)} ${row.p50.toFixed(2).padStart(8)} ${row.p90.toFixed(2).padStart(8)} ${row.max.toFixed(2).padStart(8)} ${(row.bytes / 1024).toFixed(1).padStart(8)}${row.over ? '  OVER' : ''}`,
    );
  const results = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'dashboard.json'), `${JSON.stringify({ budgetMs, connections, calls, rows }, null, 2)}\n`);
  if (rows.some((row) => row.over)) process.exitCode = 1;
} finally {
  platform.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
