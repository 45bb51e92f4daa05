/**
 * States a server names only in a list's filter (`statuses: [triggered, acknowledged, resolved]`)
 * and in a create's words ("New incidents start as triggered"), over the real platform (a real
 * SQLite file, `app.fetch` in process), with no model: a new incident starts triggered, a
 * transition moves it, and the any-of filter picks by state.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-listed-states-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const states = { type: 'array', items: { type: 'string', enum: ['acknowledged', 'triggered', 'resolved'] } };

describe('states named by a list filter and a create’s words', () => {
  it('starts an incident in the state its create names, moves it, and lists by any of several states', async () => {
    const tools = [
      {
        name: 'create_incident',
        description: 'Trigger a new incident. New incidents start as triggered.',
        inputSchema: object({ title: text }, ['title']),
      },
      {
        name: 'acknowledge_incident',
        description: 'Acknowledge an incident.',
        inputSchema: object({ incident_id: text }, ['incident_id']),
      },
      { name: 'list_incidents', description: 'List incidents by status.', inputSchema: object({ statuses: states }) },
    ];
    const call = await mockOnTools(harness, { namespace: 'oncall', connection: 'pager', tools });

    const first = await call('create_incident', { title: 'Checkout 500s' });
    const second = await call('create_incident', { title: 'Slow invoices' });
    expect(first.status).toBe('triggered');
    expect((await call('acknowledge_incident', { incident_id: first.id })).status).toBe('acknowledged');

    const titles = async (statuses: string[]) =>
      (await call('list_incidents', { statuses })).incidents.map((incident: { title: string }) => incident.title);
    expect(await titles(['triggered'])).toEqual(['Slow invoices']);
    expect(await titles(['acknowledged', 'resolved'])).toEqual(['Checkout 500s']);
    expect(await titles(['triggered', 'acknowledged'])).toEqual(['Checkout 500s', 'Slow invoices']);
    expect(second.id).not.toBe(first.id);
  });
});
