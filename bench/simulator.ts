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
 * Results go to bench/results/simulator.json. Options: BENCH_SOCKET=0 skips the socket runs.
 * Profile with: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/simulator.ts
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { MockLanguageModelV3 } from 'ai/test';
import { createPlatform, type Platform } from '../src/platform/platform.js';
import { startServer, type RunningServer } from '../src/node/start-server.js';
import type { CallLogEntry, WorldState } from '../src/domain/memory-log.js';
import type { ToolDefinition } from '../src/domain/registry.js';
import type { ModelOutput } from '../src/sim/model/model-output.js';
import { buildPrompt, defaultBudgetTokens } from '../src/sim/model/prompt.js';
import { createToolResults } from '../src/sim/tool-results.js';
import { runBench } from './children.js';
import { formatTable, median } from './report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const sessionCalls = 600;
const window = { from: 451, to: 550 };
const promptCalls = { early: 20, late: 200 } as const;
const factIssue = 'TRK-3';
const targets = { overheadP50Ms: 2, promptRatio: 1.5 };
const withSocket = process.env.BENCH_SOCKET !== '0';
const apiKey = 'bench-simulator-key';
const workDir = mkdtempSync(join(tmpdir(), 'mcpsim-bench-simulator-'));
const mcpPath = '/connect/bench/tracker/mcp';
const mcpHeaders = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const scenario =
  'The web shop team of Larkspur Outfitters (outdoor gear, about 40 engineers) tracks bugs and feature work here. Issue keys look like TRK-12; comment ids like C-7. Most issues come from the checkout, search and mobile app teams.';

// ---- the tracker the fake model plays ------------------------------------------------------

interface Issue {
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  author: string;
  createdAt: string;
  updatedAt: string;
  commentCount: number;
}
interface Comment {
  id: string;
  issue: string;
  author: string;
  body: string;
  createdAt: string;
}
type Call = { tool: 'create_issue' | 'get_issue' | 'list_issues' | 'comment_on_issue'; arguments: Record<string, unknown> };

const areas = [
  'Checkout',
  'Search',
  'Cart',
  'Mobile app',
  'Product page',
  'Returns',
  'Account',
  'Payments',
  'Inventory sync',
  'Email receipts',
  'Wishlist',
  'Store locator',
];
const symptoms = [
  'times out when the cart holds more than 50 items',
  'shows prices without VAT for Swiss customers',
  'crashes on Android 12 after rotating the screen',
  'returns stale stock counts after a warehouse import',
  'double-charges when the 3-D Secure window is closed',
  'loses the promo code after login',
  'sorts "Best rated" by review count instead of rating',
  'renders the size chart off-screen on iPhone SE',
  'sends the receipt twice for split shipments',
  'ignores the "hide out of stock" filter on page 2',
  'logs users out after 10 minutes despite "remember me"',
  'takes 6 s to load for accounts with 200+ orders',
  'accepts postcodes with spaces but rejects them at payment',
  'shows the wrong carrier ETA for Saturday orders',
  'drops accents in customer names on invoices',
];
const sentences = [
  'Reproduced on staging with a fresh account.',
  'Started after the 2.14 release on Tuesday.',
  'About 3% of sessions hit this according to the dashboard.',
  'Support has received 11 tickets about it this week.',
  'The error log shows a 504 from the pricing service.',
  'It does not happen in the desktop browser.',
  'A workaround is to clear the cart and add the items again.',
  'Customers in Austria and Switzerland are affected most.',
  'The request retries three times before giving up.',
  'Sentry groups it under PRICING-4412.',
  'We should add a regression test once it is fixed.',
  'Marketing wants this fixed before the spring sale on March 14.',
];
const labelPool = ['bug', 'performance', 'regression', 'mobile', 'payments', 'ux', 'backend', 'customer-reported'];
const people = ['dana.kowalski', 'marco.ruiz', 'priya.natarajan', 'tom.becker', 'lena.hofmann', 'sam.okafor', 'yuki.tanaka'];

