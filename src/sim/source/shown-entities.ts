/**
 * The entities a tool result shows (objects with an `id`, `number`, `key` or `uuid` in its JSON
 * text or structuredContent), and the world indexed by id: what the prompt's history marks as
 * superseded and what the answer check compares with the world. Pure.
 */
import type { LoggedResult, WorldState } from '../../domain/memory-log.js';

/** An entity a result shows: its id and its fields as shown. */
export interface ShownEntity {
  id: string;
  fields: Record<string, unknown>;
}

const idKeys = ['id', 'number', 'key', 'uuid'];
/** Enough for any page a client reads; a result showing more is not compared beyond it. */
const maxShown = 200;

/**
 * The entities `result` shows, outermost first; nothing for an error result or text that is not JSON.
 *
 * @example
 *   entitiesShownBy({ content: [{ type: 'text', text: '{"events":[{"id":"evt_1","status":"confirmed"}]}' }] });
 *   // [{ id: 'evt_1', fields: { id: 'evt_1', status: 'confirmed' } }]
 */
export function entitiesShownBy(result: LoggedResult): ShownEntity[] {
  const shown: ShownEntity[] = [];
  // Iterative, so a deep answer cannot overflow the stack.
  const stack: { value: unknown; depth: number }[] = [];
  const push = (value: unknown) => stack.push({ value, depth: 0 });
  if (result.isError) return shown;
  if (result.structuredContent) push(result.structuredContent);
  for (const item of [...result.content].reverse()) {
    const part = item as { type?: string; text?: string };
    if (part.type !== 'text' || typeof part.text !== 'string' || !/^\s*[[{]/.test(part.text)) continue;
    try {
      push(JSON.parse(part.text));
    } catch {
      // Not JSON: nothing to compare.
    }
  }
  while (stack.length > 0 && shown.length < maxShown) {
    const { value, depth } = stack.pop()!;
    if (depth > 8 || value === null || typeof value !== 'object') continue;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const key = idKeys.find((name) => typeof record[name] === 'string' || typeof record[name] === 'number');
      if (key) shown.push({ id: String(record[key]), fields: record });
    }
    for (let index = children.length - 1; index >= 0; index--) stack.push({ value: children[index], depth: depth + 1 });
  }
  return shown;
}

/** Every world entity by id, with its type (ids of different types may collide: each keeps all). */
export interface WorldIndex {
  get(id: string): readonly { type: string; fields: Record<string, unknown> }[] | undefined;
}

const worldIndexes = new WeakMap<WorldState['entities'], WorldIndex>();

/**
 * The world looked up by id. Lazy: the world is a new object after every call that changes it,
 * and a call looks up a few ids, so each lookup asks every type (a world has few) instead of
 * indexing all entities again per call. Worked out once per id and world.
 *
 * @example
 *   indexWorldById({ entities: { event: { evt_1: { status: 'confirmed' } } }, facts: [] }).get('evt_1');
 *   // [{ type: 'event', fields: { status: 'confirmed' } }]
 */
export function indexWorldById(world: WorldState): WorldIndex {
  let index = worldIndexes.get(world.entities);
  if (!index) {
    const { entities } = world;
    const found = new Map<string, { type: string; fields: Record<string, unknown> }[] | undefined>();
    index = {
      get(id) {
        if (found.has(id)) return found.get(id);
        let holders: { type: string; fields: Record<string, unknown> }[] | undefined;
        for (const type in entities) {
          if (!Object.hasOwn(entities, type)) continue;
          const byId = entities[type]!;
          if (Object.hasOwn(byId, id)) (holders ??= []).push({ type, fields: byId[id]! });
        }
        found.set(id, holders);
        return holders;
      },
    };
    worldIndexes.set(entities, index);
  }
  return index;
}

/**
 * The fields of a shown entity that the world holds with another value (scalars only; a field
 * the world does not have is new, not a contradiction). Empty when some entity of that id agrees.
 */
export function fieldsDifferingFromWorld(shown: ShownEntity, index: WorldIndex): { field: string; shown: unknown; world: unknown }[] {
  const candidates = index.get(shown.id);
  if (!candidates) return [];
  let best: { field: string; shown: unknown; world: unknown }[] | null = null;
  for (const { fields: current } of candidates) {
    const differing: { field: string; shown: unknown; world: unknown }[] = [];
    for (const [name, value] of Object.entries(shown.fields)) {
      if (value === null || typeof value === 'object' || !Object.hasOwn(current, name)) continue;
      const now = current[name];
      if (now !== null && typeof now !== 'object' && String(now) !== String(value))
        differing.push({ field: name, shown: value, world: now });
    }
    if (differing.length === 0) return [];
    if (!best || differing.length < best.length) best = differing;
  }
  return best ?? [];
}

/** Keys that name an entity in a result, after the tool's own id field; `name` last (a knowledge graph's entities have only a name). */
export const fallbackIdKeys = ['id', 'number', 'key', 'uuid', 'name'];
/** A result deeper than this is not searched for entities. */
const maxDepth = 4;

/**
 * The ids of the entities a result shows (by `id`, `number`, `key`, `uuid` or `name`).
 *
 * @example
 *   shownEntityIds({ structuredContent: { entities: [{ name: 'Ada' }] } }); // ['Ada']
 */
export function shownEntityIds(result: Record<string, unknown>): string[] {
  return shownObjects(result, fallbackIdKeys).map((shown) => shown.id);
}

/**
 * The objects with an id that a result shows (structuredContent, else JSON text), outermost first;
 * an entity's own inner objects are not separate entities.
 */
export function shownObjects(
  result: Record<string, unknown>,
  idKeys: readonly string[],
): { id: string; fields: Record<string, unknown> }[] {
  const roots = toResultRoots(result);
  const found: { id: string; fields: Record<string, unknown> }[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > maxDepth || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return void value.forEach((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    const key = idKeys.find((name) => typeof record[name] === 'string' || typeof record[name] === 'number');
    // A top-level object with an id is the entity; a wrapper ({ issues: [...] }) is looked into.
    if (key !== undefined) found.push({ id: String(record[key]), fields: record });
    else for (const child of Object.values(record)) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return found;
}

/** What a result shows as JSON: its structuredContent, else each content text that parses as JSON. */
export function toResultRoots(result: Record<string, unknown>): unknown[] {
  const roots: unknown[] = [];
  if (result.structuredContent !== undefined) roots.push(result.structuredContent);
  else {
    for (const part of Array.isArray(result.content) ? result.content : []) {
      const text = (part as { type?: unknown; text?: unknown }).text;
      if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) continue;
      try {
        roots.push(JSON.parse(text));
      } catch {
        // Not JSON: it shows no entity.
      }
    }
  }
  return roots;
}
