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

  it('leaves no fact for an id with no number to count on, or a random one that ends in a digit', () => {
    expect(retiredIdFacts(world(['cus_abc']), [{ type: 'invoice', id: 'cus_abc' }])).toEqual([]);
    expect(retiredIdFacts(world(['cus_Q6JZat84iO0yR1']), [{ type: 'invoice', id: 'cus_Q6JZat84iO0yR1' }])).toEqual([]);
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