/** mulberry32: the session is the same on every run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const text = (count: number) => Array.from({ length: count }, () => pick(sentences)).join(' ');
  return { next, pick, text };
}

/** The issue tracker as the real server would hold it: the fake model answers from it. */
function createTracker() {
  const random = createRandom(7);
  const issues = new Map<string, Issue>();
  const comments: Comment[] = [];
  const knownLabels = new Set<string>();
  const at = (sequence: number) => new Date(Date.UTC(2026, 0, 5, 9) + sequence * 7 * 60_000).toISOString();
  const output = (value: unknown, structured: boolean, changes: Partial<ModelOutput['changes']> = {}): ModelOutput => ({
    text: JSON.stringify(value),
    structuredContentJson: structured ? JSON.stringify(value) : null,
    isError: false,
    changes: { upserts: [], deletes: [], facts: [], ...changes },
  });
  const upsert = (type: string, id: string, fields: object) => ({ type, id, fieldsJson: JSON.stringify(fields) });

  function answer(call: Call, sequence: number): ModelOutput {
    const args = call.arguments as {
      id?: string;
      title?: string;
      body?: string;
      labels?: string[];
      state?: string;
      label?: string;
      close?: boolean;
    };
    if (call.tool === 'create_issue') {
      const id = `TRK-${issues.size + 1}`;
      const issue: Issue = {
        title: args.title!,
        body: args.body ?? '',
        state: 'open',
        labels: args.labels ?? [],
        author: random.pick(people),
        createdAt: at(sequence),
        updatedAt: at(sequence),
        commentCount: 0,
      };
      issues.set(id, issue);
      const facts = issue.labels
        .filter((label) => !knownLabels.has(label) && knownLabels.add(label))
        .map((label) => `The label "${label}" exists in the tracker.`);
      return output({ id, ...issue, url: `https://tracker.larkspur.example/issues/${id}` }, true, {
        upserts: [upsert('issue', id, issue)],
        facts,
      });
    }
    const issue = args.id === undefined ? undefined : issues.get(args.id);
    if (call.tool === 'get_issue') {
      if (!issue) return { ...output({ error: `Issue ${args.id} not found` }, false), isError: true };
      return output({ id: args.id, ...issue, recentComments: comments.filter((comment) => comment.issue === args.id).slice(-3) }, true);
    }
    if (call.tool === 'comment_on_issue') {
      if (!issue) return { ...output({ error: `Issue ${args.id} not found` }, false), isError: true };
      const comment: Comment = {
        id: `C-${comments.length + 1}`,
        issue: args.id!,
        author: random.pick(people),
        body: args.body ?? '',
        createdAt: at(sequence),
      };
      comments.push(comment);
      Object.assign(issue, { commentCount: issue.commentCount + 1, updatedAt: at(sequence), ...(args.close ? { state: 'closed' } : {}) });
      const { id, ...commentFields } = comment;
      return output(comment, false, {
        upserts: [
          upsert('comment', id, commentFields),
          upsert('issue', args.id!, { commentCount: issue.commentCount, updatedAt: issue.updatedAt, state: issue.state }),
        ],
      });
    }
    const listed = [...issues]
      .filter(
        ([, item]) =>
          (args.state === undefined || args.state === 'all' || item.state === args.state) &&
          (args.label === undefined || item.labels.includes(args.label)),
      )
      .reverse()
      .slice(0, 20)
      .map(([id, item]) => ({ id, title: item.title, state: item.state, labels: item.labels, commentCount: item.commentCount }));
    return output({ issues: listed, totalCount: listed.length }, false);
  }

  /** The bench's n-th call: 8 creates, then a mix; calls 20 and 200 are `get_issue TRK-3`. */
  function plan(sequence: number): Call {
    const title = () => `${random.pick(areas)} ${random.pick(symptoms)}`;
    const labels = () => [...new Set([random.pick(labelPool), random.pick(labelPool)])];
    const existing = () => `TRK-${1 + Math.floor(random.next() * issues.size)}`;
    if (sequence <= 8) return { tool: 'create_issue', arguments: { title: title(), body: random.text(3), labels: labels() } };
    if (sequence === promptCalls.early || sequence === promptCalls.late) return { tool: 'get_issue', arguments: { id: factIssue } };
    const roll = random.next();
    if (roll < 0.25)
      return {
        tool: 'create_issue',
        arguments: { title: title(), body: random.text(2 + Math.floor(random.next() * 3)), labels: labels() },
      };
    if (roll < 0.6) return { tool: 'get_issue', arguments: { id: existing() } };
    if (roll < 0.9)
      return {
        tool: 'comment_on_issue',
        arguments: {
          id: existing(),
          body: random.text(1 + Math.floor(random.next() * 2)),
          ...(random.next() < 0.1 ? { close: true } : {}),
        },
      };
    return {
      tool: 'list_issues',
      arguments: { state: random.pick(['open', 'closed', 'all']), ...(random.next() < 0.5 ? { label: random.pick(labelPool) } : {}) },
    };
  }

  return { answer, plan, issue: (id: string) => issues.get(id), size: () => ({ issues: issues.size, comments: comments.length }) };
}

