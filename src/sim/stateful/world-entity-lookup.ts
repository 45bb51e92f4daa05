import type { WorldState } from '../../domain/memory-log.js';
import { toSingular, toWords } from '../../reading/entity-words.js';

/** Whether an argument or template variable names an entity's id: `id`, `issue_id`, `issueId`, `key`, `number`. */
export function isIdName(name: string): boolean {
  const words = toWords(name);
  const last = words.at(-1);
  return last === 'id' || last === 'key' || last === 'number' || last === 'uuid';
}

/**
 * The world's entity type that words name (a variable `issue_id`, a template `issue`, a path
 * segment `issues`), tried in order; null when none does.
 *
 * @example
 *   findEntityType(world, ['issue_id', 'tracker://issues/{id}']); // 'issue' when the world holds issues
 */
export function findEntityType(world: WorldState, hints: readonly string[]): string | null {
  const types = Object.keys(world.entities);
  if (types.length === 0) return null;
  const bySingular = new Map(types.map((type) => [toSingular(type.toLowerCase()), type]));
  for (const hint of hints) {
    const words = toWords(hint);
    for (let index = words.length - 1; index >= 0; index--) {
      const found = bySingular.get(toSingular(words[index]!));
      if (found !== undefined) return found;
    }
  }
  return null;
}

/** The entity of `type` with this id, or of any type when `type` is null; null when the world has none. */
export function findEntity(world: WorldState, type: string | null, id: string): { type: string; fields: Record<string, unknown> } | null {
  const types = type === null ? Object.keys(world.entities) : [type];
  for (const candidate of types) {
    const byId = world.entities[candidate];
    if (byId && Object.hasOwn(byId, id)) return { type: candidate, fields: byId[id]! };
  }
  return null;
}
