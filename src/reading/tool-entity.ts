/**
 * The entity a tool acts on, read across the server's tools (part of the operation inference,
 * `tool-operation.ts`): the name's entity words (`tool-name.ts`) are weighed against the other
 * tools' entities and the words the descriptions use. A compound the service itself writes
 * (`Create a new project update`) is a type of its own; a leading word that is another tool's entity
 * is the owner (`get_card_comments` lists comments); a word that ends many entities (`card_item`,
 * `shape_item`) is the service's word for a thing; the object of a verb the verb table does not
 * know is the entity (`acknowledge_alert`). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toAspectOwner } from './aspect-owner.js';
import { toDescriptionPreamble, withoutPreamble } from './description-preamble.js';
import { toReportEntity } from './report-entity.js';
import { toContentOwner } from './content-owner.js';
import { toWithoutActionVerb } from './action-verb-word.js';
import { toAttributeHolder } from './attribute-member.js';
import { toPartOwner } from './part-entity.js';
import { toDescribedTail } from './described-tail.js';
import { toCallerUser } from './caller-entity.js';
import { toGeoEntity } from './geo-entity.js';
import { toDescribedVerbObject } from './described-verb-object.js';
import { toVerbMeaning } from './tool-verbs.js';
import { withoutUnlistedVerb } from './unlisted-verbs.js';
import { toDescribedQualifier } from './described-qualifier.js';
import { isNamingQualifier, toFullWord, toSingular, toWords } from './entity-words.js';
import { requiredOf } from './tool-id-argument.js';
import { ownerSuffixes, toArgumentStems, toOwned } from './owned-entity.js';
import { runVerbs, toSpelledOut } from './related-shapes.js';
import type { ParsedName } from './tool-name.js';
import type { ToolShape } from './tool-shape.js';

/** What the server's tools say about entities, computed once per server. */
export interface EntityContext {
  /** Every tool's entity as its name reads (`issue`, `issue_comment`). */
  entities: ReadonlySet<string>;
  /** Whether the descriptions write these words as a phrase (`release pipeline`), the last one of either number. */
  isNamed(words: readonly string[]): boolean;
  /** Last words that at least three entities of two or more words end with (`item` of `card_item`, `shape_item`, …). */
  genericHeads: ReadonlySet<string>;
  /** Whether every tool of `entity` takes an argument named for `owner` (`repo` of each `repository_webhook` tool): the owner is a scope. */
  isScopedBy(owner: string, entity: string): boolean;
  /** Whether two or more tools' names read as `entity`. */
  isShared(entity: string): boolean;
  /** Whether names with no known verb end with `tail` after two or more different first words (`begin_transaction`, `commit_transaction`). */
  isVerbTail(tail: string): boolean;
  /** Whether a name with no known verb reads `entity` and its description starts with its first word as a verb (`join_channel`: "Join a channel"). */
  isDescribedVerb(entity: string): boolean;
  /** The entities (or their plurals) that `tail` follows in other entities: `repository` and `organization` for `webhook`. */
  ownersOf(tail: string): ReadonlySet<string>;
  /** Each tool's entity words as its name reads (no verb, no server prefix), singular, short forms spelled out. */
  nameWords: ReadonlyMap<string, readonly string[]>;
  /** The server's tools by name. */
  tools: ReadonlyMap<string, ToolDefinition>;
  /** The sentences every tool's description opens with (description-preamble.ts): the rules read each description after them. */
  preamble: string;
  /** Product names inside the service that several tools' names carry (`oncall` of `list_oncall_schedules`): never the entity. */
  productWords: ReadonlySet<string>;
}

/**
 * The context of a server's tools, for {@link toOwnEntityWords}.
 *
 * @example
 *   const context = toEntityContext(tools, new Set(['release', 'release_pipeline']));
 *   context.isNamed(['release', 'pipeline']); // true when a description says "release pipelines"
 */
