import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDetailSchema, serverListFields, serverListSchema } from '../../src/api/schemas/server-schemas.js';
import { doors, startHarness, type Harness } from '../support/harness.js';

interface ListBody {
  servers: Record<string, unknown>[];
  pagination: { currentPage: number; pageSize: number; totalPages: number; totalCount: number };
}

describe.each(doors)('GET /servers (%s)', (door) => {
  let harness: Harness;
  const list = async (query: string): Promise<ListBody> => {
    const response = await harness.call('GET', `/servers${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return serverListSchema.parse(response.body) as ListBody;
  };
  const names = (body: ListBody) => body.servers.map((server) => server.qualifiedName);

  beforeAll(async () => {
    harness = await startHarness(door);
    // Fifteen servers of our own that share a word, for topK and paging.
    for (let index = 0; index < 15; index++) {
      const response = await harness.call('PUT', `/servers/@widgets/widget-${String(index).padStart(2, '0')}`, {
        body: {
          displayName: `Widget ${index}`,
          description: `Builds widgets, number ${index}.`,
          useCount: index * 10,
          verified: index % 2 === 0,
        },
      });
      expect(response.status).toBe(201);
    }
    await harness.call('PUT', '/servers/cafe-finder', {
      body: { displayName: 'Café Finder', description: 'Finds a café nearby and its opening hours.' },
    });
  });
  afterAll(() => harness.close());

  it('lists servers with the 16 list-item fields in their types, most used first, 10 per page', async () => {
    const body = await list('');
    expect(body.servers).toHaveLength(10);
    for (const server of body.servers) expect(Object.keys(server)).toEqual([...serverListFields]);
    const counts = body.servers.map((server) => server.useCount as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.pagination).toEqual({
      currentPage: 1,
      pageSize: 10,
      totalPages: Math.ceil(body.pagination.totalCount / 10),
      totalCount: 27 + 16,
    });
  });

  it('breaks useCount ties by qualified name, so browsing order is stable', async () => {
    const all = names(await list('?pageSize=100&fields=qualifiedName,useCount&namespace=widgets'));
    expect(all.slice(0, 3)).toEqual(['@widgets/widget-14', '@widgets/widget-13', '@widgets/widget-12']);
    const zero = (await list('?pageSize=100&fields=qualifiedName,useCount')).servers
      .filter((server) => server.useCount === 0)
      .map((server) => server.qualifiedName as string);
    expect(zero).toEqual([...zero].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('narrows each item to the fields asked for', async () => {
    const body = await list('?fields=qualifiedName,score&pageSize=2');
    expect(body.servers.every((server) => Object.keys(server).join() === 'qualifiedName,score')).toBe(true);
  });

  it.each([
    ['page=0', 'page: must be an integer of at least 1'],
    ['page=x', 'page: must be an integer of at least 1'],
    ['pageSize=0', 'pageSize: must be an integer from 1 to 100'],
    ['pageSize=101', 'pageSize: must be an integer from 1 to 100'],
    ['topK=9', 'topK: must be an integer from 10 to 500'],
    ['fields=qualifiedName,bogus', 'fields: unknown field "bogus"'],
    ['ids=not-a-uuid', 'ids: "not-a-uuid" is not a UUID'],
    ['remote=yes', 'remote: must be one of 0, 1, true, false'],
    ['isDeployed=2', 'isDeployed: must be one of 0, 1, true, false'],
    ['verified=TRUE', 'verified: must be one of 0, 1, true, false'],
    ['seed=1.5', 'seed: must be an integer'],
    ['seed=9007199254740992', 'seed: '],
  ])('rejects %s with 400 naming the parameter', async (query, message) => {
    const response = await harness.call('GET', `/servers?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message) });
  });

  it('caps topK at 500 instead of refusing it', async () => {
    expect((await list('?q=widget&topK=9000')).pagination.totalCount).toBe(15);
  });

  it('filters by ids given repeated or comma-joined', async () => {
    const all = (await list('?pageSize=4&fields=id,qualifiedName')).servers;
    const [a, b, c] = all.map((server) => server.id as string);
    expect(names(await list(`?ids=${a}&ids=${b},${c}`))).toEqual(all.slice(0, 3).map((server) => server.qualifiedName));
  });

  it('filters by qualifiedName (deprecated), namespace, owner, repository and the flags', async () => {
    expect(names(await list('?qualifiedName=modelcontextprotocol/time'))).toEqual(['@modelcontextprotocol/time']);
    expect(names(await list('?qualifiedName=@ModelContextProtocol/Time'))).toEqual(['@modelcontextprotocol/time']);
    expect(
      (await list('?namespace=modelcontextprotocol&pageSize=100')).servers.every((server) => server.namespace === 'modelcontextprotocol'),
    ).toBe(true);
    expect((await list('?namespace=widgets')).pagination.totalCount).toBe(15);
    const owned = await list('?ownerId=' + (await list('?qualifiedName=@widgets/widget-01')).servers[0]!.owner);
    expect(owned.pagination.totalCount).toBe(16); // the local account authored all of ours
    expect(names(await list('?repoOwner=github&repoName=github-mcp-server'))).toEqual(['@github/github-mcp-server']);
    const verified = await list('?verified=1&namespace=widgets&pageSize=100');
    expect(verified.pagination.totalCount).toBe(8);
    expect(verified.servers.every((server) => server.verified === true)).toBe(true);
    expect((await list('?verified=false&namespace=widgets')).pagination.totalCount).toBe(7);
    expect((await list('?remote=true&pageSize=100')).servers.every((server) => server.remote === true)).toBe(true);
    expect((await list('?isDeployed=0&pageSize=100')).servers.every((server) => server.isDeployed === false)).toBe(true);
  });

  it('orders by seed identically on every page, never repeating or dropping an entry', async () => {
    const paged: unknown[] = [];
    for (let page = 1; page <= 5; page++) paged.push(...names(await list(`?seed=-77&pageSize=10&page=${page}&fields=qualifiedName`)));
    const whole = names(await list('?seed=-77&pageSize=100&fields=qualifiedName'));
    expect(paged).toEqual(whole);
    expect(new Set(whole).size).toBe(43);
    expect(names(await list('?seed=-77&pageSize=100&fields=qualifiedName'))).toEqual(whole);
    expect(names(await list('?seed=78&pageSize=100&fields=qualifiedName'))).not.toEqual(whole);
    expect(names(await list('?pageSize=100&fields=qualifiedName'))).not.toEqual(whole);
  });

  it('returns an empty page past the end', async () => {
    const body = await list('?page=99');
    expect(body.servers).toEqual([]);
    expect(body.pagination.currentPage).toBe(99);
  });

  it('searches names above descriptions, with relevance as score', async () => {
    const body = await list('?q=github');
    expect(names(body)[0]).toBe('@github/github-mcp-server');
    expect(body.servers[0]!.score).toBe(1);
    const scores = body.servers.map((server) => server.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(names(await list('?q=postgres database'))[0]).toBe('@modelcontextprotocol/postgres');
  });

  it('matches stems, prefixes of the last word, and ignores case and accents', async () => {
    expect(names(await list('?q=databases'))).toContain('@modelcontextprotocol/postgres');
    expect(names(await list('?q=postg'))[0]).toBe('@modelcontextprotocol/postgres');
    expect(names(await list('?q=CAFE'))).toEqual(['cafe-finder']);
    expect(names(await list('?q=caf%C3%A9s'))).toEqual(['cafe-finder']);
  });

  it('bounds search candidates with topK and pages within them', async () => {
    const bounded = await list('?q=widget&topK=10&pageSize=4&page=3');
    expect(bounded.pagination).toEqual({ currentPage: 3, pageSize: 4, totalPages: 3, totalCount: 10 });
    expect(bounded.servers).toHaveLength(2);
    expect((await list('?q=widget')).pagination.totalCount).toBe(15);
  });

  it('combines a search with filters', async () => {
    const body = await list('?q=widget&verified=true&pageSize=100');
    expect(body.pagination.totalCount).toBe(8);
    expect(body.servers.every((server) => server.verified === true)).toBe(true);
  });

  it('finds nothing for words no entry has', async () => {
    expect(await list('?q=zyzzyva')).toEqual({ servers: [], pagination: { currentPage: 1, pageSize: 10, totalPages: 0, totalCount: 0 } });
  });
});

