/**
 * The field names the entities of one world type have, normalized (`toNormalName`): what a list
 * asks to tell a filter on a field the world knows from an argument it does not. Kept per type
 * object and caught up from the ids changed in place since (`idsChangedSince`), so a list does not
 * read every entity's fields on every call (issue 30); worked out afresh after a delete or when
 * the type object is another one.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { idsChangedSince, typeVersion } from '../../domain/world-state.js';
import { toNormalName } from '../../domain/world-query.js';

interface FieldNames {
  version: number;
  /** How many entities have each name: a name is known while its count is above 0. */
  counts: Map<string, number>;
  /** Each entity's names as last counted, to take them back out when it changes. */
  byId: Map<string, string[]>;
}

const cache = new WeakMap<object, FieldNames>();

/**
 * Whether an entity of `type` has a field of this name (compared normalized).
 *
 * @example
 *   hasFieldNamed({ entities: { event: { e1: { start_time: '…' } } }, facts: [] }, 'event', 'startTime'); // true
 */
export function hasFieldNamed(world: WorldState, type: string, name: string): boolean {
  if (!Object.hasOwn(world.entities, type)) return false;
  return (namesOf(world.entities[type]!).counts.get(toNormalName(name)) ?? 0) > 0;
}

function namesOf(entities: Record<string, Record<string, unknown>>): FieldNames {
  const version = typeVersion(entities);
  let names = cache.get(entities);
  const changed = names ? idsChangedSince(entities, names.version) : null;
  if (names && changed) {
    for (const id of changed) count(names, id, entities[id]);
  } else {
    names = { version, counts: new Map(), byId: new Map() };
    for (const [id, fields] of Object.entries(entities)) count(names, id, fields);
    cache.set(entities, names);
  }
  names.version = version;
  return names;
}

function count(names: FieldNames, id: string, fields: Record<string, unknown> | undefined): void {
  for (const name of names.byId.get(id) ?? []) names.counts.set(name, names.counts.get(name)! - 1);
  const now = fields ? [...new Set(Object.keys(fields).map(toNormalName))] : [];
  for (const name of now) names.counts.set(name, (names.counts.get(name) ?? 0) + 1);
  names.byId.set(id, now);
}
