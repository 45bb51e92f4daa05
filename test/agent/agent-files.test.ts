/**
 * The agent's tools on the project's files (issue 38, item 2): check, test and write scenario files,
 * and capture a real server, each the CLI's own command run for the agent. The agent server gets its
 * project as `mcpsim mcp` gives it (the CLI's implementations, a temporary project directory), and is
 * driven by the SDK client in process against a real server on 127.0.0.1; the capture relays
 * `@modelcontextprotocol/server-memory` from node_modules over stdio.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentServer } from '../../src/agent/agent-server.js';
import { createApiClient } from '../../src/agent/api-client.js';
import { createAgentCaptures } from '../../src/cli/agent-captures.js';
import { createAgentScenarios } from '../../src/cli/agent-scenarios.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const memoryServer = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const project = mkdtempSync(join(tmpdir(), 'mcpsim-agent-files-'));
const scratch = mkdtempSync(join(tmpdir(), 'mcpsim-agent-scratch-'));
let harness: Harness;
let agent: Client;
let captures: ReturnType<typeof createAgentCaptures>;

/** A scenario of a server of its own, answered by the simulator: `isError` says what its one step expects. */
const noteScenario = (isError: boolean) => `name: notes
miss: simulate
servers:
  - qualifiedName: '@qa/notes'
    description: A notebook.
    tools:
      - name: create_note
        description: Creates a note.
        inputSchema: { type: object, properties: { title: { type: string } }, required: [title] }
namespaces:
  - name: qa
    connections:
      - { id: notes, server: '@qa/notes', mock: true }
steps:
  - call: qa/notes.create_note
    arguments: { title: Groceries }
    expect: { isError: ${isError} }
`;

async function use(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = await agent.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

/** The text of a tool's error answer (and that it is one). */
async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await agent.callTool({ name, arguments: args });
  expect(result.isError, `${name} should refuse`).toBe(true);
  return JSON.stringify(result.content);
}

