/**
 * Which argument of a tool names the entity it acts on. Part of the operation inference
 * (`tool-operation.ts`).
 */
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { isSetValue } from './set-value-argument.js';
import { isIdSuffix } from './id-stem.js';
import { isSecretArgument } from './secret-arguments.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolOperation } from './tool-verbs.js';

/** An argument that names an entity, and the field that holds the same value in results. */
export interface IdArgument {
  name: string;
  /** `number` for `issue_number`, `id` for `contact_id` or `id`, the name itself for `path` or `branch`. */
  field: string;
  /** A real identifier (an unknown one is not-found), not a natural key such as a URL (made up when unknown). */
  strong: boolean;
}

export type Properties = Record<string, Record<string, unknown>>;

/**
 * Id suffixes, best first: `contact_id` beats `contact_name`. `iid` is GitLab's project-scoped
 * number (`issue_iid`), `uid` Grafana's (`datasourceUid`), `handle` a storefront's slug, `hash` a
 * digest that names a record (Mailchimp's `subscriber_hash`, the member's `id`, in `lists/{list_id}/members/{subscriber_hash}`).
 */
const idSuffixes = [
  'id',
  'uuid',
  'gid',
  'iid',
  'uid',
  'number',
  'key',
  'identifier',
  'handle',
  'slug',
  'sha',
  'hash',
  'path',
  'name',
  'ids',
];
/** Suffixes that say an argument is a real identifier, not a natural key such as a name or a path. */
const strictIdSuffixes = new Set(['id', 'uuid', 'gid', 'iid', 'uid', 'number', 'key', 'identifier', 'hash']);
/**
 * Plain names that identify things, best first. `sid` is a string identifier, Twilio's word for a
 * resource's own id (`FetchConversation(Sid)`; its parent is a `ConversationSid`).
 */
const plainIds = ['path', 'filename', 'key', 'uuid', 'uid', 'sid', 'identifier', 'handle', 'slug', 'sha', 'counter'];
/** Plain names a service may accept in several spellings (an alias, a tiny id): an unknown one is not a not-found. */
const looseIds = new Set(['identifier', 'handle']);
/** First words of a `*_name` that describe a value rather than name the thing (`display_name`, `new_name`). */
const descriptiveStems = new Set(['display', 'first', 'last', 'full', 'given', 'family', 'middle', 'nick', 'new', 'user']);

/** Nouns for a piece of writing: an argument named for one (`note`, `comment: "…"`) holds its text. */
export const writtenTextNouns = new Set(['note', 'comment', 'message', 'reply', 'remark', 'memo', 'annotation', 'feedback', 'review']);

/** Whether a string argument named for the entity is the text of a piece of writing (`note: "Rolled back deploy 311"`). */
function isWrittenText(entityWords: readonly string[], property: Properties[string] | undefined): boolean {
  return writtenTextNouns.has(toFullWord(entityWords.at(-1) ?? '')) && (property?.type === undefined || property.type === 'string');
}

const urlArgumentNames = new Set(['url', 'uri', 'link', 'href', 'pageurl', 'targeturl']);

/** Whether an argument names a web address (`url`, `uri`, `pageUrl`): a page read by it is that page. */
export function isUrlArgument(name: string): boolean {
  return urlArgumentNames.has(name.toLowerCase().replace(/[^a-z]/g, ''));
}

/** The input schema's properties that are schemas (others are ignored). */
export function propertiesOf(tool: Pick<ToolDefinition, 'inputSchema'>): Properties {
  const properties = tool.inputSchema.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return {};
  return Object.fromEntries(
    Object.entries(properties as Record<string, unknown>).filter(
      (entry): entry is [string, Record<string, unknown>] => entry[1] !== null && typeof entry[1] === 'object',
    ),
  );
}

/** The input schema's required property names. */
export function requiredOf(tool: Pick<ToolDefinition, 'inputSchema'>): Set<string> {
  const required = tool.inputSchema.required;
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : []);
}

