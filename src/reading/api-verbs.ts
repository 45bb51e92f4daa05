/**
 * English API verbs and what each means to the reading, written from the language rather than from
 * any server's tool names: PowerShell's approved verbs (learn.microsoft.com, "Approved Verbs for
 * PowerShell Commands"), each with the synonyms its guide names for it ("for this action, do not use
 * Append, Attach, Concatenate or Insert"), Google's API design guide (AIP-131..136: the standard
 * methods and custom verbs such as cancel, undelete, move) and the HTTP and CRUD words. A verb a
 * server uses that no server here used is read by this table all the same.
 *
 * `tool-verbs.ts` reads its own table first and this one for the words it lacks, so a word's
 * meaning there (with its upsert, find and state details) wins. Left out, though the guides name
 * them, because they read tools of the tuning servers wrong: `mail`, `fax`, `claim`, `place` and
 * `draft` (a service's things as often: an expense claim, a map's place, a draft), `compose` (makes a
 * draft, not a message) and `discover` (answers what a service offers); and `convert` (a computed
 * answer: `convert_time` tells the clock), `rotate`, `reset` and `retire` (of a secret or a token,
 * they make a new one), `switch` (`switch_context`: the caller's own selection, as `set_active_*`) and
 * `restart` (a value check of the tuning servers was no longer judged).
 * Data only.
 */
import type { ToolOperation } from '../domain/tool-override.js';

/** Verbs that mean one thing to the reading: an operation, and for a lifecycle verb the fields it sets. */
export interface ApiVerbRow {
  operation: ToolOperation;
  sets?: Readonly<Record<string, unknown>>;
  verbs: readonly string[];
}

/**
 * The rows, by what the verb does to what the service keeps. Where the guide files a verb under an
 * action of its own (Invoke, Export, Convert, Wait), it is another action: it keeps no entity.
 */
