/**
 * Simulator benchmark: what a model-answered `tools/call` costs on top of the model, and whether
 * the prompt stays small (and still holds what the call needs) as a session's world grows.
 *
 * Method
 * - A platform on a real SQLite file in a temporary data dir (`createPlatform`, in this process),
 *   a registry server `@bench/tracker` (create_issue, get_issue, list_issues, comment_on_issue;
 *   create_issue and get_issue with an outputSchema) and a mock connection `bench/tracker` with a
 *   scenario. Its simulator (`createToolResults`, empty fixtures dir, so every call goes to the
 *   model) uses a MockLanguageModelV3 that answers at once: it reads the call from the prompt's
 *   "# This call" line and plays an issue tracker that keeps its own truth, so every create and
 *   comment upserts entities and the world grows as in a real session (142 issues and 201
 *   comments, 91 KB of world JSON, by call 600). The mock times itself and records each prompt.
 * - 600 sequential `tools/call`, each timed end to end (request built, `app.fetch`, JSON read);
 *   overhead = that time minus the time spent inside the mock's doGenerate. p50/p90/p99 over calls
 *   451–550 (p99 of 100 calls is their maximum), and the p50 per 100 calls to show the growth.
 *   The same session then runs on a fresh platform over a socket (src/node/start-server.ts on
 *   127.0.0.1:0, global fetch).
 * - Baseline, in the same run and through the same doors: a bare Hono app answering one fixed
 *   JSON-RPC tools/call result, 600 calls, same window. It shows what the door alone costs.
 * - Breakdown (in-process session): each call's `latencyMs` from the call log (runTool from memory
 *   load to just before the append) minus the model time is the simulator's share; the rest is the
 *   HTTP route, auth, the SQLite append and serialization. Then `buildPrompt` alone, timed on
 *   the final memory, since the profile shows it as the largest part.
 * - Prompt: chars of system + user text the mock receives, and ceil(chars / 4) tokens. Calls 20
 *   and 200 are both `get_issue TRK-3` (created at call 3): the ratio 200 / 20 compares like with
 *   like, and the prompt at call 200 must still hold TRK-3's id and title, else the bench fails.
 *
 * Targets: overhead p50 <= 2 ms (in-process); prompt at call 200 / call 20 <= 1.5. Rows below
 * target are marked BELOW (exit code unchanged); missing facts or a failed call exit 1.
 * Then the long sessions of long-session.ts: 10,000 calls on the model path and on the stateful
 * simulator, p50 per 1,000 calls, and the restart after 100 and after 10,000 calls.
 * Results go to bench/results/simulator.json. Options: BENCH_SOCKET=0 skips the socket runs;
 * BENCH_LONG=0 skips the long sessions, BENCH_LONG=only runs only them; BENCH_LONG_CALLS sets their length;
 * BENCH_LONG_BY_TOOL=1 adds each tool's p50 per 1,000 calls.
 * Profile with: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/simulator.ts
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { createPlatform, type Platform } from '../src/platform/platform.js';
import { startServer, type RunningServer } from '../src/node/start-server.js';
import type { CallLogEntry, WorldState } from '../src/domain/memory-log.js';
import type { ToolDefinition } from '../src/domain/registry.js';
import { buildPrompt, defaultBudgetTokens } from '../src/sim/model/prompt.js';
import { createToolResults } from '../src/sim/tool-results.js';
import { runBench } from './children.js';
import { runLongSessions } from './long-session.js';
import { formatTable, median } from './report.js';
import {
  areas,
  createFakeModel,
  createTracker,
  factIssue,
  promptCalls,
  sentences,
  symptoms,
  trackerServer,
  type Call,
} from './tracker-model.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const sessionCalls = 600;
const window = { from: 451, to: 550 };
const targets = { overheadP50Ms: 2, promptRatio: 1.5 };
const withSocket = process.env.BENCH_SOCKET !== '0';
const longRows = process.env.BENCH_LONG === '0' ? 'skip' : process.env.BENCH_LONG === 'only' ? 'only' : 'also';
const apiKey = 'bench-simulator-key';
const workDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-simulator-'));
const mcpPath = '/connect/bench/tracker/mcp';
const mcpHeaders = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const scenario =
  'The web shop team of Larkspur Outfitters (outdoor gear, about 40 engineers) tracks bugs and feature work here. Issue keys look like TRK-12; comment ids like C-7. Most issues come from the checkout, search and mobile app teams.';

interface Session {
  door: 'in-process' | 'socket';
  platform: Platform;
  tracker: ReturnType<typeof createTracker>;
  fake: ReturnType<typeof createFakeModel>;
}

/** A platform on a fresh data dir (a SQLite file) with the tracker server and connection. */
async function createSession(door: Session['door']): Promise<Session> {
  const tracker = createTracker();
  const fake = createFakeModel(tracker);
  const fixturesDir = join(workDir, `fixtures-${door}`);
  mkdirSync(fixturesDir, { recursive: true });
  const platform = createPlatform({
    dataDir: join(workDir, `data-${door}`),
    apiKey,
    demo: false,
    toolResults: createToolResults({ fixturesDir, model: { model: fake.model, modelId: 'bench-fake' } }),
  });
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await platform.app.request(path, {
      method,
      headers: mcpHeaders,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`setup: ${method} ${path} answered ${response.status}: ${await response.text()}`);
  };
  await send('PUT', '/servers/@bench/tracker', trackerServer);
  await send('PUT', '/namespaces/bench');
  await send('PUT', '/connect/bench/tracker', { server: '@bench/tracker', mock: { enabled: true, scenario } });
  return { door, platform, tracker, fake };
}

