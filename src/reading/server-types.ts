/**
 * The entity of each tool checked against the server's other tools, once every tool has a first
 * reading (read-server.ts calls it after the operation inference). Name rules read one tool at a
 * time; this pass reads the server as a whole: the **types** of the server are the entities some
 * tool creates, lists or searches, or reads, updates or deletes by an id argument. A compound that
 * one tool alone reads, made of one such type and words that are no type anywhere, is re-read as
 * that type (`update_issue_description_patch` acts on an issue); a compound the service uses
 * consistently (several tools, or an argument named for it, `export_job_id`) stays. Each re-reading
 * keeps its reason, which `mcpsim explain` shows. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolOverride } from '../domain/tool-override.js';
import { isQualifierWord, toFullWord, toSingular, toWords } from './entity-words.js';
import { ownerSuffixes, toArgumentStems } from './owned-entity.js';
import { objectOpeners, phraseEnds, toAgreedObject, toPickedObject, toSetterOwner } from './agreed-object.js';
import { propertiesOf } from './tool-id-argument.js';
import { toServiceWords } from './tool-name.js';
import { toVerbNoun } from './verb-noun.js';
import { toUnscopedOwner } from './unscoped-owner.js';
import { toMeasureOwner } from './measure-owner.js';
import { withApiTypeNames } from './api-type-name.js';
import { withAgreedCompounds } from './agreed-compound.js';
import { toSingularReading, withSingularCompound } from './compound-plurals.js';
import { withPlaceholderOwner } from './placeholder-entity.js';
import { withDescribedObjectNouns } from './described-object-noun.js';
import { withBareVerbEntities } from './bare-verb-entity.js';
import { withMailSends } from './mail-sends.js';
import { withUnwrittenCompounds } from './unwritten-compound.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The entities some tool creates, lists or searches, or reads, updates or deletes by an id
 * argument: what the server keeps. `item` (a name with no noun) is none.
 *
 * @example
 *   toServerTypes(shapes); // Set { 'issue', 'merge_request', 'webhook' }
 */
export function toServerTypes(shapes: ReadonlyMap<string, ToolShape>): Set<string> {
  return new Set(toTypeKeepers(shapes).keys());
}

/** How many tools read each entity. */
function toEntityUses(shapes: ReadonlyMap<string, ToolShape>): Map<string, number> {
  const uses = new Map<string, number>();
  for (const shape of shapes.values()) uses.set(shape.entity, (uses.get(shape.entity) ?? 0) + 1);
  return uses;
}

/** Each server type (see {@link toServerTypes}) with the names of the tools that keep it. */
function toTypeKeepers(shapes: ReadonlyMap<string, ToolShape>): Map<string, Set<string>> {
  const keepers = new Map<string, Set<string>>();
  for (const [name, shape] of shapes) {
    if (shape.entity === 'item' || shape.dispatch) continue;
    const kept = shape.operation === 'create' || shape.operation === 'list' || shape.operation === 'search';
    const byId = (shape.operation === 'read' || shape.operation === 'update' || shape.operation === 'delete') && shape.idArgument !== null;
    if (kept || byId) keepers.set(shape.entity, (keepers.get(shape.entity) ?? new Set()).add(name));
  }
  return keepers;
}

/**
 * The shapes with each one-tool compound that holds a server type re-read as that type, with why
 * (`entityWhy`); a tool the scenario corrects keeps its reading.
 *
 * @example
 *   withServerTypes(tools, shapes).get('update_issue_description_patch')?.entity; // 'issue' where tools create and read issues
 *   withServerTypes(tools, shapes).get('list_merge_request_changed_files')?.entity; // 'file' where tools read files
 */
export function withServerTypes(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  { corrections = {}, serverNames = [] }: ServerTypeOptions = {},
): Map<string, ToolShape> {
  const serviceWords = toServiceWords(serverNames);
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  const singular = toSingularReading(tools, shapes);
  const firstTypes = toServerTypes(shapes);
  const unprefixed = new Map(
    [...shapes].map(([name, shape]) => {
      if (Object.hasOwn(corrections, name)) return [name, shape];
      const tool = toolsByName.get(name)!;
      const own = withPlaceholderOwner(withoutServiceWord(shape, serviceWords), tool, serviceWords, firstTypes);
      return [name, withSingularCompound(own, tool, singular)];
    }),
  );
  const corrected = (name: string) => Object.hasOwn(corrections, name);
  const described = withDescribedObjectNouns(tools, unprefixed, serviceWords, corrected, toEntityUses(unprefixed));
  const typed = withApiTypeNames(tools, withTypesInCompounds(tools, described, corrections, serviceWords), corrected);
  const agreed = withBareVerbEntities(tools, withAgreedCompounds(tools, typed, corrected, serverNames), corrected, serviceWords);
  return withMailSends(withUnwrittenCompounds(tools, agreed, corrected), corrected);
}

