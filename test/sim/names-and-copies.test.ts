/**
 * A tracker whose tools name tasks and lists by id or by name, driven with no model over the real
 * platform (a real SQLite file, `app.fetch` in process): the world its description names (lists,
 * the tasks in each, their statuses), reads and deletes by a task's name, a move given the
 * destination's name (its id moves with it), and a duplicate that copies the task it names. And a
 * helpdesk whose tickets the description names without a state: they start where a create puts one
 * (open), under the field its create writes a ticket's words to (subject).
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-names-copies-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const tools = [
  {
    name: 'create_task',
    description: 'Creates a task in a list. Use listId (preferred) or listName.',
    inputSchema: object({ name: text, listId: text, listName: text, status: text }, ['name']),
  },
  {
    name: 'get_task',
    description: 'Gets a task by taskId, or taskName with the listName that holds it.',
    inputSchema: object({ taskId: { type: 'string', description: 'ID of the task' }, taskName: text, listName: text }),
  },
  {
    name: 'get_tasks',
    description: 'Lists the tasks of a list, by listId or listName.',
    inputSchema: object({ listId: text, listName: text }),
  },
  {
    name: 'move_task',
    description: 'Moves a task to another list. Use taskId + (listId or listName).',
    inputSchema: object({ taskId: text, taskName: text, sourceListName: text, listId: text, listName: text }),
  },
  {
    name: 'duplicate_task',
    description: 'Creates a copy of a task, in the same list or another one.',
    inputSchema: object({ taskId: text, listId: text, listName: text }),
  },
  { name: 'delete_task', description: 'Deletes a task by taskId or taskName.', inputSchema: object({ taskId: text, taskName: text }) },
];

describe('tasks and lists named by id or by name', () => {
  it('starts from the lists and tasks the description names, and keeps both keys of a list through moves and copies', async () => {
    expect((await harness.call('PUT', '/servers/@qa/tracker', { body: { tools } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/team');
    const scenario =
      'Lists "Backlog" and "Sprint 12". In "Sprint 12": task "Fix login redirect" (status in progress) and task "Write release notes" (status to do).';
    const put = await harness.call('PUT', '/connect/team/tracker', { body: { server: '@qa/tracker', mock: { enabled: true, scenario } } });
    expect(put.status).toBe(201);
    const call = toolAnswers(harness, 'team/tracker');

    const sprint = await call('get_tasks', { listName: 'Sprint 12' });
    expect(sprint.tasks.map((task: { name: string; status: string }) => [task.name, task.status])).toEqual([
      ['Fix login redirect', 'in progress'],
      ['Write release notes', 'to do'],
    ]);
    expect((await call('get_tasks', { listName: 'Backlog' })).tasks).toEqual([]);
    const sprintId = sprint.tasks[0].listId;
    expect(sprintId).toEqual(expect.any(String));

    const notes = await call('get_task', { taskName: 'Write release notes' });
    expect(notes).toMatchObject({ name: 'Write release notes', listName: 'Sprint 12' });

    const created = await call('create_task', { name: 'Update onboarding docs', listName: 'Backlog' });
    const backlogId = created.listId;
    expect(backlogId).toEqual(expect.any(String));
    expect(backlogId).not.toBe(sprintId);

    const moved = await call('move_task', { taskId: created.id, listName: 'Sprint 12' });
    expect(moved).toMatchObject({ id: created.id, listName: 'Sprint 12', listId: sprintId });
    expect((await call('get_tasks', { listId: sprintId })).tasks.map((task: { id: string }) => task.id)).toContain(created.id);
    expect((await call('get_tasks', { listId: backlogId })).tasks).toEqual([]);

    const copy = await call('duplicate_task', { taskId: notes.id, listName: 'Backlog' });
    expect(copy).toMatchObject({ name: 'Write release notes', status: 'to do', listName: 'Backlog', listId: backlogId });
    expect(copy.id).not.toBe(notes.id);
    expect(copy).not.toHaveProperty('taskId');
    expect(await call('duplicate_task', { taskId: 'NOPE-1' })).toEqual({ error: expect.stringMatching(/NOPE-1.*not found/i) });

    const fix = sprint.tasks[0].id as string;
    expect(await call('delete_task', { taskName: 'Fix login redirect' })).toEqual({ text: expect.stringContaining(fix) });
    expect(await call('get_task', { taskName: 'Fix login redirect' })).toEqual({ error: expect.stringMatching(/not found/) });
  });
});

const desk = [
  {
    name: 'create_ticket',
    description: 'Opens a ticket.',
    inputSchema: object({ subject: text, priority: { type: 'string', enum: ['low', 'high'] } }, ['subject']),
  },
  {
    name: 'list_tickets',
    description: 'Lists tickets by status.',
    inputSchema: object({ status: { type: 'string', enum: ['open', 'pending', 'closed'] } }),
  },
  { name: 'get_ticket', description: 'Gets a ticket.', inputSchema: object({ ticket_id: text }, ['ticket_id']) },
  {
    name: 'update_ticket',
    description: 'Updates a ticket.',
    inputSchema: object({ ticket_id: text, status: { type: 'string', enum: ['open', 'pending', 'closed'] } }, ['ticket_id']),
  },
];

describe('tickets a description names without a state', () => {
  it('start in the state a create gives, so the list that asks for it shows them', async () => {
    expect((await harness.call('PUT', '/servers/@qa/desk', { body: { tools: desk } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/team');
    const scenario = 'Tickets "Printer jam" and "VPN down". Ticket "Payroll export" (status pending).';
    expect(
      (await harness.call('PUT', '/connect/team/desk', { body: { server: '@qa/desk', mock: { enabled: true, scenario } } })).status,
    ).toBe(201);
    const call = toolAnswers(harness, 'team/desk');

    const open = await call('list_tickets', { status: 'open' });
    expect(open.tickets.map((ticket: { subject: string; status: string }) => [ticket.subject, ticket.status])).toEqual([
      ['Printer jam', 'open'],
      ['VPN down', 'open'],
    ]);
    const created = await call('create_ticket', { subject: 'Badge reader' });
    expect(created.status).toBe('open');
    expect((await call('list_tickets', { status: 'open' })).tickets).toHaveLength(3);
    expect((await call('list_tickets', { status: 'pending' })).tickets.map((ticket: { subject: string }) => ticket.subject)).toEqual([
      'Payroll export',
    ]);
  });
});
