/**
 * The MCP Inspector CLI (stack.md §7), a second client nobody here wrote, run as the server's
 * banner prints it: against a mock connection's MCP URL on a real socket (`tools/list` and
 * `tools/call`, the API key sent through `--header`), and driving a capture round trip (a capture
 * of server-everything, then `serve --scenario` of what it wrote). The Inspector is the pinned dev
 * dependency from node_modules; where it is not installed yet, npx fetches that version (about
 * 14 s), and only a failed download (no network) skips, loudly.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { startCliSession } from '../support/cli-session.js';
import { everythingEntry } from '../support/everything-server.js';

const inspector = '@modelcontextprotocol/inspector@2.12.0';
/** The pinned dev dependency's launcher (its `mcp-inspector` bin), when installed. */
const installed = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '@modelcontextprotocol',
  'inspector',
  'clients',
  'launcher',
  'build',
  'index.js',
);
const server = {
  displayName: 'Clock',
  tools: [
    {
      name: 'get_time',
      description: 'The time in a zone.',
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] },
    },
  ],
};
const fixture = {
  server: '@acme/inspected-clock',
  tool: 'get_time',
  calls: [
    {
      arguments: { zone: 'UTC' },
      occurrence: 1,
      result: { content: [{ type: 'text', text: '12:00 UTC' }] },
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    },
  ],
};
/** npm's messages for a download that could not happen (no network, registry unreachable). */
const downloadFailure =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network request to .* failed|request to https:\/\/registry\.npmjs\.org/i;

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runInspector(args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    // Its engines field asks for Node 22, but its CLI runs on Node 20 (npx needs --engine-strict=false to start it).
    const [command, prefix] = existsSync(installed) ? [process.execPath, [installed]] : ['npx', ['--engine-strict=false', '-y', inspector]];
    execFile(command, [...prefix, '--cli', ...args], { timeout: 150_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Runs the Inspector; skips the test, with the reason, only when npx could not download it. */
async function inspect(context: { skip: (note?: string) => void }, args: string[]): Promise<RunResult> {
  const result = await runInspector(args);
  if (result.code !== 0 && downloadFailure.test(result.stderr) && !result.stdout.trim()) {
    const note = `SKIPPED: npx could not download ${inspector} (no network?): ${result.stderr.split('\n').find((line) => downloadFailure.test(line))}`;
    console.warn(note);
    context.skip(note);
  }
  return result;
}

describe('the MCP Inspector CLI against a mock connection', () => {
  let harness: Harness;
  let fixturesDir: string;
  let url: string;
  const auth = ['--header', `Authorization: Bearer ${testApiKey}`];

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-fixtures-'));
    mkdirSync(join(fixturesDir, 'acme__inspected-clock'));
    writeFileSync(join(fixturesDir, 'acme__inspected-clock', 'get_time.json'), JSON.stringify(fixture));
    harness = await startHarness('socket', { fixturesDir });
    expect((await harness.call('PUT', '/servers/@acme/inspected-clock', { body: server })).status).toBe(201);
    await harness.call('PUT', '/namespaces/inspect');
    expect(
      (await harness.call('PUT', '/connect/inspect/clock', { body: { server: '@acme/inspected-clock', mock: { enabled: true } } })).status,
    ).toBe(201);
    url = `${harness.baseUrl}/connect/inspect/clock/mcp`;
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('lists the tools with --method tools/list, the key sent with --header', { timeout: 180_000 }, async (context) => {
    const result = await inspect(context, [url, '--transport', 'http', ...auth, '--method', 'tools/list']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ tools: [{ name: 'get_time', description: 'The time in a zone.' }] });
  });

  it(
    'calls a tool with --method tools/call --tool-name --tool-arg and prints the fixture result',
    { timeout: 180_000 },
    async (context) => {
      const result = await inspect(context, [
        url,
        '--transport',
        'http',
        ...auth,
        '--method',
        'tools/call',
        '--tool-name',
        'get_time',
        '--tool-arg',
        'zone=UTC',
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        content: [{ type: 'text', text: '12:00 UTC' }],
        _meta: { 'mcpsim/source': 'fixture' },
      });
    },
  );

  it(
    'fails without the header: the 401 makes the Inspector attempt OAuth, which it cannot do without a TTY',
    { timeout: 180_000 },
    async (context) => {
      const result = await inspect(context, [url, '--transport', 'http', '--method', 'tools/list']);
      expect(result.code).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/auth_required|401|unauthorized/i);
    },
  );
});

describe('the MCP Inspector CLI driving a capture round trip', () => {
  const out = mkdtempSync(join(tmpdir(), 'mcpsim-inspected-capture-'));
  const flags = () => [
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    mkdtempSync(join(tmpdir(), 'mcpsim-data-')),
    '--api-key',
    testApiKey,
  ];
  const auth = ['--header', `Authorization: Bearer ${testApiKey}`];
  const echo = ['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'message=hello inspector'];
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it(
    'captures server-everything through the Inspector, and the mock served from the capture answers it alike',
    { timeout: 300_000 },
    async (context) => {
      const capture = startCliSession(['capture', out, ...flags(), '--quiet', '--', process.execPath, everythingEntry, 'stdio']);
      const captureUrl = `${await capture.ready('Capturing every tool call')}/connect/captured/server/mcp`;
      let listed: RunResult;
      let called: RunResult;
      try {
        listed = await inspect(context, [captureUrl, '--transport', 'http', ...auth, '--method', 'tools/list']);
        called = await inspect(context, [captureUrl, '--transport', 'http', ...auth, ...echo]);
      } finally {
        expect(await capture.stop()).toBe(0);
      }
      expect(listed.code, listed.stderr).toBe(0);
      expect(called.code, called.stderr).toBe(0);
      const real = JSON.parse(called.stdout) as { content: unknown };
      expect(real.content).toEqual([{ type: 'text', text: 'Echo: hello inspector' }]);
      expect(readFileSync(join(out, 'scenario.yaml'), 'utf8')).toContain('call: captured/server.echo');

      const serve = startCliSession(['serve', ...flags(), '--quiet', '--scenario', join(out, 'scenario.yaml')]);
      const mockUrl = `${await serve.ready()}/connect/captured/server/mcp`;
      try {
        const mockListed = await inspect(context, [mockUrl, '--transport', 'http', ...auth, '--method', 'tools/list']);
        expect(mockListed.code, mockListed.stderr).toBe(0);
        const names = (text: string) => (JSON.parse(text) as { tools: { name: string }[] }).tools.map((tool) => tool.name).sort();
        expect(names(mockListed.stdout)).toEqual(names(listed.stdout));
        const replayed = await inspect(context, [mockUrl, '--transport', 'http', ...auth, ...echo]);
        expect(replayed.code, replayed.stderr).toBe(0);
        expect(JSON.parse(replayed.stdout)).toMatchObject({ content: real.content, _meta: { 'mcpsim/source': 'fixture' } });
      } finally {
        expect(await serve.stop()).toBe(0);
      }
    },
  );
});
