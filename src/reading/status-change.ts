/**
 * `update_room_task_status(task_id, status)`, `sbox_update_session_status(session_id, passed)`, `transition_issue(issueKey)`:
 * an update whose name ends in the status or state of what it updates, or whose verb is `transition`, moves that thing
 * through its lifecycle, to a state the caller picks: the label rules' `transition` (a `stateChange` without `to`), as a
 * workflow API's `POST /issue/{key}/transitions` is, not a merge of fields. An update of a status that is itself a record
 * (`update_state(state_id)` of a project's workflow states) stays an update.
 *
 * Pure: the same tool and entity give the same answer.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';

/** The last words of a name that name the lifecycle field of what it acts on. */
const lifecycleWords = new Set(['status', 'state']);

/**
 * Whether an update's name says it changes its entity's status or state.
 *
 * @example
 *   namesStatusChange({ name: 'update_room_task_status', inputSchema: { type: 'object' } }, 'task'); // true
 *   namesStatusChange({ name: 'transition_issue', inputSchema: { type: 'object' } }, 'issue'); // true
 *   namesStatusChange({ name: 'update_state', inputSchema: { type: 'object' } }, 'state'); // false
 */
export function namesStatusChange(tool: Pick<ToolDefinition, 'name'>, entity: string): boolean {
  const words = toWords(tool.name);
  if (words.includes('transition')) return true;
  const last = words.at(-1);
  return last !== undefined && lifecycleWords.has(last) && !lifecycleWords.has(entity.split('_').at(-1) ?? '');
}
