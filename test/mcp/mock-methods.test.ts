/**
 * The mock's method table (src/mcp/mock/mock-methods.ts) is what a mock serves: walked row by
 * row over a real socket, every request is answered (stateless and in a session), every
 * notification is taken, a method not in the table is -32601, a method whose capability is off is
 * not found, and every string a row takes is refused past its limit with -32602 naming the field
 * and the limit, while the server goes on answering another client as before.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpStringLimits } from '../../src/domain/mcp-limits.js';
import { capturedMockMethods, findMockMethod, mockCapabilities, mockMethods } from '../../src/mcp/mock/mock-methods.js';
import { applyScenario } from '../../src/scenario/apply-scenario.js';
import { loadScenarioText } from '../../src/scenario/load-scenario.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const scenarioText = `
name: method table
servers:
  - qualifiedName: "@qa/tracker"
    tools:
      - name: update_issue
        inputSchema: { type: object, properties: { id: { type: string }, state: { type: string } }, required: [id] }
    resources:
      - { uri: "tracker://readme", name: readme, mimeType: text/markdown, text: "# Tracker" }
    resourceTemplates:
      - { uriTemplate: "tracker://issues/{id}", name: issue }
    prompts:
      - name: triage_issue
        arguments: [{ name: id, required: true }, { name: team }]
        messages: [{ role: user, text: "Triage issue {{id}} now" }]
    completions:
      - { prompt: triage_issue, argument: team, values: [web, backend, data] }
namespaces:
  - name: table
    connections:
      - id: tracker
        server: "@qa/tracker"
        mock:
          world:
            entities:
              issue:
                "12": { title: Crash on empty config, state: open }
`;

const both = 'application/json, text/event-stream';
const clientInfo = { name: 'table-walk', version: '1' };

/** A request each row answers with a result on the scenario's mock; the walk fails on a row without one. */
const samples: Record<string, Record<string, unknown> | undefined> = {
  initialize: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
  ping: undefined,
  'tools/list': {},
  'tools/call': { name: 'update_issue', arguments: { id: '12', state: 'closed' } },
  'resources/list': {},
  'resources/templates/list': {},
  'resources/read': { uri: 'tracker://readme' },
  'resources/subscribe': { uri: 'tracker://readme' },
  'resources/unsubscribe': { uri: 'tracker://readme' },
  'prompts/list': {},
  'prompts/get': { name: 'triage_issue', arguments: { id: '12' } },
  'completion/complete': { ref: { type: 'ref/prompt', name: 'triage_issue' }, argument: { name: 'team', value: 'w' } },
  'logging/setLevel': { level: 'info' },
};
const notificationSamples: Record<string, Record<string, unknown> | undefined> = {
  'notifications/initialized': undefined,
  'notifications/cancelled': { requestId: 'not-in-flight', reason: 'walked' },
  'notifications/roots/list_changed': undefined,
};

const requests = mockMethods.filter((row) => row.kind === 'request');
const notifications = mockMethods.filter((row) => row.kind === 'notification');

let harness: Harness;
let fixturesDir: string;
let sessionId: string;
let nextId = 100;

beforeAll(async () => {
  fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-table-'));
  harness = await startHarness('socket', { toolResults: createToolResults({ fixturesDir, missPolicy: 'simulate' }) });
  const loaded = loadScenarioText(scenarioText, 'table.yaml');
  if (!('scenario' in loaded)) throw new Error(JSON.stringify(loaded.problems));
  await applyScenario(loaded.scenario, { fetch: globalThis.fetch, baseUrl: harness.baseUrl, apiKey: testApiKey });
  const opened = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: samples.initialize });
  expect(opened.status).toBe(200);
  await opened.text();
  sessionId = opened.headers.get('mcp-session-id')!;
  expect(sessionId).toBeTruthy();
});
afterAll(async () => {
  await harness.close();
  rmSync(fixturesDir, { recursive: true, force: true });
});

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${harness.baseUrl}/connect/table/tracker/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: both, ...headers },
    body: JSON.stringify(body),
  });
}