describe.each(doors)('server detail and local authoring (%s)', (door) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(door);
  });
  afterAll(() => harness.close());

  it.each([
    '/servers/@modelcontextprotocol/time',
    '/servers/modelcontextprotocol/time',
    '/servers/modelcontextprotocol%2Ftime',
    '/servers/%40modelcontextprotocol%2Ftime',
  ])('answers %s with the detail of the time server', async (path) => {
    const response = await harness.call('GET', path);
    expect(response.status).toBe(200);
    const detail = serverDetailSchema.parse(response.body);
    expect(detail.qualifiedName).toBe('@modelcontextprotocol/time');
    expect(detail.tools?.map((tool) => tool.name)).toEqual(['get_current_time', 'convert_time']);
    expect(detail.connections).toEqual([
      {
        type: 'http',
        deploymentUrl: detail.deploymentUrl,
        configSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
    ]);
  });

  it('answers an unscoped name, and 404 with {error, message} for a missing one', async () => {
    expect((await harness.call('GET', '/servers/cloudflare-docs')).status).toBe(200);
    const missing = await harness.call('GET', '/servers/@nobody/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'not_found', message: 'Server "@nobody/nothing" not found in the registry' });
  });

  it('describes the config a connection must supply as a JSON Schema', async () => {
    const detail = (await harness.call('GET', '/servers/@github/github-mcp-server')).body;
    const schema = detail.connections[0].configSchema;
    expect(schema.required).toEqual(['Authorization']);
    expect(schema.properties.Authorization).toMatchObject({ type: 'string', 'x-from': { header: 'Authorization' } });
  });

  it('creates an entry of our own with 201, serves it, and mocks it in a connection', async () => {
    const body = {
      displayName: 'Acme Tracker',
      description: 'Issue tracker of the Acme team.',
      serverInfo: { name: 'acme-tracker', version: '0.3.0' },
      config: { headers: { 'X-Acme-Key': { label: 'Acme key', required: true } } },
      tools: [
        {
          name: 'list_issues',
          description: 'List issues.',
          inputSchema: { type: 'object', properties: { state: { type: 'string', enum: ['open', 'closed'] } } },
          annotations: { readOnlyHint: true },
        },
        {
          name: 'close_issue',
          description: 'Close an issue.',
          inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          outputSchema: { type: 'object', properties: { closed: { type: 'boolean' } } },
        },
      ],
      prompts: [{ name: 'triage', arguments: [{ name: 'label', required: false }] }],
      resources: [{ uri: 'acme://board', name: 'Board' }],
    };
    const created = await harness.call('PUT', '/servers/@acme/tracker', { body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      server: '@acme/tracker',
      namespace: 'acme',
      displayName: 'Acme Tracker',
      description: 'Issue tracker of the Acme team.',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const detail = serverDetailSchema.parse((await harness.call('GET', '/servers/acme/tracker')).body);
    expect(detail.tools).toEqual(body.tools);
    expect(detail.prompts).toEqual(body.prompts);
    expect(detail.resources).toEqual(body.resources);
    expect(detail.connections[0]!.configSchema).toMatchObject({ required: ['X-Acme-Key'] });

    const mock = await harness.call('PUT', '/connect/demo/acme', { body: { server: '@acme/tracker', mock: { enabled: true } } });
    expect(mock.body).toMatchObject({ status: { state: 'connected' }, serverInfo: { name: 'acme-tracker', version: '0.3.0' } });
    const plain = await harness.call('PUT', '/connect/demo/acme-live', { body: { server: '@acme/tracker' } });
    // Played by mcpsim like a mock: no credential is asked for the X-Acme-Key the real server would need.
    expect(plain.body.status).toEqual({ state: 'connected' });
  });

  it('updates an entry with 200, keeping what the body leaves out and replacing the tool list', async () => {
    await harness.call('PUT', '/servers/@acme/notes', {
      body: { displayName: 'Notes', tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
    });
    harness.clock.advance(60_000);
    const updated = await harness.call('PUT', '/servers/@acme/notes', {
      body: { description: 'Now with a description.', tools: [{ name: 'b', inputSchema: { type: 'object' } }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      displayName: 'Notes',
      description: 'Now with a description.',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect((await harness.call('GET', '/servers/@acme/notes')).body.tools.map((tool: { name: string }) => tool.name)).toEqual(['b']);
    const listed = await harness.call('GET', '/servers?q=description&fields=qualifiedName');
    expect(listed.body.servers).toEqual([{ qualifiedName: '@acme/notes' }]);
  });

  it.each([
    [{ bogus: 1 }, 'bogus: unknown property'],
    [{ tools: [{ name: 'x' }] }, 'tools.0.inputSchema: is required'],
    [{ tools: [{ name: 'has space', inputSchema: { type: 'object' } }] }, 'tools.0.name: must be letters, digits'],
    [{ tools: [{ name: 'x', inputSchema: { type: 'string' } }] }, 'tools.0.inputSchema.type: must be "object"'],
    [{ config: { headers: { A: { required: true } } } }, 'config.headers.A.label: is required'],
    [{ useCount: -1 }, 'useCount: must be at least 0'],
    [
      {
        tools: [
          { name: 'a', inputSchema: { type: 'object' } },
          { name: 'a', inputSchema: { type: 'object' } },
        ],
      },
      'tools.1.name: repeats the name of tool 0 ("a")',
    ],
    [{ deploymentUrl: 'ftp://x' }, 'deploymentUrl: must be an absolute http or https URL'],
  ])('rejects the authoring body %j with 400', async (body, message) => {
    const response = await harness.call('PUT', '/servers/@acme/bad', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message) });
  });

  it('rejects a qualified name that breaks the pattern', async () => {
    const response = await harness.call('PUT', '/servers/@a/b/c', { body: {} });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('qualifiedName: must match');
  });

  it('deletes an entry, after which it is gone from detail, list and search', async () => {
    await harness.call('PUT', '/servers/@acme/doomed', { body: { description: 'ephemeral thing' } });
    expect((await harness.call('GET', '/servers?q=ephemeral')).body.pagination.totalCount).toBe(1);
    const deleted = await harness.call('DELETE', '/servers/acme%2Fdoomed');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ server: '@acme/doomed', namespace: 'acme', success: true });
    expect((await harness.call('GET', '/servers/@acme/doomed')).status).toBe(404);
    expect((await harness.call('GET', '/servers?q=ephemeral')).body.pagination.totalCount).toBe(0);
    expect((await harness.call('DELETE', '/servers/@acme/doomed')).status).toBe(404);
  });
});
