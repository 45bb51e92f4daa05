/**
 * Hosted server URLs (docs/decisions.md, "Hosted server URLs"): a connection to `https://server.smithery.ai/{qualifiedName}`
 * that names no `server` is tied to that registry entry, its tools and config, as if `server` had
 * named it; mcpsim hosts nothing, so it is served as a mock, and the real host is never asked.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedQualifiedNames } from '../../src/domain/hosted-server.js';
import { doors, startHarness, type Harness } from '../support/harness.js';

const namespace = 'hosted';
const echo = {
  displayName: 'Acme Echo',
  serverInfo: { name: 'acme-echo', version: '3.1.4' },
  tools: [
    {
      name: 'echo',
      description: 'Echo the text.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
  ],
};
const vault = { ...echo, displayName: 'Acme Vault', config: { headers: { 'X-Vault-Key': { label: 'Vault key', required: true } } } };
const fixture = {
  server: '@acme/echo',
  tool: 'echo',
  calls: [
    {
      arguments: { text: 'hi' },
      occurrence: 1,
      result: { content: [{ type: 'text', text: 'hi (recorded)' }] },
      recordedAt: '2026-01-01T00:00:00.000Z',
      model: null,
    },
  ],
};

describe('hostedQualifiedNames', () => {
  it.each([
    ['https://server.smithery.ai/acme/echo', ['acme/echo']],
    ['https://server.smithery.ai/acme/echo/mcp', ['acme/echo']],
    ['https://server.smithery.ai/@acme/echo/mcp?x=1', ['@acme/echo']],
    ['https://server.smithery.ai/exa', ['exa']],
    ['https://server.smithery.ai/exa/mcp', ['exa', 'exa/mcp']],
    ['https://server.smithery.ai/', []],
    ['https://server.smithery.ai/a/b/c/d', []],
    ['http://server.smithery.ai/acme/echo', []],
    ['https://server.smithery.ai.evil.test/acme/echo', []],
    ['https://example.com/acme/echo', []],
    ['not a url', []],
  ])('reads %s as %j', (url, names) => {
    expect(hostedQualifiedNames(url)).toEqual(names);
  });
});

describe.each(doors)('connections to hosted server URLs (%s)', (door) => {
  let harness: Harness;
  let fixturesDir: string;

  beforeAll(async () => {
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-fixtures-'));
    mkdirSync(join(fixturesDir, 'acme__echo'));
    writeFileSync(join(fixturesDir, 'acme__echo', 'echo.json'), JSON.stringify(fixture));
    harness = await startHarness(door, { fixturesDir });
    expect((await harness.call('PUT', '/servers/@acme/echo', { body: echo })).status).toBe(201);
    expect((await harness.call('PUT', '/servers/@acme/vault', { body: vault })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('ties the connection to the registry entry: connected with its serverInfo, its icon and its tools', async () => {
    const created = await harness.call('PUT', `/connect/${namespace}/by-url`, { body: { mcpUrl: 'https://server.smithery.ai/acme/echo' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      connectionId: 'by-url',
      name: 'by-url',
      transport: 'http',
      mcpUrl: 'https://server.smithery.ai/acme/echo',
      metadata: null,
      iconUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      status: { state: 'connected' },
      serverInfo: { name: 'acme-echo', version: '3.1.4' },
    });
    const tools = await harness.call('GET', `/connect/${namespace}/by-url/.tools`);
    expect(tools.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['echo']);
  });

  it('answers exactly as a connection that names the server does', async () => {
    await harness.call('PUT', `/connect/${namespace}/by-name`, { body: { server: '@acme/echo' } });
    await harness.call('PUT', `/connect/${namespace}/by-mcp-url`, { body: { mcpUrl: 'https://server.smithery.ai/@acme/echo/mcp' } });
    const byName = await harness.call('GET', `/connect/${namespace}/by-name`);
    const byUrl = await harness.call('GET', `/connect/${namespace}/by-mcp-url`);
    const { connectionId: _a, name: _b, mcpUrl: nameUrl, ...named } = byName.body;
    const { connectionId: _c, name: _d, mcpUrl: hostedUrl, ...hosted } = byUrl.body;
    expect(hosted).toEqual(named);
    // The entry's own deployment URL is a hosted URL too.
    expect(nameUrl).toBe('https://server.smithery.ai/acme/echo/mcp');
    expect(hostedUrl).toBe('https://server.smithery.ai/@acme/echo/mcp');
  });

  it('answers tool calls from the simulator (fixtures here), over REST and MCP, into its memory', async () => {
    const rest = await harness.call('POST', `/connect/${namespace}/by-url/.tools/echo`, { body: { text: 'hi' } });
    expect(rest.body).toEqual({
      content: [{ type: 'text', text: 'hi (recorded)' }],
      _meta: { 'mcpsim/source': 'fixture', 'mcpsim/sequence': 1 },
    });
    const mcp = await harness.call('POST', `/connect/${namespace}/by-url/mcp`, {
      body: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'again' } } },
    });
    expect(mcp.body.result._meta['mcpsim/source']).toBe('fixture-miss');
    const memory = await harness.call('GET', `/__mcpsim/connections/${namespace}/by-url/memory`);
    expect(memory.body.calls.map((call: { tool: string; arguments: unknown }) => call.arguments)).toEqual([
      { text: 'hi' },
      { text: 'again' },
    ]);
  });

  it('takes fault rules like a mock connection', async () => {
    const faults = await harness.call('PUT', `/__mcpsim/connections/${namespace}/by-url/faults`, {
      body: { faults: [{ tool: 'echo', error: { onCall: 1, message: 'simulated outage' } }] },
    });
    expect(faults.status).toBe(200);
    await harness.call('DELETE', `/__mcpsim/connections/${namespace}/by-url/memory`);
    const failed = await harness.call('POST', `/connect/${namespace}/by-url/.tools/echo`, { body: { text: 'hi' } });
    expect(failed.body).toMatchObject({ isError: true, content: [{ type: 'text', text: 'simulated outage' }] });
  });

  it('connects at once although the entry declares required config: mcpsim plays the server, it needs no upstream credentials', async () => {
    const created = await harness.call('PUT', `/connect/${namespace}/vault`, { body: { mcpUrl: 'https://server.smithery.ai/acme/vault' } });
    // A probe of server.smithery.ai could only fail here (no network) or answer 401: connected means none was made.
    expect(created.body.status).toEqual({ state: 'connected' });
    expect(created.body.serverInfo).toEqual({ name: 'acme-echo', version: '3.1.4' });
    const saved = await harness.call('PUT', `/connect/${namespace}/vault`, { body: { headers: { 'X-Vault-Key': 'k-1' } } });
    expect(saved.body.status).toEqual({ state: 'connected' });
  });

  it('is mockable with a scenario like a connection that names the server', async () => {
    const created = await harness.call('PUT', `/connect/${namespace}/scripted`, {
      body: { mcpUrl: 'https://server.smithery.ai/acme/echo', mock: { enabled: true, scenario: 'Echoes in capitals.' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.mock).toEqual({ enabled: true, scenario: 'Echoes in capitals.' });
  });

  it('refuses a hosted URL that names no registry server, saying how to add it', async () => {
    const refused = await harness.call('PUT', `/connect/${namespace}/nobody`, {
      body: { mcpUrl: 'https://server.smithery.ai/acme/nothing/mcp' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'validation_error',
      message:
        'mcpUrl: https://server.smithery.ai/acme/nothing/mcp is a hosted server URL, but the registry has no server "acme/nothing"; add it with PUT /servers/acme/nothing or mcpsim registry import, or use a qualifiedName from GET /servers',
    });
  });
});
