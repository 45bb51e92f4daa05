/**
 * A read with no arguments of a type the server creates (a food ordering server's `get_basket()`
 * after `add_to_basket(storeId, items)`), driven with no model over the real platform (a real
 * SQLite file, `app.fetch` in process): it answers the basket the create made, not a made-up one.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-current-record-', (started) => (harness = started));

const number = { type: 'number' };
const tools = [
  {
    name: 'add_to_basket',
    description: 'Add items to the shopping cart.',
    inputSchema: {
      type: 'object',
      properties: {
        storeId: { ...number, description: 'Restaurant ID' },
        items: { type: 'array', items: { type: 'object', properties: { productId: number, quantity: number } } },
      },
      required: ['storeId', 'items'],
    },
  },
  { name: 'get_basket', description: 'Get current cart contents', inputSchema: { type: 'object', properties: {} } },
];

describe('a read of the current record', () => {
  it('answers what the create made', async () => {
    expect((await harness.call('PUT', '/servers/@qa/food', { body: { tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/ops');
    expect((await harness.call('PUT', '/connect/ops/food', { body: { server: '@qa/food', mock: { enabled: true } } })).status).toBe(201);
    const empty = { world: { entities: {}, facts: [] } };
    expect((await harness.call('PUT', '/__mcpsim/connections/ops/food/simulation', { body: empty })).status).toBe(200);
    const call = toolAnswers(harness, 'ops/food');
    const added = await call('add_to_basket', { storeId: 7, items: [{ productId: 42, quantity: 2 }] });
    expect(await call('get_basket', {})).toMatchObject({ id: added.id, storeId: 7, items: [{ productId: 42, quantity: 2 }] });
  });
});
