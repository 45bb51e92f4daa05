/**
 * Scenarios end to end, in process: applyScenario and runSteps talk to a real platform through
 * `app.fetch` only (the one door), then the reporters turn the step reports into text, JSON and JUnit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { applyScenario } from '../../src/scenario/apply-scenario.js';
import { checkExpectation } from '../../src/scenario/expectations.js';
import { toJsonReport, toJunitReport, toTextReport } from '../../src/scenario/reporters.js';
import { runSteps, type Judge, type StepReport } from '../../src/scenario/run-steps.js';
import { ScenarioError } from '../../src/scenario/scenario-error.js';
import { scenarioSchema, type Scenario } from '../../src/scenario/scenario-schema.js';

const apiKey = 'k-test-123456';
const baseUrl = 'http://mcpsim.test';

const scenarioYaml = `
name: triage <&">
servers:
  - qualifiedName: "@qa/tracker"
    displayName: QA Tracker
    description: An issue tracker for tests
    tools:
      - name: list_issues
        description: Lists issues by state
        inputSchema: { type: object, properties: { state: { type: string } } }
        outputSchema:
          type: object
          required: [issues]
          properties:
            issues: { type: array, items: { type: object, required: [id, state], properties: { id: { type: integer }, state: { type: string } } } }
      - name: get_issue
        inputSchema: { type: object, properties: { id: { type: integer } }, required: [id] }
namespaces:
  - name: qa-triage
    connections:
      - id: tracker
        name: Tracker
        server: "@qa/tracker"
        metadata: { team: qa }
        mock: Three issues; 1 and 2 are open, 3 is closed.
      - id: tracker.backup
        server: "@qa/tracker"
        mock: true
tokens:
  - name: reader
    policy: [{ namespaces: qa-triage, operations: read }]
steps:
  - name: list open issues
    call: qa-triage/tracker.list_issues
    arguments: { state: open }
    expect:
      isError: false
      contains: [open, '"id":2']
      jsonPath: { "$.issues[0].state": open, "$.issues[*].id": [1, 2] }
      matchesOutputSchema: true
  - name: read issue 1 <with "wrong" & failing expectations>
    call: qa-triage/tracker.get_issue
    arguments: { id: 1 }
    expect:
      equals: "Issue 1: login fails"
      isError: true
      contains: closed
      jsonPath: { "$.state": closed }
  - name: list closed issues
    call: qa-triage/tracker.list_issues
    arguments: { state: closed }
    expect:
      jsonPath: { "$.issues[0].state": open, "$.issues[5].id": 6 }
      matchesOutputSchema: true
  - name: get issue without an output schema
    call: qa-triage/tracker.get_issue
    arguments: { id: 2 }
    expect: { matchesOutputSchema: true, isError: true, equals: "No issue 2" }
  - name: judge a plain-language check
    call: qa-triage/tracker.get_issue
    arguments: { id: 1 }
    expect: { check: mentions a login problem }
  - name: synthesized result on the backup connection
    call: qa-triage/tracker.backup.list_issues
    arguments: { state: any }
    expect: { matchesOutputSchema: true, isError: false }
  - name: unknown tool
    call: qa-triage/tracker.close_issue
    arguments: { id: 1 }
  - name: unknown connection
    call: qa-triage/ghost.list_issues
`;

function fixture(tool: string, calls: Array<{ arguments: Record<string, unknown>; result: Record<string, unknown>; occurrence?: number }>) {
  return {
    calls: calls.map((call) => ({ occurrence: 1, ...call, model: null, recordedAt: '2026-01-01T00:00:00.000Z' })),
    server: '@qa/tracker',
    tool,
  };
}

function writeFixtures(directory: string): void {
  const serverDirectory = join(directory, 'qa__tracker');
  mkdirSync(serverDirectory, { recursive: true });
  const open = {
    issues: [
      { id: 1, state: 'open' },
      { id: 2, state: 'open' },
    ],
  };
  const closed = { issues: [{ id: 3, state: 'closed', title: 'old' }, { id: 'x' }] };
  writeFileSync(
    join(serverDirectory, 'list_issues.json'),
    JSON.stringify(
      fixture('list_issues', [
        {
          arguments: { state: 'open' },
          result: { content: [{ type: 'text', text: JSON.stringify(open) }], structuredContent: open, isError: false },
        },
        {
          arguments: { state: 'closed' },
          result: { content: [{ type: 'text', text: JSON.stringify(closed) }], structuredContent: closed, isError: false },
        },
      ]),
    ),
  );
  writeFileSync(
    join(serverDirectory, 'get_issue.json'),
    JSON.stringify(
      fixture('get_issue', [
        { arguments: { id: 1 }, result: { content: [{ type: 'text', text: 'Issue 1: login fails' }], isError: false } },
        { arguments: { id: 1 }, occurrence: 2, result: { content: [{ type: 'text', text: 'Issue 1: login fails' }], isError: false } },
        { arguments: { id: 2 }, result: { content: [{ type: 'text', text: 'No issue 2' }], isError: true } },
      ]),
    ),
  );
}

function loadScenario(changes: (raw: Record<string, any>) => void = () => {}): Scenario {
  const raw = parseYaml(scenarioYaml) as Record<string, any>;
  changes(raw);
  return scenarioSchema.parse(raw);
}

/** A clock for stable durations: every reading is 5 ms after the last. */
function steppingClock(): () => number {
  let now = 0;
  return () => (now += 5);
}