// ---- the fake model ------------------------------------------------------------------------

/**
 * A MockLanguageModelV3 that plays the tracker at once, timing itself and keeping each prompt's
 * size (and the text of the calls we check).
 */
function createFakeModel(tracker: ReturnType<typeof createTracker>) {
  const modelMs = new Map<number, number>();
  const prompts = new Map<number, { chars: number; text: string | null }>();
  let generations = 0;
  const model = new MockLanguageModelV3({
    modelId: 'bench-fake',
    doGenerate: async (options) => {
      const started = performance.now();
      generations += 1;
      const texts = options.prompt.flatMap((message) =>
        message.role === 'system'
          ? [message.content]
          : message.role === 'user'
            ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
            : [],
      );
      const all = texts.join('\n');
      const match = /^# This call\ncall #(\d+)[^:\n]*: (\S+) (.*)$/m.exec(all);
      if (!match) throw new Error(`the prompt has no "# This call" line:\n${all.slice(-500)}`);
      const sequence = Number(match[1]);
      const output = tracker.answer(
        { tool: match[2] as Call['tool'], arguments: JSON.parse(match[3]!) as Record<string, unknown> },
        sequence,
      );
      const chars = texts.reduce((sum, text) => sum + text.length, 0);
      prompts.set(sequence, { chars, text: sequence === promptCalls.early || sequence === promptCalls.late ? all : null });
      const text = JSON.stringify(output);
      modelMs.set(sequence, (modelMs.get(sequence) ?? 0) + performance.now() - started);
      return {
        content: [{ type: 'text' as const, text }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage: {
          inputTokens: { total: Math.ceil(chars / 4), noCache: Math.ceil(chars / 4), cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: Math.ceil(text.length / 4), text: Math.ceil(text.length / 4), reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
  return { model, modelMs, prompts, generations: () => generations };
}

// ---- sessions ------------------------------------------------------------------------------

const issueSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    state: { type: 'string', enum: ['open', 'closed'] },
    labels: { type: 'array', items: { type: 'string' } },
    author: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    commentCount: { type: 'integer' },
  },
  required: ['id', 'title', 'state'],
};
const trackerServer = {
  displayName: 'Larkspur Tracker',
  description: 'Issue tracker of the Larkspur web shop: issues, labels and comments.',
  tools: [
    {
      name: 'create_issue',
      description: 'Create an issue. Returns the new issue with its key (TRK-n).',
      inputSchema: {
        type: 'object',
        properties: { title: { type: 'string' }, body: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } },
        required: ['title'],
      },
      outputSchema: issueSchema,
    },
    {
      name: 'get_issue',
      description: 'Get one issue by key, with its latest comments.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      outputSchema: issueSchema,
    },
    {
      name: 'list_issues',
      description: 'List issues, newest first (at most 20).',
      inputSchema: {
        type: 'object',
        properties: { state: { type: 'string', enum: ['open', 'closed', 'all'] }, label: { type: 'string' } },
      },
    },
    {
      name: 'comment_on_issue',
      description: 'Add a comment to an issue; close: true also closes it.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' }, body: { type: 'string' }, close: { type: 'boolean' } },
        required: ['id', 'body'],
      },
    },
  ],
};

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

async function main(): Promise<void> {
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
    writeResults({ rows, breakdown: parts, overheadByCall: localRun.overheadMs, world: size, prompt });
    if (prompt.missing.length > 0)
      throw new Error(
        `the prompt at call ${promptCalls.late} (get_issue ${factIssue}) lacks ${prompt.missing.join(' and ')}; the model could not answer it from the world`,
      );
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
  const settings = { sessionCalls, window, promptCalls, targets, socket: withSocket };
  const environment = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown' };
  writeFileSync(
    join(resultsDir, 'simulator.json'),
    JSON.stringify({ date: new Date().toISOString(), settings, environment, ...results }, null, 2) + '\n',
  );
  console.log('\nWrote bench/results/simulator.json');
}

await runBench(main, { servers: [], directory: workDir });
