/**
 * The long-session rows of `bench:simulator` (issue 30): does a call cost the same at call 10,000
 * as at call 100?
 *
 * Method
 * - Two sessions of `longCalls` sequential `tools/call` on one connection each, through `app.fetch`
 *   of a platform on a real SQLite file (retention keeps 10,000 calls, so the whole session stays
 *   in the log):
 *   model path: the tracker of tracker-model.ts answered by its instant fake model (overhead = end
 *   to end minus the time inside the fake model);
 *   simulator path: a calendar (create, get, list by day, cancel) answered by the stateful
 *   simulator with no model (miss policy `simulate`), timed end to end. Events fall on a day that
 *   moves forward with the session (about 12 a day) and a list asks for one of the last 30 days,
 *   so a list answer stays the same size while the world grows (2,500 events by call 10,000).
 * - p50 per 1,000 calls (wall time, and this process's CPU time, steadier on a shared machine), and over calls 101–200 and 9,901–10,000; target: the late p50 at most
 *   1.3 × the early one on each path, and the model path's p50 ≤ 2 ms in every 1,000.
 * - Restart: the data dirs after 100 calls and after `longCalls`, each opened by a fresh platform
 *   (`createPlatform`, `startServer` on 127.0.0.1:0): the time from creating it to listening, and
 *   the first `tools/call` after it (the one that reads the memory back from SQLite).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session as InspectorSession } from 'node:inspector/promises';
import { join } from 'node:path';
import { createPlatform, type Platform } from '../src/platform/platform.js';
import { startServer } from '../src/node/start-server.js';
import { createToolResults } from '../src/sim/tool-results.js';
import { calendarServer, createCalendarPlan } from './calendar-plan.js';
import { formatTable, median } from './report.js';
import { createFakeModel, createTracker, trackerServer } from './tracker-model.js';

export const longCalls = Number(process.env.BENCH_LONG_CALLS ?? 10_000);
const early = { from: 101, to: 200 };
const late = { from: longCalls - 99, to: longCalls };
const targets = { growth: 1.3, overheadP50Ms: 2 };
const restartAfter = 100;
/** BENCH_LONG_PATHS=simulator (or model): only that path. */
const paths = (['model', 'simulator'] as const).filter((path) => (process.env.BENCH_LONG_PATHS ?? path).split(',').includes(path));
/** BENCH_PROFILE_AT=3000,10000: a CPU profile of the 200 calls up to each of those calls, per path, written to BENCH_PROFILE_DIR. */
const profileAt = new Set((process.env.BENCH_PROFILE_AT ?? '').split(',').filter(Boolean).map(Number));
const profileDir = process.env.BENCH_PROFILE_DIR ?? 'bench/results';
/** BENCH_PROFILE_AT=restart (alone or in the list): a CPU profile of each restart's first call, `restart-<path>-<calls>.cpuprofile`. */
const profileRestart = (process.env.BENCH_PROFILE_AT ?? '').split(',').includes('restart');
const profileSpan = 200;

