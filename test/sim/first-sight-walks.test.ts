/**
 * Agent walks on servers seen for the first time (issue 36), over MCP with the SDK's client through
 * the platform in process, on tools written for this test in the shapes fresh servers had: an id
 * copied from an answer into the next call has the type that call's argument declares.
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