export function toEntityContext(
  parsed: readonly { tool: ToolDefinition; parsed: ParsedName }[],
  entities: ReadonlySet<string>,
): EntityContext {
  const tools = parsed.map((entry) => entry.tool);
  let text: string | null = null;
  const named = new Map<string, boolean>();
  const owners = new Map<string, Set<string>>();
  for (const entity of entities) {
    const words = entity.split('_');
    for (let cut = 1; cut < words.length; cut++) {
      const owner = [...words.slice(0, cut - 1), toSingular(words[cut - 1]!)].join('_');
      if (!entities.has(owner)) continue;
      const tail = words.slice(cut).join('_');
      owners.set(tail, (owners.get(tail) ?? new Set()).add(owner));
    }
  }
  const argumentsOf = new Map<string, Set<string>[]>();
  const verbless = new Map<string, Set<string>>();
  const describedVerbs = new Set<string>();
  for (const { tool, parsed: name } of parsed) {
    const entity = name.entityWords.join('_');
    argumentsOf.set(entity, [...(argumentsOf.get(entity) ?? []), toArgumentStems(tool)]);
    if (name.meaning === null && name.entityWords.length > 1) {
      const tail = name.entityWords.slice(1).join('_');
      verbless.set(tail, (verbless.get(tail) ?? new Set()).add(name.entityWords[0]!));
      if (startsWithVerb(tool.description ?? '', name.entityWords)) describedVerbs.add(entity);
    }
  }
  return {
    entities,
    genericHeads: toGenericHeads(entities),
    // `pullNumber` names a pull request: a stem may be the owner's first word, where that word names nothing else.
    isScopedBy: (owner, entity) => {
      const first = owner.split('_')[0]!;
      return (argumentsOf.get(entity) ?? []).every((stems) => stems.has(owner) || (!entities.has(first) && stems.has(first)));
    },
    isVerbTail: (tail) => (verbless.get(tail)?.size ?? 0) >= 2,
    isDescribedVerb: (entity) => describedVerbs.has(entity),
    isShared: (entity) => (argumentsOf.get(entity)?.length ?? 0) > 1,
    ownersOf: (tail) => owners.get(tail) ?? noOwners,
    productWords: toProductWords(parsed),
    preamble: toDescriptionPreamble(tools),
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    nameWords: new Map(parsed.map(({ tool, parsed: name }) => [tool.name, name.entityWords.map((word) => toFullWord(toSingular(word)))])),
    isNamed(words) {
      const key = words.join('_');
      let found = named.get(key);
      if (found === undefined) {
        text ??= `_${tools
          .map((tool) =>
            toWords(tool.description ?? '')
              .map(toSingular)
              .join('_'),
          )
          .join('__')}_`;
        named.set(key, (found = text.includes(`_${key}_`)));
      }
      return found;
    },
  };
}

/**
 * Whether a description starts with a name's first word as a verb, bare or in the third person,
 * followed by the determiner that opens its object (`Rotate a secret`, `Analyzes the schema`): a
 * tool's description says first what it does. A noun phrase (`Stock treemap`, `KPI: orders`) has
 * no determiner there.
 */
function startsWithVerb(description: string, words: readonly string[]): boolean {
  const [first = '', second = ''] = description
    .trim()
    .toLowerCase()
    .split(/[^a-z]+/);
  const word = words[0]!;
  if (!determiners.has(second)) return false;
  return first === word || first === `${word}s` || first === `${word}es` || (word.endsWith('y') && first === `${word.slice(0, -1)}ies`);
}

const determiners = new Set(['a', 'an', 'the', 'all', 'any', 'one', 'each', 'every', 'this', 'these', 'some', 'your', 'its', 'multiple']);

/** A word that ends three or more distinct entities names no kind of its own: Miro's `card_item`, `shape_item`, `text_item`. */
function toGenericHeads(entities: ReadonlySet<string>): Set<string> {
  const owners = new Map<string, Set<string>>();
  for (const entity of entities) {
    const words = entity.split('_');
    if (words.length < 2) continue;
    const head = words[words.length - 1]!;
    owners.set(head, (owners.get(head) ?? new Set()).add(words.slice(0, -1).join('_')));
  }
  return new Set([...owners].filter(([head, kinds]) => kinds.size >= 3 && genericNouns.has(head)).map(([head]) => head));
}

const noOwners: ReadonlySet<string> = new Set();

/**
 * Words of two or more tools' entities that the descriptions only ever write as a proper noun, in
 * the middle of a sentence before a common word (`List Grafana OnCall schedules`, `a list of Sift
 * investigations`): the name of a product within the service, not a kind of thing. An acronym
 * or a standard (`API keys`, `OAuth apps`) or a title-cased phrase (`Pull Request`) is no such name.
 */
