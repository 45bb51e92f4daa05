/**
 * An on-call server written the way Python servers write a tool that takes one model (`create_model:
 * {incident: {...}}`, `query_model: {status: [...]}`, `manage_request: {incident_ids, status}`),
 * driven with no model over the real platform (a real SQLite file, `app.fetch` in process): what
 * the envelopes wrap is read and kept as any other tool's arguments are.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-envelopes-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const statuses = ['triggered', 'acknowledged', 'resolved'];
const tools = [
  { name: 'list_services', description: 'List all services.', inputSchema: object({ query_model: object({ query: text }) }) },
  {
    name: 'manage_incidents',
    description: 'Manage one or more incidents: change their status or urgency.',
    inputSchema: object(
      {
        manage_request: object(
          { incident_ids: { type: 'array', items: text }, status: { type: 'string', enum: ['acknowledged', 'resolved'] } },
          ['incident_ids'],
        ),
      },
      ['manage_request'],
    ),
  },
  {
    name: 'list_incidents',
    description: 'List incidents, filtered by status and urgency.',
    inputSchema: object({
      query_model: object({
        status: { type: 'array', items: { type: 'string', enum: statuses } },
        urgencies: { type: 'array', items: { type: 'string', enum: ['high', 'low'] } },
      }),
    }),
  },
  { name: 'get_incident', description: 'Get an incident.', inputSchema: object({ incident_id: text }, ['incident_id']) },
  {
    name: 'add_note_to_incident',
    description: 'Add a note to an incident.',
    inputSchema: object({ incident_id: text, note: text }, ['incident_id', 'note']),
  },
  {
    name: 'list_incident_notes',
    description: 'List the notes of an incident.',
    inputSchema: object({ incident_id: text }, ['incident_id']),
  },
  {
    name: 'create_incident',
    description: 'Create an incident.',
    inputSchema: object(
      {
        create_model: object(
          {
            incident: object({ title: text, service: object({ id: text }, ['id']), urgency: { type: 'string', enum: ['high', 'low'] } }, [
              'title',
            ]),
          },
          ['incident'],
        ),
      },
      ['create_model'],
    ),
  },
];

describe('tools whose one argument wraps the others', () => {
  it('creates, filters and changes incidents through their envelopes, starts them in the state no change sets, and keeps their notes', async () => {
    expect((await harness.call('PUT', '/servers/@qa/oncall', { body: { tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/ops');
    const scenario = 'Incident "Checkout latency above 2s" (urgency low, status triggered).';
    const put = await harness.call('PUT', '/connect/ops/oncall', { body: { server: '@qa/oncall', mock: { enabled: true, scenario } } });
    expect(put.status).toBe(201);
    const call = toolAnswers(harness, 'ops/oncall');
    const titles = async (status: string[]) =>
      (await call('list_incidents', { query_model: { status } })).incidents.map((incident: { title: string }) => incident.title);

    const seeded = (await call('list_incidents', {})).incidents;
    expect(seeded).toEqual([expect.objectContaining({ title: 'Checkout latency above 2s', urgency: 'low', status: 'triggered' })]);

    const created = await call('create_incident', {
      create_model: { incident: { title: 'Payments failing', service: { id: 'payments' }, urgency: 'high' } },
    });
    expect(created).toMatchObject({ title: 'Payments failing', urgency: 'high', status: 'triggered' });
    expect(created).not.toHaveProperty('create_model');
    expect(await titles(['triggered'])).toEqual(['Checkout latency above 2s', 'Payments failing']);

    await call('manage_incidents', { manage_request: { incident_ids: [created.id], status: 'resolved' } });
    expect(await titles(['resolved'])).toEqual(['Payments failing']);
    expect(await titles(['triggered'])).toEqual(['Checkout latency above 2s']);
    // A note added to an incident is one of the notes its list shows, not a value on the incident beside made-up notes.
    await call('add_note_to_incident', { incident_id: created.id, note: 'Rolled back the deploy' });
    const notes = (await call('list_incident_notes', { incident_id: created.id })).notes;
    expect(notes).toEqual([expect.objectContaining({ note: 'Rolled back the deploy', incident_id: created.id })]);
    expect((await call('list_incident_notes', { incident_id: seeded[0].id })).notes).toEqual([]);
    expect(await call('manage_incidents', { manage_request: { incident_ids: ['PNOPE'], status: 'resolved' } })).toEqual({
      error: expect.stringMatching(/PNOPE.*not found/i),
    });
  });
});
