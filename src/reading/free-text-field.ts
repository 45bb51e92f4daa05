/**
 * A query language's word for "anywhere in the record": JQL's `text ~ "checkout"`, YouTrack's and
 * Lucene-like `any`/`all`, `fulltext`, `_all`. Services search the record's words for it (summary,
 * description, comments), so where the record keeps no field of that name, a contains on it holds
 * when any text the record keeps holds the phrase. Pure.
 */
import { toNormalName } from '../domain/world-query.js';

const freeTextFields = new Set(['text', 'any', 'all', 'fulltext', 'freetext', 'keyword', 'keywords', 'anytext']);

/**
 * Whether `field ~ value` is a free-text search of the whole record: undefined when the field is
 * not a free-text word or the record keeps a field of that name (then it is that field's contains).
 *
 * @example
 *   freeTextMatch({ summary: 'Checkout button unresponsive' }, 'text', 'checkout'); // true
 */
export function freeTextMatch(fields: Readonly<Record<string, unknown>>, field: string, value: unknown): boolean | undefined {
  const normal = toNormalName(field);
  if (!freeTextFields.has(normal) || typeof value !== 'string') return undefined;
  if (Object.keys(fields).some((key) => toNormalName(key) === normal)) return undefined;
  const phrase = value.toLowerCase();
  return textsOf(fields, 0).some((text) => text.toLowerCase().includes(phrase));
}

/** The strings a record keeps, in nested objects and lists too (a comment's body). */
function textsOf(node: unknown, depth: number): string[] {
  if (typeof node === 'string') return [node];
  if (depth > 3 || node === null || typeof node !== 'object') return [];
  return Object.values(node as Record<string, unknown>).flatMap((inner) => textsOf(inner, depth + 1));
}
