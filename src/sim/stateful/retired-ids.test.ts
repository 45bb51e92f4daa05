import { describe, expect, it } from 'vitest';
import { applyWorldChanges } from '../../domain/world-state.js';
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
    // A batch that deletes 2 and 3 leaves one fact, for 3; another prefix counts on its own.
    expect(
      retiredIdFacts(world(['1', '2', '3', 'INV-0007']), [
        { type: 'invoice', id: '2' },
        { type: 'invoice', id: '3' },
        { type: 'invoice', id: 'INV-0007' },
      ]),
    ).toEqual(['invoice 3 was deleted; its id is never given again', 'invoice INV-0007 was deleted; its id is never given again']);
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
    ).toEqual(random.map((id) => `invoice ${id} was deleted; its id is never given again`));
  });

  it('reads back from the world the ids its facts retired, per type', () => {
    const before = world(['1', '2']);
    const after = applyWorldChanges(before, withRetiredIds(before, { deletes: [{ type: 'invoice', id: '2' }] }));
    expect(after.entities.invoice).toEqual({ '1': { id: '1' } });
    expect(retiredIdsOf(after, 'invoice')).toEqual(['2']);
    expect(retiredIdsOf(after, 'client')).toEqual([]);
    expect(retiredIdsOf(before, 'invoice')).toEqual([]);
  });
});
