/**
 * A list filter named for a field inside an object the entities hold: `attendeeEmail` on bookings
 * that keep `attendee: { email }`, `customer_name` on orders with `customer: { name }`, and the
 * same inside a list of them (`attendees: [{ email }]`). The argument names no field of its own,
 * so it is the nested one. Pure.
 */
import { fieldValue, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';

/**
 * A test of an entity's fields for an argument that names an object field and a field inside it,
 * or null when the argument names a field of its own or no field of the type that holds objects.
 *
 * @example
 *   toNestedFieldFilter('attendeeEmail', 'jo@example.com', bookings, known)?.({ attendee: { email: 'jo@example.com' } }); // true
 */
export function toNestedFieldFilter(
  name: string,
  value: unknown,
  entities: readonly EntityRecord[],
  known: { has(name: string): boolean },
): ((fields: Readonly<Record<string, unknown>>) => boolean) | null {
  // `known` counts the type's field names as entities change (field-names.ts): most arguments stop here.
  if (value === null || typeof value === 'object' || known.has(toNormalName(name))) return null;
  const words = toWords(name);
  for (let split = words.length - 1; split >= 1; split--) {
    const heads = [words.slice(0, split).join('_'), `${words.slice(0, split).join('_')}s`].filter(
      (head) => known.has(toNormalName(head)) && entities.some((entity) => holdsObjects(fieldValue(entity.fields, head))),
    );
    if (heads.length === 0) continue;
    const inner = words.slice(split).join('_');
    return (fields) =>
      heads.some((head) => {
        const held = fieldValue(fields, head);
        const objects = Array.isArray(held) ? held : [held];
        return objects.some(
          (object) =>
            object !== null && typeof object === 'object' && valuesMatch(fieldValue(object as Record<string, unknown>, inner), value),
        );
      });
  }
  return null;
}

/** An object, or a list whose first item is one. */
function holdsObjects(value: unknown): boolean {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== null && typeof first === 'object' && !Array.isArray(first);
}