export const apiVerbRows: readonly ApiVerbRow[] = [
  // New ("do not use Create, Generate, Build, Make, Allocate"), Add ("Append, Attach, Insert"), Register, Import, Send
  // ("Put, Broadcast, Mail, Fax"), Request ("asks for a resource"), and placing or reserving what a service then keeps.
  {
    operation: 'create',
    verbs: ['allocate', 'provision', 'spawn', 'instantiate', 'import', 'enroll', 'enlist', 'broadcast'],
  },
  { operation: 'create', verbs: ['reserve', 'enqueue', 'emit', 'build', 'record', 'request', 'queue'] },
  // Get ("do not use Read, Open, Cat, Type, Dir, Obtain, Dump, Acquire, Examine"), Receive ("Read, Accept, Peek"), Show
  // ("Display, Produce").
  { operation: 'read', verbs: ['obtain', 'acquire', 'dump', 'examine', 'cat', 'peek', 'receive', 'display'] },
  // Scraping a page fetches what it holds: `scrape_webpage(url)` reads the page at that address, as `fetch_page(url)` does.
  { operation: 'read', verbs: ['scrape'] },
  // Enumerating what a container holds.
  { operation: 'list', verbs: ['dir', 'scan'] },
  // Find and Search ("do not use Find or Locate").
  { operation: 'search', verbs: ['locate', 'seek', 'grep', 'explore'] },
  // Set ("Write, Reset, Assign, Configure"), Edit ("Change, Update, Modify"), Update ("Refresh, Renew, Recalculate"),
  // Repair ("Fix"), Optimize, Limit, Grant ("Allow"), Protect ("Safeguard, Seal"), Mount, and ranking, voting,
  // placing and moving up or down, which change a field of what exists.
  {
    operation: 'update',
    verbs: ['alter', 'amend', 'adjust', 'revise', 'tweak', 'toggle', 'renew', 'extend', 'repair', 'fix'],
  },
  { operation: 'update', verbs: ['optimize', 'limit', 'grant', 'allow', 'share', 'protect', 'mount', 'bind', 'associate'] },
  {
    operation: 'update',
    verbs: ['align', 'arrange', 'position', 'flip', 'sort', 'rank', 'increment', 'decrement', 'bump', 'fill'],
  },
  { operation: 'update', verbs: ['promote', 'demote', 'escalate', 'delegate', 'rate', 'vote', 'upvote', 'downvote', 'like'] },
  { operation: 'update', verbs: ['follow', 'revert'] },
  // Deploy ("sends an application to a remote target"): a deployment the service then keeps.
  { operation: 'create', verbs: ['deploy', 'notify', 'remind'] },
  // Remove ("Clear, Cut, Dispose, Discard, Erase"), Clear ("Flush, Release, Unmark, Unset, Nullify"), Unregister,
  // Dismount ("Unmount, Unlink"), Disconnect ("Break, Logoff").
  {
    operation: 'delete',
    verbs: ['dispose', 'discard', 'expunge', 'wipe', 'evict', 'kick', 'flush', 'nullify', 'delist', 'unregister', 'deregister'],
  },
  { operation: 'delete', verbs: ['unenroll', 'dismount', 'unmount', 'unlink', 'disconnect'] },
  // Lifecycle and security verbs that move a thing to a state: Block/Unblock, Hide, Deny ("Block, Object, Refuse, Reject"),
  // Stop ("End, Kill, Terminate, Cancel"), Complete, Unpublish.
  { operation: 'update', sets: { blocked: true }, verbs: ['block', 'ban'] },
  { operation: 'update', sets: { blocked: false }, verbs: ['unblock', 'unban'] },
  { operation: 'update', sets: { hidden: true }, verbs: ['hide'] },
  { operation: 'update', sets: { hidden: false }, verbs: ['unhide'] },
  { operation: 'update', sets: { muted: true }, verbs: ['mute'] },
  { operation: 'update', sets: { muted: false }, verbs: ['unmute'] },
  { operation: 'update', sets: { state: 'rejected' }, verbs: ['deny', 'refuse'] },
  { operation: 'update', sets: { state: 'stopped' }, verbs: ['halt', 'kill'] },
  { operation: 'update', sets: { state: 'terminated' }, verbs: ['terminate'] },
  { operation: 'update', sets: { state: 'cancelled' }, verbs: ['abort'] },
  { operation: 'update', sets: { state: 'completed' }, verbs: ['finish', 'conclude'] },
  { operation: 'update', sets: { state: 'deprecated' }, verbs: ['deprecate'] },
  { operation: 'update', sets: { state: 'unpublished' }, verbs: ['unpublish'] },
  // AIP-164's undelete brings back what a soft delete hid.
  { operation: 'update', sets: { state: 'active' }, verbs: ['undelete'] },
  // Invoke ("Run, Start"), ConvertTo, Export, Compress, Wait ("Sleep"), Out: an action that answers what it did.
  {
    operation: 'other',
    verbs: ['invoke', 'perform', 'compute', 'translate', 'transform', 'parse', 'encode', 'decode', 'encrypt', 'decrypt'],
  },
  // Sync ("assures that two or more resources are in the same state"): answered, nothing kept.
  { operation: 'other', verbs: ['sync'] },
  { operation: 'other', verbs: ['compress', 'export', 'extract', 'summarize', 'summarise', 'wait', 'sleep', 'echo'] },
];

/**
 * Verbs of the table that name a thing as often (`record`, `request`, `build`, `block`): a
 * verb only where no other word of the name is one (`get_build`, `merge_request`, `append_block`).
 */
export const nounLikeApiVerbs: readonly string[] = [
  'record',
  'request',
  'build',
  'queue',
  'block',
  'scan',
  'share',
  'fill',
  'like',
  'limit',
  'position',
  'rank',
  'sort',
  'dump',
  'display',
  'export',
  'extract',
  'rate',
  'vote',
];
