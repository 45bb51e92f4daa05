import { describe, expect, it } from 'vitest';
import type { WorldState } from './memory-log.js';
import { entitiesOf, isPagingArgument, toPageRequest } from './world-query.js';
import { applyWorldChangesInPlace } from './world-state.js';

describe('entitiesOf', () => {
  it('lists numeric ids in number order before the others, in the order they came into the world', () => {
    const world: WorldState = { entities: { issue: { b: {}, '10': {}, a: {}, '9': {}, '007': {} } }, facts: [] };
    expect(entitiesOf(world, 'issue').map((entity) => entity.id)).toEqual(['007', '9', '10', 'b', 'a']);
    expect(entitiesOf(world, 'none')).toEqual([]);
  });

  it('follows a type object that its owner changed in place', () => {
    const owned = new WeakSet<object>();
    let world = applyWorldChangesInPlace({ entities: {}, facts: [] }, { upserts: [{ type: 'event', id: 'e2', fields: { n: 1 } }] }, owned);
    expect(entitiesOf(world, 'event').map((entity) => entity.id)).toEqual(['e2']);
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e1', fields: { n: 2 } }] }, owned);
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e2', fields: { n: 3 } }] }, owned);
    expect(entitiesOf(world, 'event')).toEqual([
      { id: 'e2', fields: { n: 3 } },
      { id: 'e1', fields: { n: 2 } },
    ]);
  });

  it('hands out a list of its own each time, so a caller may change it', () => {
    const world: WorldState = { entities: { event: { e1: {}, e2: {} } }, facts: [] };
    entitiesOf(world, 'event').pop();
    expect(entitiesOf(world, 'event')).toHaveLength(2);
  });

  it('stays in order across a long run of in-place changes (new, changed, deleted and numeric ids)', () => {
    const owned = new WeakSet<object>();
    let world: WorldState = { entities: {}, facts: [] };
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let step = 0; step < 400; step++) {
      const id = random() < 0.6 ? `e_${Math.floor(random() * 80)}` : String(Math.floor(random() * 120));
      const changes = random() < 0.1 ? { deletes: [{ type: 'event', id }] } : { upserts: [{ type: 'event', id, fields: { step } }] };
      world = applyWorldChangesInPlace(world, changes, owned);
      if (random() < 0.5) {
        // The same entities from a copy of the type object, which no cache has seen.
        const fresh: WorldState = { entities: world.entities.event ? { event: { ...world.entities.event } } : {}, facts: [] };
        expect(entitiesOf(world, 'event')).toEqual(entitiesOf(fresh, 'event'));
      }
    }
  });
});

describe('paging arguments', () => {
  it('takes maxItems and maxRecords as page sizes, not as bounds on a field', () => {
    expect(isPagingArgument('maxItems')).toBe(true);
    expect(isPagingArgument('max_records')).toBe(true);
    expect(toPageRequest({ maxItems: 10 })).toMatchObject({ size: 10 });
  });
});
