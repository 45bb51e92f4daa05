import { describe, expect, it } from 'vitest';
import { emptyWorld, type WorldState } from './memory-log.js';
import { applyWorldChanges, applyWorldChangesInPlace, idsChangedSince, maxWorldFacts, typeVersion } from './world-state.js';

const world = (): WorldState => ({
  entities: { issue: { '1': { title: 'Bug', state: 'open' }, '2': { title: 'Feature' } }, user: { u1: { name: 'Ada' } } },
  facts: ['repo is public'],
});

describe('applyWorldChanges', () => {
  it('creates an entity that did not exist, leaving out null fields', () => {
    const next = applyWorldChanges(emptyWorld(), { upserts: [{ type: 'contact', id: 'c_1', fields: { name: 'Bo', email: null } }] });
    expect(next).toEqual({ entities: { contact: { c_1: { name: 'Bo' } } }, facts: [] });
  });

  it('merges fields into an existing entity and removes the fields set to null', () => {
    const next = applyWorldChanges(world(), {
      upserts: [{ type: 'issue', id: '1', fields: { state: null, labels: ['bug'], title: 'Crash' } }],
    });
    expect(next.entities.issue!['1']).toEqual({ title: 'Crash', labels: ['bug'] });
    expect(next.entities.issue!['2']).toEqual({ title: 'Feature' });
  });

  it('replaces a nested field value whole instead of merging inside it', () => {
    const start = applyWorldChanges(emptyWorld(), { upserts: [{ type: 'file', id: 'a', fields: { meta: { size: 1, mode: 'rw' } } }] });
    const next = applyWorldChanges(start, { upserts: [{ type: 'file', id: 'a', fields: { meta: { size: 2 } } }] });
    expect(next.entities.file!.a).toEqual({ meta: { size: 2 } });
  });

  it('applies several upserts of one entity in order', () => {
    const next = applyWorldChanges(emptyWorld(), {
      upserts: [
        { type: 'issue', id: '9', fields: { title: 'A', state: 'open' } },
        { type: 'issue', id: '9', fields: { state: 'closed' } },
      ],
    });
    expect(next.entities.issue!['9']).toEqual({ title: 'A', state: 'closed' });
  });

  it('deletes an entity and keeps the rest of its type', () => {
    const next = applyWorldChanges(world(), { deletes: [{ type: 'issue', id: '1' }] });
    expect(next.entities.issue).toEqual({ '2': { title: 'Feature' } });
  });

  it('keeps a type, empty, once its last entity is deleted: the world still holds it', () => {
    const next = applyWorldChanges(world(), { deletes: [{ type: 'user', id: 'u1' }] });
    expect(Object.keys(next.entities)).toEqual(['issue', 'user']);
    expect(next.entities.user).toEqual({});
  });

  it('ignores deletes of entities or types that do not exist', () => {
    const start = world();
    const next = applyWorldChanges(start, {
      deletes: [
        { type: 'issue', id: '404' },
        { type: 'ghost', id: 'x' },
        { type: 'constructor', id: 'x' },
      ],
    });
    expect(next).toEqual(start);
  });

  it('applies deletes after upserts, so a call that does both leaves the entity deleted', () => {
    const next = applyWorldChanges(world(), {
      upserts: [{ type: 'user', id: 'u1', fields: { name: 'Ada L.' } }],
      deletes: [{ type: 'user', id: 'u1' }],
    });
    expect(next.entities.user).toEqual({});
  });

  it('appends new facts in order and skips exact duplicates, old or within the same call', () => {
    const next = applyWorldChanges(world(), { facts: ['repo is public', 'issues are enabled', 'issues are enabled', 'Repo is public'] });
    expect(next.facts).toEqual(['repo is public', 'issues are enabled', 'Repo is public']);
  });

  it(`keeps only the newest ${maxWorldFacts} facts`, () => {
    let current = emptyWorld();
    for (let index = 0; index < maxWorldFacts + 50; index += 10) {
      current = applyWorldChanges(current, { facts: Array.from({ length: 10 }, (_, offset) => `fact ${index + offset}`) });
    }
    expect(current.facts).toHaveLength(maxWorldFacts);
    expect(current.facts[0]).toBe('fact 50');
    expect(current.facts.at(-1)).toBe(`fact ${maxWorldFacts + 49}`);
  });

  it('never mutates the world it is given', () => {
    const start = world();
    const before = structuredClone(start);
    applyWorldChanges(start, {
      upserts: [
        { type: 'issue', id: '1', fields: { state: null } },
        { type: 'issue', id: '3', fields: { title: 'New' } },
      ],
      deletes: [
        { type: 'user', id: 'u1' },
        { type: 'issue', id: '2' },
      ],
      facts: ['new fact'],
    });
    expect(start).toEqual(before);
  });

  it('shares the parts a change does not touch, and returns the same world for no changes', () => {
    const start = world();
    expect(applyWorldChanges(start, {})).toBe(start);
    const next = applyWorldChanges(start, { upserts: [{ type: 'issue', id: '1', fields: { state: 'closed' } }] });
    expect(next.entities.user).toBe(start.entities.user);
    expect(next.entities.issue!['2']).toBe(start.entities.issue!['2']);
    expect(next.facts).toBe(start.facts);
  });

  it('treats names such as __proto__ and constructor as plain keys', () => {
    const next = applyWorldChanges(emptyWorld(), {
      upserts: [
        { type: '__proto__', id: 'constructor', fields: JSON.parse('{"__proto__":1,"toString":"x"}') as Record<string, unknown> },
        { type: 'constructor', id: '1', fields: { a: 1 } },
      ],
    });
    expect(JSON.parse(JSON.stringify(next))).toEqual(
      JSON.parse('{"entities":{"__proto__":{"constructor":{"__proto__":1,"toString":"x"}},"constructor":{"1":{"a":1}}},"facts":[]}'),
    );
    expect(Object.getPrototypeOf(next.entities)).toBe(Object.prototype);
  });
});