/**
 * The argument that names the entity, best first, required arguments before optional ones:
 * `id`; `<entity>_id`, `<entity>Number`, `table_name` (the words before the suffix are the
 * entity's and not another tool's entity, so `issue_number` names an issue, never a comment); the
 * entity's own word (`branch`); `number`; `path`, `key`, `uuid`, `slug`, `sha`; a required
 * `name`; then a required `url`/`uri` (a natural key). A create takes only a required key the
 * caller chooses (`branch`, `path`); list, search and other actions take none.
 *
 * @example
 *   findIdArgument('read', ['pull', 'request'], { pullNumber: { type: 'number' } }, new Set(['pullNumber']), new Set()); // { name: 'pullNumber', field: 'number', strong: true }
 */
export function findIdArgument(
  operation: ToolOperation,
  entityWords: readonly string[],
  properties: Properties,
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
  { unmarked = true }: { unmarked?: boolean } = {},
): IdArgument | null {
  if (operation === 'list' || operation === 'search' || operation === 'other') return null;
  const all = Object.keys(properties);
  const creating = operation === 'create';
  // `append_blocks(block_id, children)`: the children are made under the block the id names, never given its id.
  if (
    creating &&
    all.some((name) => name.toLowerCase() === 'children') &&
    required.has(all.find((name) => name.toLowerCase() === 'children')!)
  )
    return null;
  // Required first: `create_or_update_file(path, sha?)` names a file by its path, not its sha.
  const passes = [all.filter((name) => required.has(name)), ...(creating ? [] : [all.filter((name) => !required.has(name))])];
  for (const names of passes) {
    const found =
      findAmong(names, creating, entityWords, required, entities, properties) ??
      (creating ? null : findDescribed(names, entityWords, properties));
    if (found) return found;
  }
  if (creating) return null;
  // A schema that marks nothing required says nothing of what is needed (own-key-read.ts): its one id-named argument
  // names the thing (`status(execution_id?, base_url?)`, `get_models_readme(model_owner?, model_name?)`), unless the
  // caller asks whether an argument names one of the entity's own (`unmarked: false`).
  // Reads only: a write of an unnamed thing (`escalate(ticket_id?)`) stays an action, as `fallbackIdArgument` asks a required id.
  const asked = unmarked && operation === 'read' && required.size === 0 ? new Set(all) : null;
  return findLastNamed(all, asked ?? required, entities, operation === 'delete', asked !== null);
}

