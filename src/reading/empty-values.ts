/**
 * Query words for "no value": `assignee = EMPTY` and `resolution = Unresolved` (JQL), `= null`,
 * `none`, `unassigned`. Asked of a field a record does not keep, they hold: the record has none.
 * `Unresolved` also says the record is not finished, so a record in a state that ends its life
 * (`Done`, `closed`) is resolved whether or not it keeps a resolution. Pure.
 */
import { fieldValue } from '../domain/world-query.js';

/** States that end a thing's life: what `status:open` leaves out and `status:closed` keeps. */
export const endStates: ReadonlySet<string> = new Set([
  'resolved',
  'closed',
  'done',
  'completed',
  'complete',
  'cancelled',
  'canceled',
  'solved',
  'merged',
  'archived',
]);

const emptyWords = new Set(['empty', 'null', 'none', 'unassigned', 'unresolved']);

/**
 * Whether `field = value` holds of a record that keeps no such field, where the value says "none";
 * undefined for any other value.
 *
 * @example
 *   emptyValueMatch({ status: 'In Review' }, 'Unresolved'); // true
 *   emptyValueMatch({ status: 'Done' }, 'Unresolved'); // false
 */
export function emptyValueMatch(fields: Readonly<Record<string, unknown>>, value: unknown): boolean | undefined {
  if (typeof value !== 'string' || !emptyWords.has(value.toLowerCase())) return undefined;
  if (value.toLowerCase() !== 'unresolved') return true;
  const state = ['status', 'state', 'stage'].map((name) => fieldValue(fields, name)).find((found) => typeof found === 'string');
  return typeof state !== 'string' || !endStates.has(state.toLowerCase());
}
