/**
 * The verbs of tool names and what each means to the stateful simulator: which operation, whether
 * it creates what it does not find (an upsert), and which fields a state verb sets (`close` sets
 * the state to closed). Data, read by `tool-operation.ts`.
 */

import type { ToolOperation } from '../domain/tool-override.js';
import { apiVerbRows, nounLikeApiVerbs } from './api-verbs.js';

export { toolOperations, type ToolOperation } from '../domain/tool-override.js';

export interface VerbMeaning {
  operation: ToolOperation;
  /** An update that creates the entity when it does not exist (`set`, `write`, `save`). */
  upsert?: boolean;
  /** Fields the verb sets on the entity; `state` means whichever of `state`/`status` the entity uses. */
  sets?: Readonly<Record<string, unknown>>;
  /** `find`/`lookup`: a read by field values that answers not-found when nothing matches. */
  find?: boolean;
}

const meanings: Record<ToolOperation, readonly string[]> = {
  create: [
    'create',
    'add',
    'new',
    'insert',
    'make',
    'register',
    'upload',
    'post',
    'send',
    'reply',
    'submit',
    'fork',
    'push',
    'append',
    'invite',
    'clone',
    'copy',
    'duplicate',
    'schedule',
    'book',
    'install',
    'begin',
    'ingest',
    'trigger',
    'attach',
    'log',
  ],
  read: ['get', 'read', 'fetch', 'retrieve', 'show', 'describe', 'view', 'inspect', 'load', 'check', 'download', 'open'],
  list: ['list', 'ls', 'enumerate', 'browse'],
  search: ['search', 'query', 'find', 'lookup', 'filter'],
  update: [
    'update',
    'edit',
    'modify',
    'patch',
    'change',
    'rename',
    'move',
    'assign',
    'replace',
    'mark',
    'tag',
    'label',
    'reorder',
    'configure',
    'set',
    'put',
    'save',
    'write',
    'upsert',
    'store',
    'scale',
    'resize',
    'upgrade',
    'downgrade',
    'subscribe',
    'unsubscribe',
    'watch',
    'unwatch',
    'transfer',
    'prioritize',
    // `manage_incidents(incident_ids, status)`: changes what it is given; with an action argument it dispatches (dispatch-shape).
    'manage',
  ],
  delete: ['delete', 'remove', 'detach', 'drop', 'destroy', 'erase', 'purge', 'unset', 'del', 'trash', 'revoke', 'clear', 'uninstall'],
  // `execute_query` runs what it is given (a query there is the argument, not a search); `generate_link` answers what it made.
  other: ['execute', 'validate', 'generate'],
};

/**
 * Verbs that are nouns as often (`log_time` logs time; `log_read`, `log_clear` act on a log): a verb
 * only where no other word of the name is one.
 */
export const nounLikeVerbs: ReadonlySet<string> = new Set(['log', ...nounLikeApiVerbs]);

/**
 * Compound nouns whose head is such a verb: `repo_pull_request` (Azure DevOps) reads a pull request, however it ends.
 * The things version control, help desks and HR name so, in their usual English.
 */
export const nounCompounds: ReadonlySet<string> = new Set([
  'pull_request',
  'merge_request',
  'change_request',
  'feature_request',
  'access_request',
  'service_request',
  'support_request',
  'purchase_request',
  'leave_request',
]);

const upsertVerbs = new Set(['set', 'put', 'save', 'write', 'upsert', 'store']);
const findVerbs = new Set(['find', 'lookup']);

/** Verbs that update a state field: `close_issue` is an update that sets `state: closed`. */
const stateVerbs: Record<string, Readonly<Record<string, unknown>>> = {
  close: { state: 'closed' },
  reopen: { state: 'open' },
  archive: { archived: true },
  unarchive: { archived: false },
  merge: { state: 'merged', merged: true },
  resolve: { state: 'resolved' },
  unresolve: { state: 'unresolved' },
  lock: { locked: true },
  unlock: { locked: false },
  enable: { enabled: true },
  disable: { enabled: false },
  approve: { state: 'approved' },
  reject: { state: 'rejected' },
  cancel: { state: 'cancelled' },
  complete: { state: 'completed' },
  publish: { state: 'published' },
  activate: { state: 'active' },
  deactivate: { state: 'inactive' },
  suspend: { state: 'suspended' },
  unsuspend: { state: 'active' },
  pause: { state: 'paused' },
  unpause: { state: 'active' },
  resume: { state: 'active' },
  restore: { state: 'active' },
  // `application_recover`: recovers a terminated or deleted record, as restore does.
  recover: { state: 'active' },
  finalize: { state: 'finalized' },
  void: { state: 'void' },
  accept: { state: 'accepted' },
  decline: { state: 'declined' },
  start: { state: 'started' },
  stop: { state: 'stopped' },
  fail: { state: 'failed' },
  expire: { state: 'expired' },
  transition: {},
  acknowledge: { state: 'acknowledged' },
  unacknowledge: { state: 'open' },
  snooze: { state: 'snoozed' },
  dismiss: { state: 'dismissed' },
  confirm: { state: 'confirmed' },
  commit: { state: 'committed' },
  rollback: { state: 'rolled_back' },
  flag: { flagged: true },
  unflag: { flagged: false },
  star: { starred: true },
  unstar: { starred: false },
  pin: { pinned: true },
  unpin: { pinned: false },
};

