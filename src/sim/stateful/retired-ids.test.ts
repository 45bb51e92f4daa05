import { describe, expect, it } from 'vitest';
import { applyWorldChanges, maxFactLength } from '../../domain/world-state.js';
import type { WorldState } from '../../domain/memory-log.js';
import { retiredIdFacts, retiredIdsOf, withRetiredIds } from './retired-ids.js';

const world = (ids: string[]): WorldState => ({
  entities: { invoice: Object.fromEntries(ids.map((id) => [id, { id }])) },
  facts: [],
});

describe('retired ids', () => {
  it('leaves a fact only for a delete that lowers the counter: the highest id of its prefix', () => {
    expect(retiredIdFacts(world(['1', '2', '3']), [{ type: 'invoice', id: '2' }])).toEqual([]);
    expect(retiredIdFacts(world(['1', '2', '3']), [{ type: 'invoice', id: '3' }])).toEqual([
      'invoice 3 was deleted; its id is never given again',
    ]);
    // A batch that deletes 2 and 3 retires 3 alone; another prefix counts on its own, in the same fact.
    expect(
      retiredIdFacts(world(['1', '2', '3', 'INV-0007']), [
        { type: 'invoice', id: '2' },
        { type: 'invoice', id: '3' },
        { type: 'invoice', id: 'INV-0007' },
      ]),
    ).toEqual(['Deleted; their ids are never given again: invoice 3, INV-0007']);
  });

  it('leaves no fact for a name (a lowercase word), and one for every random id, which counts nothing', () => {
    expect(
      retiredIdFacts(world(['cus_abc', 'deploy-service']), [
        { type: 'invoice', id: 'cus_abc' },
        { type: 'invoice', id: 'deploy-service' },
      ]),
    ).toEqual([]);
    // Not only the newest: any deleted random id is retired, so the count that seeds the next one never goes down.
    const random = ['cus_Q6JZat84iO0yR1', 'PCG3Q2M', '3f2b9c1e-8a4d-4c2e-9b7a-1d5e6f708192'];
    expect(
      retiredIdFacts(
        world(random),
        random.map((id) => ({ type: 'invoice', id })),
      ),
    ).toEqual([`Deleted; their ids are never given again: invoice ${random.join(', ')}`]);
  });

  it('retires every deleted snowflake, not only the highest: long ids of one width are drawn, not counted', () => {
    const snowflakes = ['1098765432109876543', '1198765432109876543'];
    expect(retiredIdFacts(world(snowflakes), [{ type: 'invoice', id: snowflakes[0]! }])).toEqual([
      `invoice ${snowflakes[0]} was deleted; its id is never given again`,
    ]);
    // Short numbers, or numbers of mixed widths, count: only the highest retires.
    expect(retiredIdFacts(world(['41', '42']), [{ type: 'invoice', id: '41' }])).toEqual([]);
    expect(retiredIdFacts(world(['99999', '100000']), [{ type: 'invoice', id: '99999' }])).toEqual([]);
  });

  it('leaves one fact for a delete of hundreds, counting what it cannot list, and reads every one back', () => {
    const ids = Array.from({ length: 300 }, (_, index) => `tsk_${String(index).padStart(4, '0')}Ab9QzXw2`);
    const before: WorldState = {
      entities: { task: Object.fromEntries(ids.map((id) => [id, { id }])), project: { P7ZK2QX: {} } },
      facts: [],
    };
    const deletes = [{ type: 'project', id: 'P7ZK2QX' }, ...ids.map((id) => ({ type: 'task', id }))];
    const facts = retiredIdFacts(before, deletes);
    expect(facts).toHaveLength(1);
    expect(facts[0]!.length).toBeLessThanOrEqual(maxFactLength);
    expect(facts[0]).toMatch(/^Deleted; their ids are never given again: project P7ZK2QX; task tsk_0000Ab9QzXw2, .* and \d+ more$/);
    const after = applyWorldChanges(before, withRetiredIds(before, { deletes }));
    const { ids: listed, unlisted } = retiredIdsOf(after, 'task');
    expect(listed).toEqual(ids.slice(0, listed.length));
    expect(listed.length + unlisted).toBe(300);
    expect(retiredIdsOf(after, 'project')).toEqual({ ids: ['P7ZK2QX'], unlisted: 0 });
  });

  it('reads back from the world the ids its facts retired, per type', () => {
    const before = world(['1', '2']);
    const after = applyWorldChanges(before, withRetiredIds(before, { deletes: [{ type: 'invoice', id: '2' }] }));
    expect(after.entities.invoice).toEqual({ '1': { id: '1' } });
    expect(retiredIdsOf(after, 'invoice')).toEqual({ ids: ['2'], unlisted: 0 });
    expect(retiredIdsOf(after, 'client')).toEqual({ ids: [], unlisted: 0 });
    expect(retiredIdsOf(before, 'invoice')).toEqual({ ids: [], unlisted: 0 });
  });
});
