/**
 * A list named for a flag the server's own verbs set lists only the records that carry it:
 * `issues_starred_list` beside `issue_star` (which sets `starred: true`), `list_flagged_emails`
 * beside `flag_email`, `get_pinned_messages` beside `pin_message`. The name says which of them it
 * lists, as a filter argument would.
 */
import { toVerbMeaning } from '../../reading/tool-verbs.js';
import { toWords } from '../../reading/entity-words.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The flag a list's name asks for, with the value the verb that sets it gives; null for a list
 * that names none.
 *
 * @example
 *   listedFlag(issuesStarredList); // { field: 'starred', value: true } where issue_star is a tool of the server
 */
export function listedFlag(input: Pick<AnswerInput, 'tool' | 'shape' | 'shapes'>): { field: string; value: true } | null {
  const named = new Set(toWords(input.tool.name));
  for (const [name, shape] of input.shapes) {
    if (name === input.tool.name || shape.entity !== input.shape.entity) continue;
    for (const word of toWords(name)) {
      const sets = toVerbMeaning(word)?.sets ?? {};
      for (const [field, value] of Object.entries(sets)) if (value === true && named.has(field)) return { field, value };
    }
  }
  return null;
}