function findAmong(
  names: readonly string[],
  creating: boolean,
  entityWords: readonly string[],
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
  properties: Properties,
): IdArgument | null {
  const entity = entityWords.join('_');
  let best: { argument: IdArgument; rank: number; head: boolean } | null = null;
  const headWord = toFullWord(entityWords[entityWords.length - 1] ?? '');
  for (const name of names) {
    const words = toWords(name);
    const suffix = words[words.length - 1]!;
    const stem = words.slice(0, -1).map((word) => toFullWord(toSingular(word)));
    const rank = idSuffixes.indexOf(suffix);
    // `item` is the entity of a tool whose name has no noun, never another tool's: `itemId` of `get_card_item` is the card item's.
    const ownStem =
      stem.length > 0 &&
      stem.every((word) => entityWords.map(toFullWord).includes(word)) &&
      (stem.join('_') === entity || stem.join('_') === 'item' || !entities.has(stem.join('_')));
    // `get_ai_config_variation(configKey, variationKey)`: both stems are the entity's words; the one ending in its last names it.
    const head = stem.at(-1) === headWord;
    // `add_project_member(projectId, email)`: a create's own key ends in the new thing's noun; its owner's id names where it goes.
    if (creating && !head && stem.join('_') !== entity) continue;
    if (rank !== -1 && ownStem && (!best || rank < best.rank || (rank === best.rank && head && !best.head)))
      best = {
        argument: { name, field: suffix === 'uuid' || suffix === 'ids' || suffix === 'hash' ? 'id' : suffix, strong: true },
        rank,
        head,
      };
  }
  // A bare `id` names the entity, unless the entity's own id is there too: `delete_note(id, note_id)` deletes the note of document `id`.
  // A list of ids (`pipeline_ids`) never names the one entity a bare `id` names, and an `id` described as the entity's own
  // ("Monitor ID") names it whatever else the tool takes (`monitors(id, monitor_id)`, the latter for one action only).
  if (
    !creating &&
    names.includes('id') &&
    (!best ||
      !strictIdSuffixes.has(best.argument.field) ||
      toWords(best.argument.name).at(-1) === 'ids' ||
      describesOwnId(properties.id?.description, entityWords))
  )
    return { name: 'id', field: 'id', strong: true };
  if (best) return best.argument;
  const own = names.find((name) => [entity, entityWords[entityWords.length - 1]].includes(toWords(name).map(toFullWord).join('_')));
  // `set_corner_radius(nodeId, radius)`: the radius is what is set, the node what it is set on.
  // `add_note_to_incident(incident_id, note: "Rolled back")`: the text a note or comment is written with is what it says, not its key.
  if (own && creating && isWrittenText(entityWords, properties[own])) return null;
  if (own && (creating || !isSetValue(own, properties))) return { name: own, field: own, strong: true };
  // `get_user(username)`, `update_user(username, location)`: the entity's word closed up with a key word is one of its keys,
  // kept under that name (entity-keys.ts); a create's is data the new record holds, not a key the caller picks.
  const compound = creating ? undefined : names.find((name) => isCompoundKey(name, headWord));
  if (compound !== undefined) return { name: compound, field: compound, strong: true };
  // A create takes a key the caller chooses (`create_directory(path)`), never one that names something else.
  // Spelled as the service spells its fields: S3's `Key`, a `Path` or `Name` name the thing as `key`, `path`, `name` do.
  for (const word of creating ? ['path', 'filename', 'key', 'slug'] : ['number', ...plainIds]) {
    const name = plainArgument(names, word);
    // `read_note(vault, filename)` names a note by its file; beside an `attachmentId` the file is what is sent, not a key.
    if (word === 'filename' && Object.keys(properties).some((other) => strictIdSuffixes.has(toWords(other).at(-1)!))) continue;
    if (name !== undefined) return { name, field: word === 'uuid' ? 'id' : word, strong: !looseIds.has(word) };
  }
  if (creating) return null;
  const named = plainArgument(names, 'name');
  if (named !== undefined && required.has(named)) return { name: named, field: 'name', strong: true };
  for (const word of ['url', 'uri']) {
    const name = plainArgument(names, word);
    if (name !== undefined && required.has(name)) return { name, field: word, strong: false };
  }
  return null;
}

/**
 * Whether an argument's description says it is the id of the entity itself: "Monitor ID", "The pipeline's ID",
 * "ID of the monitor" (not "ID of the monitor's folder", nor "ID of the document holding the note").
 */
function describesOwnId(description: unknown, entityWords: readonly string[]): boolean {
  if (typeof description !== 'string') return false;
  const noun = entityWords.join('[ _-]?');
  return new RegExp(
    `^\\s*(?:the\\s+)?(?:${noun})(?:'s)?\\s+(?:id|identifier)\\b|^\\s*(?:the\\s+)?(?:id|identifier)\\s+of\\s+(?:the\\s+|an?\\s+)?(?:${noun})\\b(?!'|\\s+(?:containing|holding|of|in|that|which|with)\\b)`,
    'i',
  ).test(description);
}

/** Whether an argument is one word made of the entity's last word and a key word: `username` of a user, `hostname` of a host. */
function isCompoundKey(name: string, headWord: string): boolean {
  const words = toWords(name);
  return words.length === 1 && headWord.length > 0 && name.startsWith(headWord) && isIdSuffix(name.slice(headWord.length));
}

/** The argument that is `word` alone in any casing (`key`, `Key`, `KEY`), the exact spelling first. */
function plainArgument(names: readonly string[], word: string): string | undefined {
  return names.includes(word) ? word : names.find((name) => name.toLowerCase() === word);
}