const judge: Judge = async (check, result) => {
  const text = (result.content ?? []).map((part) => part.text ?? '').join('\n');
  const pass = check.includes('login') && /login/i.test(text);
  return { pass, reason: pass ? 'the text mentions a login failure' : 'nothing about logins' };
};

let fixturesDir: string;
let platform: Platform;
let door: { fetch: (request: Request) => Promise<Response>; baseUrl: string; apiKey: string };

beforeAll(() => {
  fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-scenario-'));
  writeFixtures(fixturesDir);
});

afterAll(() => rmSync(fixturesDir, { recursive: true, force: true }));

beforeEach(() => {
  // A fresh platform per test: fixture occurrences count per connection, so each test starts at call 1.
  platform = createPlatform({ apiKey, demo: false, toolResults: createToolResults({ fixturesDir, missPolicy: 'synthesize' }) });
  door = { fetch: async (request) => platform.app.fetch(request), baseUrl, apiKey };
});

afterEach(() => platform.close());

async function get(path: string, key = apiKey): Promise<{ status: number; body: any }> {
  const response = await platform.app.fetch(new Request(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } }));
  return { status: response.status, body: await response.json() };
}

describe('applyScenario', () => {
  it('creates the servers, namespaces, connections and tokens, and answers their MCP URLs and statuses', async () => {
    const applied = await applyScenario(loadScenario(), door);
    expect(applied.connections).toEqual([
      {
        namespace: 'qa-triage',
        connectionId: 'tracker',
        mcpUrl: `${baseUrl}/connect/qa-triage/tracker/mcp`,
        status: { state: 'connected' },
      },
      {
        namespace: 'qa-triage',
        connectionId: 'tracker.backup',
        mcpUrl: `${baseUrl}/connect/qa-triage/tracker.backup/mcp`,
        status: { state: 'connected' },
      },
    ]);
    expect(applied.notes).toEqual([]);
    expect(applied.tokens).toEqual([{ name: 'reader', token: expect.stringMatching(/^mcps_/), expiresAt: expect.any(String) }]);

    const server = await get('/servers/@qa/tracker');
    expect(server.body.displayName).toBe('QA Tracker');
    expect(server.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['list_issues', 'get_issue']);
    const connection = await get('/connect/qa-triage/tracker');
    expect(connection.body).toMatchObject({
      name: 'Tracker',
      metadata: { team: 'qa' },
      mock: { enabled: true, scenario: 'Three issues; 1 and 2 are open, 3 is closed.' },
    });
    // The token reads the namespace it was minted for.
    expect((await get('/connect/qa-triage', applied.tokens[0]!.token)).status).toBe(200);
  });

  it('is idempotent: applying twice gives the same connections, no notes and no error', async () => {
    const first = await applyScenario(loadScenario(), door);
    const createdAt = (await get('/connect/qa-triage/tracker')).body.createdAt;
    const second = await applyScenario(loadScenario(), door);
    expect(second.connections).toEqual(first.connections);
    expect(second.notes).toEqual([]);
    expect(second.tokens).toHaveLength(1);
    // Not re-created: the connection keeps its creation time.
    expect((await get('/connect/qa-triage/tracker')).body.createdAt).toBe(createdAt);
  });

  it('deletes and re-creates a connection whose mock scenario changed, and says so in notes', async () => {
    await applyScenario(loadScenario(), door);
    const changed = loadScenario((raw) => {
      raw.namespaces[0].connections[0].mock = 'Everything is closed.';
    });
    const applied = await applyScenario(changed, door);
    expect(applied.notes).toEqual([
      'connection "qa-triage/tracker": deleted and re-created, because mock settings are fixed at creation (the mock text differs from character 1: was "Three issues; 1 and 2 are open, 3 is closed.", now "Everything is closed."); its memory starts empty',
    ]);
    expect((await get('/connect/qa-triage/tracker')).body.mock).toEqual({ enabled: true, scenario: 'Everything is closed.' });
    expect((await applyScenario(changed, door)).notes).toEqual([]);
  });

  it('re-creates a connection that turns from mock: true into a scenario text', async () => {
    await applyScenario(loadScenario(), door);
    const applied = await applyScenario(
      loadScenario((raw) => void (raw.namespaces[0].connections[1].mock = 'A quiet tracker')),
      door,
    );
    expect(applied.notes).toEqual([expect.stringContaining('connection "qa-triage/tracker.backup": deleted and re-created')]);
    expect((await get('/connect/qa-triage/tracker.backup')).body.mock).toEqual({ enabled: true, scenario: 'A quiet tracker' });
  });

  it('deletes and re-creates a connection whose target server changed (the platform answers 409 to a new URL)', async () => {
    await applyScenario(loadScenario(), door);
    const moved = loadScenario((raw) => {
      raw.servers.push({ qualifiedName: '@qa/other-tracker', tools: [{ name: 'list_issues' }] });
      raw.namespaces[0].connections[1].server = '@qa/other-tracker';
    });
    const applied = await applyScenario(moved, door);
    expect(applied.notes).toEqual([
      expect.stringMatching(
        /^connection "qa-triage\/tracker.backup": deleted and re-created, because its target changed \(Connection "tracker\.backup" already targets /,
      ),
    ]);
    expect((await get('/connect/qa-triage/tracker.backup')).body.mcpUrl).toContain('other-tracker');
    expect((await applyScenario(moved, door)).notes).toEqual([]);
  });

  it("throws a ScenarioError naming the item and the platform's error when the platform refuses", async () => {
    const scenario = loadScenario((raw) => raw.namespaces[0].connections.push({ id: 'bad', server: '@qa/missing', mock: true }));
    const error = await applyScenario(scenario, door).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).item).toBe('connection "qa-triage/bad"');
    expect((error as ScenarioError).status).toBe(400);
    expect((error as ScenarioError).message).toMatch(
      /^connection "qa-triage\/bad": PUT \/connect\/qa-triage\/bad answered 400 validation_error: .*@qa\/missing/,
    );
  });

  it('sets a shared world, faults and a forced status through the control API', async () => {
    const scenario = loadScenario((raw) => {
      raw.namespaces[0].sharedWorld = true;
      raw.namespaces[0].connections[0].faults = [{ tool: 'list_issues', latency: '10ms' }];
      raw.namespaces[0].connections[1].status = 'error';
    });
    const applied = await applyScenario(scenario, door);
    expect(applied.connections[1]!.status.state).toBe('error');
    const control = (path: string) =>
      door
        .fetch(new Request(`${door.baseUrl}/__mcpsim/${path}`, { headers: { authorization: `Bearer ${door.apiKey}` } }))
        .then((response) => response.json());
    expect(await control(`connections/qa-triage/${applied.connections[0]!.connectionId}/faults`)).toMatchObject({
      faults: [{ tool: 'list_issues', latency: '10ms' }],
    });
    // Re-applying without faults clears them, without error.
    await expect(applyScenario(loadScenario(), door)).resolves.toMatchObject({ notes: [] });
    expect(await control(`connections/qa-triage/${applied.connections[0]!.connectionId}/faults`)).toMatchObject({ faults: [] });
  });
});

