/**
 * The order a list call asks for, in the service's own words: `sortStart: 'desc'` (a direction
 * named for its field, as Cal.com spells it), `sort: '-created_at'`, `sort_by: 'due' + order:
 * 'desc'`, `orderBy: 'name asc'`, `order_by: 'amount:desc'`. Entities are ordered by that field,
 * those without it last, ties in the world's order, so the same call always answers the same
 * list. Pure.
 */
import { fieldValue, toNormalName } from '../../domain/world-query.js';
import type { EntityRecord } from '../../domain/world-query.js';
import { toWords } from '../../reading/entity-words.js';

export interface ListOrder {
  field: string;
  descending: boolean;
}

const fieldNames = new Set(['sort', 'sortby', 'sortfield', 'sortkey', 'orderby', 'sortcolumn']);
const directionNames = new Set(['order', 'sortorder', 'direction', 'sortdirection', 'sortdir', 'orderdirection', 'dir']);
const directions = /^(asc|ascending|desc|descending)$/i;

/**
 * The order the arguments ask for, or null when they ask none a field of the entities can give.
 *
 * @example
 *   toListOrder({ sortStart: 'desc' }, known); // { field: 'start', descending: true }
 *   toListOrder({ sort: '-created_at' }, known); // { field: 'created_at', descending: true }
 */
export function toListOrder(args: Readonly<Record<string, unknown>>, known: { has(name: string): boolean }): ListOrder | null {
  let field: string | undefined;
  let descending = false;
  for (const [name, value] of Object.entries(args)) {
    if (typeof value !== 'string') continue;
    const normal = toNormalName(name);
    if (fieldNames.has(normal)) {
      const [written, direction] = value.trim().split(/[\s:]+/);
      if (written === undefined || written === '') continue;
      field = written.replace(/^[-+]/, '');
      if (written.startsWith('-') || /^desc/i.test(direction ?? '')) descending = true;
    } else if (directionNames.has(normal) && directions.test(value)) descending = /^desc/i.test(value);
    else if (normal.startsWith('sort') && directions.test(value)) {
      // `sortStart: 'desc'`: the direction, and the field it names.
      field = toWords(name).slice(1).join('_');
      descending = /^desc/i.test(value);
    }
  }
  if (field === undefined || field === '' || !known.has(toNormalName(field))) return null;
  return { field, descending };
}

/** The entities in the order asked: by the field's value (numbers as numbers, times and text as text), stable. */
export function inListOrder<T extends EntityRecord>(entities: readonly T[], order: ListOrder): T[] {
  const keyed = entities.map((entity, index) => ({ entity, index, value: fieldValue(entity.fields, order.field) }));
  keyed.sort((a, b) => {
    const missing = Number(a.value === undefined || a.value === null) - Number(b.value === undefined || b.value === null);
    if (missing !== 0) return missing;
    const compared = compareValues(a.value, b.value);
    return (order.descending ? -compared : compared) || a.index - b.index;
  });
  return keyed.map((item) => item.entity);
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Code-unit order, not the locale's: the same world answers the same list on every machine.
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}