/**
 * The last required argument whose name says it identifies something, when none names the
 * entity in its own words: paths list the parent first and the thing last
 * (`get_attachment(uid, partId)`), and a read named for a view of an entity takes the entity's id
 * (`get_bucket_location(bucket_name)`). One named for another entity of the server is the parent
 * when there is another (`read_table(connectionId, tableName)`), and a real id (`partId`) beats a
 * natural key (`file_path`). Not strong: the words do not say the entity's type, so an unknown
 * value is made up, never a not-found.
 */
function findLastNamed(
  names: readonly string[],
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
  deleting: boolean,
  onlyOne = false,
): IdArgument | null {
  const named = names.filter((name) => {
    const words = toWords(name);
    const suffix = words[words.length - 1]!;
    if (!required.has(name) || words.length < 2 || !idSuffixes.includes(suffix) || suffix === 'ids') return false;
    // `get_balance(address?, privateKey?)`: the caller's secret authenticates the call, it is never what is asked for (secret-arguments.ts).
    if (onlyOne && isSecretArgument(name)) return false;
    return suffix !== 'name' || !descriptiveStems.has(words[0]!);
  });
  if (onlyOne && named.length !== 1) return null;
  // `pullNumber` names a pull request as well as `pull_request_number` does.
  const namesEntity = (stem: string) => entities.has(stem) || [...entities].some((entity) => entity.startsWith(`${stem}_`));
  const others = named.filter((name) => !namesEntity(toStem(name)));
  // A delete by another entity's id alone (`delete_pending(pullNumber)`) deletes something under it, never that entity.
  const among = others.length > 0 || deleting ? others : named;
  const strict = among.filter((name) => strictIdSuffixes.has(toWords(name).at(-1)!));
  const name = (strict.length > 0 ? strict : among).at(-1);
  if (name === undefined) return null;
  const suffix = toWords(name).at(-1)!;
  return { name, field: suffix === 'uuid' || suffix === 'hash' ? 'id' : suffix, strong: false };
}

/** The words of an argument before its id suffix, as an entity name: `bucket_name` → `bucket`, `repoIds` → `repository`. */
function toStem(name: string): string {
  return toWords(name)
    .slice(0, -1)
    .map((word) => toFullWord(toSingular(word)))
    .join('_');
}

/** The field a scenario's `id: <argument>` override stands for: `ticket_id` → `id`, `number` → `number`. */
export function toOverrideIdArgument(name: string): IdArgument {
  const words = toWords(name);
  const suffix = words[words.length - 1];
  const field =
    words.length > 1 && (suffix === 'id' || suffix === 'uuid') ? 'id' : words.length > 1 && suffix === 'number' ? 'number' : name;
  return { name, field, strong: true };
}

/**
 * An `*_id` argument whose description names the entity: `configuration_id` "ID of the
 * transformation configuration to update" names the `sql_transformation`.
 */
function findDescribed(names: readonly string[], entityWords: readonly string[], properties: Properties): IdArgument | null {
  const noun = entityWords[entityWords.length - 1]!;
  const mentions = new RegExp(`\\b${noun}s?\\b`, 'i');
  // `cardId` "ID of the card containing the checklist item" mentions the item it holds; `checkItemId` "ID of the checklist
  // item" is the item's own: the id whose phrase names the noun (a few words after "ID of the") wins over a mere mention.
  const own = new RegExp(`\\b(?:id|identifier)\\)?\\s+of\\s+(?:the\\s+|an?\\s+)?(?:[\\w-]+\\s+){0,3}${noun}s?\\b`, 'i');
  const described = names.filter((name) => {
    const description = properties[name]?.description;
    return (
      toWords(name).at(-1) === 'id' &&
      typeof description === 'string' &&
      /\bid\b|identifier/i.test(description) &&
      mentions.test(description)
    );
  });
  const name = described.find((candidate) => own.test(properties[candidate]?.description as string)) ?? described[0];
  return name === undefined ? null : { name, field: 'id', strong: true };
}
