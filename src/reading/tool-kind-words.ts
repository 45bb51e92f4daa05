/**
 * Signs of a tool's kind that its name's verb alone misses, read from its words and its input
 * schema the way a person reads any service's tools: a plural read that must be given the one id
 * it names reads one (`candidates_get(id)`), an update or delete names its entity by the last
 * id-like argument it requires (`delete_item(board_id, item_id)`), and a name with no verb that
 * ends in `details` or `info` reads (`providerDetails`). Used by `tool-operation.ts`.
 */
import { isPlural, toSingular, toWords } from './entity-words.js';
import { noiseWords, toVerbMeaning } from './tool-verbs.js';
import type { IdArgument, Properties } from './tool-id-argument.js';

/** The last word of an argument that names one thing by its id (`item_id`, `issue_iid`, `epicPublicId`, `identifier`). */
const idWords = new Set(['id', 'iid', 'uid', 'uuid', 'gid', 'key', 'identifier']);
/** The last word of an argument that names several things (`application_ids`, `entityNames`). */
const idListWords = new Set(['ids', 'iids', 'uids', 'keys', 'names', 'identifiers']);

function isScalar(schema: Record<string, unknown> | undefined): boolean {
  return schema?.type !== 'array' && schema?.type !== 'object';
}

/**
 * A read of a plural noun that must be given one scalar id of that noun reads that one:
 * `boond_candidates_get(id)` fetches a candidate, `get_issue_comments(issue_id)` still lists the
 * comments of an issue.
 *
 * @example
 *   namesOne('candidates_get', ['candidate'], { id: { type: 'string' } }, new Set(['id'])); // true
 *   namesOne('get_issue_comments', ['comment'], { issue_id: { type: 'string' } }, new Set(['issue_id'])); // false
 */
export function namesOne(toolName: string, entityWords: readonly string[], properties: Properties, required: ReadonlySet<string>): boolean {
  const last = entityWords[entityWords.length - 1];
  // `companies_contacts(id)`: with two plural nouns a bare `id` names the first, the scope of the list.
  const plurals = toWords(toolName).filter((word) => !noiseWords.has(word) && toVerbMeaning(word) === undefined && isPlural(word));
  // `document_content_history(id)`: a bare id of a history names what it is the history of; `get_activity(activity_id)` still reads one.
  const pluralNoun = plurals.some((word) => toSingular(word) === last);
  return [...required].some((name) => {
    if (!isScalar(properties[name])) return false;
    const words = toWords(name);
    if (words.length === 1) return words[0] === 'id' && pluralNoun && plurals.length <= 1;
    const suffix = words[words.length - 1]!;
    return idWords.has(suffix) && words.length === 2 && toSingular(words[0]!) === last;
  });
}

/**
 * The argument an update or delete names its entity by when no argument reads as the entity's own
 * id: the last required one whose name ends in an id word, the most specific of a path
 * (`project_id, issue_iid` → `issue_iid`; `boardId, itemId` → `itemId`), else one required list
 * of ids (`application_ids`), which makes the tool act on each. Often the name's noun is a field
 * of what the id names (`set_fill_color(node_id)` changes a node), so no stem is asked for.
 *
 * @example
 *   fallbackIdArgument({ board_id: { type: 'string' }, item_id: { type: 'string' } }, new Set(['board_id', 'item_id'])); // { name: 'item_id', field: 'id', strong: true }
 */
export function fallbackIdArgument(properties: Properties, required: ReadonlySet<string>): IdArgument | null {
  const names = Object.keys(properties).filter((name) => required.has(name));
  const one = names.filter((name) => isScalar(properties[name]) && idWords.has(toWords(name).at(-1)!)).at(-1);
  if (one !== undefined) {
    const suffix = toWords(one).at(-1)!;
    return { name: one, field: suffix === 'iid' || suffix === 'uid' || suffix === 'key' ? suffix : 'id', strong: true };
  }
  const lists = names.filter((name) => properties[name]?.type === 'array' && idListWords.has(toWords(name).at(-1)!));
  return lists.length === 1 ? { name: lists[0]!, field: 'id', strong: true } : null;
}

/**
 * Whether a required argument looks like an id (`page_id`, `fileKey`, `identifier`): a write with
 * none of them names nothing that exists, so it makes something new.
 *
 * @example
 *   hasIdLike({ to: { type: 'string' }, subject: { type: 'string' } }, new Set(['to', 'subject'])); // false
 */
