/**
 * Which arguments of a tool name the parent of the entity it acts on: `issue_number` of
 * `add_issue_comment` names the issue the comment belongs to, `channel_id` of `post_message` the
 * channel, `pipeline_slug` of `create_build` the pipeline. Read from the server's tools alone: an
 * argument is a parent reference when another entity's read, update or delete takes it as its id
 * (`get_issue(issue_number)`), or when its name is another entity's name with an id suffix
 * (`channel_id`, `project_key`); either way the name ends in an id word (`id`, `key`, `number`, `slug`, `uuid`). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { EntityCorrection } from '../domain/tool-override.js';
import type { ToolShape } from './tool-operation.js';
import { isQueryArgument, toNormalName } from '../domain/world-query.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { requiredOf } from './tool-id-argument.js';
import { toAppliedAction } from './applied-action.js';
import { findWholeByIdArgument } from './whole-by-id-argument.js';
import { toResourcePathParents } from './resource-path-parent.js';
import { namedOwner, toNameOwners } from './tool-name-owner.js';
import { toSameTypeParents } from './same-type-parent.js';
import { namesCompoundOwner } from './compound-owner.js';
import { describedOwner, describedReference, describesContainer } from './described-parent.js';

/** One argument that names a parent entity, and the field that holds the parent's id in results. */
export interface ParentReference {
  argument: string;
  entity: string;
  idField: string;
  numericId: boolean;
  /**
   * Named by a real id (`issue_number`, `channel_id`, a bare `id`): a value the world does not hold
   * is a not-found. False for a natural key (`projectName`, `customer`, `targetMailbox`, `parentId`
   * of a kind the words do not say), which a service may accept in several spellings.
   */
  strong: boolean;
}

/**
 * Suffixes that make an argument named for an entity an id of it (`channel_id`, `projectKey`,
 * `pipeline_slug`, `issue_iid`, `datasourceUid`, `projectName`, CalDAV's `calendarUrl`, Twilio's `ConversationSid`, a
 * string identifier, and `project_identifier`, the word the id reading takes as an id too), longest first: `uuid` is not a
 * `uid`, and `sid` only a whole word (`basisId` is no `basi`).
 */
const idSuffixes = ['identifier', 'uuid', 'iid', 'uid', 'sid', 'id', 'key', 'number', 'hash', 'slug', 'name', 'url', 'uri'];
/** Words before an entity's name that say where a thing goes or comes from: `targetMailbox`, `destination_bucket_name`. */
const placeWords = new Set(['target', 'destination', 'dest', 'to', 'new', 'source', 'from']);
/** Bare names that another entity's read may take but that never point at a parent on their own. */
const ownNames = new Set(['id', 'name', 'path', 'key', 'url', 'uri', 'slug', 'title', 'query', 'text', 'content', 'body']);
/** Arguments that name the parent of a thing of the same kind or of the kind their description says: a folder's `parentId`. */
const parentNames = new Set(['parent', 'parentid', 'parentkey', 'parentuuid', 'parentref']);
/** Words before an id that say which of an entity's ids it is: `storyPublicId`, `external_order_id`. */
const idKindWords = new Set(['public', 'external', 'internal', 'global']);
/** Stems of ids that page or trace rather than point at a parent: `last_id`, `after_id`, `request_id`. */
const cursorWords = new Set([
  'last',
  'first',
  'start',
  'end',
  'after',
  'before',
  'since',
  'until',
  'max',
  'min',
  'next',
  'previous',
  'prev',
  'cursor',
  'page',
  'request',
  'idempotency',
  'client',
  'trace',
  'correlation',
]);
/** Suffixes of a real id, as opposed to a natural key (`name`, `slug`). */
const strongSuffixes = new Set(['identifier', 'uuid', 'iid', 'uid', 'sid', 'id', 'key', 'number', 'hash']);

const byShapes = new WeakMap<ReadonlyMap<string, ToolShape>, Map<string, ParentReference[]>>();
const corrected = new WeakMap<ReadonlyMap<string, ToolShape>, Readonly<Record<string, EntityCorrection>>>();

/** A scenario's `entities:` corrections for the server these shapes read (read-server.ts): a corrected parent replaces the one read. */
export function setParentCorrections(
  shapes: ReadonlyMap<string, ToolShape>,
  corrections: Readonly<Record<string, EntityCorrection>>,
): void {
  corrected.set(shapes, corrections);
}