type Send = (body: string) => Promise<Response>;

const callBody = (sequence: number, call: Call) =>
  JSON.stringify({ jsonrpc: '2.0', id: sequence, method: 'tools/call', params: { name: call.tool, arguments: call.arguments } });

/** `sessionCalls` sequential calls; per call, the end-to-end time and that time minus the model's. */
async function runSession(session: Session, send: Send): Promise<{ totalMs: number[]; overheadMs: number[] }> {
  const totalMs: number[] = [];
  const overheadMs: number[] = [];
  for (let sequence = 1; sequence <= sessionCalls; sequence++) {
    const body = callBody(sequence, session.tracker.plan(sequence));
    const started = performance.now();
    const response = await send(body);
    const payload = (await response.json()) as { result?: { isError?: boolean; _meta?: Record<string, unknown> } };
    const elapsed = performance.now() - started;
    const source = payload.result?._meta?.['mcpsim/source'];
    if (response.status !== 200 || source !== 'model' || payload.result?.isError)
      throw new Error(`${session.door} call ${sequence}: ${response.status} ${JSON.stringify(payload).slice(0, 500)}`);
    const modelMs = session.fake.modelMs.get(sequence);
    if (modelMs === undefined) throw new Error(`${session.door} call ${sequence}: the model saw no prompt for call #${sequence}`);
    totalMs.push(elapsed);
    overheadMs.push(elapsed - modelMs);
  }
  if (session.fake.generations() !== sessionCalls)
    throw new Error(
      `${session.door}: ${session.fake.generations()} model calls for ${sessionCalls} tool calls (retries mean the fake answered something invalid)`,
    );
  return { totalMs, overheadMs };
}

/** The bare baseline: same doors, one fixed JSON-RPC result of about the size mcpsim answers. */
function createBareApp(): Hono {
  const result = {
    content: [
      {
        type: 'text',
        text: JSON.stringify({ id: 'TRK-3', title: `${areas[0]} ${symptoms[0]}`, body: sentences.slice(0, 3).join(' '), state: 'open' }),
      },
    ],
    _meta: { 'mcpsim/source': 'model', 'mcpsim/sequence': 1 },
  };
  return new Hono().post(mcpPath, async (c) => {
    const message = (await c.req.json()) as { id: number };
    return c.json({ jsonrpc: '2.0', id: message.id, result });
  });
}

async function runBare(send: Send): Promise<number[]> {
  const totalMs: number[] = [];
  for (let sequence = 1; sequence <= sessionCalls; sequence++) {
    const started = performance.now();
    const response = await send(callBody(sequence, { tool: 'get_issue', arguments: { id: factIssue } }));
    await response.json();
    totalMs.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`bare call ${sequence}: ${response.status}`);
  }
  return totalMs;
}

const inProcess =
  (app: { fetch: (request: Request) => Response | Promise<Response> }): Send =>
  async (body) =>
    app.fetch(new Request(`http://localhost${mcpPath}`, { method: 'POST', headers: mcpHeaders, body }));
const overSocket =
  (server: RunningServer): Send =>
  (body) =>
    fetch(`${server.url}${mcpPath}`, { method: 'POST', headers: mcpHeaders, body });