type Message = { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** The JSON-RPC answer of a POST, whether JSON or the last SSE event (a call's events come first). */
async function messageOf(response: Response): Promise<Message> {
  const text = await response.text();
  if (text.startsWith('{')) return JSON.parse(text) as Message;
  const events = [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!) as Message);
  return events.find((event) => 'result' in event || 'error' in event)!;
}

async function ask(method: string, params: Record<string, unknown> | undefined, headers: Record<string, string> = {}): Promise<Message> {
  const id = nextId++;
  const answer = await messageOf(await post({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }, headers));
  expect(answer.id).toBe(id);
  return answer;
}

/** What another client, with no session, gets for tools/list: the server still answers as before. */
async function expectOthersAnswered() {
  const answer = await ask('tools/list', {});
  expect(answer.result?.tools).toEqual([expect.objectContaining({ name: 'update_issue' })]);
}

/** `params` with the string at `path` (below the message; `*` as key `a`) set to `value`. */
function withStringAt(params: Record<string, unknown> | undefined, path: string, value: string) {
  const message: Record<string, unknown> = structuredClone({ params: params ?? {} });
  const segments = path.split('.').map((segment) => (segment === '*' ? 'a' : segment));
  let at = message;
  for (const segment of segments.slice(0, -1)) {
    if (typeof at[segment] !== 'object' || at[segment] === null) at[segment] = {};
    at = at[segment] as Record<string, unknown>;
  }
  at[segments.at(-1)!] = value;
  return { params: message.params as Record<string, unknown>, field: segments.join('.') };
}

describe('the method table', () => {
  it('has a sample for every request and notification it holds, and nothing else', () => {
    expect(requests.map((row) => row.method)).toEqual(Object.keys(samples));
    expect(notifications.map((row) => row.method)).toEqual(Object.keys(notificationSamples));
  });

  it('declares in initialize exactly the capabilities its rows need', async () => {
    const answer = await ask('initialize', samples.initialize, { accept: 'application/json' });
    expect(answer.result?.capabilities).toEqual(mockCapabilities);
    const needed = new Set(mockMethods.flatMap((row) => (row.capability ? [row.capability] : [])));
    expect([...needed].sort()).toEqual(Object.keys(mockCapabilities).sort());
  });

  it('finds no method whose capability is off', () => {
    for (const row of mockMethods) {
      expect(findMockMethod(row.method)).toBe(row);
      if (row.capability === null) continue;
      const { [row.capability]: _off, ...rest } = mockCapabilities;
      expect(findMockMethod(row.method, rest)).toBeNull();
    }
  });

  it('marks the requests a capture records: the reads of resources, prompts and completions', () => {
    expect([...capturedMockMethods]).toEqual([
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'prompts/list',
      'prompts/get',
      'completion/complete',
    ]);
  });

  it('is what docs/api.md says a mock serves', () => {
    const api = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(mockMethods.map((row) => row.method).filter((method) => !api.includes(`\`${method}\``))).toEqual([]);
  });
});

describe.each([
  ['stateless', () => ({ accept: 'application/json' })],
  ['in a session', () => ({ 'mcp-session-id': sessionId })],
] as const)('a mock walked row by row (%s)', (_path, headersOf) => {
  it.each(requests.filter((row) => row.method !== 'initialize' || _path === 'stateless').map((row) => [row.method]))(
    'answers %s with a result',
    async (method) => {
      const answer = await ask(method, samples[method], headersOf());
      expect(answer.error).toBeUndefined();
      expect(answer.result).toBeTypeOf('object');
    },
  );

  it.each(notifications.map((row) => [row.method]))('takes %s with 202', async (method) => {
    const params = notificationSamples[method];
    const response = await post({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }, headersOf());
    expect(response.status).toBe(202);
    await response.text();
    await expectOthersAnswered();
  });

  it('answers a method not in the table with -32601 listing the methods it serves', async () => {
    const answer = await ask('tools/destroy', {}, headersOf());
    expect(answer.error?.code).toBe(-32601);
    for (const row of requests) expect(answer.error?.message).toContain(row.method);
  });
});

describe('every string a row takes has a maximum length', () => {
  const cases = mockMethods.flatMap((row) =>
    (row.strings ?? []).map(([path, limit]) => [`${row.method} ${path}`, row.method, path, limit] as const),
  );
  it.each(cases)('%s: -32602 naming the field and the limit, and the server goes on', async (_name, method, path, limit) => {
    const max = mcpStringLimits[limit];
    const sample = row(method).kind === 'request' ? samples[method] : notificationSamples[method];
    const { params, field } = withStringAt(sample, path, 'x'.repeat(max + 1));
    if (row(method).kind === 'notification') {
      // A notification has no answer to carry an error: it is dropped, and the server goes on.
      const response = await post({ jsonrpc: '2.0', method, params }, { accept: 'application/json' });
      expect(response.status).toBe(202);
      await response.text();
    } else {
      const answer = await ask(method, params, { accept: 'application/json' });
      expect(answer.error?.code).toBe(-32602);
      expect(answer.error?.message).toContain(`${field} is ${max + 1} characters long; the limit (${limit}) is ${max}`);
      // One character less is no longer refused for its length.
      const within = await ask(method, withStringAt(sample, path, 'x'.repeat(max)).params, { accept: 'application/json' });
      expect(within.error?.message ?? '').not.toContain('characters long');
    }
    await expectOthersAnswered();
  });

  it('in a session too, and the session goes on', async () => {
    const headers = { 'mcp-session-id': sessionId };
    const long = 'x'.repeat(mcpStringLimits.nameLength + 1);
    const refused = await ask('logging/setLevel', { level: long }, headers);
    expect(refused.error).toMatchObject({ code: -32602, message: expect.stringContaining('the limit (nameLength) is 1024') });
    expect((await ask('prompts/get', { name: long }, headers)).error?.code).toBe(-32602);
    expect((await ask('ping', undefined, headers)).result).toEqual({});
  });

  it.each([
    [
      'a request id',
      { jsonrpc: '2.0', id: 'i'.repeat(mcpStringLimits.requestIdLength + 1), method: 'ping' },
      -32600,
      'id is 1025 characters long; the limit (requestIdLength) is 1024',
    ],
    [
      'a method',
      { jsonrpc: '2.0', id: 7, method: 'm'.repeat(mcpStringLimits.methodLength + 1) },
      -32600,
      'method is 257 characters long; the limit (methodLength) is 256',
    ],
    [
      'a progress token',
      {
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/list',
        params: { _meta: { progressToken: 'p'.repeat(mcpStringLimits.progressTokenLength + 1) } },
      },
      -32602,
      'params._meta.progressToken is 1025 characters long; the limit (progressTokenLength) is 1024',
    ],
  ] as const)('%s past its limit is refused on every path, and the server goes on', async (_kind, body, code, text) => {
    for (const headers of [{ accept: 'application/json' }, { 'mcp-session-id': sessionId }]) {
      const response = await post(body, headers);
      expect(response.status).toBe(400);
      expect((await messageOf(response)).error).toMatchObject({ code, message: expect.stringContaining(text) });
    }
    expect((await ask('ping', undefined, { 'mcp-session-id': sessionId })).result).toEqual({});
    await expectOthersAnswered();
  });
});

function row(method: string) {
  return mockMethods.find((candidate) => candidate.method === method)!;
}