/**
 * The parent references of a call's tool, for the entity its shape acts on (cached per server).
 *
 * @example
 *   toParentReferences(tool, shapes.get('add_issue_comment')!, shapes);
 *   // [{ argument: 'issue_number', entity: 'issue', idField: 'number', numericId: true }]
 */
export function toParentReferences(tool: ToolDefinition, shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): ParentReference[] {
  let cached = byShapes.get(shapes);
  if (!cached) byShapes.set(shapes, (cached = new Map()));
  const key = `${tool.name}|${shape.operation}|${shape.entity}`;
  let references = cached.get(key);
  if (!references) cached.set(key, (references = withCorrectedParent(tool, shape, shapes, findParentReferences(tool, shape, shapes))));
  return references;
}

function withCorrectedParent(
  tool: ToolDefinition,
  shape: ToolShape,
  shapes: ReadonlyMap<string, ToolShape>,
  found: ParentReference[],
): ParentReference[] {
  const corrections = corrected.get(shapes);
  const parent = corrections && Object.hasOwn(corrections, shape.entity) ? corrections[shape.entity]!.parent : undefined;
  if (parent === undefined) return found;
  const others = found.filter((reference) => reference.entity !== parent?.type && reference.argument !== parent?.argument);
  if (parent === null || !Object.hasOwn(tool.inputSchema.properties ?? {}, parent.argument)) return parent === null ? [] : others;
  const named = [...shapes.values()].find((candidate) => candidate.entity === parent.type && candidate.idArgument !== null);
  return [
    // Named by the scenario: as sure as an id argument.
    { argument: parent.argument, entity: parent.type, idField: named?.idField ?? 'id', numericId: named?.numericId ?? false, strong: true },
    ...others,
  ];
}

