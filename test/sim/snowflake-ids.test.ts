/**
 * Snowflake ids (Discord's, Twitter's: 18 or 19 digits drawn from a clock and a machine, not
 * counted), through the real MCP SDK client over the platform in process with no model: a deleted
 * one is never handed out again, whether or not it was the highest.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-snowflake-ids-', (started) => (harness = started));

const channelId = { type: 'string', description: 'The channel ID (a snowflake, e.g. 1098765432109876543)' };
const tools: ToolDefinition[] = [
  {
    name: 'create_channel',
    description: 'Create a text channel',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
  {
    name: 'get_channel',
    description: 'Get a channel',
    inputSchema: { type: 'object', properties: { channel_id: channelId }, required: ['channel_id'] },
  },
  {
    name: 'delete_channel',
    description: 'Delete a channel',
    inputSchema: { type: 'object', properties: { channel_id: channelId }, required: ['channel_id'] },
  },
];

describe('snowflake ids', () => {
  it('never hands a deleted snowflake out again, though a higher one is kept', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'guild', tools });
    // The highest snowflake there can be is kept, so no deleted one is ever the highest.
    const highest = '9999999999999999999';
    const world = { entities: { channel: { [highest]: { id: highest, name: 'general' } } }, facts: [] };
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/guild/simulation', { body: { world } })).status).toBe(200);
    try {
      const given: string[] = [];
      for (const name of ['releases', 'support', 'random']) {
        const created = await call('create_channel', { name });
        expect(created.isError, created.text).toBe(false);
        const id = String(created.json.id);
        expect(id).toMatch(/^\d{19}$/);
        expect(given).not.toContain(id);
        given.push(id);
        expect((await call('delete_channel', { channel_id: id })).isError).toBe(false);
        const read = await call('get_channel', { channel_id: id });
        expect(read.isError, read.text).toBe(true);
      }
    } finally {
      await close();
    }
  });
});
