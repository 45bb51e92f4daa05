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