// ---- figures -------------------------------------------------------------------------------

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

const inWindow = (perCall: number[]) => perCall.slice(window.from - 1, window.to);
const spread = (values: number[]) => ({ p50: percentile(values, 0.5), p90: percentile(values, 0.9), p99: percentile(values, 0.99) });
const ms = (value: number) => `${value.toFixed(3)} ms`;

/**
 * Per call of the window, from the call log: runTool's time minus the model's (the rest of the
 * overhead is outside runTool). Then `buildPrompt` alone, re-run on the final memory as call #601.
 */
async function breakdown(session: Session, overheadMs: number[]) {
  const response = await session.platform.app.request('/__mcpsim/connections/bench/tracker/memory', { headers: mcpHeaders });
  const memory = (await response.json()) as { calls: CallLogEntry[]; world: WorldState };
  const calls = memory.calls.filter((entry) => entry.sequence >= window.from && entry.sequence <= window.to);
  const simulatorMs = calls.map((entry) => entry.latencyMs - (session.fake.modelMs.get(entry.sequence) ?? 0));
  const restMs = calls.map((entry, index) => overheadMs[entry.sequence - 1]! - simulatorMs[index]!);
  const args = { id: factIssue };
  const call = {
    namespace: 'bench',
    connectionId: 'tracker',
    server: '@bench/tracker',
    tool: 'get_issue',
    arguments: args,
    argumentsKey: JSON.stringify(args),
    occurrence: 1,
    sequence: sessionCalls + 1,
    context: {
      serverName: trackerServer.displayName,
      serverDescription: trackerServer.description,
      toolDefinition: trackerServer.tools[1] as ToolDefinition,
      scenario,
      world: memory.world,
      history: memory.calls,
    },
  };
  const promptMs = Array.from({ length: 21 }, () => {
    const started = performance.now();
    buildPrompt(call, { budgetTokens: defaultBudgetTokens });
    return performance.now() - started;
  });
  return {
    simulatorP50Ms: median(simulatorMs),
    restP50Ms: median(restMs),
    buildPromptMs: median(promptMs.slice(1)),
    worldChars: JSON.stringify(memory.world).length,
  };
}

async function runShort(): Promise<object> {
  console.log(
    `node ${process.version}, ${cpus().length} CPUs; ${sessionCalls} sequential tools/call per session, overhead over calls ${window.from}-${window.to}`,
  );
  const bareApp = createBareApp();
  const servers: RunningServer[] = [];
  const sessions: Session[] = [];
  try {
    const bareInProcess = inWindow(await runBare(inProcess(bareApp)));
    const local = await createSession('in-process');
    sessions.push(local);
    const localRun = await runSession(local, inProcess(local.platform.app));
    const rows = [
      { door: 'in-process', server: 'bare Hono app (fixed JSON-RPC result)', ...spread(bareInProcess), target: null },
      {
        door: 'in-process',
        server: 'mcpsim tools/call minus model',
        ...spread(inWindow(localRun.overheadMs)),
        target: targets.overheadP50Ms,
      },
    ];
    if (withSocket) {
      const bareServer = await startServer({ fetch: bareApp.fetch, port: 0, host: '127.0.0.1' });
      servers.push(bareServer);
      const bareSocket = inWindow(await runBare(overSocket(bareServer)));
      const remote = await createSession('socket');
      sessions.push(remote);
      const server = await startServer({ fetch: remote.platform.app.fetch, port: 0, host: '127.0.0.1' });
      servers.push(server);
      const remoteRun = await runSession(remote, overSocket(server));
      rows.push({ door: 'socket', server: 'bare Hono app (fixed JSON-RPC result)', ...spread(bareSocket), target: null });
      rows.push({ door: 'socket', server: 'mcpsim tools/call minus model', ...spread(inWindow(remoteRun.overheadMs)), target: null });
    }

    console.log(`\nPer-call time over calls ${window.from}-${window.to} (mcpsim rows: end to end minus the time inside the fake model):\n`);
    console.log(
      formatTable(
        ['door', 'server', 'p50', 'p90', 'p99', 'target', 'check'],
        rows.map((row) => [
          row.door,
          row.server,
          ms(row.p50),
          ms(row.p90),
          ms(row.p99),
          row.target === null ? '-' : `p50 <= ${row.target} ms`,
          row.target === null ? '-' : row.p50 <= row.target ? 'ok' : 'BELOW',
        ]),
      ),
    );
    const parts = await breakdown(local, localRun.overheadMs);
    const modelWindow = Array.from({ length: window.to - window.from + 1 }, (_, index) => local.fake.modelMs.get(window.from + index) ?? 0);
    console.log(
      `\nIn-process split (medians): simulator in runTool (memory load, validation, prompt, generateText, output check) ${ms(parts.simulatorP50Ms)}; ` +
        `route, auth, SQLite append, JSON ${ms(parts.restP50Ms)}; inside the fake model ${ms(median(modelWindow))}.`,
    );
    console.log(`buildPrompt alone on the memory after ${sessionCalls} calls (median of 20): ${ms(parts.buildPromptMs)}.`);
    const stages = Array.from(
      { length: sessionCalls / 100 },
      (_, index) =>
        `${index * 100 + 1}-${index * 100 + 100}: ${median(localRun.overheadMs.slice(index * 100, index * 100 + 100)).toFixed(2)}`,
    );
    console.log(`Overhead p50 (ms) by calls, in-process: ${stages.join(', ')}.`);
    const size = local.tracker.size();
    console.log(
      `World after ${sessionCalls} calls: ${size.issues} issues, ${size.comments} comments, ${parts.worldChars.toLocaleString('en-US')} chars of world JSON.`,
    );

    const prompt = checkPrompts(local);
    if (prompt.missing.length > 0)
      throw new Error(
        `the prompt at call ${promptCalls.late} (get_issue ${factIssue}) lacks ${prompt.missing.join(' and ')}; the model could not answer it from the world`,
      );
    return { rows, breakdown: parts, overheadByCall: localRun.overheadMs, world: size, prompt };
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    for (const session of sessions) session.platform.close();
  }
}

