import type { WorldState } from '../../domain/memory-log.js';
import type { ServedSurface } from '../../domain/mock-surface.js';
import { toWords } from '../../reading/entity-words.js';
import { findEntityType, isIdName } from './world-entity-lookup.js';

/** At most this many values in one completion, as the protocol allows. */
export const maxCompletionValues = 100;

/** What `completion/complete` asks about: a prompt's argument or a resource template's variable. */
export type CompletionReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/**
 * The values offered for an argument, starting with what the client typed: the fixed values the
 * surface's `completions` give it, then those the world holds: the ids of the
 * entity type it names (`id`, `issue_id`; the template or prompt name helps), else the values of
 * the field of its name (`name`, `state`), capped at 100 with the total.
 *
 * @example
 *   completeFromWorld(surface, { type: 'ref/resource', uri: 'tracker://issues/{id}' }, { name: 'id', value: '1' }, world);
 *   // { values: ['12', '17'], total: 2, hasMore: false }
 */
export function completeFromWorld(
  surface: ServedSurface,
  reference: CompletionReference,
  argument: { name: string; value: string },
  world: WorldState,
): { values: string[]; total: number; hasMore: boolean } {
  const context =
    reference.type === 'ref/prompt'
      ? [reference.name]
      : [reference.uri.split('{')[0] ?? '', ...surface.resourceTemplates.filter((t) => t.uriTemplate === reference.uri).map((t) => t.name)];
  // Fixed values first (a scenario's, or what the captured server offered), then the world's.
  const candidates = new Set<string>(fixedValues(surface, reference, argument.name));
  const type = findEntityType(world, [argument.name, ...context]);
  const types = type === null ? Object.keys(world.entities) : [type];
  for (const candidate of types) {
    for (const [id, fields] of Object.entries(world.entities[candidate] ?? {})) {
      if (isIdName(argument.name)) candidates.add(id);
      else for (const value of fieldValues(fields, argument.name)) candidates.add(value);
    }
  }
  const typed = argument.value.toLowerCase();
  const matching = [...candidates].filter((value) => value.toLowerCase().startsWith(typed));
  return { values: matching.slice(0, maxCompletionValues), total: matching.length, hasMore: matching.length > maxCompletionValues };
}

function fixedValues(surface: ServedSurface, reference: CompletionReference, argument: string): string[] {
  return surface.completions
    .filter(
      (completion) =>
        completion.argument === argument &&
        (reference.type === 'ref/prompt' ? completion.prompt === reference.name : completion.resourceTemplate === reference.uri),
    )
    .flatMap((completion) => completion.values);
}

/** The values an entity holds for an argument: its field of that name, or for `*_name` its name or title. */
function fieldValues(fields: Record<string, unknown>, name: string): string[] {
  const words = toWords(name);
  const keys = [name, ...(words.at(-1) === 'name' ? ['name', 'title'] : [])];
  for (const key of keys) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  }
  return [];
}
