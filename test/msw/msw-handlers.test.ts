/**
 * `mcpsim/msw` used the way an app's test suite would: `setupServer(...createHandlers({ scenario }))`
 * with unhandled requests set to error, and the app's unchanged production configuration (the
 * hosted base URLs). The official SDK, the MCP SDK client and plain fetch all reach the platform
 * in-process; no socket is opened in this file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import nodeHttps from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Smithery from '@smithery/api';
import { createConnection } from '@smithery/api/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw/index.js';

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
    const transport = new StreamableHTTPClientTransport(new URL('https://api.smithery.ai/connect/triage/tracker/mcp'), {
      requestInit: { headers: auth },
    });
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
    expect(((await servers.json()) as { servers: { qualifiedName: string }[] }).servers.map((entry) => entry.qualifiedName)).toContain(
      '@qa/tracker',
    );
    const refused = await fetch('https://api.smithery.ai/namespaces', { headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
  });

  it('answers a client on node:http, whose Host header names the hosted platform, not this app', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = nodeHttps.get('https://smithery.run/triage', { headers: auth }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { connections: unknown[] }).connections).toHaveLength(1);
  });

  it('starts every test from the scenario: what an earlier test created is gone after reset', async () => {
    const before = await fetch('https://smithery.run/triage', { headers: auth }).then(
      (response) => response.json() as Promise<{ connections: { connectionId: string }[] }>,
    );
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

describe('createHandlers finds its scenario', () => {
  it('loads a bundled scenario by name, with its fixtures', async () => {
    const bundled = createHandlers({ scenario: 'issue-triage' });
    try {
      const applied = await bundled.ready();
      expect(applied?.connections.map((connection) => `${connection.namespace}/${connection.connectionId}`)).toEqual(['triage/tracker']);
    } finally {
      bundled.close();
    }
  });

  it('takes a URL, so a path can be relative to the calling module', async () => {
    const byUrl = createHandlers({ scenario: new URL('../../scenarios/flaky-upstream.yaml', import.meta.url) });
    try {
      expect((await byUrl.ready())?.connections.map((connection) => connection.connectionId)).toEqual([
        'weather',
        'billing',
        'billing-sso',
      ]);
    } finally {
      byUrl.close();
    }
  });

  it('throws from createHandlers itself for a file that is not there, naming the resolved path and the ways to name one', () => {
    expect(() => createHandlers({ scenario: 'scenarios/no-such-file.yaml' })).toThrow(
      `mcpsim: no scenario file at ${join(process.cwd(), 'scenarios/no-such-file.yaml')} (resolved against the current directory ${process.cwd()}); give an absolute path, a URL such as new URL('./my-scenario.yaml', import.meta.url), or a bundled scenario name (crm-and-mailbox, flaky-upstream, issue-triage)`,
    );
    expect(() => createHandlers({ scenario: 'no-such-scenario' })).toThrow(
      'mcpsim: there is no bundled scenario "no-such-scenario"; the bundled ones are crm-and-mailbox, flaky-upstream, issue-triage',
    );
  });

  it('throws from createHandlers itself for an invalid file, with its problems at their lines', () => {
    const directory = mkdtempSync(join(tmpdir(), 'mcpsim-msw-'));
    try {
      const file = join(directory, 'broken.yaml');
      writeFileSync(file, 'name: broken\nnamespaces:\n  - name: a\n    connections:\n      - id: c\n        servr: "@qa/x"\n');
      expect(() => createHandlers({ scenario: file })).toThrow(
        /^mcpsim: the scenario .*broken\.yaml has problems:\n.*broken\.yaml:6:9 namespaces\[0\]\.connections\[0\]\.servr: unknown property; did you mean "server"\?/,
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
