/**
 * List filters by the ids of things an entity points at, when the entity holds the reference as
 * an object or a list of them rather than an id field: `service_ids: ['S1']` keeps the incidents
 * whose `service` is `{ id: 'S1' }`, `label_id: 'L2'` the cards whose `labels` hold `{ id: 'L2' }`.
 */
import { fieldValue } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';

/**
 * A test on an entity's fields for a `<thing>_id` or `<thing>_ids` argument whose entities have a
 * `<thing>` (or `<things>`) field and no field of the argument's own name; null for any other.
 *
 * @example
 *   toReferenceFilter('service_ids', ['S1'], known)?.({ service: { id: 'S1' } }); // true
 */
export function toReferenceFilter(
  name: string,
  value: unknown,
  known: { has(name: string): boolean },
): ((fields: Readonly<Record<string, unknown>>) => boolean) | null {
  const words = toWords(name);
  if (!['id', 'ids'].includes(words[words.length - 1] ?? '') || known.has(name)) return null;
  const stem = words.slice(0, -1).join('_');
  const field = [stem, `${stem}s`].find((candidate) => stem !== '' && known.has(candidate));
  const wanted = (Array.isArray(value) ? value : [value]).filter((id) => typeof id === 'string' || typeof id === 'number').map(String);
  if (field === undefined || wanted.length === 0) return null;
  return (fields) => referencedIds(fieldValue(fields, field)).some((id) => wanted.includes(id));
}

/**
 * The ids a reference holds: an object's `id`, each item's of a list. A bare text may be a name
 * as well as an id, so it holds none: the filter is for references written as objects.
 */
function referencedIds(reference: unknown): string[] {
  if (Array.isArray(reference)) return reference.flatMap(referencedIds);
  const id = reference !== null && typeof reference === 'object' ? (reference as Record<string, unknown>).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
}
