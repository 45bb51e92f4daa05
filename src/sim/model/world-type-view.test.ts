import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import { applyWorldChanges, applyWorldChangesInPlace } from '../../domain/world-state.js';
import { typeView, type TypeView } from './world-type-view.js';

/** What a view says, in plain values: the same whether it was derived or built afresh. */
function plain(view: TypeView) {
  return {
    ids: [...view.ids],
    entities: [...view.entities],
    position: Object.fromEntries(view.position),
    byLeaf: Object.fromEntries(
      [...view.byLeaf].map(([leaf, ids]) => [leaf, [...ids].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  };
}

/** The view built from nothing: a copy of the type object, under a type name never seen before (so no earlier view to derive it from). */
let freshViews = 0;
const fresh = (type: string, world: WorldState) => plain(typeView(`${type} (fresh ${freshViews++})`, { ...world.entities[type]! }));

describe('a world type view kept up to date across world changes', () => {
  it('matches a view built afresh after upserts (changed and new entities), deletes, and another world of the same type name', () => {
    let world: WorldState = { entities: {}, facts: [] };
    let other: WorldState = { entities: {}, facts: [] };
    const steps: Parameters<typeof applyWorldChanges>[1][] = [
      {
        upserts: [
          { type: 'ticket', id: 'T-1', fields: { status: 'open', title: 'VPN drops' } },
          { type: 'ticket', id: 'T-2', fields: { status: 'open', title: 'Printer' } },
        ],
      },
      { upserts: [{ type: 'ticket', id: 'T-1', fields: { status: 'closed' } }] },
      { upserts: [{ type: 'ticket', id: 'T-3', fields: { status: 'open', tags: ['vpn', 'urgent'] } }] },
      { deletes: [{ type: 'ticket', id: 'T-2' }] },
      {
        upserts: [
          { type: 'ticket', id: 'T-3', fields: { tags: null, status: 'pending' } },
          { type: 'ticket', id: 'T-4', fields: { status: 'open' } },
        ],
      },
    ];
    for (const step of steps) {
      world = applyWorldChanges(world, step);
      expect(plain(typeView('ticket', world.entities.ticket!))).toEqual(fresh('ticket', world));
    }
    // Another connection's world, with its own "ticket" type, viewed in turn with this one's.
    for (const [index, step] of steps.entries()) {
      world = applyWorldChanges(world, step);
      other = applyWorldChanges(other, { upserts: [{ type: 'ticket', id: `X-${index}`, fields: { status: 'open' } }] });
      expect(plain(typeView('ticket', world.entities.ticket!))).toEqual(fresh('ticket', world));
      expect(plain(typeView('ticket', other.entities.ticket!))).toEqual(fresh('ticket', other));
    }
    const view = typeView('ticket', world.entities.ticket!);
    expect(view.ids).toEqual(['T-1', 'T-3', 'T-4']);
    expect([...view.byLeaf.get('open')!]).toEqual(['T-4']);
    expect([...view.byLeaf.get('closed')!]).toEqual(['T-1']);
    expect(view.byLeaf.get('vpn')).toBeUndefined();
  });

  it('answers an older world of the type again correctly after a newer one took its arrays', () => {
    const before = applyWorldChanges(
      { entities: {}, facts: [] },
      { upserts: [{ type: 'event', id: 'e1', fields: { day: '2026-03-03' } }] },
    );
    const first = plain(typeView('event', before.entities.event!));
    const after = applyWorldChanges(before, { upserts: [{ type: 'event', id: 'e2', fields: { day: '2026-03-04' } }] });
    expect(typeView('event', after.entities.event!).ids).toEqual(['e1', 'e2']);
    expect(plain(typeView('event', before.entities.event!))).toEqual(first);
    expect(plain(typeView('event', after.entities.event!))).toEqual(fresh('event', after));
  });

  it('follows a type object that its owner changed in place', () => {
    const owned = new WeakSet<object>();
    let world: WorldState = applyWorldChangesInPlace(
      { entities: {}, facts: [] },
      { upserts: [{ type: 'note', id: 'n1', fields: { text: 'first' } }] },
      owned,
    );
    const byId = world.entities.note!;
    expect(plain(typeView('note (in place)', byId)).ids).toEqual(['n1']);
    world = applyWorldChangesInPlace(
      world,
      {
        upserts: [
          { type: 'note', id: 'n1', fields: { text: 'changed' } },
          { type: 'note', id: 'n2', fields: { text: 'second' } },
        ],
      },
      owned,
    );
    expect(world.entities.note).toBe(byId);
    expect(plain(typeView('note (in place)', byId))).toEqual(fresh('note', world));
    world = applyWorldChangesInPlace(world, { deletes: [{ type: 'note', id: 'n1' }] }, owned);
    expect(plain(typeView('note (in place)', byId))).toEqual(fresh('note', world));
  });

  it('matches a view built afresh after every step of a long run of in-place changes (new, changed, deleted and re-created ids)', () => {
    const owned = new WeakSet<object>();
    let world: WorldState = { entities: {}, facts: [] };
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let step = 0; step < 400; step++) {
      // Text ids and integer-like ones (Object.keys lists those first, in number order).
      const id = () => (random() < 0.8 ? `k${Math.floor(random() * 60)}` : String(Math.floor(random() * 20)));
      const changes =
        random() < 0.15
          ? { deletes: [{ type: 'item', id: id() }] }
          : { upserts: [{ type: 'item', id: id(), fields: { value: Math.floor(random() * 5), step } }] };
      world = applyWorldChangesInPlace(world, changes, owned);
      if (!world.entities.item) continue;
      // Asked only now and then, so a view catches up with several changes at once.
      if (random() < 0.5) expect(plain(typeView('item (long run)', world.entities.item))).toEqual(fresh('item', world));
    }
  });
});
