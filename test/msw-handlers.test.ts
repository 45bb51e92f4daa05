/**
 * `mcpsim/msw` used the way an app's test suite would: `setupServer(...createHandlers({ scenario }))`
 * with unhandled requests set to error, and the app's unchanged production configuration (the
 * hosted base URLs). The official SDK, the MCP SDK client and plain fetch all reach the platform
 * in-process; no socket is opened in this file.
 */
import { createRequire } from 'node:module';
import Smithery from '@smithery/api';
import { createConnection } from '@smithery/api/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../src/msw/index.js';

const mcpsim = createHandlers({ scenario: 'scenarios/issue-triage.yaml' });
const server = setupServer(...mcpsim);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mcpsim.reset());
afterAll(() => {
  server.close();
  mcpsim.close();
});

const auth = { authorization: `Bearer ${mcpsim.apiKey}` };

describe('mcpsim/msw', () => {
  it('answers the official SDK at its default base URLs, and serves a connection to its MCP helper', async () => {
    const client = new Smithery({ apiKey: mcpsim.apiKey });
    const page = await client.connections.list('triage');
    expect(page.connections.map((connection) => connection.connectionId)).toEqual(['tracker']);
    const created = await client.connections.set('mine', { namespace: 'triage', server: '@qa/tracker', mock: { enabled: true } } as never);
    expect(created.status).toEqual({ state: 'connected' });

    const { transport } = await createConnection({ client, namespace: 'triage', connectionId: 'tracker' });
    const mcp = new Client({ name: 'app-under-test', version: '1.0.0' });
    await mcp.connect(transport);
    const result = await mcp.callTool({ name: 'list_issues', arguments: { state: 'open' } });
    expect(result._meta).toMatchObject({ 'mcpsim/source': 'fixture', 'mcpsim/sequence': 1 });
    expect(result.structuredContent).toMatchObject({ count: 4 });
    await mcp.close();
  });

  it('answers the MCP SDK client on the hosted MCP URL, and shows the memory log to the test', async () => {
    const transport = new StreamableHTTPClientTransport(new URL('https://api.smithery.ai/connect/triage/tracker/mcp'), { requestInit: { headers: auth } });
    const mcp = new Client({ name: 'app-under-test', version: '1.0.0' });
    await mcp.connect(transport);
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain('get_issue');
    await mcp.callTool({ name: 'get_issue', arguments: { number: 102 } });
    await mcp.close();
    const memory = await mcpsim.memory('triage', 'tracker');
    expect(memory.calls.map((call) => [call.sequence, call.tool, call.source])).toEqual([[1, 'get_issue', 'fixture']]);
  });

  it('answers plain fetch on both base URLs, with the platform errors', async () => {
    const connections = await fetch('https://smithery.run/triage', { headers: auth });
    expect(connections.status).toBe(200);
    expect(((await connections.json()) as { connections: unknown[] }).connections).toHaveLength(1);
    const servers = await fetch('https://api.smithery.ai/servers?q=tracker', { headers: auth });
    expect(((await servers.json()) as { servers: { qualifiedName: string }[] }).servers.map((entry) => entry.qualifiedName)).toContain('@qa/tracker');
    const refused = await fetch('https://api.smithery.ai/namespaces', { headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
  });

  it('starts every test from the scenario: what an earlier test created is gone after reset', async () => {
    const before = await fetch('https://smithery.run/triage', { headers: auth }).then((response) => response.json() as Promise<{ connections: { connectionId: string }[] }>);
    expect(before.connections.map((connection) => connection.connectionId)).toEqual(['tracker']);
    const memory = await mcpsim.memory('triage', 'tracker');
    expect(memory.calls).toEqual([]);
  });

  it('leaves other hosts to msw, which refuses them as unhandled', async () => {
    await expect(fetch('https://example.com/elsewhere')).rejects.toThrow();
  });

  it('is published as the mcpsim/msw subpath', () => {
    expect(createRequire(import.meta.url).resolve('mcpsim/msw')).toMatch(/dist\/msw\/index\.js$/);
  });
});
