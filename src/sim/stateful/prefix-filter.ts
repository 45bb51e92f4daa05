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

/**
 * A listing with a `delimiter` (`Delimiter: '/'`) shows the keys below the prefix as folders: an
 * entity whose key goes on past the delimiter after the prefix is not listed itself, and the key
 * up to that delimiter is one of the listing's common prefixes. Null when the call has no delimiter.
 *
 * @example
 *   toFolders({ Prefix: 'r/', Delimiter: '/' }, ['r/a.csv', 'r/2026/q1.csv']); // { listed: [true, false], prefixes: ['r/2026/'] }
 */
export function toFolders(
  args: Readonly<Record<string, unknown>>,
  keys: readonly string[],
): { listed: boolean[]; prefixes: string[] } | null {
  const delimiter = Object.entries(args).find(([name, value]) => toWords(name).join('_') === 'delimiter' && typeof value === 'string')?.[1];
  if (typeof delimiter !== 'string' || delimiter === '') return null;
  const prefix = Object.entries(args).find(([name, value]) => toWords(name).at(-1) === 'prefix' && typeof value === 'string')?.[1];
  const start = typeof prefix === 'string' ? prefix.length : 0;
  const prefixes = new Set<string>();
  const listed = keys.map((key) => {
    const at = key.indexOf(delimiter, start);
    if (at < 0) return true;
    prefixes.add(key.slice(0, at + delimiter.length));
    return false;
  });
  return { listed, prefixes: [...prefixes].sort() };
}

/**
 * The common prefixes as the list's outputSchema names them (`CommonPrefixes: [{ Prefix }]`, a
 * `prefixes` list of text), or as `prefixes` when it names none.
 */
export function toFolderProperty(prefixes: readonly string[], outputSchema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (outputSchema?.properties ?? {}) as Record<string, { items?: { properties?: Record<string, unknown> } }>;
  const name = Object.keys(properties).find((property) => /prefixes$/i.test(property)) ?? 'prefixes';
  const inner = Object.keys(properties[name]?.items?.properties ?? {});
  const field = inner.find((property) => /prefix/i.test(property)) ?? inner[0];
  return { [name]: field === undefined ? [...prefixes] : prefixes.map((prefix) => ({ [field]: prefix })) };
}
