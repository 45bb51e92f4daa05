/**
 * The entities a tool result shows (objects with an `id`, `number`, `key` or `uuid` in its JSON
 * text or structuredContent), and the world indexed by id: what the prompt's history marks as
 * superseded and what the answer check compares with the world. Pure.
 */
import type { LoggedResult, WorldState } from '../domain/memory-log.js';

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
export type WorldIndex = ReadonlyMap<string, readonly { type: string; fields: Record<string, unknown> }[]>;

const worldIndexes = new WeakMap<WorldState['entities'], WorldIndex>();

/** The world indexed by id; worked out once per world (the memory replaces the object when it changes). */
export function indexWorldById(world: WorldState): WorldIndex {
  let index = worldIndexes.get(world.entities);
  if (!index) {
    const built = new Map<string, { type: string; fields: Record<string, unknown> }[]>();
    for (const [type, byId] of Object.entries(world.entities)) for (const [id, fields] of Object.entries(byId)) (built.get(id) ?? built.set(id, []).get(id)!).push({ type, fields });
    worldIndexes.set(world.entities, (index = built));
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
      if (now !== null && typeof now !== 'object' && String(now) !== String(value)) differing.push({ field: name, shown: value, world: now });
    }
    if (differing.length === 0) return [];
    if (!best || differing.length < best.length) best = differing;
  }
  return best ?? [];
}