describe('applyScenario with a world and tool corrections', () => {
  const world = {
    entities: { issue: { '1': { id: 1, state: 'open', title: 'One' }, '3': { id: 3, state: 'closed' } } },
    facts: ['The tracker is read-only on Sundays'],
  };

  it('gives every mock connection the scenario world with its own on top, and the corrections, through the control API', async () => {
    const scenario = loadScenario((raw) => {
      raw.world = world;
      raw.tools = { get_issue: { operation: 'read', entity: 'issue', id: 'id' } };
      raw.namespaces[0].connections[1].mock = {
        world: { entities: { issue: { '3': { title: 'Three' } } }, facts: ['Backup only'] },
        tools: { list_issues: { entity: 'issue' } },
      };
    });
    await applyScenario(scenario, door);
    const main = await get('/__mcpsim/connections/qa-triage/tracker/simulation');
    expect(main.body).toEqual({ world, tools: { get_issue: { operation: 'read', entity: 'issue', id: 'id' } } });
    const backup = await get('/__mcpsim/connections/qa-triage/tracker.backup/simulation');
    expect(backup.body.world.entities.issue['3']).toEqual({ id: 3, state: 'closed', title: 'Three' });
    expect(backup.body.world.facts).toEqual(['The tracker is read-only on Sundays', 'Backup only']);
    expect(backup.body.tools).toEqual({ get_issue: { operation: 'read', entity: 'issue', id: 'id' }, list_issues: { entity: 'issue' } });
    // The world is the memory from call 1, before anything was called.
    expect((await get('/__mcpsim/connections/qa-triage/tracker/memory')).body).toMatchObject({ world, calls: [] });
    // A { scenario } mapping is the same mock as the text form: re-applying re-creates nothing.
    const again = await applyScenario(
      loadScenario((raw) => void (raw.namespaces[0].connections[0].mock = { scenario: 'Three issues; 1 and 2 are open, 3 is closed.' })),
      door,
    );
    expect(again.notes).toEqual([]);
  });

  it('lets the model see the seed world in its first prompt', async () => {
    const prompts: string[] = [];
    const model = new MockLanguageModelV3({
      modelId: 'seen-1',
      doGenerate: async (options) => {
        const user = options.prompt[1];
        prompts.push(user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '');
        const output = { text: 'ok', structuredContentJson: null, isError: false, changes: { upserts: [], deletes: [], facts: [] } };
        return {
          content: [{ type: 'text', text: JSON.stringify(output) }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 1, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: undefined, reasoning: undefined },
          },
          warnings: [],
        };
      },
    });
    platform.close();
    platform = createPlatform({
      apiKey,
      demo: false,
      toolResults: createToolResults({ fixturesDir, model: { model, modelId: 'seen-1' } }),
    });
    door = { fetch: async (request) => platform.app.fetch(request), baseUrl, apiKey };
    await applyScenario(
      loadScenario((raw) => void (raw.world = world)),
      door,
    );
    const reports = await runSteps(
      loadScenario((raw) => void (raw.steps = [{ call: 'qa-triage/tracker.get_issue', arguments: { id: 3 } }])),
      door,
    );
    expect(reports[0]!.outcome).toBe('passed');
    expect(prompts[0]).toContain('"3":{"id":3,"state":"closed"}');
    expect(prompts[0]).toContain('The tracker is read-only on Sundays');
  });
});

