/**
 * The conventions of a server that the stateful simulator follows when it answers: what a call
 * carries as data, which arguments scope an entity (`owner`, `repo`), how its stamps are named
 * (`created_at` or `createdAt`), where a list's outputSchema wants its items and counts (the state a
 * new entity starts in is default-state.ts). Read from the server's tool definitions.
 */
import { metadataArguments, spreadPayloads } from '../../reading/argument-payload.js';
import { toScopeArguments } from '../../reading/scope-arguments.js';
import { toMoveArguments } from '../../reading/parent-moves.js';
import { toParentReferences } from '../../reading/tool-parents.js';
import { isPlural, toSingular, toWords } from '../../reading/entity-words.js';
import type { WorldChanges, WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ServiceModel } from '../../reading/read-server.js';
import type { ToolShape } from '../../reading/tool-operation.js';
import { toVerbMeaning } from '../../reading/tool-verbs.js';
import { isDataArgument } from '../../reading/list-filters.js';
import { toKeySelector } from '../../reading/key-selector.js';
import { toNormalName } from '../../domain/world-query.js';
import { writesType } from '../../reading/tool-shape.js';
import { inServerStyle } from '../../reading/server-style.js';
import { listedField } from './listed-field.js';
import { resolveRef } from './synthetic-source.js';
import { credentialArguments } from './credential-arguments.js';

/** An answer: the value to show (or plain text, or an error text) and what it changed. */
export interface Answer {
  value?: unknown;
  text?: string;
  error?: string;
  changes?: WorldChanges;
}

/** What one call is answered from. */
export interface AnswerInput {
  shape: ToolShape;
  tool: ToolDefinition;
  /** The server's other tools (their schemas say which state a new entity starts in, and which arguments scope an entity). */
  serverTools: readonly ToolDefinition[];
  shapes: ReadonlyMap<string, ToolShape>;
  /** The server's service model: the one reading every answer takes its types, ids and states from. */
  model: ServiceModel;
  args: Readonly<Record<string, unknown>>;
  argumentsKey: string;
  world: WorldState;
  /** The call's time (ISO 8601) for created and updated stamps. */
  now: string;
  /** The call's place in the log, for facts. */
  sequence: number;
  /** Mixed into every made-up value, with the entity and id (so the same entity always gets the same values). */
  seed: string;
  /** The property a list without an outputSchema puts its items in, when not the entity's plural (`children`). */
  listName?: string | undefined;
}

/** The arguments that say where an entity lives rather than what it is (reading/scope-arguments.ts). */
export function scopeArguments(input: AnswerInput): Set<string> {
  const scope = toScopeArguments(input.shape, input.shapes, input.serverTools);
  // `move_task(taskId, listName)`: where a move takes the entity is not where it is looked for.
  if (input.shape.operation === 'update')
    for (const name of toMoveArguments(input.tool, input.shape, toParentReferences(input.tool, input.shape, input.shapes)))
      scope.delete(name);
  return scope;
}

/** The arguments that carry data (a payload's entries spread out): not paging or formatting, the operation's pick or a credential. */
export function dataArguments(input: AnswerInput): Record<string, unknown> {
  const dispatch = input.shapes.get(input.tool.name)?.dispatch?.argument;
  const skipped = new Set([toKeySelector(input.tool, input.shape.idArgument)?.argument ?? '', ...credentialArguments(input)]);
  // Not `identifierType` (key-selector.ts) nor `access_token` (credential-arguments.ts); `properties: {...}` counts entry by entry.
  return Object.fromEntries(
    Object.entries(spreadPayloads(input.args, false, metadataArguments(input.tool))).filter(
      ([name, value]) => value !== undefined && !skipped.has(name) && isDataArgument(name, dispatch) && !isStateVerbArgument(name, value),
    ),
  );
}

/** A state verb as a flag (`create_user({ activate: true })`): it asks for a state (state-fields.ts), and is never stored as a field. */
function isStateVerbArgument(name: string, value: unknown): boolean {
  return typeof value === 'boolean' && toVerbMeaning(name)?.sets !== undefined;
}

/**
 * The array property of a list's outputSchema and its item schema (`issues`), when there is one. An item schema that is a
 * `$ref` into the root (`response: {items: {$ref: '#/$defs/Incident'}}`, as Pydantic writes a list model) is the schema it
 * points to, carrying the root's `$defs`, so each item is fitted (and its made-up fields kept) as the record it is.
 */