beforeAll(async () => {
  harness = await startHarness('socket');
  const api = createApiClient({ baseUrl: harness.baseUrl, apiKey: testApiKey, fetch: (request) => fetch(request) });
  captures = createAgentCaptures({ projectDir: project, apiKey: testApiKey, env: {} });
  const server = createAgentServer({
    api,
    baseUrl: harness.baseUrl,
    project: { dir: project, scenarios: createAgentScenarios(project, {}), captures },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  agent = new Client({ name: 'files-test', version: '1' });
  await agent.connect(clientSide);
});
afterAll(async () => {
  await agent?.close();
  await captures?.close();
  await harness?.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe('the agent tools on scenario files', () => {
  it('checks YAML text as mcpsim check does, each problem at file:line:column', async () => {
    const checked = await use('check_scenario', { yaml: noteScenario(false).replace('miss: simulate', 'mis: simulate'), file: 'a/b.yaml' });
    expect(checked.ok).toBe(false);
    expect(checked.files).toEqual([
      {
        file: join('a', 'b.yaml'),
        ok: false,
        problems: [
          expect.objectContaining({ at: `${join('a', 'b.yaml')}:2:1`, line: 2, column: 1, message: expect.stringContaining('mis') }),
        ],
      },
    ]);
    expect(await use('check_scenario', { yaml: noteScenario(false) })).toMatchObject({ ok: true, files: [{ file: 'scenario.yaml' }] });
    expect(await refusal('check_scenario', { path: 'nowhere.yaml' })).toContain('does not exist');
    expect(await refusal('check_scenario', { path: '../outside.yaml' })).toContain('outside the project directory');
  });

  it('writes a scenario only when it checks, only under the project, and replaces one only with overwrite', async () => {
    expect(await refusal('write_scenario', { path: '../escape.yaml', yaml: noteScenario(false) })).toContain(
      'outside the project directory',
    );
    expect(await refusal('write_scenario', { path: 'tests/bad.yaml', yaml: 'name: [' })).toContain('tests/bad.yaml:1:');
    expect(existsSync(join(project, 'tests', 'bad.yaml'))).toBe(false);

    expect(await use('write_scenario', { path: 'tests/notes.yaml', yaml: noteScenario(true) })).toMatchObject({
      path: join('tests', 'notes.yaml'),
      replaced: false,
    });
    expect(await refusal('write_scenario', { path: 'tests/notes.yaml', yaml: noteScenario(false) })).toContain('overwrite: true');
    expect(readFileSync(join(project, 'tests', 'notes.yaml'), 'utf8')).toContain('isError: true');
    expect(await use('check_scenario', { path: 'tests' })).toMatchObject({
      ok: true,
      files: [{ file: join('tests', 'notes.yaml'), ok: true }],
    });
  });

  it('replays a scenario as mcpsim test does and answers pass or fail per step', { timeout: 60_000 }, async () => {
    // The simulator answers the create without an error, so the step expecting one fails.
    const failing = await use('test_scenario', { path: 'tests/notes.yaml' });
    expect(failing).toMatchObject({ pass: false, summary: { total: 1, failed: 1 } });
    expect((failing.scenarios as { steps: { checks: unknown[] }[] }[])[0]!.steps[0]!.checks).toEqual([
      expect.objectContaining({ name: 'isError', pass: false }),
    ]);
    await use('write_scenario', { path: 'tests/notes.yaml', yaml: noteScenario(false), overwrite: true });
    expect(await use('test_scenario', { path: 'tests/notes.yaml' })).toMatchObject({
      pass: true,
      summary: { total: 1, passed: 1, failed: 0, misses: 0 },
      scenarios: [{ scenario: 'notes', file: join('tests', 'notes.yaml'), pass: true }],
    });
  });
});

describe('the agent tools capturing a real server', () => {
  it(
    'captures server-memory over stdio as a connection the agent drives, and stopping writes a scenario that checks and replays',
    { timeout: 180_000 },
    async () => {
      expect(await refusal('start_capture', { command: [process.execPath, memoryServer], directory: '../away' })).toContain(
        'outside the project directory',
      );
      const started = await use('start_capture', {
        command: [process.execPath, memoryServer],
        env: [`MEMORY_FILE_PATH=${join(scratch, 'memory.jsonl')}`],
        directory: 'captures/memory',
      });
      expect(started).toMatchObject({ id: 'capture-1', directory: join('captures', 'memory') });
      expect(await use('list_captures')).toEqual({ captures: [started] });

      const underTest = new Client({ name: 'under-test', version: '1' });
      await underTest.connect(
        new StreamableHTTPClientTransport(new URL(started.endpoint as string), {
          requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
        }),
      );
      try {
        await underTest.callTool({
          name: 'create_entities',
          arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] },
        });
        await underTest.callTool({ name: 'read_graph', arguments: {} });
      } finally {
        await underTest.close();
      }

      const stopped = await use('stop_capture', { id: 'capture-1' });
      expect(stopped).toMatchObject({ id: 'capture-1', exitCode: 0, report: expect.stringContaining('Captured 2 tool calls') });
      expect(await use('list_captures')).toEqual({ captures: [] });
      expect(await refusal('stop_capture', { id: 'capture-1' })).toMatch(/no capture .*capture-1/);
      expect(existsSync(join(project, 'captures', 'memory', 'registry.json'))).toBe(true);
      expect(await refusal('start_capture', { command: [process.execPath, memoryServer], directory: 'captures/memory' })).toContain(
        'overwrite: true',
      );

      expect(await use('check_scenario', { path: 'captures/memory/scenario.yaml' })).toMatchObject({ ok: true });
      expect(await use('test_scenario', { path: 'captures/memory/scenario.yaml' })).toMatchObject({
        pass: true,
        summary: { total: 2, passed: 2, misses: 0 },
      });
    },
  );
});
