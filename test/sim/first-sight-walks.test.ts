/**
 * Agent walks on servers seen for the first time (issue 36), over MCP with the SDK's client through
 * the platform in process, on tools written for this test in the shapes fresh servers had: an id
 * copied from an answer into the next call has the type that call's argument declares, and a search
 * of a catalogue the scenario never filled finds the name it asks for, where a list's filter does not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, type Harness } from '../support/harness.js';
import { connectMockClient } from '../support/mock-client.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-first-sight-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

const object = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
});
afterEach(() => harness.close());

describe('an id in the type of the argument that takes it back', () => {
  // As Datadog's server has it: `id` is text, and another action's `monitor_id` a number.
  const monitors: ToolDefinition = {
    name: 'monitors',
    description: 'Manage monitors. Actions: list, get, create, update, delete.',
    inputSchema: object(
      {
        action: { type: 'string', enum: ['list', 'get', 'create', 'update', 'delete', 'preview'], description: 'Action to perform' },
        id: { type: 'string', description: 'Monitor ID (required for get/update/delete)' },
        name: { type: 'string', description: 'Filter by name (for list action)' },
        config: { type: 'object', additionalProperties: {}, description: 'Monitor configuration (for create/update)' },
        monitor_id: { type: 'number', description: 'Numeric monitor ID used by the preview action' },
      },
      ['action'],
    ),
  };

  it('answers a new monitor with an id the id argument takes, and reads, updates and deletes it by that id', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'monitoring', tools: [monitors] });
    try {
      const created = await call('monitors', { action: 'create', config: { name: 'High CPU', type: 'metric alert' } });
      expect(created.isError, created.text).toBe(false);
      const id: unknown = created.json.id;
      expect(typeof id).toBe('string');
      const read = await call('monitors', { action: 'get', id });
      expect(read.isError, read.text).toBe(false);
      expect(read.json).toMatchObject({ id, config: { name: 'High CPU' } });
      expect((await call('monitors', { action: 'update', id, config: { message: 'page the web team' } })).isError).toBe(false);
      expect((await call('monitors', { action: 'delete', id })).isError).toBe(false);
      const gone = await call('monitors', { action: 'get', id });
      expect(gone.isError).toBe(true);
      expect(gone.text).toMatch(/not found/);
    } finally {
      await close();
    }
  });
});

describe('a search of a catalogue the scenario never filled', () => {
  const geocoding: ToolDefinition = {
    name: 'geocoding',
    description: 'Search for locations worldwide by place name. Returns coordinates and location details.',
    inputSchema: object(
      {
        name: { type: 'string', minLength: 2, description: 'Place name to search for' },
        countryCode: { type: 'string', description: 'ISO-3166-1 alpha2 country code to filter results' },
      },
      ['name'],
    ),
  };
  const listCountries: ToolDefinition = {
    name: 'list_countries',
    description: 'List the countries the service covers.',
    inputSchema: object({ name: text }, []),
  };

  it('finds the place named in the search, and keeps the filter it was asked with', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'geo', tools: [geocoding] });
    try {
      const found = await call('geocoding', { name: 'Kiel', countryCode: 'DE' });
      expect(found.isError, found.text).toBe(false);
      const places = Object.values(found.json as Record<string, unknown>).find(Array.isArray) as Record<string, unknown>[];
      expect(places[0]).toMatchObject({ name: 'Kiel', countryCode: 'DE' });
      // Asked again, the same place: it is remembered, not made anew.
      expect((await call('geocoding', { name: 'Kiel', countryCode: 'DE' })).text).toBe(found.text);
    } finally {
      await close();
    }
  });

  it('lists a catalogue without making up the name a list filters by', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'countries', tools: [listCountries] });
    try {
      const listed = await call('list_countries', { name: 'Atlantis' });
      expect(listed.isError, listed.text).toBe(false);
      expect(listed.text).not.toContain('Atlantis');
    } finally {
      await close();
    }
  });
});

describe('a list asked for one record by its own id', () => {
  // As Replicate's server has them: `get_files(file_id)` reads as a list of files, and is the service's GET /files/{file_id}.
  const files: ToolDefinition[] = [
    { name: 'create_files', description: 'Upload a file.', inputSchema: object({ filename: text, content: text }, ['filename']) },
    // No argument required, as generated from the service's OpenAPI document.
    { name: 'get_files', description: 'Get the details of a file.', inputSchema: object({ file_id: text }, []) },
    { name: 'delete_files', description: 'Delete a file.', inputSchema: object({ file_id: text }, []) },
  ];

  it('answers the file while it exists and a not-found once it is deleted', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'files', tools: files });
    try {
      const created = await call('create_files', { filename: 'cats.zip', content: 'aGVsbG8=' });
      expect(created.isError, created.text).toBe(false);
      const id = created.json.id as string;
      expect((await call('get_files', { file_id: id })).text).toContain(id);
      expect((await call('delete_files', { file_id: id })).isError).toBe(false);
      const gone = await call('get_files', { file_id: id });
      expect(gone.isError).toBe(true);
      expect(gone.text).toMatch(/not found/);
    } finally {
      await close();
    }
  });

  it('lists the children of a block named by the id of a page, which is a block too, none once they are deleted', async () => {
    // As Notion's server has them: a page's id is the block its content is appended to.
    const { call, close } = await connectMockClient(harness, {
      name: 'notes',
      tools: [
        { name: 'create-page', description: 'Create a page.', inputSchema: object({ parent_id: text, properties: text }, ['parent_id']) },
        {
          name: 'append-blocks',
          inputSchema: object({ block_id: { type: 'string', description: 'The ID of the block to append to' }, children: text }, [
            'block_id',
            'children',
          ]),
        },
        { name: 'delete-block', inputSchema: object({ block_id: text }, ['block_id']) },
        {
          name: 'get-block-children',
          inputSchema: object(
            { block_id: { type: 'string', description: 'The ID of the block to get children from' }, page_size: { type: 'number' } },
            ['block_id'],
          ),
        },
      ],
    });
    try {
      const page = (await call('create-page', { parent_id: 'db_1', properties: '{"title": "Q3 plan"}' })).json.id as string;
      const children = '[{"type": "paragraph", "paragraph": {"text": "Kickoff on Monday"}}]';
      const appended = await call('append-blocks', { block_id: page, children });
      expect(appended.isError, appended.text).toBe(false);
      const listed = await call('get-block-children', { block_id: page });
      expect(listed.isError, listed.text).toBe(false);
      expect(listed.text).toContain('Kickoff on Monday');
      const block = JSON.parse(listed.text).blocks[0].id as string;
      expect((await call('delete-block', { block_id: block })).isError).toBe(false);
      const emptied = await call('get-block-children', { block_id: page });
      expect(emptied.isError, emptied.text).toBe(false);
      expect(emptied.text).not.toContain('Kickoff on Monday');
    } finally {
      await close();
    }
  });
});

describe('a service that names every record by uid', () => {
  // As Check Point's server has them: hosts and networks are only listed, and any record is read by its uid.
  const listing = { limit: { type: 'number' }, offset: { type: 'number' } };
  const tools: ToolDefinition[] = [
    { name: 'show_hosts', description: 'Show the hosts in the management server.', inputSchema: object(listing, []) },
    { name: 'show_networks', description: 'Show all networks.', inputSchema: object(listing, []) },
    { name: 'show_access_layers', description: 'Show the access layers.', inputSchema: object(listing, []) },
    { name: 'show_access_layer', description: 'Show an access layer.', inputSchema: object({ name: text, uid: text }, []) },
    { name: 'show_simple_gateways', description: 'Show the simple gateways.', inputSchema: object(listing, []) },
    { name: 'show_simple_gateway', description: 'Show a simple gateway.', inputSchema: object({ name: text, uid: text }, []) },
    { name: 'show_object', description: 'Retrieve a generic object by UID.', inputSchema: object({ uid: text }, []) },
  ];

  it('lists hosts by uid, reads a host and a network back as objects by it, and an unknown uid is not found', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'firewall', tools });
    // An empty world, not the starting world's examples: what the lists show is then the service's own records.
    const emptied = await harness.call('PUT', '/__mcpsim/connections/lab/firewall/simulation', {
      body: { world: { entities: {}, facts: [] } },
    });
    expect(emptied.status).toBeLessThan(300);
    try {
      const host = (await call('show_hosts', { limit: 20 })).json.hosts[0] as { uid: string; name: string };
      expect(host.uid).toEqual(expect.any(String));
      expect((await call('show_object', { uid: host.uid })).json).toMatchObject({ uid: host.uid, name: host.name });
      const network = (await call('show_networks', {})).json.networks[0] as { uid: string; name: string };
      expect((await call('show_object', { uid: network.uid })).json).toMatchObject({ uid: network.uid, name: network.name });
      const unknown = await call('show_object', { uid: '00000000-dead-beef-0000-000000000000' });
      expect(unknown.isError, unknown.text).toBe(true);
      expect(unknown.text).toMatch(/not found/);
    } finally {
      await close();
    }
  });

  it('makes up an object read by uid while the world holds nothing', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'firewall', tools });
    try {
      const read = await call('show_object', { uid: 'b1a2c3d4' });
      expect(read.isError, read.text).toBe(false);
      expect(read.json).toMatchObject({ uid: 'b1a2c3d4' });
    } finally {
      await close();
    }
  });
});
