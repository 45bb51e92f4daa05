/**
 * Names that change a status: `change_issue_status`, `set_task_state`. The status is the field the
 * tool moves, not a type of its own, so the tool acts on what the name gives before it.
 */
import type { ParsedName } from './tool-name.js';

/**
 * `change_issue_status(issue_key, transition)` changes the status, not a `issue_status`:
 * an update (or a state verb) whose entity ends in `status`/`state` acts on what comes before it,
 * and the arguments (`transition`, `status`) name the state to move to.
 */
export function toStateChange(parsed: ParsedName): ParsedName {
  const words = parsed.entityWords;
  const last = words[words.length - 1];
  if (parsed.meaning?.operation !== 'update' || words.length < 2 || (last !== 'status' && last !== 'state')) return parsed;
  // `set_issue_status` sets the status of an issue that exists: no upsert.
  return {
    ...parsed,
    meaning: { operation: 'update', ...(parsed.meaning.sets ? { sets: parsed.meaning.sets } : {}) },
    entityWords: words.slice(0, -1),
  };
}
