/**
 * `GET /connect/{ns}/.tools` (docs/decisions.md, "Namespace tool listing"): one envelope per connection with exactly one of
 * tools or error, the connection list's filters, and token filtering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doors, startHarness, type Harness } from '../support/harness.js';
import { mint } from '../support/tokens.js';
import { namespaceToolsSchema } from '../../src/api/schemas/tool-schemas.js';

const namespace = 'fleet';
const server = {
  displayName: 'Acme Tracker',
  config: { headers: { 'X-Acme-Key': { label: 'Acme key', required: true } } },
  tools: [{ name: 'list_issues', description: 'List issues.', inputSchema: { type: 'object', properties: {} } }],
};

describe.each(doors)('the tools of every connection in a namespace (%s)', (door) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(door);
    expect((await harness.call('PUT', '/servers/@acme/fleet-tracker', { body: server })).status).toBe(201);
    await harness.call('PUT', `/namespaces/${namespace}`);
    const connections: Record<string, unknown> = {
      gh: { server: '@acme/fleet-tracker', mock: { enabled: true }, name: 'GitHub', metadata: { team: 'a' } },
      crm: { server: '@acme/fleet-tracker', mock: { enabled: true }, name: 'CRM', metadata: { team: 'b' } },
      live: { server: '@acme/fleet-tracker', name: 'Live', metadata: { team: 'a' } },
      db: { mcpUrl: 'https://db.test/mcp', name: 'DB', metadata: { team: 'b' } },
    };
    for (const [id, body] of Object.entries(connections))
      expect((await harness.call('PUT', `/connect/${namespace}/${id}`, { body })).status).toBe(201);
    const { stores } = harness.platform;
    const namespaceRow = stores.namespaces.get(stores.accounts.findLocal()!.id, namespace)!;
    const crm = stores.connections.get(namespaceRow.id, 'crm')!;
    stores.connections.update(
      namespaceRow.id,
      { ...crm, status: { state: 'auth_required', setupUrl: 'http://127.0.0.1/setup/crm' } },
      undefined,
      '2026-01-01T00:00:00.000Z',
    );
    // mcpsim plays a registry server itself, so live is connected at once; the control API makes it wait for its config.
    expect(
      (await harness.call('PUT', `/__mcpsim/connections/${namespace}/live/status`, { body: { state: 'input_required' } })).status,
    ).toBe(200);
  });
  afterAll(() => harness.close());

  const list = (query = '', key?: string) => harness.call('GET', `/connect/${namespace}/.tools${query}`, key === undefined ? {} : { key });

  it('answers one envelope per connection, oldest first, each with exactly one of tools or error', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      connections: [
        { connectionId: 'gh', name: 'GitHub', status: { state: 'connected' }, tools: server.tools },
        {
          connectionId: 'crm',
          name: 'CRM',
          status: { state: 'auth_required', setupUrl: expect.stringMatching(new RegExp(`^${harness.baseUrl}/__mcpsim/setup/`)) },
          error: { code: 'auth_required', message: expect.stringContaining('needs authorization') },
        },
        {
          connectionId: 'live',
          name: 'Live',
          status: expect.objectContaining({ state: 'input_required' }),
          error: { code: 'input_required', message: expect.stringContaining('X-Acme-Key') },
        },
        {
          connectionId: 'db',
          name: 'DB',
          status: { state: 'error', message: expect.stringContaining('db.test') },
          error: { code: 'upstream_error', message: expect.stringContaining('db.test') },
        },
      ],
    });
    for (const envelope of response.body.connections) expect('tools' in envelope !== 'error' in envelope).toBe(true);
    expect(namespaceToolsSchema.safeParse(response.body).success).toBe(true);
  });

  it('documents the .tools routes in /openapi.json with their response schemas', async () => {
    const { paths } = (await harness.call('GET', '/openapi.json', { key: null })).body;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/connect/{namespace}/.tools',
        '/connect/{namespace}/{connectionId}/.tools',
        '/connect/{namespace}/{connectionId}/.tools/{toolPath}',
      ]),
    );
    expect(JSON.stringify(paths['/connect/{namespace}/.tools'].get.responses['200'])).toContain('NamespaceTools');
    expect(Object.keys(paths['/connect/{namespace}/{connectionId}/.tools/{toolPath}'])).toEqual(['get', 'post']);
  });

  it('filters like the connection list: name, mcpUrl and metadata.{key}', async () => {
    const ids = async (query: string) =>
      ((await list(query)).body.connections as { connectionId: string }[]).map((envelope) => envelope.connectionId);
    expect(await ids('?name=CRM')).toEqual(['crm']);
    expect(await ids(`?mcpUrl=${encodeURIComponent('https://db.test/mcp')}`)).toEqual(['db']);
    expect(await ids('?metadata.team=a')).toEqual(['gh', 'live']);
    expect(await ids('?metadata[team]=b&name=DB')).toEqual(['db']);
    expect(await ids('?name=nobody')).toEqual([]);
  });

  it('leaves out, silently, the connections a token may not see', async () => {
    const token = await mint(harness, [{ namespaces: namespace, resources: 'connections', operations: 'read', metadata: { team: 'b' } }]);
    const response = await list('', token);
    expect(response.status).toBe(200);
    expect(response.body.connections.map((envelope: { connectionId: string }) => envelope.connectionId)).toEqual(['crm', 'db']);
    const writer = await mint(harness, [{ namespaces: namespace, resources: 'connections', operations: 'write' }]);
    expect((await list('', writer)).status).toBe(403);
  });

  it('answers 404 for a namespace the caller does not have', async () => {
    const response = await harness.call('GET', '/connect/nowhere/.tools');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('not_found');
  });

  it('reads past one page of 100 connections', async () => {
    await harness.call('PUT', '/namespaces/big');
    for (let index = 0; index < 105; index++) {
      expect(
        (await harness.call('PUT', `/connect/big/c${index}`, { body: { server: '@acme/fleet-tracker', mock: { enabled: true } } })).status,
      ).toBe(201);
    }
    const response = await harness.call('GET', '/connect/big/.tools');
    expect(response.body.connections).toHaveLength(105);
  });
});