function findParentReferences(tool: ToolDefinition, shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): ParentReference[] {
  const all = [...shapes.values()].flatMap((candidate) => [candidate, ...Object.values(candidate.dispatch?.choices ?? {})]);
  // The entities a reference may name: those with a read, update or delete by id, or a collection (a create or a list).
  const namers = all.filter(
    (candidate) =>
      candidate.entity !== shape.entity &&
      candidate.entity !== 'item' &&
      candidate.idArgument !== null &&
      candidate.strict &&
      (candidate.operation === 'read' || candidate.operation === 'update' || candidate.operation === 'delete'),
  );
  const collections = new Map<string, ToolShape>();
  for (const candidate of all)
    if (candidate.entity !== shape.entity && candidate.entity !== 'item' && ['create', 'list', 'read'].includes(candidate.operation))
      if (!collections.has(toNormalName(candidate.entity))) collections.set(toNormalName(candidate.entity), candidate);
  const schemas = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown; description?: unknown } | null>;
  const required = requiredOf(tool);
  const references: ParentReference[] = [];
  const push = (argument: string, owner: ToolShape, strong: boolean) => {
    // The id field its other tools show (`number` for an issue), else `id`.
    const sibling = all.find((candidate) => candidate.entity === owner.entity && candidate.idArgument !== null);
    references.push({
      argument,
      entity: owner.entity,
      idField: sibling?.idField ?? 'id',
      numericId: sibling?.numericId ?? owner.numericId,
      strong,
    });
  };
  // `apply_macro(ticket_id, macro_id)`: the macro is applied to the ticket, neither holds the other.
  const applied = toAppliedAction(tool, shape, new Set(all.map((candidate) => candidate.entity)));
  // `create_tag(parentTagName)`, `create_folder(parent_folder_id)`: the node above in a tree of one type.
  const sameType = toSameTypeParents(tool, shape, []);
  for (const argument of Object.keys(schemas)) {
    if (argument === shape.dispatch?.argument || argument === applied?.applied.argument) continue;
    // `search(query)` on a server that keeps saved queries: free text to match is no record it names.
    if (isQueryArgument(argument) && argument !== shape.idArgument) continue;
    const parent = sameType.find((candidate) => candidate.argument === argument);
    if (parent) {
      push(argument, shape, parent.strong);
      continue;
    }
    const normal = toNormalName(argument);
    const words = toWords(argument);
    // Only a name that says it is an id of something (`issue_number`, `nodeId`), or an entity's own word (`customer`, `repo`).
    const suffix = idSuffixes.find(
      (candidate) => normal.endsWith(candidate) && normal.length > candidate.length && (candidate === 'sid') === (words.at(-1) === 'sid'),
    );
    if (argument === shape.idArgument) {
      // `get_pull_request_diff(pull_request_id)`, `get_branching_model(repo_slug)`: an id spelled as another entity's
      // names the whole the tool reads a part of, which is that part's parent.
      const whole =
        (suffix !== undefined && isScalar(schemas[argument]) ? collections.get(toEntityKey(words, suffix)) : undefined) ??
        findWholeByIdArgument(tool, argument, namers);
      if (whole && toNormalName(whole.entity) !== toNormalName(shape.entity)) push(argument, whole, strongSuffixes.has(suffix ?? 'id'));
      else if (!whole && suffix !== undefined && strongSuffixes.has(suffix) && isScalar(schemas[argument])) {
        // `get_project_branching_model(project_key)`: the whole is a type the server has no tools for.
        const entity = toEntityKey(words.length > 1 && placeWords.has(words[0]!) ? words.slice(1) : words, suffix, '_');
        const own = toNormalName(shape.entity);
        if (entity !== '' && !cursorWords.has(entity) && !own.includes(toNormalName(entity)) && !toNormalName(entity).includes(own))
          references.push({ argument, entity, idField: 'id', numericId: schemas[argument]?.type === 'integer', strong: true });
      }
      continue;
    }
    const taker = ownNames.has(normal) ? undefined : namers.find((candidate) => candidate.idArgument === argument);
    // A name that says whose id it is (`project_id` of a project the server lists) is read by its words, even when another
    // entity's tool takes it as its id: `update_default_branch(project_id)` acts on a project, it does not name a branch.
    const spelled = suffix !== undefined && strongSuffixes.has(suffix) ? collections.get(toEntityKey(words, suffix)) : undefined;
    const named = spelled && taker && toNormalName(spelled.entity) !== toNormalName(taker.entity) ? undefined : taker;
    if (named) {
      const strong = suffix !== undefined && strongSuffixes.has(suffix);
      references.push({ argument, entity: named.entity, idField: named.idField, numericId: named.numericId, strong });
      continue;
    }
    const scalar = isScalar(schemas[argument]);
    const place = words.length > 1 && placeWords.has(words[0]!) ? words.slice(1) : words;
    const strong = suffix !== undefined && strongSuffixes.has(suffix) && place === words;
    // What an update or delete names by a natural key (`branch`, `projectName`) is where it acts, not a parent it moves to.
    const scoped = (shape.operation === 'update' || shape.operation === 'delete') && !strong && place === words;
    const owner = scoped
      ? undefined
      : ((suffix !== undefined && scalar ? collections.get(toEntityKey(place, suffix)) : undefined) ??
        (scalar && suffix === undefined ? collections.get(toEntityKey(place, '')) : undefined));
    if (owner) push(argument, owner, strong);
    else if (
      strong &&
      scalar &&
      (shape.operation === 'list' ||
        shape.operation === 'search' ||
        (shape.operation === 'create' && required.has(argument)) ||
        namesCompoundOwner(toEntityKey(words, suffix!, '_'), shape.entity))
    ) {
      // `list_buckets(project_id)`, `create_component(team_id)`: a parent the server has no tools for, named by its id; so is
      // the owner of a compound entity wherever it is named (`get_project_member(projectId, memberId)`, compound-owner.ts).
      const entity = toEntityKey(words, suffix!, '_');
      if (entity !== '' && !cursorWords.has(entity))
        references.push({
          argument,
          entity,
          idField: 'id',
          numericId: schemas[argument]?.type === 'integer' || schemas[argument]?.type === 'number',
          strong,
        });
    } else if (parentNames.has(normal) && scalar) {
      const described = describedOwner(schemas[argument]?.description, collections);
      push(argument, described ?? shape, false);
    } else if (normal === 'id' && scalar && shape.idArgument !== 'id') {
      const holder = namedOwner(tool.name, shape, collections);
      if (holder) push(argument, holder, true);
    } else if (scalar && !scoped) {
      // `thread_ts`: "The timestamp of the parent message", `timestamp`: "The timestamp of the message to react to".
      const described = describedReference(schemas[argument]?.description, collections);
      if (described && toNormalName(described.entity) !== toNormalName(shape.entity)) push(argument, described, false);
      else if (!described && (shape.operation === 'list' || shape.operation === 'search' || shape.operation === 'create')) {
        // `workspace` "Bitbucket workspace name", `idOrganization` "Workspace ID to create the board in", `siteUrl` "The site
        // URL": a list or create given where it looks or puts, in words, as the `*_id` rule reads it from the name.
        const noun = describedPlace(schemas[argument]?.description, words);
        const owner = noun === null ? undefined : collections.get(toNormalName(noun));
        if (owner && toNormalName(owner.entity) !== toNormalName(shape.entity)) push(argument, owner, false);
        else if (!owner && noun !== null && !toNormalName(shape.entity).includes(toNormalName(noun)))
          references.push({ argument, entity: noun, idField: 'id', numericId: false, strong: false });
        else if (noun === null && describesContainer(schemas[argument]?.description)) {
          // `create_folder(path "The path to create the folder in")`, `create_model(owner "The name of the user or organization
          // that will own the model")`: the description says the argument is where the new thing goes, or whose it is.
          const entity = toEntityKey(place, suffix ?? '', '_');
          if (entity !== '' && !toNormalName(shape.entity).includes(toNormalName(entity)))
            references.push({ argument, entity, idField: suffix === undefined ? normal : 'id', numericId: false, strong: false });
        }
      }
    }
  }
  const named = [...toResourcePathParents(tool, shape, references), ...toNameOwners(tool, shape, references)];
  return [...references, ...named.map((owner) => ({ ...owner, idField: 'id', numericId: false, strong: false }))];
}

