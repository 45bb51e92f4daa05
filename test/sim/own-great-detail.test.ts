/**
 * A user's help desk, never tuned on before: the real 7 tools of `@great-detail/support-mcp` 0.6.0
 * (the Great Detail Support System; servers/great-detail-support-tools.json), driven as a support
 * agent would with no model, over the real platform (a real SQLite file, `app.fetch` in process),
 * on the world a user's scenario gives: conversations awaiting an agent or the contact, one
 * resolved, one escalated.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-great-detail-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/great-detail-support-tools.json', import.meta.url), 'utf8')) as unknown[];

const contact = {
  ct_anna: { id: 'ct_anna', name: 'Anna Schmidt', type: 'CONSUMER', emailAddress: 'anna.schmidt@example.com' },
  ct_lea: { id: 'ct_lea', name: 'Léa Martin', type: 'REPRESENTATIVE' },
};

const conversation = {
  cv_101: { id: 'cv_101', title: 'Brake pads arrived damaged', status: 'AWAITING_AGENT', contactId: 'ct_anna', escalated: true },
  cv_102: { id: 'cv_102', title: 'Where is my order #4471?', status: 'AWAITING_CONTACT', contactId: 'ct_ben', escalated: false },
  cv_103: { id: 'cv_103', title: 'Size exchange for helmet', status: 'RESOLVED', contactId: 'ct_anna', escalated: false },
};

/** The help desk mock on the scenario's world: a caller of its tools that fails on an error. */
async function desk() {
  const call = await mockOnTools(harness, { namespace: 'desk', connection: 'support', tools });
  const world = { entities: { contact, conversation }, facts: [] };
  const seeded = await harness.call('PUT', '/__mcpsim/connections/desk/support/simulation', { body: { world } });
  expect(seeded.status).toBe(200);
  return call;
}

/** The ids of the conversations a list-conversations call answers. */
async function listed(call: Awaited<ReturnType<typeof desk>>, args: Record<string, unknown>): Promise<string[]> {
  const answer = (await call('list-conversations', args)) as { conversations: { id: string }[] };
  return answer.conversations.map((item) => item.id).sort();
}

describe('a Great Detail help desk driven with no model', () => {
  it('answers the view a filter choice names by the status the conversations hold, in the spelling they hold it', async () => {
    const call = await desk();
    expect(await listed(call, {})).toEqual(['cv_101', 'cv_102', 'cv_103']);
    expect(await listed(call, { filter: 'awaitingAgent' })).toEqual(['cv_101']);
    expect(await listed(call, { filter: 'awaitingContact' })).toEqual(['cv_102']);
  });

  it('answers the escalated view by the yes/no field of that name, and the unresolved one without the resolved conversation', async () => {
    const call = await desk();
    expect(await listed(call, { filter: 'escalated' })).toEqual(['cv_101']);
    expect(await listed(call, { filter: 'unresolved' })).toEqual(['cv_101', 'cv_102']);
  });

  it('makes a new contact an id with the prefix every contact of the world has', async () => {
    const call = await desk();
    const created = await call('create-contact', { name: 'Carla Rossi', emailAddress: 'carla.rossi@example.com' });
    expect(created.id).toMatch(/^ct_/);
    expect(['ct_anna', 'ct_lea']).not.toContain(created.id);
    expect(await call('get-contact', { id: created.id })).toMatchObject({ name: 'Carla Rossi', type: 'CONSUMER' });
  });
});
