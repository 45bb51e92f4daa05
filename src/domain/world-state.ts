/**
 * How a call's `WorldChanges` change a connection's `WorldState`. `applyWorldChanges` is pure:
 * the input is never mutated, and the parts of the world a change does not touch are shared with
 * the result. It still copies each type it touches, which costs as much as the type holds; the
 * memory, which applies a change on every call, owns its world and uses
 * `applyWorldChangesInPlace` instead (issue 30).
 */
import type { WorldChanges, WorldState } from './memory-log.js';

/** The newest facts a world keeps; older ones fall off first. */
export const maxWorldFacts = 200;
/** The longest fact a world keeps (a seed world's facts are checked against it). */
export const maxFactLength = 2000;

type Fields = Record<string, unknown>;

/**
 * The world after `changes`: upserts first (create the entity, or merge its fields shallowly; a
 * field set to null is removed), then deletes, then facts (appended unless already known, keeping
 * the newest `maxWorldFacts`). A type whose last entity is deleted stays, empty: the world held it,
 * so a list of it answers nothing rather than a made-up set (reference-data.ts makes up only what
 * a world never held), as a real service's emptied collection is an empty list.
 *
 * @example
 *   applyWorldChanges(emptyWorld(), { upserts: [{ type: 'issue', id: '1', fields: { title: 'Bug' } }], facts: ['repo is public'] });
 *   // { entities: { issue: { '1': { title: 'Bug' } } }, facts: ['repo is public'] }
 */
export function applyWorldChanges(world: WorldState, changes: WorldChanges): WorldState {
  return apply(world, changes, null);
}

/**
 * Like `applyWorldChanges`, but the type objects in `owned` are changed in place (a type not yet
 * in it is copied once and added), so a call costs what it changes, not what its types hold. The
 * result is a new `WorldState` with a new `entities` object, and each entity an upsert touches is
 * a new object, as with `applyWorldChanges`; a type object changed in place gets a new
 * `typeVersion`, which caches keyed by the type object compare. Only the world's owner may use
 * it: a world handed out before shares the owned type objects and sees them change.
 *
 * @example
 *   const owned = new WeakSet<object>();
 *   world = applyWorldChangesInPlace(world, changes, owned); // the touched types are now owned
 */
export function applyWorldChangesInPlace(world: WorldState, changes: WorldChanges, owned: WeakSet<object>): WorldState {
  return apply(world, changes, owned);
}

const typeVersions = new WeakMap<object, number>();

/**
 * How many times a type object was changed in place (0: never). A cache keyed by a type object
 * keeps the version it saw and works its value out again when this differs.
 */
export function typeVersion(byId: object): number {
  return typeVersions.get(byId) ?? 0;
}

/** How many in-place changes of a type object `idsChangedSince` can tell about. */
const keptChanges = 64;

/** Per type object changed in place: the ids each of its latest changes touched, the first going from version `from`. */
const typeChanges = new WeakMap<object, { from: number; ids: ChangeRecord[] }>();

/** The ids one in-place change upserted, and whether it deleted any (a delete moves a re-created id to the end of the key order). */
interface ChangeRecord {
  ids: string[];
  deleted: boolean;
}

/**
 * The ids of the entities upserted in place in a type object since its version `version`, oldest
 * first, each once; null when that is too long ago to tell or an entity was deleted. What a cache
 * keyed by the type object needs to catch up without reading every entity.
 *
 * @example
 *   idsChangedSince(world.entities.issue, view.version); // ['7', '12']
 */
export function idsChangedSince(byId: object, version: number): readonly string[] | null {
  const log = typeChanges.get(byId);
  const current = typeVersion(byId);
  if (version === current) return [];
  if (!log || version < log.from || version > current) return null;
  const records = log.ids.slice(version - log.from);
  return records.some((record) => record.deleted) ? null : [...new Set(records.flatMap((record) => record.ids))];
}

/** Starts the record of one more in-place change of `byId`, and returns the list its ids go into. */
function recordChange(byId: object): ChangeRecord {
  const version = typeVersion(byId);
  let log = typeChanges.get(byId);
  if (!log || log.from + log.ids.length !== version) typeChanges.set(byId, (log = { from: version, ids: [] }));
  const record: ChangeRecord = { ids: [], deleted: false };
  log.ids.push(record);
  if (log.ids.length > keptChanges) {
    log.ids.shift();
    log.from += 1;
  }
  typeVersions.set(byId, version + 1);
  return record;
}

function apply(world: WorldState, changes: WorldChanges, owned: WeakSet<object> | null): WorldState {
  const upserts = changes.upserts ?? [];
  const deletes = changes.deletes ?? [];
  const facts = changes.facts ?? [];
  if (upserts.length === 0 && deletes.length === 0 && facts.length === 0) return world;

  let entities = world.entities;
  if (upserts.length > 0 || deletes.length > 0) {
    entities = { ...world.entities };
    // Types copied in this call: safe to write into without touching `world`.
    const copied = new Set<string>();
    // The ids changed in each type changed in place, for `idsChangedSince`.
    const changedIds = new Map<string, ChangeRecord>();
    const typeForWrite = (type: string) => {
      if (!copied.has(type)) {
        copied.add(type);
        const current = ownValue(entities, type);
        if (owned && current && owned.has(current)) changedIds.set(type, recordChange(current));
        else {
          const copy = { ...(current ?? {}) };
          owned?.add(copy);
          setOwn(entities, type, copy);
        }
      }
      return ownValue(entities, type)!;
    };
    for (const { type, id, fields } of upserts) {
      const byId = typeForWrite(type);
      changedIds.get(type)?.ids.push(id);
      const merged: Fields = { ...(ownValue(byId, id) ?? {}) };
      for (const [name, value] of Object.entries(fields)) {
        if (value === null) delete merged[name];
        else setOwn(merged, name, value);
      }
      setOwn(byId, id, merged);
    }
    for (const { type, id } of deletes) {
      if (!ownValue(ownValue(entities, type) ?? {}, id)) continue;
      const byId = typeForWrite(type);
      const record = changedIds.get(type);
      if (record) record.deleted = true;
      delete byId[id];
    }
  }

  let knownFacts = world.facts;
  if (facts.length > 0) {
    const seen = new Set(world.facts);
    const added = facts.filter((fact) => !seen.has(fact) && (seen.add(fact), true));
    if (added.length > 0) knownFacts = [...world.facts, ...added].slice(-maxWorldFacts);
  }
  return { entities, facts: knownFacts };
}

/** The own property `key` of `object` (never one of Object.prototype, e.g. for a type named "constructor"). */
function ownValue<T>(object: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets an own property, also for keys such as "__proto__" that plain assignment would treat specially. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