/** What the pass reads beyond the tools and their first readings. */
export interface ServerTypeOptions {
  /** The scenario's corrections by tool name: a tool it corrects keeps its reading. */
  corrections?: Readonly<Record<string, ToolOverride>>;
  /** The server's names (read-server.ts): a word of them leads no entity. */
  serverNames?: readonly string[];
}

/**
 * `manage_jira_issue` of a Jira server acts on an issue: the service's name before the entity's
 * words is never part of it, however the name arranged its words.
 */
function withoutServiceWord(shape: ToolShape, serviceWords: ReadonlySet<string>): ToolShape {
  const words = shape.entity.split('_');
  if (shape.dispatch || words.length < 2 || !serviceWords.has(words[0]!)) return shape;
  const entity = words.slice(1).join('_');
  return {
    ...shape,
    entity,
    entityWhy: `the words "${entity}" of the name; "${words[0]}" before them is the service's name, never the entity`,
  };
}

function withTypesInCompounds(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrections: Readonly<Record<string, ToolOverride>>,
  serviceWords: ReadonlySet<string>,
): Map<string, ToolShape> {
  const types = toServerTypes(shapes);
  const uses = toEntityUses(shapes);
  // Id arguments named for a compound (`export_job_id`, `jobId`) show the service keeps it: such a compound stays.
  const stems = new Set(tools.flatMap(toIdStems));
  const keepers = toTypeKeepers(shapes);
  // A type some tool other than `name` keeps.
  const keptElsewhere = (name: string) => (type: string) => [...(keepers.get(type) ?? [])].some((keeper) => keeper !== name);
  const result = new Map(shapes);
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape.dispatch || Object.hasOwn(corrections, tool.name)) continue;
    const alone = uses.get(shape.entity) === 1;
    const found =
      toTypeOfIdArgument(shape, types) ??
      toMeasureOwner(shape, tool, keptElsewhere(tool.name)) ??
      toOwnersType(shape, tool, keepers, keptElsewhere(tool.name)) ??
      (alone ? (toTypeInCompound(shape, tool, types, stems) ?? toDescribedType(shape, tool, types)) : null) ??
      toAgreedObject(shape, tool, types) ??
      toSetterOwner(shape, tool, keptElsewhere(tool.name)) ??
      toPickedObject(shape, tool, keptElsewhere(tool.name)) ??
      toVerbNoun(shape, tool, keptElsewhere(tool.name), serviceWords) ??
      toUnscopedOwner(shape, tool, types, keptElsewhere(tool.name));
    if (found)
      result.set(tool.name, { ...shape, entity: found.type, entityWhy: found.why, idArgument: found.idArgument ?? shape.idArgument });
  }
  return result;
}

interface TypeInCompound {
  type: string;
  why: string;
  idArgument?: string;
}

/**
 * The server type a one-tool compound holds, or null. The type may begin the compound, where the
 * tool acts on one of them (`rotate_webhook_secret` updates a webhook; a list or a create of
 * `customer_statuses` keeps a kind of its own), or end it after words that only pick some of its
 * kind: a qualifier (`changed_file`, `registered_script`), the initials of another type (`mr` of
 * `merge_request`), or the owner an argument names (`organization` of
 * `ping_organization_webhook(org, hook_id)`).
 */
function toTypeInCompound(
  shape: ToolShape,
  tool: ToolDefinition,
  types: ReadonlySet<string>,
  stems: ReadonlySet<string>,
): TypeInCompound | null {
  const words = shape.entity.split('_');
  // The compound is this tool's alone (the caller checked): that the tool lists or reads it makes no type of it.
  if (words.length < 2 || stems.has(shape.entity) || endsInKeptStem(words, stems, types)) return null;
  const arguments_ = toArgumentStems(tool);
  for (let length = words.length - 1; length >= 1; length--) {
    const head = words.slice(0, length).join('_');
    const rest = words.slice(length);
    if (types.has(head) && acts(shape) && rest.every((word) => !types.has(word)))
      return {
        type: head,
        why: `"${shape.entity}" of the name is read by this tool alone: it acts on a ${head}, a type the server's other tools keep ("${rest.join(' ')}" is no type of the server)`,
      };
    const tail = words.slice(words.length - length).join('_');
    const before = words.slice(0, words.length - length);
    if (types.has(tail) && before.every((word) => picksSome(word, types, arguments_)))
      return {
        type: tail,
        why: `"${shape.entity}" of the name is read by this tool alone: a ${tail}, a type the server's other tools keep, that "${before.join(' ')}" qualifies`,
      };
  }
  return null;
}

/**
 * `publishDraftPullRequest(pull_request_id)`, `unapprove_merge_request(merge_request_iid)` read as
 * `request`: an action whose id argument names a type the server keeps, which the name's entity
 * holds or ends, acts on that type, whatever else the name says of it.
 */