function toProductWords(parsed: readonly { tool: ToolDefinition; parsed: ParsedName }[]): Set<string> {
  const uses = new Map<string, number>();
  // A word that ends an entity is its noun (`note` of `delivery_note`), however the service writes it.
  const heads = new Set<string>();
  for (const { parsed: name } of parsed) {
    heads.add(name.entityWords[name.entityWords.length - 1]!);
    if (name.entityWords.length < 2) continue;
    for (const word of new Set(name.entityWords.slice(0, -1))) uses.set(word, (uses.get(word) ?? 0) + 1);
  }
  const candidates = new Set([...uses].filter(([word, count]) => count >= 2 && word.length > 2 && !heads.has(word)).map(([word]) => word));
  const proper = new Set<string>();
  const common = new Set<string>();
  for (const { tool } of parsed) {
    // Words and sentence ends, so that a capital after a full stop says nothing.
    const tokens = (tool.description ?? '').match(/[A-Za-z0-9]+|[.!?:\n]/g) ?? [];
    tokens.forEach((token, at) => {
      const word = token.toLowerCase();
      if (!candidates.has(word)) return;
      const next = tokens[at + 1] ?? '';
      const inSentence = at > 0 && /^[A-Za-z0-9]/.test(tokens[at - 1]!);
      // A capital then a small letter, as names are written: `OAuth`, `API` and `GraphQL` are standards.
      if (!/^[A-Z][a-z]/.test(token) || /QL$/.test(token)) common.add(word);
      else if (inSentence && /^[a-z]/.test(next)) proper.add(word);
    });
  }
  return new Set([...proper].filter((word) => !common.has(word)));
}

/** Nouns a service may use for "a thing on it" (Miro's items, a store's objects). */
const genericNouns = new Set(['item', 'object', 'entity', 'element']);

/**
 * The words of the entity a tool acts on, from its parsed name and the server's context.
 *
 * @example
 *   toOwnEntityWords(parseToolName('get_card_comments', null), tool, context); // ['comment'] when cards are an entity
 *   toOwnEntityWords(parseToolName('get_issue_type', null), tool, context);    // ['issue', 'type'] when a description says "issue type"
 */
export function toOwnEntityWords(parsed: ParsedName, scoped: ReadonlySet<string>, context: EntityContext): string[] {
  const all = parsed.entityWords;
  const qualified = all.length > 1 && isNamingQualifier(all[0]!) && !context.isShared(all.join('_'));
  const named = (qualified ? all.slice(1) : all).filter((word) => !context.productWords.has(word));
  const nouns = named.length > 0 ? named : parsed.entityWords;
  // `analyze_table_stats`, `pods_exec`: a verb the table leaves out is the name's verb all the same (unlisted-verbs.ts).
  let words = toOwned((parsed.meaning === null ? withoutUnlistedVerb(nouns) : null) ?? nouns, scoped, context);
  if (parsed.meaning === null) words = toObjectOfUnknownVerb(words, context);
  return toSpelledOut(words, context.entities);
}

/**
 * The entity of a shape read from the whole server: `card_item` → `card` where `item` ends many
 * entities (the shape keeps the id argument its whole name found, `itemId`), and the entity an id
 * argument names where the name found none.
 *
 * @example
 *   withOwnEntity({ ...shape, entity: 'sticky_note_item' }, tool, context).entity; // 'sticky_note'
 */
export function withOwnEntity(shape: ToolShape, listed: ToolDefinition, context: EntityContext): ToolShape {
  const tool = withoutPreamble(listed, context.preamble);
  const words = shape.entity.split('_');
  if (words.length > 1 && context.genericHeads.has(words[words.length - 1]!)) return { ...shape, entity: words.slice(0, -1).join('_') };
  const named =
    toGeoEntity(shape, tool, context.entities)?.entity ??
    toEntityOfIdArgument(shape, tool, context) ??
    toDescribedEntity(shape, tool, context) ??
    toDescribedObject(shape, tool, context) ??
    toContentOwner(shape, tool) ??
    toAspectOwner(shape, tool, context.entities) ??
    toPartOwner(shape, tool, context) ??
    toDescribedTail(shape, tool, context.entities) ??
    toVerbObject(shape, tool, context) ??
    toCallerUser(shape) ??
    toAttributeHolder(shape, context.entities) ??
    toWithoutActionVerb(shape, tool.description ?? '') ??
    toReportEntity(shape, tool.description ?? '') ??
    toDescribedQualifier(shape, context);
  return named === null ? shape : { ...shape, entity: named };
}

