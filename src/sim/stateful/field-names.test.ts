import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import { applyWorldChangesInPlace } from '../../domain/world-state.js';
import { hasFieldNamed } from './field-names.js';

describe('the field names of a world type', () => {
  it('follows upserts, removed fields and deletes made in place', () => {
    const owned = new WeakSet<object>();
    let world: WorldState = { entities: {}, facts: [] };
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e1', fields: { title: 'Retro' } }] }, owned);
    expect(hasFieldNamed(world, 'event', 'title')).toBe(true);
    expect(hasFieldNamed(world, 'event', 'start_time')).toBe(false);
    world = applyWorldChangesInPlace(
      world,
      { upserts: [{ type: 'event', id: 'e2', fields: { startTime: '2026-03-02T09:00:00Z' } }] },
      owned,
    );
    expect(hasFieldNamed(world, 'event', 'start_time')).toBe(true);
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e2', fields: { startTime: null } }] }, owned);
    expect(hasFieldNamed(world, 'event', 'start_time')).toBe(false);
    world = applyWorldChangesInPlace(world, { deletes: [{ type: 'event', id: 'e1' }] }, owned);
    expect(hasFieldNamed(world, 'event', 'title')).toBe(false);
    expect(hasFieldNamed(world, 'calendar', 'title')).toBe(false);
  });

  it('reads only the entities changed since it last looked, not every entity', () => {
    let reads = 0;
    const counted = (fields: Record<string, unknown>) =>
      new Proxy(fields, {
        ownKeys: (target) => {
          reads++;
          return Reflect.ownKeys(target);
        },
      });
    const owned = new WeakSet<object>();
    const events = Object.fromEntries(Array.from({ length: 5000 }, (_, at) => [`e${at}`, counted({ title: `Event ${at}` })]));
    let world: WorldState = applyWorldChangesInPlace({ entities: { event: events }, facts: [] }, {}, owned);
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'e0', fields: { day: '2026-03-02' } }] }, owned);
    expect(hasFieldNamed(world, 'event', 'day')).toBe(true);
    reads = 0;
    world = applyWorldChangesInPlace(world, { upserts: [{ type: 'event', id: 'new', fields: { room: 'B' } }] }, owned);
    expect(hasFieldNamed(world, 'event', 'room')).toBe(true);
    expect(hasFieldNamed(world, 'event', 'colour')).toBe(false);
    expect(reads).toBeLessThanOrEqual(2);
  });
});