export function listItemSchema(schema: Record<string, unknown> | undefined): { property: string; schema: Record<string, unknown> } | null {
  const properties = schema?.properties;
  if (!schema || !properties || typeof properties !== 'object') return null;
  for (const [property, value] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
    if (
      value &&
      (value.type === 'array' || 'items' in value) &&
      value.items &&
      typeof value.items === 'object' &&
      !Array.isArray(value.items)
    )
      return { property, schema: withRootDefinitions(value.items as Record<string, unknown>, schema) };
  }
  return null;
}

function withRootDefinitions(items: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  const target = typeof items.$ref === 'string' ? resolveRef(root, items.$ref) : undefined;
  const { $ref: _ref, ...rest } = items;
  const schema = target ? { ...target, ...rest } : items;
  if (root.$defs === undefined && root.definitions === undefined) return schema;
  return {
    ...schema,
    ...(root.$defs !== undefined ? { $defs: root.$defs } : {}),
    ...(root.definitions !== undefined ? { definitions: root.definitions } : {}),
  };
}

/** Puts the total and paging into the properties a list's outputSchema names for them (`count`, `total`, `hasMore`). */
export function withCounts(
  value: Record<string, unknown>,
  schema: Record<string, unknown>,
  total: number,
  more: boolean,
): Record<string, unknown> {
  const properties = schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties) : [];
  const result = { ...value };
  for (const name of properties) {
    const normal = toNormalName(name);
    if (['count', 'total', 'totalcount', 'totalresults', 'resultcount'].includes(normal)) result[name] = total;
    else if (['hasmore', 'hasnextpage', 'more', 'truncated'].includes(normal)) result[name] = more;
  }
  return result;
}

/**
 * `created_at`, `createdAt`, `created`: the stamp name the entity or the server's output schemas
 * use, else the style of the call's argument names. Null for an update stamp on an entity that
 * carries no stamps at all.
 */
export function stampName(input: AnswerInput, kind: 'created' | 'updated', fields?: Readonly<Record<string, unknown>>): string | null {
  // …then the arguments that set it (Twilio's `DateCreated` on CreateConversation: its API answers `date_created`).
  const names = [
    ...(fields ? Object.keys(fields) : []),
    ...input.serverTools.flatMap((tool) => outputPropertyNames(tool.outputSchema)),
    ...input.serverTools.flatMap((tool) => Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>)),
  ];
  const words = kind === 'created' ? ['created', 'sent', 'posted', 'added', 'submitted'] : ['updated', 'modified', 'edited'];
  const match = names.find((name) =>
    words.some((word) => [`${word}at`, `${word}time`, `${word}on`, `${word}date`, `date${word}`].includes(toNormalName(name))),
  );
  if (match) return match;
  if (fields && !Object.keys(fields).some((name) => toNormalName(name).startsWith('created'))) return null;
  return inServerStyle(input.serverTools, [kind, 'at']);
}

/** The property names of an output schema and of the items of its list properties (`messages[].sentAt`). */
function outputPropertyNames(schema: Record<string, unknown> | undefined): string[] {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const items = Object.values(properties).flatMap((property) =>
    Object.keys(((property?.items as Record<string, unknown> | undefined)?.properties as Record<string, unknown> | undefined) ?? {}),
  );
  return [...Object.keys(properties), ...items];
}

export function defaultsOf(tool: ToolDefinition): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([, schema]) => schema && schema.default !== undefined)
      .map(([name, schema]) => [name, schema.default]),
  );
}

export function defaultOf(tool: ToolDefinition, name: string): unknown {
  return defaultsOf(tool)[name];
}

/** The name a field already has (`closedReason` for `closed_reason`), else the given one. */
export function existingName(fields: Readonly<Record<string, unknown>>, name: string): string {
  const normal = toNormalName(name);
  return Object.keys(fields).find((key) => toNormalName(key) === normal) ?? name;
}

/** Arguments that name the type a generic list lists (`list_objects({ objectType: 'contacts' })`). */
const typeArguments = new Set(['objecttype', 'object', 'type', 'entitytype', 'entity', 'resource', 'resourcetype', 'kind', 'collection']);

/**
 * The argument of a generic list that names a type the world holds, if any. A list of a type the
 * server's own tools create (`list_notes(resource_type: 'companies', record_id)`) lists that type:
 * its type argument says what the notes are attached to, not what is listed.
 */
