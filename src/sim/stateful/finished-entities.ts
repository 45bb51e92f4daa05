/**
 * Finished entities: what a service that says "open" or "active" no longer shows or acts on. A
 * list whose description says it shows only open ones by default ("By default returns only open
 * tasks", "Only active projects are returned by default") leaves out the entities in a finished
 * state (completed, done, closed, cancelled, resolved, archived, committed, rolled back) when the
 * call names no state; a call that names one (`status: 'COMPLETED'`) gets what it names. A change
 * described on an active one ("Commit an active transaction") finds no finished one: the service's
 * not-found, as a committed transaction is gone.
 */
import { fieldValue, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { toWords } from '../../reading/entity-words.js';

/** The fields a lifecycle state is kept in (state-fields.ts). */
const stateNames = ['status', 'state'];
/** The states a service's open-only lists leave out, in any spelling (`COMPLETED`, `Done`). */
const finishedStates = new Set([
  'completed',
  'complete',
  'done',
  'closed',
  'cancelled',
  'canceled',
  'resolved',
  'archived',
  'finished',
  'committed',
  'rolledback',
  'ended',
  'expired',
  'terminated',
]);
/** Words a list's name uses for the unfinished ones (`get_my_unresolved_issues`, `list_open_tasks`, `list_pending_orders`). */
const unfinishedWords = new Set(['unresolved', 'unfinished', 'incomplete', 'uncompleted', 'open', 'outstanding', 'pending']);
/** "by default … only open", "only active … by default": within one sentence. */
const openOnlyByDefault =
  /\bby default\b[^.]*?\bonly\s+(?:the\s+)?(?:open|active|incomplete|pending|unfinished|uncompleted)\b|\bonly\s+(?:the\s+)?(?:open|active|incomplete|pending|unfinished|uncompleted)\b[^.]*?\bby default\b/i;

/**
 * Whether this list call leaves finished entities out: its description says it shows only open
 * ones by default, and the call names no state.
 *
 * @example
 *   hidesFinished(input); // true for list-todos({ calendarUrl }) "By default returns only open tasks"
 */
export function hidesFinished(input: AnswerInput): boolean {
  // `get_my_unresolved_issues`, `list_open_tasks`: the list's own name says it holds only unfinished ones.
  const named = toWords(input.tool.name).some((word) => unfinishedWords.has(word));
  if (!named && !openOnlyByDefault.test(input.tool.description ?? '')) return false;
  return !Object.keys(input.args).some((name) => stateNames.includes(toNormalName(name)));
}

/** Whether a state, in any spelling, is one a service counts as finished (`RESOLVED`, `Done`). */
export function isFinishedState(state: string): boolean {
  return finishedStates.has(toNormalName(state));
}

/**
 * Whether an entity is in a finished state.
 *
 * @example
 *   isFinished({ status: 'COMPLETED' }); // true
 *   isFinished({ status: 'NEEDS-ACTION' }); // false
 */
export function isFinished(fields: Readonly<Record<string, unknown>>): boolean {
  return stateNames.some((name) => {
    const value = fieldValue(fields, name);
    return typeof value === 'string' && finishedStates.has(toNormalName(value));
  });
}

/** "an active transaction", "the open session": a change the tool describes on a live one. */
const activeOnly = /\b(?:an?|the|any)\s+(?:active|open|ongoing|pending|in-progress)\s+([a-z]+)/gi;

/**
 * Whether the call's entity is finished and the tool says it acts on an active one of its type.
 *
 * @example
 *   refusesFinished(input, { status: 'committed' }); // true for commit_transaction "Commit an active transaction"
 */
export function refusesFinished(input: AnswerInput, fields: Readonly<Record<string, unknown>>): boolean {
  if (!isFinished(fields)) return false;
  const entity = toNormalName(input.shape.entity);
  for (const match of (input.tool.description ?? '').matchAll(activeOnly))
    if (toNormalName(match[1]!).replace(/s$/, '') === entity) return true;
  return false;
}
