/**
 * A mock described in words starts from what its words name, over the real platform (a real
 * SQLite file, `app.fetch` in process), with no model: created with `mock.scenario`, and again
 * after a `PUT .../simulation` that gives no world; a world given replaces it.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-described-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const tools = [
  { name: 'list_services', description: 'List the services. Each service has an id like "PSVC12A".', inputSchema: object({}) },
  {
    name: 'create_incident',
    description: 'Trigger an incident on a service.',
    inputSchema: object({ service_id: { type: 'string' }, title: { type: 'string' } }, ['service_id', 'title']),
  },
];

async function serviceNames(connection: string): Promise<{ names: string[]; ids: string[] }> {
  const response = await harness.call('POST', `/connect/${connection}/.tools/list_services`, { body: {} });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const listed = JSON.parse(response.body.content[0].text as string) as { services: { id: string; name: string }[] };
  return { names: listed.services.map((service) => service.name), ids: listed.services.map((service) => service.id) };
}

describe('the world a mock’s description names', () => {
  it('lists the services the description names, in the ids the tools describe, and no made-up ones', async () => {
    expect((await harness.call('PUT', '/servers/@qa/pager', { body: { tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/oncall');
    const mock = { enabled: true, scenario: 'Two services, checkout-api and payments. Grace Hopper is on call.' };
    expect((await harness.call('PUT', '/connect/oncall/pager', { body: { server: '@qa/pager', mock } })).status).toBe(201);

    const first = await serviceNames('oncall/pager');
    expect(first.names).toEqual(['checkout-api', 'payments']);
    for (const id of first.ids) expect(id).toMatch(/^P[A-Z0-9]{6}$/);

    // Settings without a world keep the described one; a world given replaces it.
    const simulation = '/__mcpsim/connections/oncall/pager/simulation';
    expect((await harness.call('PUT', simulation, { body: { tools: {} } })).status).toBe(200);
    expect((await harness.call('DELETE', '/__mcpsim/connections/oncall/pager/memory')).status).toBeLessThan(300);
    expect((await serviceNames('oncall/pager')).names).toEqual(['checkout-api', 'payments']);
    const world = { entities: { service: { PWEB001: { id: 'PWEB001', name: 'web' } } }, facts: [] };
    expect((await harness.call('PUT', simulation, { body: { world } })).status).toBe(200);
    expect((await harness.call('DELETE', '/__mcpsim/connections/oncall/pager/memory')).status).toBeLessThan(300);
    expect((await serviceNames('oncall/pager')).names).toEqual(['web']);
  });
});
