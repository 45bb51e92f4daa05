/**
 * Search queries written as `field:value` terms joined by AND and OR, as incident, ticket and log
 * services write them (`status:open AND tag:database`, `severity:sev1 OR severity:sev2`): each
 * term a condition on one field, AND binding tighter than OR. Pure.
 */
import type { Condition } from './world-filter.js';

/** One term: `field:value`, `field:"two words"` or `field:'two words'`, or a joining word. */
const term = /([A-Za-z_][\w.]*):(?:"([^"]*)"|'([^']*)'|(\S+))|(\S+)/g;

/**
 * The conditions of a query made only of `field:value` terms, joined by spaces, AND or OR, or null
 * for any other query (free words, `is:open`), which stays free text. A term on a field the type has on none
 * of its entities (`sort:created`) is left out, as a free-text query leaves it out; so is a query
 * whose terms name no such field.
 *
 * @example
 *   toQualifierConditions('status:open AND tag:database', known);
 *   // [{ field: 'status', operator: 'contains', value: 'open' }, { field: 'tag', operator: 'contains', value: 'database' }]
 */
export function toQualifierConditions(query: string, known: { has(name: string): boolean }): Condition[] | null {
  const groups: Condition[][] = [[]];
  for (const match of query.matchAll(term)) {
    const word = match[5];
    if (word !== undefined) {
      const joiner = word.toUpperCase();
      if (joiner === 'OR') groups.push([]);
      else if (joiner !== 'AND') return null;
      continue;
    }
    const field = match[1]!;
    if (field.toLowerCase() === 'is') return null;
    if (!known.has(field) && !known.has(`${field}s`)) continue;
    // `contains`, as a free-text qualifier reads it: `name:checkout` finds `checkout-api`, `tag:db` a `tags` list holding it.
    groups[groups.length - 1]!.push({ field, operator: 'contains', value: match[2] ?? match[3] ?? match[4] });
  }
  const kept = groups.filter((group) => group.length > 0);
  if (kept.length === 0) return null;
  return kept.length === 1 ? kept[0]! : [{ field: '', operator: 'or', value: kept }];
}