function toTypeOfIdArgument(shape: ToolShape, types: ReadonlySet<string>): TypeInCompound | null {
  if (!acts(shape) || shape.idArgument === null) return null;
  const words = toWords(shape.idArgument).map((word) => toFullWord(toSingular(word)));
  if (words.length < 2 || !idSuffixes.has(words[words.length - 1]!)) return null;
  const stem = words.slice(0, -1).join('_');
  if (stem === shape.entity || !types.has(stem)) return null;
  if (!`_${shape.entity}_`.includes(`_${stem}_`) && !`_${stem}`.endsWith(`_${shape.entity}`)) return null;
  return {
    type: stem,
    why: `the id argument "${shape.idArgument}" names a ${stem}, a type the server's other tools keep, which "${shape.entity}" of the name holds`,
  };
}

/**
 * `getInitiativeUpdates(initiativeId)` read as `update` where other tools keep `initiative_update`:
 * an entity that is no type of its own, whose tool names an owner by id, is the type the server
 * writes as that owner's kind of it; one vocabulary per concept across the server's tools.
 */
function toOwnersType(
  shape: ToolShape,
  tool: ToolDefinition,
  keepers: ReadonlyMap<string, ReadonlySet<string>>,
  kept: (type: string) => boolean,
): TypeInCompound | null {
  if (shape.dispatch || kept(shape.entity)) return null;
  for (const stem of toIdStems(tool)) {
    const type = `${stem}_${shape.entity}`;
    // Two tools at least: one tool's reading of a compound is too weak to re-read others by.
    if ((keepers.get(type)?.size ?? 0) >= 2)
      return {
        type,
        why: `"${shape.entity}" is no type of the server, and the tool names a ${stem.replace(/_/g, ' ')} by id, whose ${shape.entity.replace(/_/g, ' ')} the server's other tools keep as ${type}`,
      };
  }
  return null;
}

/** The last words of an argument that names something by id (GitLab's `merge_request_iid` too). */
const idSuffixes = new Set([...ownerSuffixes, 'iid']);

/**
 * `read_inbox` "Read emails from the inbox", `bulk_move_by_domain` "Move all emails from a domain":
 * where the name's entity is this tool's alone, the object of the description's first verb, a type
 * the server keeps written as a whole noun phrase (the next word is no noun: "emails from",
 * "candidate and"), is what the tool acts on. "Get customer statuses" names no customer: the noun
 * goes on.
 */
function toDescribedType(shape: ToolShape, tool: ToolDefinition, types: ReadonlySet<string>): TypeInCompound | null {
  const sentence = /^[^.\n]*/.exec((tool.description ?? '').trim())?.[0] ?? '';
  // A description that starts with the tool's own name (`get_tree returns …`) has no verb first.
  const first = sentence.split(/\s+/)[0] ?? '';
  if (/[_-]/.test(first) || first === tool.name) return null;
  const words = toWords(sentence).map(toSingular);
  let start = 1;
  while (start < words.length && objectOpeners.has(words[start]!)) start++;
  for (let length = 3; length >= 1; length--) {
    const type = words.slice(start, start + length).join('_');
    if (start + length > words.length || type === shape.entity || !types.has(type)) continue;
    const next = words[start + length];
    if (next !== undefined && !phraseEnds.has(next)) return null;
    return {
      type,
      why: `"${shape.entity}" of the name is read by this tool alone; its description's first verb acts on ${type.replace(/_/g, ' ')}, a type the server's other tools keep`,
    };
  }
  return null;
}

/** A tool that acts on one entity, not one that lists, searches, reads or makes a kind: `get_mailbox_summary` reads a summary. */
function acts(shape: ToolShape): boolean {
  return shape.operation === 'update' || shape.operation === 'delete' || shape.operation === 'other';
}

/**
 * `board_export_job` where an argument is `jobId`: the compound's last words are named by an
 * argument and are no type of their own, so the service keeps the compound.
 */
function endsInKeptStem(words: readonly string[], stems: ReadonlySet<string>, types: ReadonlySet<string>): boolean {
  for (let start = 1; start < words.length; start++) {
    const tail = words.slice(start).join('_');
    if (stems.has(tail) && !types.has(tail)) return true;
  }
  return false;
}

/** The stems of a tool's arguments that name something by id (`job` of `jobId`, `export_job` of `export_job_id`). */
function toIdStems(tool: ToolDefinition): string[] {
  return Object.keys(propertiesOf(tool)).flatMap((name) => {
    const words = toWords(name).map((word) => toFullWord(toSingular(word)));
    return words.length > 1 && ownerSuffixes.has(words[words.length - 1]!) ? [words.slice(0, -1).join('_')] : [];
  });
}

/** Whether a word before a type only picks some of its kind (see {@link toTypeInCompound}). */
function picksSome(word: string, types: ReadonlySet<string>, arguments_: ReadonlySet<string>): boolean {
  if (types.has(word)) return false;
  if (isQualifierWord(word)) return true;
  if (arguments_.has(toFullWord(toSingular(word)))) return true;
  return word.length >= 2 && [...types].some((type) => type.includes('_') && initials(type) === word);
}

function initials(type: string): string {
  return toWords(type)
    .map((word) => word[0])
    .join('');
}