/** Starts and stops the in-process CPU profiler around the calls `profileAt` names. */
async function profileStep(path: Path, sequence: number, inspector: InspectorSession): Promise<void> {
  if (profileAt.has(sequence + profileSpan - 1)) await inspector.post('Profiler.start');
  if (profileAt.has(sequence - 1)) {
    const { profile } = await inspector.post('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `long-${path}-${sequence - 1}.cpuprofile`), JSON.stringify(profile));
  }
}

interface LongOptions {
  workDir: string;
  apiKey: string;
}

const headersOf = (apiKey: string) => ({
  authorization: `Bearer ${apiKey}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
});

type Path = 'model' | 'simulator';

interface LongSession {
  path: Path;
  platform: Platform;
  dataDir: string;
  fixturesDir: string;
  connection: string;
  /** Per call: the ms to answer it, minus the model's time on the model path. */
  overheadMs: number[];
  /** The same, as this process's CPU time (user + system): steadier than wall time on a shared machine. */
  cpuMs: number[];
  /** The tool of each call. */
  tools: string[];
}

function openPlatform(
  path: Path,
  dataDir: string,
  fixturesDir: string,
  apiKey: string,
  fake?: ReturnType<typeof createFakeModel>,
): Platform {
  return createPlatform({
    dataDir,
    apiKey,
    demo: false,
    toolResults: createToolResults(
      path === 'model' ? { fixturesDir, model: { model: fake!.model, modelId: 'bench-fake' } } : { fixturesDir, missPolicy: 'simulate' },
    ),
  });
}

async function runLongSession(path: Path, { workDir, apiKey }: LongOptions, calls: number, name: string): Promise<LongSession> {
  const headers = headersOf(apiKey);
  const dataDir = join(workDir, `long-${name}`);
  const fixturesDir = join(workDir, `long-fixtures-${name}`);
  mkdirSync(fixturesDir, { recursive: true });
  const tracker = createTracker();
  const fake = path === 'model' ? createFakeModel(tracker) : undefined;
  const calendar = createCalendarPlan();
  const platform = openPlatform(path, dataDir, fixturesDir, apiKey, fake);
  const connection = path === 'model' ? 'tracker' : 'calendar';
  const send = async (method: string, url: string, body?: unknown) => {
    const response = await platform.app.request(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!response.ok) throw new Error(`setup: ${method} ${url} answered ${response.status}: ${await response.text()}`);
  };
  await send('PUT', `/servers/@bench/${connection}`, path === 'model' ? trackerServer : calendarServer);
  await send('PUT', '/namespaces/bench');
  await send('PUT', `/connect/bench/${connection}`, {
    server: `@bench/${connection}`,
    mock: { enabled: true, scenario: 'The calendar of the platform team at Acme.' },
  });
  const url = `http://localhost/connect/bench/${connection}/mcp`;
  const overheadMs: number[] = [];
  const cpuMs: number[] = [];
  const tools: string[] = [];
  const inspector = new InspectorSession();
  inspector.connect();
  await inspector.post('Profiler.enable');
  for (let sequence = 1; sequence <= calls + 1; sequence++) {
    await profileStep(path, sequence, inspector);
    if (sequence > calls) break;
    const call = path === 'model' ? tracker.plan(sequence) : calendar.plan(sequence);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: sequence,
      method: 'tools/call',
      params: { name: call.tool, arguments: call.arguments },
    });
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    const response = await platform.app.fetch(new Request(url, { method: 'POST', headers, body }));
    const payload = (await response.json()) as {
      result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> };
    };
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    if (response.status !== 200 || payload.result === undefined || payload.result.isError)
      throw new Error(`${path} call ${sequence} ${call.tool}: ${response.status} ${JSON.stringify(payload).slice(0, 500)}`);
    if (path === 'simulator') calendar.saw(call.tool, payload.result.structuredContent, payload.result.content?.[0]?.text ?? '{}');
    const modelMs = fake?.modelMs.get(sequence) ?? 0;
    overheadMs.push(elapsed - modelMs);
    cpuMs.push((cpu.user + cpu.system) / 1000 - modelMs);
    tools.push(call.tool);
  }
  inspector.disconnect();
  platform.close();
  return { path, platform, dataDir, fixturesDir, connection, overheadMs, cpuMs, tools };
}

/** Milliseconds from creating a platform on `dataDir` to listening, and of its first call. */
async function timeRestart(session: LongSession, apiKey: string): Promise<{ listeningMs: number; firstCallMs: number }> {
  const tracker = createTracker();
  const fake = session.path === 'model' ? createFakeModel(tracker) : undefined;
  const started = performance.now();
  const platform = openPlatform(session.path, session.dataDir, session.fixturesDir, apiKey, fake);
  const server = await startServer({ fetch: platform.app.fetch, port: 0, host: '127.0.0.1' });
  const listeningMs = performance.now() - started;
  try {
    // A read of an early entity: the model path's fake has no truth after a restart, so it answers "not found" (a tool result).
    const call =
      session.path === 'model'
        ? { name: 'list_issues', arguments: { state: 'open' } }
        : { name: 'list_events', arguments: { day: '2026-03-02' } };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call });
    const inspector = profileRestart ? new InspectorSession() : undefined;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const callStarted = performance.now();
    const response = await fetch(`${server.url}/connect/bench/${session.connection}/mcp`, {
      method: 'POST',
      headers: headersOf(apiKey),
      body,
    });
    await response.json();
    const firstCallMs = performance.now() - callStarted;
    if (inspector) {
      // The second restart of each data dir overwrites the first's (its modules are warm).
      const { profile } = await inspector.post('Profiler.stop');
      inspector.disconnect();
      mkdirSync(profileDir, { recursive: true });
      writeFileSync(join(profileDir, `restart-${session.path}-${session.overheadMs.length}.cpuprofile`), JSON.stringify(profile));
    }
    if (response.status !== 200) throw new Error(`restart of ${session.path}: the first call answered ${response.status}`);
    return { listeningMs, firstCallMs };
  } finally {
    await server.close();
    platform.close();
  }
}

const p50 = (values: number[]) => median(values);

