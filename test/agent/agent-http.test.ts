/**
 * The agent's tools over Streamable HTTP at /agent/mcp, driven by the official SDK client on a real
 * socket: the key is required, every tool declares its schemas and hints, destructive tools refuse
 * without confirm, and a coding agent's whole loop works (mock, explain, seed, drive the mock with a
 * second client as the code under test would, verify).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

let harness: Harness;
let agent: Client;
// No fixtures at all: every call is answered by the no-model simulator, as `mcpsim serve` does without a model.
const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-agent-fixtures-'));

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'agent-test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${testApiKey}` } } }),
  );
  return client;
}

/** The structured output of a tool that must succeed. */
async function use(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = await agent.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

beforeAll(async () => {
  harness = await startHarness('socket', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
  agent = await connect(`${harness.baseUrl}/agent/mcp`);
});
afterAll(async () => {
  await agent?.close();
  await harness?.close();
  rmSync(emptyFixtures, { recursive: true, force: true });
});

describe('the agent tools over HTTP', () => {
  it('answers 401 without the API key, 403 to a service token and 405 to a GET', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const bare = await fetch(`${harness.baseUrl}/agent/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(bare.status).toBe(401);
    const wrong = await fetch(`${harness.baseUrl}/agent/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-key', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(wrong.status).toBe(401);
    const { body: minted } = await harness.call('POST', '/tokens', { body: {} });
    const withToken = await fetch(`${harness.baseUrl}/agent/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(minted as { token: string }).token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(initialize),
    });
    expect(withToken.status).toBe(403);
    const get = await fetch(`${harness.baseUrl}/agent/mcp`, { headers: { authorization: `Bearer ${testApiKey}` } });
    expect(get.status).toBe(405);
  });

  it('lists tools that each have a strict input schema, an output schema, the three hints and a description', async () => {
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['find_servers', 'mock_server', 'verify_calls', 'seed_world']));
    for (const tool of tools) {
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
      // A tool that removes data says so and asks for confirm.
      if (tool.annotations?.destructiveHint) expect(tool.inputSchema.required, tool.name).toContain('confirm');
    }
    // No project directory over HTTP: the tools on files are not offered (docs/agents.md).
    for (const name of [
      'freeze_calls',
      'check_scenario',
      'test_scenario',
      'write_scenario',
      'start_capture',
      'stop_capture',
      'list_captures',
    ])
      expect(tools.map((tool) => tool.name)).not.toContain(name);
  });

  it('plays a coding agent: mock a registry server, seed two issues, let a client use the mock, verify its calls', async () => {
    const found = await use('find_servers', { query: 'linear' });
    expect(found.servers).toEqual(expect.arrayContaining([expect.objectContaining({ qualifiedName: '@jerhadf/linear-mcp-server' })]));

    const mocked = await use('mock_server', { server: '@jerhadf/linear-mcp-server', connectionId: 'linear' });
    expect(mocked).toMatchObject({ namespace: 'agent', connectionId: 'linear', mock: true, state: 'connected' });
    expect(mocked.tools).toContain('linear_create_issue');

    const explained = await use('explain_connection', { connectionId: 'linear' });
    expect(explained.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ tool: 'linear_create_issue', operation: 'create', entity: 'issue' })]),
    );

    const refused = await agent.callTool({
      name: 'seed_world',
      arguments: { connectionId: 'linear', entities: { issue: { 'LIN-1': { id: 'LIN-1', title: 'x' } } } },
    });
    expect(refused.isError).toBe(true);
    const seeded = await use('seed_world', {
      connectionId: 'linear',
      confirm: true,
      entities: {
        issue: {
          'LIN-1': { id: 'LIN-1', title: 'Login fails on Safari', status: 'Todo', teamId: 'team-web' },
          'LIN-2': { id: 'LIN-2', title: 'Export to CSV', status: 'In Progress', teamId: 'team-web' },
        },
      },
    });
    expect((seeded.world as { entities: { issue: object } }).entities.issue).toHaveProperty('LIN-2');

    // The code under test: an MCP client on the mock's own endpoint.
    const underTest = await connect(mocked.endpoint as string);
    try {
      const searched = await underTest.callTool({ name: 'linear_search_issues', arguments: { query: 'Safari' } });
      expect(JSON.stringify(searched.content)).toContain('LIN-1');
      await underTest.callTool({ name: 'linear_add_comment', arguments: { issueId: 'LIN-1', body: 'Reproduced on 17.2' } });
      await underTest.callTool({ name: 'linear_update_issue', arguments: { id: 'LIN-1', status: 'Done' } });
    } finally {
      await underTest.close();
    }

    const passed = await use('verify_calls', { connectionId: 'linear', tool: 'linear_update_issue', arguments: { id: 'LIN-1' }, times: 1 });
    expect(passed).toMatchObject({ pass: true, count: 1 });
    const failed = await use('verify_calls', { connectionId: 'linear', tool: 'linear_create_issue', atLeast: 1 });
    expect(failed).toMatchObject({ pass: false, count: 0 });
    expect(failed.message).toContain('expected at least 1');

    const comments = await use('read_calls', { connectionId: 'linear', text: 'reproduced' });
    expect(comments).toMatchObject({ count: 1, calls: [expect.objectContaining({ tool: 'linear_add_comment' })] });

    const world = await use('get_world', { connectionId: 'linear', type: 'issue' });
    expect(JSON.stringify(world)).toContain('Done');

    const reset = await use('reset_connection', { connectionId: 'linear', confirm: true });
    expect(reset).toEqual({ scope: 'world', callsLeft: 0 });
    expect(await use('read_calls', { connectionId: 'linear' })).toMatchObject({ count: 0 });
  });

  it('mocks pasted tool definitions and deletes the mock only with confirm', async () => {
    const mocked = await use('mock_server', {
      connectionId: 'pasted',
      tools: [
        {
          name: 'create_ticket',
          description: 'Create a ticket',
          inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
        },
      ],
    });
    expect(mocked).toMatchObject({ server: '@local/pasted', tools: ['create_ticket'] });
    const refused = await agent.callTool({ name: 'delete_connection', arguments: { connectionId: 'pasted' } });
    expect(refused.isError).toBe(true);
    expect(await use('delete_connection', { connectionId: 'pasted', confirm: true })).toEqual({ deleted: 'agent/pasted' });
    const gone = await agent.callTool({ name: 'get_connection', arguments: { connectionId: 'pasted' } });
    expect(gone).toMatchObject({ isError: true, content: [expect.objectContaining({ text: expect.stringContaining('not_found') })] });
  });

  it('snapshots, moves the clock and sets faults through the API', async () => {
    await use('mock_server', { server: '@jerhadf/linear-mcp-server', connectionId: 'controls' });
    const snapshot = await use('take_snapshot', { connectionId: 'controls', label: 'clean' });
    expect((await use('list_snapshots', { connectionId: 'controls' })).snapshots).toEqual([expect.objectContaining({ id: snapshot.id })]);
    expect(await use('restore_snapshot', { connectionId: 'controls', snapshotId: snapshot.id, confirm: true })).toHaveProperty('calls');
    const before = Date.parse((await use('get_clock')).now as string);
    const moved = await use('set_clock', { advance: '1h' });
    expect(Date.parse(moved.now as string) - before).toBe(3_600_000);
    const faults = await use('set_faults', {
      connectionId: 'controls',
      faults: [{ tool: 'linear_create_issue', error: { onCall: 1, message: 'boom' } }],
    });
    expect(faults.faults).toHaveLength(1);
  });

  it("reads a connection's world and call log as resources, and offers the two prompts", async () => {
    await use('mock_server', { server: '@jerhadf/linear-mcp-server', connectionId: 'resourced' });
    await use('seed_world', {
      connectionId: 'resourced',
      confirm: true,
      entities: { issue: { 'LIN-7': { id: 'LIN-7', title: 'Seeded' } } },
    });
    const { resourceTemplates } = await agent.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining([
        'mcpsim://connections/{namespace}/{connectionId}/world',
        'mcpsim://connections/{namespace}/{connectionId}/calls',
      ]),
    );
    const [world] = (await agent.readResource({ uri: 'mcpsim://connections/agent/resourced/world' })).contents;
    expect(world).toMatchObject({ mimeType: 'application/json', text: expect.stringContaining('LIN-7') });
    const [calls] = (await agent.readResource({ uri: 'mcpsim://connections/agent/resourced/calls' })).contents;
    expect(JSON.parse((calls as { text: string }).text)).toMatchObject({ count: 0, calls: [] });
    // The HTTP path is stateless (one server per request): resources are read, not subscribed to.
    expect(agent.getServerCapabilities()?.resources?.subscribe).toBeFalsy();

    const { prompts } = await agent.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['mock_server_for_test', 'write_scenario_from_conversation']);
    const prompt = await agent.getPrompt({ name: 'mock_server_for_test', arguments: { server: 'linear', test: 'closes an issue' } });
    expect(JSON.stringify(prompt.messages)).toContain('closes an issue');
    expect(JSON.stringify(prompt.messages)).toContain('seed_world');
  });
});
