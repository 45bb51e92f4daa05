/**
 * A filter written as a list of query predicates, all of which must hold: commercetools'
 * `where: ['email = "ada@example.com"', 'orderState="Open"']`, and the `filters: ['status = "open"']`
 * lists of other APIs. Each predicate is a `field op value` clause (its spaces optional, its value
 * quoted); a predicate on a reference's field, `customerGroup(id = "g1")`, is that field inside the
 * reference (`customerGroup.id`). Pure; world-filter.ts reads each clause.
 */
import type { Condition } from './filter-condition.js';

/** `orderState="Open"`, `createdAt > "2026-03-01"`: a field, an operator and a quoted value, as a predicate is written. */
const predicate = /^\s*[A-Za-z_][\w.]*(?:\s*\(\s*[A-Za-z_][\w.]*)?\s*(?:!=|<>|>=|<=|=|>|<)\s*["']/;
/** `customerGroup(id = "g1")`: a field inside a reference, written in the reference's parentheses. */
const insideReference = /^\s*([A-Za-z_][\w.]*)\s*\(\s*([A-Za-z_][\w.]*)\s*((?:!=|<>|>=|<=|=|>|<)\s*(?:"[^"]*"|'[^']*'))\s*\)\s*$/;

/** Whether a text is one predicate (`email="ada@example.com"`), as a where clause writes it. */
export function isPredicate(text: string): boolean {
  return predicate.test(text);
}

/**
 * The conditions of a list of predicates, or null where the value is not one (any item that is not
 * a predicate leaves the list to the other readings).
 *
 * @example
 *   toPredicateListConditions(['orderState="Open"'], toQueryClauses); // [{ field: 'orderState', operator: 'eq', value: 'Open' }]
 */
export function toPredicateListConditions(value: unknown, toClauses: (query: string) => Condition[]): Condition[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  if (!value.every((item) => typeof item === 'string' && isPredicate(item))) return null;
  const conditions = (value as string[]).flatMap((item) => {
    const nested = insideReference.exec(item);
    return toClauses(nested ? `${nested[1]}.${nested[2]} ${nested[3]!.replace(/^<>/, '!=')}` : item.replace(/<>/g, '!='));
  });
  return conditions.length > 0 ? conditions : null;
}
