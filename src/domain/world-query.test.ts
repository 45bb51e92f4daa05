import { describe, expect, it } from 'vitest';
import type { WorldState } from './memory-log.js';
import { entitiesOf } from './world-query.js';
import { applyWorldChangesInPlace } from './world-state.js';

describe('entitiesOf', () => {
  it('lists numeric ids in number order before the others, in text order', () => {
    const world: WorldState = { entities: { issue: { b: {}, '10': {}, a: {}, '9': {} } }, facts: [] };
    expect(entitiesOf(world, 'issue').map((entity) => entity.id)).toEqual(['9', '10', 'a', 'b']);
    expect(entitiesOf(world, 'none')).toEqual([]);
  });

  it('follows a type object that its owner changed in place', () => {
    const owned = new WeakSet<object>();
    let world = applyWorldChangesInPlace({ entities: {}, facts: [] }, { upserts: [{ type: 'event', id: 'e2', fields: { n: 1 } }] }, owned);
    expect(entitiesOf(world, 'event').map((entity) => entity.id)).toEqual(['e2']);
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e1', fields: { n: 2 } }] }, owned);
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e2', fields: { n: 3 } }] }, owned);
    expect(entitiesOf(world, 'event')).toEqual([
      { id: 'e1', fields: { n: 2 } },
      { id: 'e2', fields: { n: 3 } },
    ]);
  });

  it('hands out a list of its own each time, so a caller may change it', () => {
    const world: WorldState = { entities: { event: { e1: {}, e2: {} } }, facts: [] };
    entitiesOf(world, 'event').pop();
    expect(entitiesOf(world, 'event')).toHaveLength(2);
  });
});