describe('runSteps', () => {
  let reports: StepReport[];
  const byName = (name: string) => reports.find((report) => report.name === name)!;

  beforeEach(async () => {
    const scenario = loadScenario();
    await applyScenario(scenario, door);
    reports = await runSteps(scenario, door, { judge, now: steppingClock() });
  });

  it('passes a step whose every expectation holds: isError, contains, jsonPath, matchesOutputSchema', () => {
    const report = byName('list open issues');
    expect(report).toMatchObject({
      outcome: 'passed',
      miss: false,
      durationMs: 5,
      namespace: 'qa-triage',
      connectionId: 'tracker',
      tool: 'list_issues',
    });
    expect(report.checks.map((check) => [check.name, check.pass])).toEqual([
      ['isError', true],
      ['contains', true],
      ['contains', true],
      ['jsonPath $.issues[0].state', true],
      ['jsonPath $.issues[*].id', true],
      ['matchesOutputSchema', true],
    ]);
    expect(report.result?._meta?.['mcpsim/source']).toBe('fixture');
  });

  it('fails each kind of expectation with a message that shows expected and actual', () => {
    const report = byName('read issue 1 <with "wrong" & failing expectations>');
    expect(report.outcome).toBe('failed');
    expect(report.checks).toEqual([
      { name: 'isError', pass: false, message: 'expected isError true, got false' },
      { name: 'contains', pass: false, message: 'expected the text to contain "closed"; text: "Issue 1: login fails"' },
      { name: 'equals', pass: true, message: 'text equals the expected text' },
      {
        name: 'jsonPath $.state',
        pass: false,
        message: 'the result has no structuredContent and its text is not JSON: "Issue 1: login fails"',
      },
    ]);
    const closed = byName('list closed issues');
    expect(closed.checks).toEqual([
      { name: 'jsonPath $.issues[0].state', pass: false, message: 'expected "open", got "closed"' },
      { name: 'jsonPath $.issues[5].id', pass: false, message: 'expected 6, got nothing (the path matches no value)' },
      {
        name: 'matchesOutputSchema',
        pass: false,
        message: expect.stringMatching(
          /^structuredContent does not match the outputSchema of list_issues: issues.1.state is required; issues.1.id must be integer/,
        ),
      },
    ]);
    const noSchema = byName('get issue without an output schema');
    expect(noSchema.checks).toEqual([
      { name: 'isError', pass: true, message: 'isError is true' },
      { name: 'equals', pass: true, message: 'text equals the expected text' },
      { name: 'matchesOutputSchema', pass: false, message: 'tool get_issue has no outputSchema to match' },
    ]);
  });

  it('asks the judge for a plain-language check', () => {
    expect(byName('judge a plain-language check')).toMatchObject({
      outcome: 'passed',
      checks: [{ name: 'check', pass: true, message: '"mentions a login problem": the text mentions a login failure' }],
    });
  });

  it('skips a plain-language check when no judge is given', async () => {
    const scenario = loadScenario((raw) => void (raw.steps = [raw.steps[4]]));
    const [report] = await runSteps(scenario, door, {});
    expect(report).toMatchObject({
      outcome: 'skipped',
      checks: [{ name: 'check', pass: 'skipped', message: '"mentions a login problem": skipped, no model configured' }],
    });
  });

  it('fails a plain-language check the judge rejects, and skips one it could not judge unless judging is strict', async () => {
    const scenario = loadScenario(
      (raw) =>
        void (raw.steps = [{ call: 'qa-triage/tracker.get_issue', arguments: { id: 2 }, expect: { check: 'mentions a login problem' } }]),
    );
    const [rejected] = await runSteps(scenario, door, { judge });
    expect(rejected!.checks[0]).toEqual({ name: 'check', pass: false, message: '"mentions a login problem": nothing about logins' });
    const down: Judge = async () => Promise.reject(new Error('model down'));
    const [thrown] = await runSteps(scenario, door, { judge: down });
    expect(thrown!.checks[0]).toEqual({
      name: 'check',
      pass: 'skipped',
      message: '"mentions a login problem": could not judge: model down',
    });
    expect(thrown!.outcome).toBe('skipped');
    const unjudged: Judge = async () => ({ pass: null, reason: 'the judge model failed: HTTP 503' });
    const [strict] = await runSteps(scenario, door, { judge: unjudged, strictJudging: true });
    expect(strict!.checks[0]).toEqual({
      name: 'check',
      pass: false,
      message: '"mentions a login problem": could not judge (strict judging fails the step): the judge model failed: HTTP 503',
    });
    expect(strict!.outcome).toBe('failed');
  });

  it('reads connection ids with dots and validates a synthesized result against the output schema', () => {
    expect(byName('synthesized result on the backup connection')).toMatchObject({
      connectionId: 'tracker.backup',
      tool: 'list_issues',
      outcome: 'passed',
      result: { _meta: { 'mcpsim/source': 'synthetic' } },
    });
  });

  it('fails a step on a JSON-RPC error or an HTTP error, with the error', () => {
    expect(byName('unknown tool')).toMatchObject({
      outcome: 'failed',
      checks: [],
      miss: false,
      error: expect.stringMatching(/^JSON-RPC error -32602: Unknown tool "close_issue"/),
    });
    expect(byName('unknown connection')).toMatchObject({
      outcome: 'failed',
      error: expect.stringMatching(/^HTTP 404 from POST \/connect\/qa-triage\/ghost\/mcp: JSON-RPC error -32004: .*ghost/),
    });
  });

  it('fails a replay miss distinctly (miss: true) when the simulator answers misses with an error', async () => {
    const strict = createPlatform({ apiKey, demo: false, toolResults: createToolResults({ fixturesDir }) });
    try {
      const strictDoor = { fetch: async (request: Request) => strict.app.fetch(request), baseUrl, apiKey };
      const scenario = loadScenario(
        (raw) =>
          void (raw.steps = [
            raw.steps[0],
            { name: 'unrecorded', call: 'qa-triage/tracker.list_issues', arguments: { state: 'new' }, expect: { isError: true } },
          ]),
      );
      await applyScenario(scenario, strictDoor);
      const [recorded, unrecorded] = await runSteps(scenario, strictDoor, { now: steppingClock() });
      expect(recorded).toMatchObject({ outcome: 'passed', miss: false });
      // Even though the step expected an error result: a miss is never a pass.
      expect(unrecorded).toMatchObject({
        outcome: 'failed',
        miss: true,
        checks: [],
        error: expect.stringMatching(
          /^replay miss: no fixture for @qa\/tracker\.list_issues \{"state":"new"\} \(call 1\); record it with: /,
        ),
      });
      const text = toTextReport([recorded!, unrecorded!], 'strict');
      expect(text).toContain('  ✗ unrecorded (replay miss) (5ms)\n      replay miss: no fixture for @qa/tracker.list_issues');
      expect(text).toContain('1 passed, 1 failed, 0 skipped, 1 miss\n');
      expect(toJunitReport([{ name: 'strict', reports: [recorded!, unrecorded!] }])).toContain('type="replay-miss"');
    } finally {
      strict.close();
    }
  });

  it('fetches each tool definition once per connection', async () => {
    const paths: string[] = [];
    const counting = {
      ...door,
      fetch: async (request: Request) => (paths.push(`${request.method} ${new URL(request.url).pathname}`), platform.app.fetch(request)),
    };
    const step = { call: 'qa-triage/tracker.list_issues', arguments: { state: 'any' }, expect: { matchesOutputSchema: true } };
    await runSteps(
      loadScenario((raw) => void (raw.steps = [step, step, { ...step, call: 'qa-triage/tracker.backup.list_issues' }])),
      counting,
      {},
    );
    expect(paths.filter((path) => path.includes('/.tools/'))).toEqual([
      'GET /connect/qa-triage/tracker/.tools/list_issues',
      'GET /connect/qa-triage/tracker.backup/.tools/list_issues',
    ]);
  });
});

