/**
 * Finished entities over the real platform (a real SQLite file, `app.fetch` in process, the
 * stateful simulator alone): a list that says it shows only open ones by default leaves a completed
 * task out until a state is asked for, and a change described on an active transaction finds no
 * committed one (finished-entities.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-finished-', (started) => (harness = started));

const text = { type: 'string' };
const tool = (name: string, description: string, properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});

const todoTools = [
  tool('create-todo', 'Create a task (VTODO) in a calendar', { calendarUrl: text, summary: text }),
  tool(
    'list-todos',
    'List tasks (VTODOs) in the calendar. By default returns only open tasks. Use `status` to include completed (`COMPLETED`) tasks.',
    { calendarUrl: text, status: { type: 'string', enum: ['OPEN', 'ALL', 'NEEDS-ACTION', 'COMPLETED'] } },
    ['calendarUrl'],
  ),
  tool('complete-todo', 'Marks a task (VTODO) as done. Sets its status to COMPLETED.', { uid: text, calendarUrl: text }),
];

const transactionTools = [
  tool('begin_transaction', 'Start a new database transaction', { connectionId: text }),
  tool('commit_transaction', 'Commit an active transaction', { transactionId: text }),
];

/** A new mock of `tools` on an empty world: its tool calls. */
async function connect(id: string, tools: unknown[]) {
  expect((await harness.call('PUT', `/servers/@qa/${id}`, { body: { tools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/lab');
  expect((await harness.call('PUT', `/connect/lab/${id}`, { body: { server: `@qa/${id}`, mock: { enabled: true } } })).status).toBe(201);
  const empty = { world: { entities: {}, facts: [] } };
  expect((await harness.call('PUT', `/__mcpsim/connections/lab/${id}/simulation`, { body: empty })).status).toBe(200);
  return toolAnswers(harness, `lab/${id}`);
}

const calendarUrl = 'https://cal.example.com/dav/calendars/ada/work/';

describe('finished entities', () => {
  it('leaves a completed task out of a list that shows only open ones by default, and shows it when asked', async () => {
    const call = await connect('todos', todoTools);
    const created = await call('create-todo', { calendarUrl, summary: 'Send planning notes' });
    const uid = created.uid ?? created.id;
    expect(JSON.stringify(await call('list-todos', { calendarUrl }))).toContain('Send planning notes');

    expect(await call('complete-todo', { uid, calendarUrl })).not.toHaveProperty('error');
    expect(JSON.stringify(await call('list-todos', { calendarUrl }))).not.toContain('Send planning notes');
    expect(JSON.stringify(await call('list-todos', { calendarUrl, status: 'COMPLETED' }))).toContain('Send planning notes');
  });

  it('commits an active transaction once, then answers a not-found', async () => {
    const call = await connect('transactions', transactionTools);
    const begun = await call('begin_transaction', { connectionId: 'warehouse' });
    expect(await call('commit_transaction', { transactionId: begun.id })).not.toHaveProperty('error');
    expect(await call('commit_transaction', { transactionId: begun.id })).toEqual({ error: `Transaction ${begun.id} not found` });
  });
});