/**
 * Other spellings of a state a verb sets, in the order they are tried against a schema's enum or
 * description: `cancel` gives `canceled` where the enum spells it so, `complete` gives `done` where
 * the states are `todo | in_progress | done`.
 */
export const stateSpellings: Readonly<Record<string, readonly string[]>> = {
  closed: ['closed', 'close', 'done', 'resolved', 'completed'],
  open: ['open', 'opened', 'reopened', 'active', 'todo'],
  cancelled: ['cancelled', 'canceled', 'cancel', 'void', 'closed'],
  completed: ['completed', 'complete', 'done', 'finished', 'closed', 'succeeded', 'resolved'],
  published: ['published', 'public', 'live', 'active'],
  active: ['active', 'running', 'resumed', 'enabled', 'open', 'in_progress', 'live'],
  inactive: ['inactive', 'disabled', 'deactivated', 'deprovisioned', 'suspended'],
  paused: ['paused', 'pause', 'on_hold', 'suspended', 'inactive'],
  finalized: ['finalized', 'final', 'open', 'issued'],
  void: ['void', 'voided', 'cancelled', 'canceled'],
  started: ['started', 'in_progress', 'running', 'active', 'doing'],
  stopped: ['stopped', 'halted', 'inactive', 'paused'],
  approved: ['approved', 'accepted'],
  rejected: ['rejected', 'declined', 'denied'],
  resolved: ['resolved', 'done', 'closed', 'completed'],
  merged: ['merged', 'closed'],
};

const table = new Map<string, VerbMeaning>();
for (const [operation, verbs] of Object.entries(meanings) as [ToolOperation, readonly string[]][]) {
  for (const verb of verbs)
    table.set(verb, { operation, ...(upsertVerbs.has(verb) ? { upsert: true } : {}), ...(findVerbs.has(verb) ? { find: true } : {}) });
}
for (const [verb, sets] of Object.entries(stateVerbs)) table.set(verb, { operation: 'update', sets });
// The verbs of the language this table lacks (api-verbs.ts): read as broadly as a person reads them.
for (const { operation, sets, verbs } of apiVerbRows)
  for (const verb of verbs) if (!table.has(verb)) table.set(verb, { operation, ...(sets ? { sets } : {}) });

/**
 * What a word means as a verb of a tool name, or undefined when it is not one.
 *
 * @example
 *   toVerbMeaning('close'); // { operation: 'update', sets: { state: 'closed' } }
 *   toVerbMeaning('issue'); // undefined
 */
export function toVerbMeaning(word: string): VerbMeaning | undefined {
  return table.get(word) ?? redoneVerb(word) ?? undoneVerb(word);
}

/**
 * `unassign`, `unapprove`, `unfollow`: undoing what an update did changes what exists again, an
 * update whose state the verb does not say; the undoings the table has (`unarchive`, `unset`,
 * `uninstall`) keep their own meaning.
 */
function undoneVerb(word: string): VerbMeaning | undefined {
  if (!word.startsWith('un') || word.length < 6) return undefined;
  return table.get(word.slice(2))?.operation === 'update' ? { operation: 'update' } : undefined;
}

/** Words of `re` and a verb that are nouns first (`post_remark` posts a remark). */
const redoneNouns = new Set(['remark', 'remarks']);

/**
 * `reassign`, `reschedule`, `reprioritize`: doing again what an update or a create did changes
 * what exists, an update; the verbs the table has (`reopen`, `remove`, `rename`) and short words
 * (`reset`) keep their own meaning, and a re-read (`reload`, `review`) is no verb here.
 */
function redoneVerb(word: string): VerbMeaning | undefined {
  if (!word.startsWith('re') || word.length < 6 || redoneNouns.has(word)) return undefined;
  const base = table.get(word.slice(2));
  return base && (base.operation === 'update' || base.operation === 'create') && !base.sets ? { operation: 'update' } : undefined;
}

/** Words that say nothing about the entity (`get_all_issues`, `list_issue_details`). */
export const noiseWords: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'all',
  'my',
  'by',
  'for',
  'of',
  'to',
  'from',
  'in',
  'on',
  'with',
  'and',
  'or',
  'details',
  'detail',
  'info',
  'information',
  'contents',
  'existing',
  'single',
  'multiple',
  'one',
  'many',
  'given',
  'specific',
  'new',
]);
