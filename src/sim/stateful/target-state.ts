/**
 * The state a transition argument moves an entity to. Agents name the transition
 * (`transition: accept`, `reopen`, `resolve`), services store the state it leads to (`ACCEPTED`,
 * `OPEN`, `RESOLVED`): a transition that is a lifecycle verb becomes that verb's state, spelled as
 * the state field's enum, its description or the current value spell states (state-fields.ts).
 */
import { toVerbMeaning } from '../../reading/tool-verbs.js';
import { spellState } from './state-fields.js';

/**
 * @example
 *   toTargetState('accept', undefined, 'OPEN');                       // 'ACCEPTED'
 *   toTargetState('reopen', { enum: ['open', 'closed'] }, 'closed');   // 'open'
 *   toTargetState('In Progress', undefined, 'To Do');                  // 'In Progress' (a state already)
 */
export function toTargetState(value: unknown, schema: Record<string, unknown> | undefined, current: unknown): unknown {
  if (typeof value !== 'string') return value;
  const allowed = Array.isArray(schema?.enum) ? schema.enum : [];
  // A value the enum holds is a state already.
  if (allowed.includes(value)) return value;
  const words = value
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/);
  const state = words.length === 1 ? toVerbMeaning(words[0]!)?.sets?.state : undefined;
  if (typeof state === 'string') return spellState(state, schema, current);
  // Not a verb (`falsepositive`, `wontfix`, `Done`): the name itself, in the case the current state uses.
  return spellState(value, schema, current);
}