/**
 * An entity's key in `collections` for an argument's words without their id suffix, which may be a
 * whole word (`project_name`) or the end of one (`datasourceUid`): `repoSlug` → `repository`.
 */
function toEntityKey(words: readonly string[], suffix: string, separator = ''): string {
  // `storyPublicId` names a story: a word that says which of its ids is no part of the entity's name.
  const stem = words.filter((word) => !idKindWords.has(word));
  const last = stem.at(-1);
  if (suffix !== '' && last !== undefined) {
    if (last === suffix) stem.pop();
    else if (last.endsWith(suffix)) stem[stem.length - 1] = last.slice(0, -suffix.length);
  }
  const key = stem.map((word) => toFullWord(toSingular(word))).join('_');
  return separator === '' ? toNormalName(key) : key;
}

/** Whether an argument's schema takes one value (a string or a number), not an object or a list. */
function isScalar(schema: { type?: unknown } | null | undefined): boolean {
  const type = schema?.type;
  const types = Array.isArray(type) ? type : [type];
  return types.some((candidate) => candidate === 'string' || candidate === 'integer' || candidate === 'number' || candidate === undefined);
}

/** Words naming one entity after its noun in a description: "Workspace ID", "The site URL", "Bitbucket workspace name". */
const placeHeads = new Set(['id', 'identifier', 'key', 'name', 'url', 'slug']);
/** Nouns before such a word that name no entity: "Display name", "Page number", "Request ID". */
const placelessNouns = new Set([
  ...cursorWords,
  'the',
  'a',
  'an',
  'its',
  'this',
  'display',
  'full',
  'first',
  'last',
  'user',
  'file',
  'unique',
  'optional',
  'new',
  'given',
  'middle',
  'family',
  'nick',
  'which',
  'state',
  'status',
  'type',
  'kind',
]);
/** Naming words that say an id on their own; a name, URL or slug names the noun only in an argument named for it. */
const idHeads = new Set(['id', 'identifier', 'key']);

/**
 * The noun a description opens by naming an id of, singular, or null: at most one word before it
 * (an article or the service's name), and the naming word right after it; a name, URL or slug
 * only of a noun the argument is named for ("Sub-task name" of `name` is the new one's own).
 */
function describedPlace(description: unknown, argumentWords: readonly string[]): string | null {
  if (typeof description !== 'string') return null;
  const words = toWords(description.replace(/['’]s\b/g, '').split(/[.;:(,]/)[0] ?? '');
  for (const at of [0, 1]) {
    const noun = words[at];
    const head = words[at + 1] ?? '';
    if (noun === undefined || !placeHeads.has(head) || placelessNouns.has(noun) || placeHeads.has(noun)) continue;
    if (idHeads.has(head) || argumentWords.includes(noun)) return toFullWord(toSingular(noun));
  }
  return null;
}