describe('checkExpectation', () => {
  it('checks jsonPath on the text parsed as JSON when there is no structuredContent, with deep equality', () => {
    const result = { content: [{ type: 'text', text: '{"a":{"b":[1,{"c":true}]}}' }] };
    expect(checkExpectation({ jsonPath: { '$.a.b': [1, { c: true }], '$.a.b[1]': { c: false } } }, result)).toEqual([
      { name: 'jsonPath $.a.b', pass: true, message: 'is [1,{"c":true}]' },
      { name: 'jsonPath $.a.b[1]', pass: false, message: 'expected {"c":false}, got {"c":true}' },
    ]);
  });
});

describe('reporters', () => {
  let reports: StepReport[];
  const scenarioName = 'triage <&">';

  beforeEach(async () => {
    const scenario = loadScenario(
      (raw) =>
        void raw.steps.push({
          name: 'unjudged',
          call: 'qa-triage/tracker.get_issue',
          arguments: { id: 3 },
          expect: { check: "isn't rude" },
        }),
    );
    await applyScenario(scenario, door);
    // Every step with the judge, but the last one again without it: its check is skipped.
    reports = await runSteps(scenario, door, { judge, now: steppingClock() });
    reports[reports.length - 1] = (await runSteps({ ...scenario, steps: scenario.steps.slice(-1) }, door, { now: steppingClock() }))[0]!;
  });

  it('writes a text report with a mark per step, the failing messages, durations and a summary', () => {
    const text = toTextReport(reports, scenarioName);
    const lines = text.split('\n');
    expect(lines[0]).toBe(scenarioName);
    expect(lines).toContain('  ✓ list open issues (5ms)');
    expect(lines).toContain('  ✗ read issue 1 <with "wrong" & failing expectations> (5ms)');
    expect(lines).toContain('      contains: expected the text to contain "closed"; text: "Issue 1: login fails"');
    expect(lines).toContain('      isError: expected isError true, got false');
    expect(lines).not.toContain('      equals: text equals the expected text');
    expect(lines).toContain('  ✗ unknown tool (5ms)');
    expect(lines).toContain('  – unjudged (5ms)');
    expect(lines).toContain('      check (skipped): "isn\'t rude": skipped, no model configured');
    expect(text.endsWith('\n3 passed, 5 failed, 1 skipped, 0 misses\n')).toBe(true);
  });

  it('writes a JSON report with the scenario, a summary and every step', () => {
    const report = JSON.parse(JSON.stringify(toJsonReport(reports, scenarioName)));
    expect(report.scenario).toBe(scenarioName);
    expect(report.summary).toEqual({ total: 9, passed: 3, failed: 5, skipped: 1, misses: 0, durationMs: 45 });
    expect(report.steps).toHaveLength(9);
    expect(Object.keys(report.steps[0]).sort()).toEqual([
      'call',
      'checks',
      'connectionId',
      'durationMs',
      'miss',
      'name',
      'namespace',
      'outcome',
      'result',
      'tool',
    ]);
  });

  it('writes well-formed JUnit XML: one testsuite per scenario, one testcase per step, failures and skips, everything escaped', () => {
    const xml = toJunitReport([
      { name: scenarioName, reports },
      { name: 'second', reports: reports.slice(0, 2) },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml.match(/<testcase /g)).toHaveLength(11);
    expect(xml.match(/<failure /g)).toHaveLength(6);
    expect(xml.match(/<skipped /g)).toHaveLength(1);
    expect(xml).toContain('<testsuite name="triage &lt;&amp;&quot;&gt;" tests="9" failures="5" errors="0" skipped="1" time="0.045">');
    expect(xml).toContain(
      '<testcase name="read issue 1 &lt;with &quot;wrong&quot; &amp; failing expectations&gt;" classname="triage &lt;&amp;&quot;&gt;" time="0.005">',
    );
    expect(xml).toContain('<skipped message="check (skipped): &quot;isn&apos;t rude&quot;: skipped, no model configured"/>');
    expectWellFormed(xml);
  });
});

/** A minimal XML check: tags balance, attributes are quoted, and every `&` starts an entity. */
function expectWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/g;
  let position = 0;
  for (const match of body.matchAll(tag)) {
    const between = body.slice(position, match.index);
    expect(between, `text before <${match[2]}> holds a raw <`).not.toMatch(/</);
    expect(between).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
    expect(match[3] ?? '').not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
    position = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (closing) expect(stack.pop(), `</${name}> closes the open tag`).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(body.slice(position).trim()).toBe('');
  expect(stack).toEqual([]);
}
