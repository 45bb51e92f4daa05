/**
 * Listings narrowed by the start of a key, as object stores and key-value services write them
 * (`Prefix: 'reports/2026/'`, `key_prefix`, `name_prefix`): the entities whose key begins with it.
 */
import { fieldValue } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';

/**
 * A test for a `prefix` argument, or one named `<field>_prefix`: that field's text (the entity's
 * key field for a bare `prefix`, its id when it has no such field) starts with the value. Null for
 * any other argument, or a value that is not text.
 *
 * @example
 *   toPrefixFilter('Prefix', 'reports/', 'key')?.({ key: 'reports/q1.csv' }, 'reports/q1.csv'); // true
 */
export function toPrefixFilter(
  name: string,
  value: unknown,
  idField: string,
): ((fields: Readonly<Record<string, unknown>>, id: string) => boolean) | null {
  const words = toWords(name);
  if (words[words.length - 1] !== 'prefix' || typeof value !== 'string') return null;
  const stem = words.slice(0, -1).join('_');
  const field = stem === '' ? idField : stem;
  return (fields, id) => {
    const own = fieldValue(fields, field);
    return String(typeof own === 'string' || typeof own === 'number' ? own : id).startsWith(value);
  };
}
