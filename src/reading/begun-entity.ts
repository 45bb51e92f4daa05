/**
 * `start_manual_session(project_name)`, `startAccessibilityScan(name, page_url)`: a verb that
 * begins something, given no real id of the thing begun (only the name it is to have, or another
 * thing's key), begins a new one, as `POST /sessions` does; `start_task(id)` moves a task that
 * exists on to started. The label rules' `create` is the new thing, `transition` the existing one.
 * The tool's own name must say what it begins (`vibe_start` names nothing; a dispatching tool's
 * `action: start_auth` is read by the dispatch rules, not as the tool's name).
 *
 * Pure: the same verb and id argument give the same answer.
 */
import type { IdArgument } from './tool-id-argument.js';
import { toWords } from './entity-words.js';

/** Verbs that begin a thing: of one that exists, a lifecycle step; of none, a new one. */
const beginningVerbs = new Set(['start', 'launch', 'initiate']);

/**
 * Whether a tool named with `verb` begins a new entity rather than moving one on: a beginning verb
 * whose id argument is missing, weak (`project_name`, another thing's key) or a name (`name`).
 *
 * @example
 *   beginsNew('start', { name: 'project_name', field: 'name', strong: false }); // true
 *   beginsNew('start', { name: 'task_id', field: 'id', strong: true }); // false
 */
export function beginsNew(verb: string | null, found: IdArgument | null): boolean {
  if (verb === null || !beginningVerbs.has(verb)) return false;
  return found === null || !found.strong || found.field === 'name';
}

/**
 * Whether a tool's own name holds the beginning verb and names a thing after or before it.
 *
 * @example
 *   beginsNamed('sbox_start_manual_session', 'start', ['manual', 'session']); // true
 *   beginsNamed('vibe_start', 'start', ['item']); // false
 */
export function beginsNamed(toolName: string, verb: string | null, nameEntityWords: readonly string[]): boolean {
  if (verb === null || !beginningVerbs.has(verb)) return false;
  return nameEntityWords.join('_') !== 'item' && toWords(toolName).includes(verb);
}
