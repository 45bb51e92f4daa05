import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock.js';
import { parseRegistryRecord, toHttpProfile, toRegistryEntry, type RegistryRecord } from './registry-record.js';
import { toQualityScore } from './registry.js';

const clock = createManualClock('2026-03-04T05:06:07.000Z');

function parse(value: unknown): RegistryRecord {
  const parsed = parseRegistryRecord(value);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.record;
}

function problem(value: unknown): string {
  const parsed = parseRegistryRecord(value);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(value)}`);
  return parsed.message;
}

/** A line of the public data set's servers.json, as is. */
const dataSetItem = {
  id: '8024cc2f-3467-59f2-a299-8cbb989d6629',
  qualifiedName: '@modelcontextprotocol/time',
  namespace: 'modelcontextprotocol',
  slug: 'time',
  displayName: 'Time',
  description: 'Time and timezone conversion capabilities.',
  iconUrl: '',
  verified: true,
  useCount: 1234,
  remote: true,
  isDeployed: true,
  createdAt: '2024-11-21T00:00:00.000Z',
  homepage: 'https://github.com/modelcontextprotocol/servers/tree/main/src/time',
  byPlatform: false,
  owner: 'owner-1',
  score: 0.6543,
  repoOwner: 'modelcontextprotocol',
  repoName: 'servers',
  remoteUrl: 'https://time.example.com/mcp',
};

describe('list items', () => {
  it('keeps every given field, turns score into quality and uses remoteUrl as the deployment URL', () => {
    const entry = toRegistryEntry(parse(dataSetItem), { clock });
    const { score, ...listing } = dataSetItem;
    expect(entry).toEqual({
      ...listing,
      quality: score,
      deploymentUrl: 'https://time.example.com/mcp',
      serverInfo: { name: 'time', version: '1.0.0' },
      config: {},
      tools: [],
      resources: [],
      prompts: [],
      security: null,
    });
  });

  it('fills a record with only a qualifiedName the way the public data set derives its fields', () => {
    const entry = toRegistryEntry(parse({ qualifiedName: '@modelcontextprotocol/time' }), { clock });
    expect(entry).toMatchObject({
      id: '8024cc2f-3467-59f2-a299-8cbb989d6629',
      namespace: 'modelcontextprotocol',
      slug: 'time',
      displayName: 'time',
      description: '',
      createdAt: '2026-03-04T05:06:07.000Z',
      deploymentUrl: 'https://server.smithery.ai/modelcontextprotocol/time/mcp',
      homepage: 'https://smithery.ai/server/@modelcontextprotocol/time',
      serverInfo: { name: 'time', version: '1.0.0' },
      config: {},
      remote: false,
      repoOwner: null,
      remoteUrl: null,
      quality: 0,
    });
    // The data set's owner of every @modelcontextprotocol server.
    expect(entry.owner).toBe(toRegistryEntry(parse({ qualifiedName: '@modelcontextprotocol/git' }), { clock }).owner);
  });

  it('gives an unscoped name the namespace "" and the whole name as slug', () => {
    const entry = toRegistryEntry(parse({ qualifiedName: 'linear' }), { clock });
    expect(entry).toMatchObject({ namespace: '', slug: 'linear', deploymentUrl: 'https://server.smithery.ai/linear/mcp' });
  });

  it('computes quality when the score is missing or null, and reads the hosted bySmithery as byPlatform', () => {
    const record = { qualifiedName: '@a/b', useCount: 500, verified: true, description: 'x'.repeat(90), score: null, bySmithery: true };
    const entry = toRegistryEntry(parse(record), { clock });
    expect(entry.quality).toBe(toQualityScore({ useCount: 500, verified: true, iconUrl: '', description: 'x'.repeat(90) }));
    expect(entry.quality).toBeGreaterThan(0.3);
    expect(entry.byPlatform).toBe(true);
  });

  it('keeps the stored createdAt of a record that brings none, so a re-import changes nothing', () => {
    const record = parse({ qualifiedName: '@a/b' });
    const entry = toRegistryEntry(record, { clock, storedCreatedAt: () => '2025-01-01T00:00:00.000Z' });
    expect(entry.createdAt).toBe('2025-01-01T00:00:00.000Z');
    const dated = toRegistryEntry(parse({ qualifiedName: '@a/b', createdAt: '2025-06-01T12:00:00+02:00' }), {
      clock,
      storedCreatedAt: () => '2025-01-01T00:00:00.000Z',
    });
    expect(dated.createdAt).toBe('2025-06-01T10:00:00.000Z');
  });
});

describe('server details (the SDK ServerGetResponse)', () => {
  const detail = {
    qualifiedName: '@acme/weather',
    displayName: 'Acme Weather',
    description: 'Forecasts.',
    iconUrl: null,
    remote: true,
    deploymentUrl: 'https://server.smithery.ai/acme/weather/mcp',
    connections: [
      { type: 'stdio', bundleUrl: 'https://example.com/b.mcpb', runtime: 'node', configSchema: {} },
      {
        type: 'http',
        deploymentUrl: 'https://server.smithery.ai/acme/weather/mcp',
        configSchema: {
          type: 'object',
          required: ['apiKey'],
          properties: {
            apiKey: { type: 'string', title: 'API key', description: 'Your key', 'x-from': { header: 'x-api-key' } },
            region: { type: 'string', 'x-from': { query: 'region' } },
            units: { type: 'string', default: 'metric' },
          },
        },
      },
    ],
    tools: [{ name: 'forecast', description: null, inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
    resources: null,
    prompts: [{ name: 'plan-trip', arguments: [{ name: 'city', required: true }] }],
    security: { scanPassed: true },
  };

  it('takes tools, prompts, security and the deployment URL, and derives headers and query from x-from', () => {
    const entry = toRegistryEntry(parse(detail), { clock });
    expect(entry).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      namespace: 'acme',
      slug: 'weather',
      displayName: 'Acme Weather',
      iconUrl: '',
      remote: true,
      isDeployed: true,
      deploymentUrl: 'https://server.smithery.ai/acme/weather/mcp',
      config: {
        headers: { 'x-api-key': { label: 'API key', description: 'Your key', required: true } },
        query: { region: { label: 'region', required: false } },
      },
      resources: [],
      prompts: [{ name: 'plan-trip', arguments: [{ name: 'city', required: true }] }],
      security: { scanPassed: true },
    });
    expect(entry.tools).toEqual([{ name: 'forecast', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }]);
  });

  it('asks for nothing when the config schema does not say where values come from', () => {
    expect(toHttpProfile({ type: 'object', required: ['a'], properties: { a: { type: 'string' } } })).toEqual({});
    expect(toHttpProfile(undefined)).toEqual({});
  });

  it('refuses a connection of an unknown type and tools that share a name', () => {
    expect(problem({ ...detail, connections: [{ type: 'ws', deploymentUrl: 'https://x.test' }] })).toBe(
      'connections.0.type: must be "http" or "stdio" (got "ws")',
    );
    const twice = { name: 'a', inputSchema: { type: 'object' } };
    expect(problem({ ...detail, tools: [twice, twice] })).toBe('tools.1.name: repeats the name of tool 0 ("a"); tool names must be unique');
  });
});

describe('catalog files', () => {
  it('reads a demo catalog file as the catalog loader does', () => {
    const file = JSON.parse(readFileSync(new URL('../../catalog/modelcontextprotocol__time.json', import.meta.url), 'utf8'));
    const entry = toRegistryEntry(parse(file), { clock });
    expect(entry).toMatchObject({
      id: file.id,
      qualifiedName: '@modelcontextprotocol/time',
      serverInfo: file.serverInfo,
      tools: file.tools,
      security: null,
    });
    expect(entry.quality).toBe(toQualityScore(file));
  });
});

describe('garbage', () => {
  it.each([
    [{ qualifiedName: '@a/b', useCount: 1.5 }, 'useCount: must be an integer (got 1.5)'],
    [{ qualifiedName: '@a/b', useCount: -1 }, 'useCount: must be at least 0 (got -1)'],
    [{ qualifiedName: '@a/b', verified: 'yes' }, 'verified: must be a boolean (got "yes")'],
    [{ qualifiedName: 'a b' }, 'qualifiedName: must match /^@?[a-zA-Z0-9][a-zA-Z0-9_-]*(?:\\/[a-zA-Z0-9][a-zA-Z0-9_-]*)?$/ (got "a b")'],
    [{ displayName: 'no name' }, 'qualifiedName: is required'],
    [{ qualifiedName: '@a/b', stars: 3 }, 'stars: unknown property, not allowed here'],
    [{ qualifiedName: '@a/b', remoteUrl: 'ftp://a.test' }, 'remoteUrl: must be an http(s) URL (got "ftp://a.test")'],
    [{ qualifiedName: '@a/b', createdAt: 'yesterday' }, 'createdAt: must be a valid datetime (got "yesterday")'],
    [{ qualifiedName: '@a/b', namespace: 'c' }, 'namespace: must be "a", as in qualifiedName "@a/b" (got "c")'],
    [{ qualifiedName: '@a/b', id: 'not-a-uuid' }, 'id: must be a valid uuid (got "not-a-uuid")'],
    [{ qualifiedName: '@a/b', serverInfo: { name: 'b' } }, expect.stringContaining('serverInfo.version: is required')],
    ['@a/b', 'must be an object (got string)'],
    [null, 'must be an object (got null)'],
  ])('refuses %j with a message naming the field', (record, message) => {
    expect(problem(record)).toEqual(message);
  });

  it('names the record it could not read, when it has a name', () => {
    const parsed = parseRegistryRecord({ qualifiedName: '@x/y', useCount: 'many' });
    expect(parsed).toMatchObject({ ok: false, shape: 'list-item', qualifiedName: '@x/y' });
  });
});
