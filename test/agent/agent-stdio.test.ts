/**
 * `mcpsim mcp` over stdio, as a coding agent's MCP config runs it: the official SDK client spawns
 * the CLI as a child, which finds (or starts) the server on its data directory and serves the tools.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDirectory } from '../support/demo-server.js';
import { cliArguments } from '../support/built-cli.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey } from '../support/harness.js';

const cleanups: (() => Promise<void> | void)[] = [];

/** The JSON a text resource holds. */
async function readJson(client: Client, uri: string): Promise<unknown> {
  const [content] = (await client.readResource({ uri })).contents;
  return JSON.parse(content !== undefined && 'text' in content ? content.text : 'null');
}
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function spawnAgent(args: string[], env: Record<string, string>, cwd: string): Promise<Client> {
  const client = new Client({ name: 'stdio-test', version: '1' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...cliArguments(), 'mcp', ...args],
    env: { ...env, PATH: process.env.PATH ?? '' },
    cwd,
    stderr: 'pipe',
  });
  cleanups.push(() => client.close());
  await client.connect(transport);
  return client;
}

// The tests run side by side: each has its own harness or project directory, and mostly waits on children.
describe.concurrent('mcpsim mcp over stdio', () => {
  it('serves the tools against the server at --url, with its key', { timeout: 120_000 }, async () => {
    const harness = await startHarness('socket');
    cleanups.push(() => harness.close());
    const client = await spawnAgent(['--url', harness.baseUrl], { MCPSIM_API_KEY: testApiKey }, projectDirectory);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('verify_calls');
    const found = await client.callTool({ name: 'find_servers', arguments: { query: 'linear' } });
    expect(found.isError).toBeFalsy();
    expect(JSON.stringify(found.structuredContent)).toContain('@jerhadf/linear-mcp-server');
  });

  it(
    'starts a server in the background on the data directory when none runs, and a second one reuses it',
    { timeout: 180_000 },
    async () => {
      const project = mkdtempSync(join(tmpdir(), 'mcpsim-agent-project-'));
      cleanups.push(() => rmSync(project, { recursive: true, force: true }));
      cleanups.push(() => {
        // The background server outlives the command by design; the test ends it by the pid it wrote.
        try {
          const { pid } = JSON.parse(readFileSync(join(project, '.mcpsim', 'serve.json'), 'utf8')) as { pid: number };
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
      });
      const first = await spawnAgent([], {}, project);
      const mocked = await first.callTool({ name: 'mock_server', arguments: { server: '@jerhadf/linear-mcp-server' } });
      expect(mocked.isError, JSON.stringify(mocked.content)).toBeFalsy();
      const holder = JSON.parse(readFileSync(join(project, '.mcpsim', 'serve.json'), 'utf8')) as { url: string };
      expect((mocked.structuredContent as { endpoint: string }).endpoint.startsWith(holder.url)).toBe(true);
      const second = await spawnAgent([], {}, project);
      const listed = await second.callTool({ name: 'list_connections', arguments: {} });
      expect(JSON.stringify(listed.structuredContent)).toContain('jerhadf-linear-mcp-server');
    },
  );

  it('stops the server it started in the background once idle after the session ended', { timeout: 180_000 }, async () => {
    const project = mkdtempSync(join(tmpdir(), 'mcpsim-agent-idle-'));
    cleanups.push(() => rmSync(project, { recursive: true, force: true }));
    const client = await spawnAgent(['--idle-exit', '2s'], {}, project);
    expect((await client.callTool({ name: 'get_clock', arguments: {} })).isError).toBeFalsy();
    const { pid } = JSON.parse(readFileSync(join(project, '.mcpsim', 'serve.json'), 'utf8')) as { pid: number };
    cleanups.push(() => {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone, as it should be
      }
    });
    await client.close();
    // No timing assertion: the server is gone within a generous bound, which only proves the idle exit fired.
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let waited = 0; alive() && waited < 120_000; waited += 250) await new Promise((done) => setTimeout(done, 250));
    expect(alive()).toBe(false);
    expect(readFileSync(join(project, '.mcpsim', 'serve.log'), 'utf8')).toContain('(--idle-exit)');
  });

  it(
    "tells a subscriber of a connection's call log and world when the mock is called, and stops when unsubscribed",
    { timeout: 120_000 },
    async () => {
      const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-agent-fixtures-'));
      cleanups.push(() => rmSync(fixturesDir, { recursive: true, force: true }));
      const harness = await startHarness('socket', { toolResults: createToolResults({ fixturesDir, missPolicy: 'simulate' }) });
      cleanups.push(() => harness.close());
      const client = await spawnAgent(['--url', harness.baseUrl], { MCPSIM_API_KEY: testApiKey }, projectDirectory);
      expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
      const mocked = await client.callTool({
        name: 'mock_server',
        arguments: { server: '@jerhadf/linear-mcp-server', connectionId: 'watched' },
      });
      expect(mocked.isError, JSON.stringify(mocked.content)).toBeFalsy();

      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(
        expect.arrayContaining(['mcpsim://connections/agent/watched/world', 'mcpsim://connections/agent/watched/calls']),
      );
      const updated: string[] = [];
      let told: () => void = () => undefined;
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        updated.push(notification.params.uri);
        told();
      });
      const calls = 'mcpsim://connections/agent/watched/calls';
      await client.subscribeResource({ uri: calls });
      expect(await readJson(client, calls)).toMatchObject({ count: 0 });

      const underTest = new Client({ name: 'under-test', version: '1' });
      await underTest.connect(
        new StreamableHTTPClientTransport(new URL((mocked.structuredContent as { endpoint: string }).endpoint), {
          requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
        }),
      );
      cleanups.push(() => underTest.close());
      const notified = new Promise<void>((resolve) => (told = resolve));
      await underTest.callTool({ name: 'linear_create_issue', arguments: { title: 'Watched', teamId: 'team-web' } });
      // No timing assertion: the notification comes at the next poll, however long the machine takes.
      await notified;
      expect(updated).toContain(calls);
      const read = (await readJson(client, calls)) as {
        count: number;
        calls: { tool: string }[];
      };
      expect(read).toMatchObject({ count: 1, calls: [expect.objectContaining({ tool: 'linear_create_issue' })] });

      await client.unsubscribeResource({ uri: calls });
      const refused = await client.readResource({ uri: 'mcpsim://elsewhere/x' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
    },
  );

  it(
    'plays the agent end to end: mock, correct the id format, seed two issues, drive the mock, verify, freeze the calls, and `mcpsim test` replays them with no model',
    { timeout: 240_000 },
    async () => {
      const fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-agent-fixtures-'));
      const project = mkdtempSync(join(tmpdir(), 'mcpsim-agent-project-'));
      cleanups.push(() => rmSync(fixturesDir, { recursive: true, force: true }));
      cleanups.push(() => rmSync(project, { recursive: true, force: true }));
      const harness = await startHarness('socket', { toolResults: createToolResults({ fixturesDir, missPolicy: 'simulate' }) });
      cleanups.push(() => harness.close());
      const agent = await spawnAgent(['--url', harness.baseUrl], { MCPSIM_API_KEY: testApiKey }, project);
      const use = async (name: string, args: Record<string, unknown>) => {
        const result = await agent.callTool({ name, arguments: args });
        if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
        return result.structuredContent as Record<string, unknown>;
      };
      const mocked = await use('mock_server', { server: '@jerhadf/linear-mcp-server', connectionId: 'frozen' });
      const corrected = await use('correct_entities', { connectionId: 'frozen', corrections: { issue: { id: { example: 'ENG-123' } } } });
      expect(corrected.corrections).toEqual({ issue: { id: { example: 'ENG-123' } } });
      await use('seed_world', {
        connectionId: 'frozen',
        confirm: true,
        entities: {
          issue: {
            'LIN-1': { id: 'LIN-1', title: 'Login fails on Safari', status: 'Todo', teamId: 'team-web' },
            'LIN-2': { id: 'LIN-2', title: 'Export to CSV', status: 'In Progress', teamId: 'team-web' },
          },
        },
      });
      const underTest = new Client({ name: 'under-test', version: '1' });
      await underTest.connect(
        new StreamableHTTPClientTransport(new URL(mocked.endpoint as string), {
          requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
        }),
      );
      cleanups.push(() => underTest.close());
      await underTest.callTool({ name: 'linear_search_issues', arguments: { query: 'Safari' } });
      await underTest.callTool({ name: 'linear_update_issue', arguments: { id: 'LIN-1', status: 'Done' } });
      // The corrected id format: a new issue gets an ENG- id, not one like the seeded LIN- ids.
      const created = await underTest.callTool({ name: 'linear_create_issue', arguments: { title: 'Dark mode', teamId: 'team-web' } });
      expect(JSON.stringify(created.content)).toMatch(/ENG-\d+/);
      expect(await use('verify_calls', { connectionId: 'frozen', tool: 'linear_update_issue', times: 1 })).toMatchObject({ pass: true });

      const outside = await agent.callTool({ name: 'freeze_calls', arguments: { connectionId: 'frozen', directory: '../elsewhere' } });
      expect(outside.isError).toBe(true);
      expect(JSON.stringify(outside.content)).toContain('outside the project directory');
      // No server named: freeze_calls writes the one mock_server made the mock from, as the scenario's `servers:` entry.
      const frozen = await use('freeze_calls', { connectionId: 'frozen', directory: 'mocks/linear' });
      expect(frozen).toMatchObject({ calls: 3, scenario: join(project, 'mocks', 'linear', 'scenario.yaml') });
      expect(existsSync(join(project, 'mocks', 'linear', 'fixtures', 'jerhadf__linear-mcp-server', 'linear_update_issue.json'))).toBe(true);
      const again = await agent.callTool({ name: 'freeze_calls', arguments: { connectionId: 'frozen', directory: 'mocks/linear' } });
      expect(again.isError).toBe(true);
      const written = readFileSync(join(project, 'mocks', 'linear', 'scenario.yaml'), 'utf8');
      expect(written).toMatch(/^servers:\n {2}- qualifiedName: "?@jerhadf\/linear-mcp-server"?$/m);

      // The agent checks and replays what it wrote, as `mcpsim check` and `mcpsim test` would.
      expect(await use('check_scenario', { path: 'mocks/linear/scenario.yaml' })).toEqual({
        ok: true,
        files: [{ file: join('mocks', 'linear', 'scenario.yaml'), ok: true, problems: [] }],
      });
      expect(await use('test_scenario', { path: 'mocks/linear/scenario.yaml' })).toMatchObject({
        pass: true,
        summary: { total: 3, passed: 3, failed: 0, misses: 0 },
      });

      // CI's step: the frozen calls replayed from the fixtures alone (miss: error), no model in the environment.
      const replay = await new Promise<{ code: number; output: string }>((resolve) => {
        execFile(
          process.execPath,
          [...cliArguments(), 'test', join('mocks', 'linear', 'scenario.yaml')],
          { cwd: project, env: { PATH: process.env.PATH ?? '' }, timeout: 150_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr }),
        );
      });
      expect(replay.code, replay.output).toBe(0);
    },
  );
});
