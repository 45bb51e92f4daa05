/**
 * A change written as what to add to a set and what to take out of it: a pair of arguments
 * `add<Field>` and `remove<Field>` (`addLabelIds`/`removeLabelIds` on Gmail's messages.modify,
 * `addParents`/`removeParents` on Drive's files.update, `add_labels`/`remove_labels` on GitLab's
 * issues). APIs name an edit of a many-valued field this way so that a caller need not send the
 * whole set back; the field itself is the name without the verb. The pair becomes that one field:
 * what the record holds, with the added values joined and the removed ones taken out, so a later
 * read or a filter on the field sees the star, the label or the archive. A list or a
 * comma-separated string is read as its values. Only a pair counts: a lone `addComment` is an
 * action of its own, not an edit of a set. Pure.
 */
import type { AnswerInput } from './world-conventions.js';
import { valuesMatch } from '../../domain/world-query.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';

/**
 * The call with each add/remove pair turned into the field it edits; the call unchanged when the
 * tool has no such pair. `current` is the entity as stored.
 *
 * @example
 *   withSetEdits(input, { labelIds: ['INBOX', 'UNREAD'] }).args;
 *   // { messageId: 'm1', labelIds: ['INBOX', 'STARRED'] } for { messageId: 'm1', addLabelIds: ['STARRED'], removeLabelIds: ['UNREAD'] }
 */
export function withSetEdits(input: AnswerInput, current: Readonly<Record<string, unknown>>): AnswerInput {
  const properties = Object.keys(propertiesOf(input.tool));
  let args: Record<string, unknown> | null = null;
  for (const name of properties) {
    const field = editedField(name, 'add');
    if (field === null) continue;
    const removeName = properties.find((other) => editedField(other, 'remove') === field && sameSpelling(name, other));
    if (removeName === undefined) continue;
    const added = valuesOf(input.args[name]);
    const removed = valuesOf(input.args[removeName]);
    if (added.length === 0 && removed.length === 0) continue;
    args ??= { ...input.args };
    delete args[name];
    delete args[removeName];
    const held = valuesOf(current[field]);
    const kept = held.filter((value) => !removed.some((gone) => valuesMatch(value, gone)));
    args[field] = [...kept, ...added.filter((value) => !kept.some((item) => valuesMatch(item, value)))];
  }
  return args === null ? input : { ...input, args };
}

/** `addLabelIds` -> `labelIds`, `add_labels` -> `labels`; null when the name is not the verb and a field. */
function editedField(name: string, verb: 'add' | 'remove'): string | null {
  const snake = new RegExp(`^${verb}_([a-z][a-z0-9_]*)$`).exec(name);
  if (snake) return snake[1] ?? null;
  const camel = new RegExp(`^${verb}([A-Z][A-Za-z0-9]*)$`).exec(name);
  const rest = camel?.[1];
  return rest === undefined ? null : rest.charAt(0).toLowerCase() + rest.slice(1);
}

/** Both names in one spelling (`add_x` beside `remove_x`, `addX` beside `removeX`). */
function sameSpelling(add: string, remove: string): boolean {
  return add.includes('_') === remove.includes('_');
}

function valuesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  return value === undefined || value === null ? [] : [value];
}
