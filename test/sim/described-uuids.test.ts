/**
 * Ids a service describes as UUIDs, over the real platform (a real SQLite file, `app.fetch` in
 * process), with no model: an application the tools take by its "Application UUID" gets a UUID
 * for its id, which its read finds; a basket beside an "Item UUID from the cart" keeps its own format.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-described-uuids-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('ids a service describes as UUIDs', () => {
  it('gives a new application a UUID that its read finds', async () => {
    const tools = [
      { name: 'create_application', description: 'Create an application.', inputSchema: object({ name: text }, ['name']) },
      {
        name: 'get_application',
        description: 'Get an application.',
        inputSchema: object({ id: { type: 'string', description: 'Application UUID' } }, ['id']),
      },
      {
        name: 'get_basket',
        description: 'Show the basket.',
        inputSchema: object({ basket_id: { type: 'string', description: 'Item UUID from the cart' } }, ['basket_id']),
      },
      { name: 'create_basket', description: 'Start a basket.', inputSchema: object({ name: text }, ['name']) },
    ];
    const call = await mockOnTools(harness, { namespace: 'paas', connection: 'apps', tools });
    const application = await call('create_application', { name: 'webshop' });
    expect(application.id).toMatch(uuid);
    expect(await call('get_application', { id: application.id })).toMatchObject({ id: application.id, name: 'webshop' });
    // Another thing's UUID in a description says nothing of the basket's own ids.
    expect((await call('create_basket', { name: 'weekly' })).id).not.toMatch(uuid);
  });
});