/** Prints the prompt sizes and returns them with the facts missing at the late call. */
function checkPrompts(session: Session) {
  const early = session.fake.prompts.get(promptCalls.early)!;
  const late = session.fake.prompts.get(promptCalls.late)!;
  const ratio = late.chars / early.chars;
  const issue = session.tracker.issue(factIssue)!;
  const needed = { id: factIssue, title: issue.title };
  const missing = Object.entries(needed)
    .filter(([, value]) => !late.text!.includes(value))
    .map(([name, value]) => `the ${name} ${JSON.stringify(value)}`);
  const largest = Math.max(...[...session.fake.prompts.values()].map((prompt) => prompt.chars));
  const tokens = (chars: number) => Math.ceil(chars / 4).toLocaleString('en-US');
  console.log(`\nPrompt the model receives (system + user; tokens = ceil(chars / 4)), in-process session:\n`);
  console.log(
    formatTable(
      ['call', 'chars', 'est. tokens', 'target', 'check'],
      [
        [`#${promptCalls.early} get_issue ${factIssue}`, early.chars.toLocaleString('en-US'), tokens(early.chars), '-', '-'],
        [`#${promptCalls.late} get_issue ${factIssue}`, late.chars.toLocaleString('en-US'), tokens(late.chars), '-', '-'],
        [
          `ratio #${promptCalls.late} / #${promptCalls.early}`,
          ratio.toFixed(2),
          '',
          `<= ${targets.promptRatio}`,
          ratio <= targets.promptRatio ? 'ok' : 'ABOVE',
        ],
        [`largest of all ${sessionCalls} calls`, largest.toLocaleString('en-US'), tokens(largest), '-', '-'],
        [
          `#${promptCalls.late} holds ${factIssue}'s id and title`,
          missing.length === 0 ? 'yes' : 'NO',
          '',
          'yes',
          missing.length === 0 ? 'ok' : 'FAILED',
        ],
      ],
    ),
  );
  return { early: early.chars, late: late.chars, ratio, largest, needed, missing };
}

function writeResults(results: object): void {
  const resultsDir = join(root, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const settings = { sessionCalls, window, promptCalls, targets, socket: withSocket, long: longRows };
  const environment = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' };
  writeFileSync(
    join(resultsDir, 'simulator.json'),
    JSON.stringify({ date: new Date().toISOString(), settings, environment, ...results }, null, 2) + '\n',
  );
  console.log('\nWrote bench/results/simulator.json');
}

async function main(): Promise<void> {
  const short = longRows === 'only' ? {} : await runShort();
  const long = longRows === 'skip' ? {} : { long: await runLongSessions({ workDir, apiKey }) };
  writeResults({ ...short, ...long });
}

await runBench(main, { servers: [], directory: workDir });
