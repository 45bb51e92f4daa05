/**
 * How a call's `WorldChanges` change a connection's `WorldState`. Pure: the input is never
 * mutated, and the parts of the world a change does not touch are shared with the result (the
 * simulator applies changes on every call, so copying the whole world each time would cost).
 */
import type { WorldChanges, WorldState } from './memory-log.js';

/** The newest facts a world keeps; older ones fall off first. */
export const maxWorldFacts = 200;

type Fields = Record<string, unknown>;

/**
 * The world after `changes`: upserts first (create the entity, or merge its fields shallowly; a
 * field set to null is removed), then deletes (an emptied type disappears), then facts (appended
 * unless already known, keeping the newest `maxWorldFacts`).
 *
 * @example
 *   applyWorldChanges(emptyWorld(), { upserts: [{ type: 'issue', id: '1', fields: { title: 'Bug' } }], facts: ['repo is public'] });
 *   // { entities: { issue: { '1': { title: 'Bug' } } }, facts: ['repo is public'] }
 */
export function applyWorldChanges(world: WorldState, changes: WorldChanges): WorldState {
  const upserts = changes.upserts ?? [];
  const deletes = changes.deletes ?? [];
  const facts = changes.facts ?? [];
  if (upserts.length === 0 && deletes.length === 0 && facts.length === 0) return world;

  let entities = world.entities;
  if (upserts.length > 0 || deletes.length > 0) {
    entities = { ...world.entities };
    // Types copied in this call: safe to write into without touching `world`.
    const copied = new Set<string>();
    const typeForWrite = (type: string) => {
      if (!copied.has(type)) {
        copied.add(type);
        setOwn(entities, type, { ...(ownValue(entities, type) ?? {}) });
      }
      return ownValue(entities, type)!;
    };
    for (const { type, id, fields } of upserts) {
      const byId = typeForWrite(type);
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
      delete byId[id];
      if (Object.keys(byId).length === 0) delete entities[type];
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
