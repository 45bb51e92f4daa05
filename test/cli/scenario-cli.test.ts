/**
 * The scenario commands, driven through `main` in-process with a captured io: `check`, `test`
 * (over every file in scenarios/, so each bundled scenario runs in `npm test`), the reporters, a
 * replay miss, `serve --scenario` with reload on change, the no-argument demo, and `record`
 * against a model faked at its HTTP API (msw; this file opens no sockets of its own besides the
 * servers `serve` starts, which only the real fetch reaches).
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toChatCompletion } from '../support/chat-completion.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

const realFetch = globalThis.fetch;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function capture(env: Record<string, string | undefined> = {}) {
  const out = { stdout: '', stderr: '' };
  let stop: ((signal: string) => void) | undefined;
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env,
    onShutdownSignal: (handler) => void (stop = handler),
  };
  return { io, out, stop: () => stop?.('SIGTERM') };
}

async function run(argv: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const { io, out } = capture(env);
  const code = await main(argv, io);
  return { code, ...out };
}

const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-scenario-cli-'));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mcpsim check', () => {
  it('passes every bundled scenario', async () => {
    const result = await run(['check']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('scenario files checked: all valid');
  });

  it('points at the line and column of a problem and exits 1', async () => {
    const dir = scratch();
    const file = join(dir, 'broken.yaml');
    writeFileSync(
      file,
      'name: Broken\nnamespaces:\n  - name: qa\n    connections:\n      - id: one\n        server: "@qa/nowhere"\n        mcpURL: https://example.com/mcp\n',
    );
    const result = await run(['check', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`${file}:7:9 namespaces[0].connections[0].mcpURL: unknown property; did you mean "mcpUrl"?`);
  });

  it('exits 2 for a path that does not exist', async () => {
    expect((await run(['check', 'no/such/place.yaml'])).code).toBe(2);
  });
});

describe('mcpsim test', () => {
  it('replays every scenario in scenarios/ from its fixtures, with no model, and passes', async () => {
    const result = await run(['test']);
    expect(result.stderr).toContain('0 failed');
    expect(result.code).toBe(0);
    for (const name of ['issue-triage', 'crm-and-mailbox', 'flaky-upstream']) expect(result.stdout).toContain(name);
    expect(result.stderr).toContain('plain-language checks not judged: pass --judge to judge them with the model');
  });

  it('writes JUnit XML and JSON reports for CI', async () => {
    const dir = scratch();
    const junit = await run(['test', 'scenarios/issue-triage.yaml', '--reporter', 'junit', '--output', join(dir, 'report.xml')]);
    expect(junit.code).toBe(0);
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mcpsim" tests="7" failures="0"/);
    expect(xml.match(/<testcase /g)).toHaveLength(7);
    const json = await run(['test', 'scenarios/crm-and-mailbox.yaml', '--reporter', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject([{ scenario: 'crm-and-mailbox', summary: { passed: 4, failed: 0, misses: 0 } }]);
  });

  it('fails with exit 1 on a replay miss, naming the call and the record command', async () => {
    const dir = scratch();
    cpSync('scenarios', join(dir, 'scenarios'), { recursive: true });
    cpSync('fixtures', join(dir, 'fixtures'), { recursive: true });
    const file = join(dir, 'scenarios', 'issue-triage.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('number: 999', 'number: 998'));
    const result = await run(['test', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('replay miss');
    expect(result.stdout).toContain(`mcpsim record ${file}`);
    expect(result.stderr).toMatch(/1 miss\b/);
  });

  it("answers a miss from the world with --miss simulate or the scenario's miss: simulate, and stays strict otherwise", async () => {
    const dir = scratch();
    cpSync('scenarios', join(dir, 'scenarios'), { recursive: true });
    cpSync('fixtures', join(dir, 'fixtures'), { recursive: true });
    const file = join(dir, 'scenarios', 'issue-triage.yaml');
    const unrecorded =
      '\n  - name: Read an issue no fixture has\n    call: triage/tracker.get_issue\n    arguments: { number: 103 }\n    expect:\n      isError: false\n      jsonPath: { "$.title": Product images load slowly on mobile, "$.author": sam.r }\n';
    writeFileSync(file, `${readFileSync(file, 'utf8')}${unrecorded}`);
    const strict = await run(['test', file]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/1 miss\b/);
    const simulated = await run(['test', file, '--miss', 'simulate'], { MCPSIM_MISS_POLICY: 'error' });
    expect(simulated.stderr).toContain('0 failed');
    expect(simulated.code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('fixtures: ../fixtures', 'fixtures: ../fixtures\nmiss: simulate'));
    expect((await run(['test', file])).code).toBe(0);
    // serve's variable does not loosen a test.
    expect((await run(['test', file, '--miss', 'error'], { MCPSIM_MISS_POLICY: 'simulate' })).code).toBe(1);
    expect((await run(['test', file, '--miss', 'model'])).code).toBe(2);
  });

  it("replays from the folder --fixtures names instead of the scenario's own", async () => {
    const result = await run(['test', 'scenarios/issue-triage.yaml', '--fixtures', scratch()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('replay miss');
  });

  it('rejects an unknown reporter with exit 2', async () => {
    expect((await run(['test', '--reporter', 'tap'])).code).toBe(2);
  });
});

describe('mcpsim serve <scenario> and the demo', () => {
  it('loads a scenario named after the options, prints its MCP URLs and tokens, serves them, and reloads the file when it changes', async () => {
    const dir = scratch();
    copyFileSync('scenarios/issue-triage.yaml', join(dir, 'triage.yaml'));
    const file = join(dir, 'triage.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'steps:',
        'tokens:\n  - name: qa-reader\n    policy:\n      - namespaces: triage\n        operations: read\nsteps:',
      ),
    );
    const { io, out, stop } = capture();
    const code = main(
      [
        'serve',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--data-dir',
        scratch(),
        '--api-key',
        'scenario-serve-key',
        '--fixtures',
        join(process.cwd(), 'fixtures'),
        '--quiet',
        file,
      ],
      io,
    );
    try {
      await waitFor(() => out.stdout.includes('Press Ctrl+C to stop.'), 'the banner');
      const mcpUrl = /triage\/tracker\s+(\S+)/.exec(out.stdout)?.[1];
      expect(mcpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\/triage\/tracker\/mcp$/);
      expect(out.stdout).toMatch(/token qa-reader: mcps_\S+ \(expires /);
      const call = await realFetch(mcpUrl!, {
        method: 'POST',
        headers: {
          authorization: 'Bearer scenario-serve-key',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_issues', arguments: { state: 'open' } },
        }),
      });
      expect(((await call.json()) as { result: { _meta: Record<string, unknown> } }).result._meta['mcpsim/source']).toBe('fixture');
      writeFileSync(file, readFileSync(file, 'utf8').replace('name: Tracker', 'name: Tracker (renamed)'));
      await waitFor(() => out.stdout.includes('Reloaded scenario'), 'the reload');
    } finally {
      stop();
      expect(await code).toBe(0);
    }
  });

  it('starts the demo with no arguments: bundled scenarios, their fixtures, and what to try', async () => {
    const { io, out, stop } = capture({ MCPSIM_PORT: '0', MCPSIM_DATA_DIR: scratch(), MCPSIM_API_KEY: 'demo-key-0123456789' });
    // How fast it starts is bench:start's to measure; waitFor's deadline only proves it starts.
    const code = main(['--quiet'], io);
    try {
      await waitFor(() => out.stdout.includes('Press Ctrl+C to stop.'), 'the banner');
      expect(out.stdout).toContain('Loaded scenario "issue-triage"');
      expect(out.stdout).toContain('Loaded scenario "crm-and-mailbox"');
      expect(out.stdout).toMatch(/MCP URL for an MCP client[^\n]*\n\s+http:\/\/127\.0\.0\.1:\d+\/connect\/\S+\/mcp/);
      expect(out.stdout).toContain('@modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:');
      expect(out.stdout).toMatch(/curl -s -H "Authorization: Bearer demo-key-0123456789"/);
      expect(out.stdout).toMatch(/fixtures \S*fixtures/);
    } finally {
      stop();
      expect(await code).toBe(0);
    }
  });
});

describe('mcpsim record (the model faked at its HTTP API)', () => {
  let answerText = 'Sunny';
  const server = setupServer(
    http.post('https://llm.test/v1/chat/completions', async ({ request }) => {
      const body = (await request.json()) as { messages: { content: string }[] };
      const prompt = body.messages.map((message) => message.content).join('\n');
      const city = /"city":"([^"]+)"/.exec(prompt.split('# This call')[1] ?? '')?.[1] ?? 'somewhere';
      const forecast = {
        city,
        country: city === 'Paris' ? 'FR' : 'DE',
        days: [{ date: '2026-11-22', summary: answerText, highC: 21, lowC: 12, rainChance: 10 }],
      };
      const output = {
        text: JSON.stringify(forecast),
        structuredContentJson: JSON.stringify(forecast),
        isError: false,
        changes: { upserts: [], deletes: [], facts: [] },
      };
      return HttpResponse.json(toChatCompletion(output, 'fake-weather'));
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('refuses to record without a model (exit 2)', async () => {
    const result = await run(['record', 'scenarios/flaky-upstream.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('record needs a model');
  });

  const recordEnv = {
    OPENAI_BASE_URL: 'https://llm.test/v1',
    OPENAI_API_KEY: 'k',
    MCPSIM_MODEL: 'fake-weather',
    MCPSIM_EMBEDDING_MODEL: 'off',
  };

  /** A copy of flaky-upstream.yaml in a scratch folder with no fixtures yet (extra steps appended). */
  function scratchScenario(extraSteps = ''): { file: string; fixture: string } {
    const dir = scratch();
    cpSync('scenarios/flaky-upstream.yaml', join(dir, 'scenarios', 'flaky.yaml'), { recursive: true });
    const file = join(dir, 'scenarios', 'flaky.yaml');
    if (extraSteps) writeFileSync(file, readFileSync(file, 'utf8') + extraSteps);
    return { file, fixture: join(dir, 'fixtures', 'qa__weather', 'get_forecast.json') };
  }

  it('writes the fixtures, keeps them on the next recording, and replaces them only with --overwrite', async () => {
    answerText = 'Sunny';
    const { file, fixture } = scratchScenario();
    const first = await run(['record', file], recordEnv);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain('2 calls: 2 added, 0 kept, 0 replaced, 0 unchanged, written to ');
    expect(
      JSON.parse(readFileSync(fixture, 'utf8')).calls.map((call: { arguments: { city: string }; model: string }) => [
        call.arguments.city,
        call.model,
      ]),
    ).toEqual([
      ['Berlin', 'fake-weather'],
      ['Paris', 'fake-weather'],
    ]);
    answerText = 'Rain';
    const again = await run(['record', file], recordEnv);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('2 calls: 0 added, 2 kept, 0 replaced, 0 unchanged\n');
    expect(again.stdout).toContain(`Kept answers were replayed; to ask the model again: mcpsim record --overwrite <tool> ${file}`);
    expect(readFileSync(fixture, 'utf8')).toContain('Sunny');
    const overwritten = await run(['record', '--overwrite', 'get_forecast', file], recordEnv);
    expect(overwritten.stdout).toContain('2 calls: 0 added, 0 kept, 2 replaced, 0 unchanged, written to ');
    expect(overwritten.stderr).toMatch(/replaced {2}weather\.get_forecast \{"city":"Berlin"\} #1/);
    const all = await run(['record', '--overwrite', 'all', file], recordEnv);
    expect(all.stdout).toContain('2 calls: 0 added, 0 kept, 0 replaced, 2 unchanged\n');
    // What was recorded replays with no model (the scenario's own expectations name the cities).
    const replay = await run(['test', file]);
    expect(replay.stderr).toContain('0 misses');
    expect(replay.stdout).toContain('flaky-upstream');
  });

  it("keeps a hand-edited answer when recording again (QA's mistake: the edit was gone)", async () => {
    answerText = 'Sunny';
    const { file, fixture } = scratchScenario();
    expect((await run(['record', file], recordEnv)).code).toBe(0);
    writeFileSync(fixture, readFileSync(fixture, 'utf8').replaceAll('Sunny', 'Fog, edited by hand'));
    const edited = readFileSync(fixture, 'utf8');
    const again = await run(['record', file], recordEnv);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/kept {6}weather\.get_forecast \{"city":"Berlin"\} #1/);
    expect(readFileSync(fixture, 'utf8')).toBe(edited);
    // --overwrite of another tool leaves it alone too.
    await run(['record', '--overwrite', 'list_invoices', file], recordEnv);
    expect(readFileSync(fixture, 'utf8')).toBe(edited);
  });

  it("exits 1 when an expectation fails, and says the fixtures it wrote stay (QA's mistake: exit 0)", async () => {
    answerText = 'Sunny';
    const { file, fixture } = scratchScenario(
      '\n  - name: Snow in Rome\n    call: flaky/weather.get_forecast\n    arguments: { city: Rome }\n    expect:\n      contains: Snow\n',
    );
    const result = await run(['record', file], recordEnv);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('3 calls: 3 added, 0 kept, 0 replaced, 0 unchanged, written to ');
    expect(result.stdout).toContain(`Expectations: 3 passed, 1 failed`);
    expect(result.stdout).toContain(
      `; the fixtures written stay: review them, fix the answer or the expectation, and run mcpsim test ${file}`,
    );
    expect(JSON.parse(readFileSync(fixture, 'utf8')).calls.map((call: { arguments: { city: string } }) => call.arguments.city)).toEqual([
      'Berlin',
      'Paris',
      'Rome',
    ]);
  });
});
