/**
 * A listing given a folder's path: `queryStorage(action: list, cloudPath: 'files/')`,
 * `list_objects(path: 'reports/2026/')`. A path that ends in a slash names a folder, in object
 * stores and file systems alike, and what a listing under it shows is what lies below it: the
 * records whose same-named field (or key) starts with it, not the one record whose path is the
 * folder's own text.
 */
import { fieldValue } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';

const pathWords: ReadonlySet<string> = new Set(['path', 'dir', 'directory', 'folder']);

/**
 * A test for an argument named for a path whose value ends in `/`: the record's field of that name
 * (its key field, its id when it has neither) lies below it. Null for any other argument or value.
 *
 * @example
 *   toFolderPathFilter('cloudPath', 'files/', 'path')?.({ path: 'files/a.txt', cloudPath: 'files/a.txt' }, 'files/a.txt'); // true
 */
export function toFolderPathFilter(
  name: string,
  value: unknown,
  idField: string,
): ((fields: Readonly<Record<string, unknown>>, id: string) => boolean) | null {
  if (typeof value !== 'string' || !value.endsWith('/') || !pathWords.has(toWords(name).at(-1) ?? '')) return null;
  return (fields, id) => {
    const own = fieldValue(fields, name) ?? fieldValue(fields, idField);
    const path = typeof own === 'string' ? own : id;
    return path.startsWith(value) && path !== value;
  };
}
