/**
 * Children a parent keeps as a list of ids (issue 36, point 3: children listed under their parent,
 * moves), over the real platform (a real SQLite file, `app.fetch` in process), with no model: a
 * sprint's tasks are the ones added to it, and a transfer to another sprint moves them there.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-parent-members-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('children a parent keeps as a list of ids', () => {
  it('lists a sprint’s tasks and moves them to another sprint', async () => {
    const tools = [
      { name: 'create_sprint', description: 'Create a sprint.', inputSchema: object({ name: text }, ['name']) },
      { name: 'create_task', description: 'Create a task.', inputSchema: object({ title: text }, ['title']) },
      { name: 'list_sprint_tasks', description: 'List the tasks of a sprint.', inputSchema: object({ sprint_id: text }, ['sprint_id']) },
      {
        name: 'transfer_sprint_tasks',
        description: 'Move the unfinished tasks of a sprint to another sprint.',
        inputSchema: object({ sprint_id: text, new_sprint_id: text }, ['sprint_id', 'new_sprint_id']),
      },
    ];
    const call = await mockOnTools(harness, { namespace: 'plan', connection: 'sprints', tools });
    // Two sprints, the first keeping one task as an id, as a membership update writes it (how a
    // server's add tool is read is the reading's business; the world is what it leaves).
    const world = {
      entities: {
        sprint: { s1: { id: 's1', name: 'Sprint 1', tasks: ['t1'] }, s2: { id: 's2', name: 'Sprint 2' } },
        task: { t1: { id: 't1', title: 'Export invoices' }, t2: { id: 't2', title: 'Fix login' } },
      },
      facts: [],
    };
    const at = '/__mcpsim/connections/plan/sprints/simulation';
    expect((await harness.call('PUT', at, { body: { world } })).status).toBe(200);
    const [first, second, task, other] = [{ id: 's1' }, { id: 's2' }, { id: 't1' }, { id: 't2' }];

    const ids = async (sprint: string) =>
      (await call('list_sprint_tasks', { sprint_id: sprint })).tasks.map((item: { id: unknown }) => item.id);
    expect(await ids(first.id)).toEqual([task.id]);
    expect(await ids(second.id)).toEqual([]);
    expect(await ids(first.id)).not.toContain(other.id);

    await call('transfer_sprint_tasks', { sprint_id: first.id, new_sprint_id: second.id });
    expect(await ids(second.id)).toEqual([task.id]);
    expect(await ids(first.id)).toEqual([]);
  });
});
