/**
 * Keys a service derives from a name, as its tools read them: `get-collection-by-handle(handle)`
 * says a collection has a `handle` (Shopify's `summer-sale`), `get_user(username)` a username. An
 * entity a list makes up carries the key each such read names, made from its name, so a client
 * can read it back by that key; before, it had `{id, name}` only and the read made up another one.
 */
import { toWords } from '../../reading/entity-words.js';
import { toShapeChoices } from '../../reading/tool-shape.js';
import type { AnswerInput } from './world-conventions.js';

/** Last words of an argument that name a key made from a name (a counter: from the entity's place), with how to make it. */
const derivedKeys: Readonly<Record<string, (name: string, place: number) => string | number>> = {
  handle: (name) => toSlug(name, '-'),
  slug: (name) => toSlug(name, '-'),
  username: (name) => toSlug(name, '.'),
  login: (name) => toSlug(name, '.'),
  // Rollbar's `get-item-details(counter)`: an item's number within its project, counted from 1.
  counter: (_name, place) => place + 1,
};

/**
 * The fields of the keys the server's reads of `type` take (`{ handle: 'summer-sale' }`), made from
 * `name`, or from `place` (the entity's position in the list that made it) for a counter.
 *
 * @example
 *   toLookupKeyFields(input, 'collection', 'Summer sale'); // { handle: 'summer-sale' } beside get-collection-by-handle(handle)
 */
export function toLookupKeyFields(
  input: Pick<AnswerInput, 'shape' | 'shapes'>,
  type: string,
  name: string,
  place = 0,
): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  for (const choice of toShapeChoices(input.shapes)) {
    if (choice.entity !== type || choice.idArgument === null || choice.operation === 'create') continue;
    const make = derivedKeys[toWords(choice.idArgument).at(-1) ?? ''];
    // The field the read looks in (`handle`), never the type's own id.
    if (make && choice.idField !== input.shape.idField) fields[choice.idField] = make(name, place);
  }
  return fields;
}

/** `Summer Sale 2026` → `summer-sale-2026` (with `-`), `Angie Grimes` → `angie.grimes` (with `.`). */
function toSlug(name: string, separator: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.length > 0 ? words.join(separator) : 'item';
}
