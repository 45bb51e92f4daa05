/**
 * A delete of hundreds of records at once, through the real MCP SDK client over the platform in
 * process with no model: the ids it retires are one world fact, not one each, so the world's older
 * facts stay in its window (`maxWorldFacts`), and no deleted id is handed out again.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { emptyWorld, type WorldState } from '../../src/domain/memory-log.js';
import { applyWorldChanges } from '../../src/domain/world-state.js';
import { retiredIdFacts, retiredIdsOf } from '../../src/sim/stateful/retired-ids.js';

let harness: Harness;
useSimulatorHarness('mcpsim-batch-delete-facts-', (started) => (harness = started));

const taskId = { type: 'string', description: 'The task ID, e.g. tsk_8fK2pQ9xLm3N' };
const tools: ToolDefinition[] = [
  { name: 'create_task', description: 'Create a task', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
  { name: 'get_task', description: 'Get a task', inputSchema: { type: 'object', properties: { task_id: taskId }, required: ['task_id'] } },
  {
    name: 'delete_tasks',
    description: 'Delete tasks by their IDs',
    inputSchema: { type: 'object', properties: { task_ids: { type: 'array', items: taskId } }, required: ['task_ids'] },
  },
];
const older = 'The team ships on Fridays.';

describe('a delete of many records', () => {
  it('leaves one fact for 300 deleted tasks, keeps the older fact, and never hands a deleted id out again', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'tasks', tools });
    const path = '/__mcpsim/connections/lab/tasks';
    const seed = async (world: WorldState) => {
      expect((await harness.call('PUT', `${path}/simulation`, { body: { world } })).status).toBe(200);
      expect((await harness.call('DELETE', `${path}/memory`)).status).toBeLessThan(300);
    };
    // Made-up ids as long as the ones the server makes (`tsk_` and 12); as many as the one fact lists come first.
    const made = Array.from({ length: 297 }, (_, index) => `tsk_${String(index).padStart(3, '0')}Qm7Zx2Kp9`);
    const planned = applyWorldChanges(emptyWorld(), {
      facts: retiredIdFacts(
        emptyWorld(),
        made.map((id) => ({ type: 'task', id })),
      ),
    });
    const listed = retiredIdsOf(planned, 'task').ids.length;
    expect(listed).toBeGreaterThan(3);
    expect(listed).toBeLessThan(297);
    const task = (id: string) => [id, { id, title: `Task ${id}` }];
    try {
      // Three tasks made while the world holds `listed`: their ids are drawn from the seed a create after the delete would
      // get again, were the ids the fact only counted forgotten.
      await seed({ entities: { task: Object.fromEntries(made.slice(0, listed).map(task)) }, facts: [older] });
      const first: string[] = [];
      for (const title of ['Plan', 'Build', 'Ship']) first.push((await call('create_task', { title })).json.id as string);
      expect(
        first.every((id) => /^tsk_[A-Za-z0-9]{12}$/.test(id)),
        first.join(),
      ).toBe(true);
      // The rest beside them, then all 300 deleted in one call, the three made last.
      const { world } = (await harness.call('GET', `${path}/memory`)).body as { world: WorldState };
      Object.assign(world.entities.task!, Object.fromEntries(made.slice(listed).map(task)));
      await seed(world);
      const deleted = [...made, ...first];
      const removed = await call('delete_tasks', { task_ids: deleted });
      expect(removed.isError, removed.text).toBe(false);
      const after = (await harness.call('GET', `${path}/memory`)).body as { world: WorldState };
      expect(after.world.facts).toContain(older);
      expect(after.world.facts.filter((fact) => /never given again/.test(fact))).toHaveLength(1);
      // The world with its fact is a seed world again as it is (every fact within a seed's length).
      await seed(after.world);
      for (const title of ['Plan again', 'Build again', 'Ship again']) {
        const created = await call('create_task', { title });
        expect(created.isError, created.text).toBe(false);
        expect(deleted).not.toContain(created.json.id);
      }
      const read = await call('get_task', { task_id: first[0] });
      expect(read.isError, read.text).toBe(true);
    } finally {
      await close();
    }
  });
});