/** `search(query)` "Search for issues by text": a name with no noun acts on the first of the server's entities its description names. */
function toDescribedEntity(shape: ToolShape, tool: ToolDefinition, context: EntityContext): string | null {
  // `item` is also a word services use (`list_items`): only a name without it has no noun.
  if (shape.entity !== 'item' || shape.dispatch || toWords(tool.name).some((word) => toSingular(word) === 'item')) return null;
  const words = toWords(tool.description ?? '').map(toSingular);
  for (let at = 0; at < words.length; at++) {
    const pair = `${words[at]}_${words[at + 1] ?? ''}`;
    if (context.entities.has(pair)) return pair;
    if (words[at] !== 'item' && context.entities.has(words[at]!)) return words[at]!;
  }
  return null;
}

/**
 * `log_time` "Log a time entry on a project": where the object of the description's first sentence
 * is another tool's entity that begins with the name's (`time_entry`), that entity is the one.
 */
function toDescribedObject(shape: ToolShape, tool: ToolDefinition, context: EntityContext): string | null {
  const sentence = /^[^.\n]*/.exec(tool.description ?? '')?.[0] ?? '';
  const words = toWords(sentence).map(toSingular);
  const article = words.findIndex((word) => word === 'a' || word === 'an' || word === 'the');
  if (article === -1) return null;
  const object = words.slice(article + 1);
  for (const entity of context.entities)
    if (entity.startsWith(`${shape.entity}_`) && entity.split('_').every((part, index) => object[index] === part)) return entity;
  return null;
}

/**
 * `logout_session` "Revoke a specific session": a name with no verb the table knows acts on the
 * last words its description writes as the object of its first verb (described-verb-object.ts).
 */
function toVerbObject(shape: ToolShape, tool: ToolDefinition, context: EntityContext): string | null {
  const words = context.nameWords.get(tool.name);
  // Only a name no other rule read otherwise; `run_job` stays whole for the run reading (`toRunShape`).
  if (shape.dispatch || words?.join('_') !== shape.entity || runVerbs.has(words[0]!)) return null;
  if (toWords(tool.name).some((word) => toVerbMeaning(word) !== undefined)) return null;
  return toDescribedVerbObject(words, tool.description ?? '')?.join('_') ?? null;
}

/**
 * `set_fill_color(nodeId, color)`: a tool that acts on one thing but whose name finds no id among
 * its arguments acts on the entity its one required id argument names, where another tool reads it.
 */
function toEntityOfIdArgument(shape: ToolShape, tool: ToolDefinition, context: EntityContext): string | null {
  // Only a setter of something no other tool names (`fill_color`): a read or update of a known entity lacks only its id.
  if (shape.dispatch || !toWords(tool.name).includes('set') || context.isShared(shape.entity)) return null;
  const named = [...requiredOf(tool)].flatMap((name) => {
    const words = toWords(name).map((word) => toFullWord(toSingular(word)));
    const stem = words.slice(0, -1).join('_');
    return words.length > 1 && ownerSuffixes.has(words[words.length - 1]!) && context.entities.has(stem) ? [{ name, stem }] : [];
  });
  // The id argument, where one was read, is the one that names the entity (`nodeId` of `set_fill_color`).
  const [only] = named;
  if (named.length !== 1 || only!.stem === shape.entity || (shape.idArgument !== null && shape.idArgument !== only!.name)) return null;
  return only!.stem;
}

/**
 * `acknowledge_alert`: with no verb the table knows, a first word followed by another tool's
 * entity is the verb, and so is one that other verbless names swap before the same words
 * (`begin_transaction`, `commit_transaction`), and one the description starts with (`join_channel`:
 * "Join a channel").
 */
function toObjectOfUnknownVerb(words: readonly string[], context: EntityContext): string[] {
  // `run_job` stays whole: the run reading (`toRunShape`) makes it a create of a job.
  if (words.length < 2 || context.entities.has(words[0]!) || runVerbs.has(words[0]!)) return [...words];
  if (context.isVerbTail(words.slice(1).join('_'))) return words.slice(1);
  for (let start = 1; start < words.length; start++) {
    const rest = words.slice(start);
    if (context.entities.has(rest.join('_'))) return rest;
  }
  return context.isDescribedVerb(words.join('_')) ? words.slice(1) : [...words];
}