export function listedTypeArgument(input: AnswerInput): string | undefined {
  if (!genericEntities.has(input.shape.entity) && writesType(input.shapes, input.shape.entity, { upserts: false })) return undefined;
  return Object.entries(input.args).find(
    ([name, value]) =>
      typeArguments.has(toNormalName(name)) &&
      typeof value === 'string' &&
      toSingular(toWords(value).join('_')) !== input.shape.entity &&
      Object.hasOwn(input.world.entities, toSingular(toWords(value).join('_'))),
  )?.[0];
}

/** A generic list (`objectType: contacts`) reads as a list of the type it names. */
export function withListedType(input: AnswerInput): AnswerInput {
  const name = listedTypeArgument(input);
  if (name === undefined) return input;
  const entity = toSingular(toWords(String(input.args[name])).join('_'));
  return { ...input, shape: { ...input.shape, entity, idField: 'id' } };
}

/** Entities that stand for any type: `delete_resource(name, resource_type)` acts on the type its argument names. */
const genericEntities = new Set(['resource', 'object', 'item', 'entity', 'record']);

/**
 * A generic read, update or delete (`delete_resource({ name: 'web', resource_type: 'deployment' })`)
 * acts on the type its type argument names, when the world holds that type.
 */
export function withNamedType(shape: ToolShape, args: Readonly<Record<string, unknown>>, world: WorldState): ToolShape {
  if (!genericEntities.has(shape.entity) || !['read', 'update', 'delete'].includes(shape.operation)) return shape;
  for (const [name, value] of Object.entries(args)) {
    if (!typeArguments.has(toNormalName(name)) || typeof value !== 'string') continue;
    const entity = toSingular(toWords(value).join('_'));
    if (entity !== shape.entity && Object.hasOwn(world.entities, entity)) return { ...shape, entity };
  }
  return shape;
}

/** What follows an entity's word when an argument names one of them, not a field of it (`block_id`). */
const idWords = new Set(['id', 'ids', 'key', 'keys', 'uid', 'uuid', 'gid', 'number', 'numbers', 'iid']);

/**
 * The field a list argument filters, and the value to match: its own name when entities have it,
 * else its singular for a list or for text that lists values (`projects: ['acme_web']` keeps issues
 * whose `project` is one of them; `severities: 'MINOR,MAJOR'` those whose `severity` is one of
 * them), else its plural for one value (`group_id: 'g1'` keeps users whose `group_ids` hold it);
 * after the entity's own word, the field that follows (`eventSlug` on event types is `slug`).
 *
 * @example
 *   toFilterArgument('projects', ['acme_web'], new Set(['project', 'key'])); // ['project', ['acme_web']]
 *   toFilterArgument('severities', 'MINOR, MAJOR', new Set(['severity'])); // ['severity', ['MINOR', 'MAJOR']]
 *   toFilterArgument('group_id', 'g1', new Set(['groupids'])); // ['group_ids', 'g1']
 *   toFilterArgument('eventSlug', 'therapy', new Set(['slug']), 'event_type'); // ['slug', 'therapy']
 */
export function toFilterArgument(
  name: string,
  value: unknown,
  known: { has(normalName: string): boolean },
  entity = '',
): [string, unknown] {
  if (known.has(toNormalName(name))) return [name, value];
  const words = toWords(name);
  // `eventSlug` on event types, `taskStatus` on tasks: the entity's own word before one of its fields
  // (never its id: a list's `block_id` names the parent block).
  const own = toWords(entity);
  const lead = words.findIndex((word, index) => word !== own[index]);
  const field = words.slice(lead).join('_');
  if (lead > 0 && !idWords.has(field) && known.has(toNormalName(field))) return [field, value];
  const last = words[words.length - 1] ?? '';
  // `opportunityStates: [1]` on opportunities: the entity's own word before the plural of its field, any of those values.
  const owned = [...words.slice(lead, -1), toSingular(last)].join('_');
  if (lead > 0 && lead < words.length && isPlural(last) && !idWords.has(owned) && known.has(toNormalName(owned))) return [owned, value];
  const singular = [...words.slice(0, -1), toSingular(last)].join('_');
  const listed = typeof value === 'string' && isPlural(last) && known.has(toNormalName(singular));
  if (listed)
    return [
      singular,
      value.includes(',')
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    ];
  if (!Array.isArray(value)) return [known.has(toNormalName(`${name}s`)) ? `${name}s` : name, value];
  // `projectIds: [...]` on issues that keep `projectId`, `statuses: [...]` on issues that keep `state` (listed-field.ts).
  return [known.has(toNormalName(singular)) ? singular : (listedField(name, known) ?? name), value];
}
