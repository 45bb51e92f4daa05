/**
 * Filters written as a field and a lookup joined by a double underscore, as Django REST services
 * name them (`name__icontains: 'acme'`, `created__gte`, `id__in: '1,2'`), or run together with a
 * text match (`nameContains`, `title_starts_with`): one condition on that field, checked like any
 * other (reading/world-filter.ts).
 */
import type { Condition, Operator } from '../../reading/world-filter.js';

const lookups: Readonly<Record<string, Operator>> = {
  exact: 'eq',
  iexact: 'eq',
  contains: 'contains',
  icontains: 'contains',
  startswith: 'startswith',
  istartswith: 'startswith',
  endswith: 'endswith',
  iendswith: 'endswith',
  in: 'in',
  gt: 'gt',
  gte: 'gte',
  lt: 'lt',
  lte: 'lte',
};

/**
 * The condition a `<field>__<lookup>` argument states, or null for any other argument.
 *
 * @example
 *   toFieldLookup('name__istartswith', 'tax'); // [{ field: 'name', operator: 'startswith', value: 'tax' }]
 *   toFieldLookup('id__in', '3,5'); // [{ field: 'id', operator: 'in', value: ['3', '5'] }]
 */
export function toFieldLookup(name: string, value: unknown): Condition[] | null {
  const written = /^([a-z][A-Za-z0-9_]*?)_?(Contains|contains|StartsWith|starts_with|EndsWith|ends_with)$/.exec(name);
  if (written && !name.includes('__') && typeof value === 'string') {
    const operator = lookups[written[2]!.toLowerCase().replace('_', '')]!;
    return [{ field: written[1]!, operator, value }];
  }
  const match = /^([A-Za-z][\w]*?)__([a-z]+)$/.exec(name);
  const operator = match ? lookups[match[2]!] : undefined;
  if (!match || !operator || value === undefined || value === null) return null;
  const listed = operator === 'in' && typeof value === 'string' ? value.split(',').map((item) => item.trim()) : value;
  return [{ field: match[1]!, operator, value: listed }];
}
