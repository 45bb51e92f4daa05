/**
 * The field of the records a list argument of many values filters on, where its plural is not
 * simply the field's name plus `s`: `projectIds: ['MOB']` on issues that keep `projectId` (the plural
 * of an id is `ids`), `statuses: ['Open']` on issues that keep `state` (an API calls the one
 * lifecycle field either word, often both: YouTrack's `issues_list(statuses)` beside its `State`
 * field, `issue_change_state`). Only a field the records hold is named.
 */
import { toNormalName } from '../../domain/world-query.js';
import { toSingular, toWords } from '../../reading/entity-words.js';

/** The lifecycle field's two names: a filter by one finds records that keep the other. */
const lifecycleWords: Readonly<Record<string, string>> = { status: 'state', state: 'status' };

/**
 * The field a list argument names, or null when the records hold none it names.
 *
 * @example
 *   listedField('projectIds', { has: (name) => name === 'projectid' }); // 'project_id'
 *   listedField('statuses', { has: (name) => name === 'state' }); // 'state'
 */
export function listedField(name: string, known: { has(normalName: string): boolean }): string | null {
  const words = toWords(name);
  const last = words[words.length - 1] ?? '';
  // A bare `ids: [...]` names the records themselves, a batch of them, not a field (world-list.ts).
  if (last === 'ids' && words.length === 1) return null;
  const singular = last === 'ids' ? 'id' : toSingular(last);
  const field = [...words.slice(0, -1), singular].join('_');
  if (known.has(toNormalName(field))) return field;
  const other = lifecycleWords[singular];
  if (other === undefined) return null;
  const otherField = [...words.slice(0, -1), other].join('_');
  return known.has(toNormalName(otherField)) ? otherField : null;
}
