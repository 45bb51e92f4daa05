/**
 * A service whose id argument is described as the record's UUID (Coolify's `projects(operation, id)`,
 * "Project UUID") shows its records' key under `uuid`, driven with no model over the real platform
 * (a real SQLite file, `app.fetch` in process): the `uuid` a create or a list shows is the id the
 * other operations take. An id only written as a UUID ("The project ID (UUID format)"), or another thing's ("Item UUID"), adds nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-uuid-keys-', (started) => (harness = started));

const text = { type: 'string' };

async function connect(name: string, idDescription: string) {
  const tools = [
    {
      name: 'projects',
      description: 'Manage projects.',
      inputSchema: {
        type: 'object',
        properties: {
          operation: { type: 'string', enum: ['list', 'get', 'create', 'update', 'delete'] },
          id: { ...text, description: idDescription },
          name: text,
        },
        required: ['operation'],
      },
    },
  ];
  expect((await harness.call('PUT', `/servers/@qa/${name}`, { body: { tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/ops');
  const connected = await harness.call('PUT', `/connect/ops/${name}`, { body: { server: `@qa/${name}`, mock: { enabled: true } } });
  expect(connected.status).toBe(201);
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', `/__mcpsim/connections/ops/${name}/simulation`, { body: empty })).status).toBe(200);
  return toolAnswers(harness, `ops/${name}`);
}

describe('records keyed by a UUID', () => {
  it('show the key under uuid, and every operation takes it', async () => {
    const call = await connect('deployer', 'Project UUID');
    const created = await call('projects', { operation: 'create', name: 'webshop' });
    expect(created.uuid).toBe(created.id);
    expect(await call('projects', { operation: 'get', id: created.uuid })).toMatchObject({ uuid: created.uuid, name: 'webshop' });
    expect(await call('projects', { operation: 'list' })).toMatchObject({ projects: [{ uuid: created.uuid }] });
  });

  it('add no uuid where the id is only written as one, or is another thing’s', async () => {
    for (const [name, description] of [
      ['tracker', 'The project ID (UUID format)'],
      ['cart', 'Item UUID from the cart'],
    ]) {
      const call = await connect(name!, description!);
      expect(await call('projects', { operation: 'create', name: 'webshop' })).not.toHaveProperty('uuid');
    }
  });
});