/** BENCH_LONG_BY_TOOL=1: the wall p50 per 1,000 calls of each tool as well (which call grows). */
const byTool = process.env.BENCH_LONG_BY_TOOL === '1';

function printByTool(sessions: readonly LongSession[], thousands: readonly number[]): void {
  console.log('\nBy tool (wall, p50 ms per 1,000 calls):\n');
  const rows = sessions.flatMap((session) =>
    [...new Set(session.tools)].sort().map((tool) => [
      `${session.path} ${tool}`,
      ...thousands.map((index) => {
        const from = index * 1000;
        const times = session.overheadMs.slice(from, from + 1000).filter((_, at) => session.tools[from + at] === tool);
        return times.length > 0 ? p50(times).toFixed(2) : '-';
      }),
    ]),
  );
  console.log(formatTable(['tool', ...thousands.map((index) => `${index + 1}k`)], rows));
}
const slice = (values: number[], range: { from: number; to: number }) => values.slice(range.from - 1, range.to);

/** Runs both long sessions and the restarts, prints the table, and returns the figures for the results file. */
export async function runLongSessions(options: LongOptions) {
  const sessions: LongSession[] = [];
  const restarts: Record<string, { after: number; listeningMs: number; firstCallMs: number }[]> = {};
  for (const path of paths) {
    const short = await runLongSession(path, options, restartAfter, `${path}-${restartAfter}`);
    const long = await runLongSession(path, options, longCalls, `${path}-${longCalls}`);
    sessions.push(long);
    // Twice each, alternating; the second of each counts (the first warms the module cache).
    const timings = [];
    for (let round = 0; round < 2; round++)
      for (const session of [short, long])
        timings.push({ after: session === short ? restartAfter : longCalls, ...(await timeRestart(session, options.apiKey)) });
    restarts[path] = timings.slice(2);
  }
  const thousands = Array.from({ length: Math.ceil(longCalls / 1000) }, (_, index) => index);
  console.log(`\nLong sessions (${longCalls.toLocaleString('en-US')} sequential tools/call, in-process), p50 ms per 1,000 calls:\n`);
  console.log(
    formatTable(
      ['path', ...thousands.map((index) => `${index + 1}k`), `${early.from}-${early.to}`, `${late.from}-${late.to}`, 'ratio', 'check'],
      sessions.flatMap((session) =>
        (['wall', 'cpu'] as const).map((measure) => {
          const perCall = measure === 'wall' ? session.overheadMs : session.cpuMs;
          const ratio = p50(slice(perCall, late)) / p50(slice(perCall, early));
          const perThousand = thousands.map((index) => p50(perCall.slice(index * 1000, index * 1000 + 1000)));
          const underBound = session.path !== 'model' || perThousand.every((value) => value <= targets.overheadP50Ms);
          return [
            `${session.path === 'model' ? 'model (instant fake), minus model' : 'simulator (no model)'}, ${measure}`,
            ...perThousand.map((value) => value.toFixed(2)),
            p50(slice(perCall, early)).toFixed(2),
            p50(slice(perCall, late)).toFixed(2),
            ratio.toFixed(2),
            ratio <= targets.growth && underBound ? 'ok' : 'BELOW',
          ];
        }),
      ),
    ),
  );
  console.log(
    `Targets: ratio ${late.from}-${late.to} / ${early.from}-${early.to} <= ${targets.growth}; model path p50 <= ${targets.overheadP50Ms} ms.`,
  );
  if (byTool) printByTool(sessions, thousands);
  console.log(`\nRestart on the session's data dir (a fresh platform: created to listening, then its first tools/call):\n`);
  console.log(
    formatTable(
      ['path', 'after calls', 'to listening', 'first call'],
      Object.entries(restarts).flatMap(([path, timings]) =>
        timings.map((timing) => [
          path,
          timing.after.toLocaleString('en-US'),
          `${timing.listeningMs.toFixed(1)} ms`,
          `${timing.firstCallMs.toFixed(1)} ms`,
        ]),
      ),
    ),
  );
  return {
    calls: longCalls,
    cpuPerThousand: Object.fromEntries(
      sessions.map((session) => [session.path, thousands.map((index) => p50(session.cpuMs.slice(index * 1000, index * 1000 + 1000)))]),
    ),
    perThousand: Object.fromEntries(
      sessions.map((session) => [session.path, thousands.map((index) => p50(session.overheadMs.slice(index * 1000, index * 1000 + 1000)))]),
    ),
    early: Object.fromEntries(sessions.map((session) => [session.path, p50(slice(session.overheadMs, early))])),
    late: Object.fromEntries(sessions.map((session) => [session.path, p50(slice(session.overheadMs, late))])),
    restarts,
  };
}