describe('applyWorldChangesInPlace', () => {
  it('copies a type once, then changes it in place with a new version, and gives the same world as applyWorldChanges', () => {
    const start = world();
    const owned = new WeakSet<object>();
    const changes = [
      { upserts: [{ type: 'issue', id: '3', fields: { title: 'New' } }] },
      { upserts: [{ type: 'issue', id: '1', fields: { state: 'closed' } }], deletes: [{ type: 'issue', id: '2' }] },
      { upserts: [{ type: 'label', id: 'bug', fields: { color: 'red' } }], facts: ['labels exist'] },
    ];
    let pure = start;
    let inPlace = start;
    const issueTypes: object[] = [];
    for (const change of changes) {
      pure = applyWorldChanges(pure, change);
      inPlace = applyWorldChangesInPlace(inPlace, change, owned);
      issueTypes.push(inPlace.entities.issue!);
      expect(inPlace).toEqual(pure);
    }
    // The world it was given keeps its own type objects: only copies the owner made change in place.
    expect(start).toEqual(world());
    expect(issueTypes[1]).toBe(issueTypes[0]);
    expect(issueTypes[0]).not.toBe(start.entities.issue);
    expect(typeVersion(issueTypes[0]!)).toBe(1);
    expect(typeVersion(start.entities.issue!)).toBe(0);
  });

  it('tells which ids changed in place since a version, and nothing once an entity was deleted', () => {
    const owned = new WeakSet<object>();
    let next = applyWorldChangesInPlace(world(), { upserts: [{ type: 'issue', id: '3', fields: { title: 'New' } }] }, owned);
    const issues = next.entities.issue!;
    next = applyWorldChangesInPlace(next, { upserts: [{ type: 'issue', id: '1', fields: { state: 'closed' } }] }, owned);
    next = applyWorldChangesInPlace(next, { upserts: [{ type: 'issue', id: '3', fields: { state: 'open' } }] }, owned);
    expect(idsChangedSince(issues, 0)).toEqual(['1', '3']);
    expect(idsChangedSince(issues, 2)).toEqual([]);
    applyWorldChangesInPlace(next, { deletes: [{ type: 'issue', id: '2' }] }, owned);
    expect(idsChangedSince(issues, 0)).toBeNull();
    expect(idsChangedSince(world().entities.issue!, 0)).toEqual([]);
  });
});