export function hasIdLike(properties: Properties, required: ReadonlySet<string>): boolean {
  return Object.keys(properties).some((name) => required.has(name) && idWords.has(toWords(name).at(-1)!));
}

/**
 * A name with no verb that ends in `details` or `info` reads what it names (`providerDetails`,
 * `account_info`): the noise word the entity drops is the only sign of the operation.
 *
 * @example
 *   readsDetails('moduleDetails'); // true
 *   readsDetails('directory_tree'); // false
 */
export function readsDetails(toolName: string): boolean {
  const last = toWords(toolName).at(-1);
  return last === 'details' || last === 'detail' || last === 'info';
}

/** Names of the caller themself (`get_me`, `whoami`, `viewer`). */
const selfWords = new Set(['me', 'self', 'whoami', 'viewer', 'myself']);
/** What the caller is to a service: a user, a member, an account, a profile. */
const personWords = new Set(['user', 'member', 'account', 'profile']);
/** A description that says the read is of whoever calls (`the authenticated user`, `the current member`). */
const selfPhrase =
  /\b(?:authenticated|current|logged[- ]in|calling|requesting)\s+(?:user|member|account|profile)\b|\bwho (?:am i|you are)\b/i;

/**
 * A read with no id of the one who calls: `get_me()`, `whoami()`, `users_get_current()`, or a
 * user, member, account or profile read whose description says it is the authenticated one
 * (`get_user()`: "Get the current user"). Such a read answers one seeded person, whatever the
 * entity is called.
 *
 * @example
 *   isCurrentUserRead('get_user', 'Get the current user details', false); // true
 *   isCurrentUserRead('get_user', 'Get a user by id', true); // false
 */
export function isCurrentUserRead(toolName: string, description: string, requiresArguments: boolean): boolean {
  if (requiresArguments) return false;
  const words = toWords(toolName);
  if (words.some((word) => selfWords.has(word))) return true;
  const person = words.some((word) => personWords.has(toSingular(word)));
  if (person && words.includes('current')) return true;
  const sentence = /^[^.\n]*/.exec(description)?.[0] ?? '';
  return person && selfPhrase.test(sentence);
}

/**
 * Plurals that name one object of settings or reference, not many things (`get_branching_model_settings`, `get_api_docs`),
 * or the one output of a run (`get_export_job_results`, an experiment's `get_results`).
 */
const oneObjectPlurals = new Set(['settings', 'preferences', 'stats', 'statistics', 'docs', 'credentials', 'results']);

/**
 * A plural noun that names one object: a read of settings, preferences, stats or docs answers
 * that object, not a list of them.
 *
 * @example
 *   namesOneObject('getProjectBranchingModelSettings'); // true
 *   namesOneObject('get_users'); // false
 */
export function namesOneObject(toolName: string): boolean {
  return oneObjectPlurals.has(toWords(toolName).at(-1) ?? '');
}

/** Words that end the noun a description's first words are about: `Get active iterations for …`. */
const nounEnds = new Set(['from', 'for', 'in', 'of', 'on', 'where', 'with', 'by', 'that', 'which', 'matching', 'across', 'within']);
/** Verbs a description of a read starts with. */
const readingVerbs = new Set(['get', 'gets', 'read', 'reads', 'fetch', 'fetches', 'retrieve', 'retrieves']);

/**
 * A description that says a read answers many things: it starts with `List`, or with a reading
 * verb and a plural noun (`Get active iterations for the current user's teams`, `Read emails
 * from the inbox`, `Get all items from the checklist`); `Get details of a project` reads one.
 *
 * @example
 *   describesMany('Get upcoming iterations for current user teams.'); // true
 *   describesMany('Get the branching model config for a project'); // false
 */
export function describesMany(description: string | undefined): boolean {
  const sentence = /^[^.\n]*/.exec(description?.trim() ?? '')?.[0] ?? '';
  const words = sentence
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word !== '');
  if (words[0] === 'list' || words[0] === 'lists') return true;
  if (!readingVerbs.has(words[0] ?? '')) return false;
  const end = words.findIndex((word, index) => index > 0 && nounEnds.has(word));
  const noun = words.slice(1, end === -1 ? Math.min(words.length, 4) : end).filter((word) => !noiseWords.has(word) && word !== 'details');
  const head = noun.at(-1);
  // `Get detailed performance metrics`: measures of one thing, a value rather than a list.
  return noun.length > 0 && noun.length <= 3 && head !== undefined && isPlural(head) && !oneObjectPlurals.has(head) && head !== 'metrics';
}
