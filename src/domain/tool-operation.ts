/**
 * What a tool does, read from its definition alone: the operation (create, read, list, search,
 * update, delete or another action), the type of entity it acts on, and which argument names that
 * entity. The stateful simulator answers from the world with it; a scenario corrects it per tool
 * when it guesses wrong (`tools: { send_email: { operation: create, entity: message } }`).
 *
 * The rules, in order (docs/simulator.md has the long form):
 * 1. An override from the scenario wins.
 * 2. The name: a verb (`create_issue`, `issue_read`, `API-post-page`) gives the operation, the other
 *    words the entity (`pull_request`); a word most tools of the server start with (`browser_`,
 *    `linear_`) is dropped, and so is a leading word that is another tool's entity
 *    (`add_issue_comment` acts on `comment`). A read of a plural is a list (a search for `find`).
 * 3. MCP annotations: `readOnlyHint` turns a writing verb into a read (or a list) and, with no
 *    verb in the name, makes the tool a read; otherwise a name without a verb is another action.
 * 4. The input schema: the id argument (`id`, `issue_number`, `pullNumber`, `branch`, `path`,
 *    `key`, ...); an update or delete with none is another action; `add_label(number, label)` adds
 *    to the `labels` of the issue `number` names; an argument such as `method: create | update`
 *    picks the operation per call.
 *
 * Pure: no I/O; the same definitions give the same shapes.
 */
import { toPlural, toSingular, toWords } from './entity-words.js';
import type { ToolDefinition } from './registry.js';
import { findIdArgument, propertiesOf, requiredOf, toOverrideIdArgument, type IdArgument, type Properties } from './tool-id-argument.js';
import { collectiveNouns, dropOtherEntity, parseToolName, toCommonPrefix, toServiceWords, type ParsedName } from './tool-name.js';
import type { ToolOperation } from './tool-verbs.js';

export { toolOperations, type ToolOperation } from './tool-verbs.js';

/** A scenario's correction of the inference for one tool; what it leaves out is still inferred. */
export interface ToolOverride {
  operation?: ToolOperation | undefined;
  /** The entity type, singular, e.g. `ticket`. */
  entity?: string | undefined;
  /** The argument that holds the entity's id; null: the tool takes none. */
  id?: string | null | undefined;
  /** The field that holds that id in results (`key` for `project_key`). */
  field?: string | undefined;
  /** Fields an update sets (`{ status: 'archived' }`). */
  sets?: Readonly<Record<string, unknown>> | undefined;
  /** Whether an unknown id is a not-found (else made up once and remembered). */
  notFound?: boolean | undefined;
  /** Whether an update creates what it does not find. */
  upsert?: boolean | undefined;
}

/** What the inference found out about one tool. */
export interface ToolShape {
  tool: string;
  operation: ToolOperation;
  /** Singular, snake_case: `issue`, `pull_request`; `item` when the name has no noun. */
  entity: string;
  /** The argument naming the entity (`issue_number`); on a create, a key the caller chooses (`branch`, `path`). */
  idArgument: string | null;
  /** The field that holds the id in results: `number` for `issue_number`, `id` for `contact_id`, `path` for `path`. */
  idField: string;
  /** Ids are numbers (`issue_number: integer`): new ones count up from the highest. */
  numericId: boolean;
  /** A read, update or delete of an id the world does not know answers not-found (false: made up and remembered). */
  strict: boolean;
  /** An update that creates a missing entity (`set`, `write_file`, `create_or_update_file`). */
  upsert: boolean;
  /** Fields the verb sets (`close` → `{state: 'closed'}`; `state` stands for `state` or `status`). */
  sets: Readonly<Record<string, unknown>>;
  /** `add_label(number, label)`: the update adds the argument's value to a list field (or removes it). */
  listField: { field: string; argument: string; remove: boolean } | null;
  /** A read by field values (`find_contact(email)`) rather than by id. */
  find: boolean;
  /** An argument whose value picks the operation per call (`method: create | update`), with each choice's shape. */
  dispatch: { argument: string; choices: Readonly<Record<string, ToolShape>> } | null;
  /** What decided the operation: the scenario, the name, the annotations, or nothing (`other`). */
  basis: 'override' | 'name' | 'annotations' | 'none';
}

const dispatchArguments = ['method', 'action', 'operation', 'op', 'mode'];
/** Creates that copy something: their `repo` names the original, never the new entity's key. */
const copyVerbs = new Set(['fork', 'clone', 'copy', 'duplicate']);

interface ShapeInput {
  tool: ToolDefinition;
  parsed: ParsedName;
  entities: ReadonlySet<string>;
  override?: ToolOverride | undefined;
  withDispatch?: boolean;
}

/**
 * The shape of every tool of a server (the inference looks across tools: shared name prefixes,
 * entities, id types), with the scenario's overrides applied.
 *
 * @example
 *   const shapes = inferServerShapes(tools);
 *   shapes.get('issue_read'); // { operation: 'read', entity: 'issue', idArgument: 'issue_number', idField: 'number', dispatch: { argument: 'method', ... }, ... }
 *   inferServerShapes(sonarTools, {}, ['@SonarSource/sonarqube-mcp-server', 'SonarQube']).get('search_my_sonarqube_projects')?.entity; // 'project'
 */
export function inferServerShapes(
  tools: readonly ToolDefinition[],
  overrides: Readonly<Record<string, ToolOverride>> = {},
  serverNames: readonly string[] = [],
): Map<string, ToolShape> {
  const prefix = toCommonPrefix(tools);
  const serviceWords = toServiceWords(serverNames);
  const parsed = tools.map((tool) => ({ tool, parsed: toStateChange(parseToolName(tool.name, prefix, serviceWords)) }));
  const entities = new Set(parsed.map((entry) => entry.parsed.entityWords.join('_')));
  const shapes = new Map<string, ToolShape>();
  for (const { tool, parsed: name } of parsed) {
    const own = { ...name, entityWords: toSpelledOut(dropOtherEntity(name.entityWords, withScopes(entities, tool, name)), entities) };
    shapes.set(tool.name, toShape({ tool, parsed: own, entities, override: overrides[tool.name] }));
  }
  for (const { tool } of parsed) {
    const shape = shapes.get(tool.name)!;
    const posted = toPostedEntity(shape, tool, tools, shapes) ?? toRunShape(shape, shapes) ?? toChildrenShape(shape, tool, shapes);
    if (posted) shapes.set(tool.name, posted);
  }
  const all = [...shapes.values()];
  for (const { tool, parsed: name } of parsed) {
    const shape = shapes.get(tool.name)!;
    const attached = overrides[tool.name] ? null : (toMembershipShape(shape, tool, all) ?? toAttachedShape(shape, name, tool, all));
    shapes.set(tool.name, withSiblingIds(attached ?? shape, all));
  }
  return shapes;
}

/**
 * `change_issue_status(issue_key, transition)` changes the status, not a `issue_status`:
 * an update (or a state verb) whose entity ends in `status`/`state` acts on what comes before it,
 * and the arguments (`transition`, `status`) name the state to move to.
 */
function toStateChange(parsed: ParsedName): ParsedName {
  const words = parsed.entityWords;
  const last = words[words.length - 1];
  if (parsed.meaning?.operation !== 'update' || words.length < 2 || (last !== 'status' && last !== 'state')) return parsed;
  // `set_issue_status` sets the status of an issue that exists: no upsert.
  return {
    ...parsed,
    meaning: { operation: 'update', ...(parsed.meaning.sets ? { sets: parsed.meaning.sets } : {}) },
    entityWords: words.slice(0, -1),
  };
}

/**
 * The shape a call has: for a tool with a `method`-like argument, the choice its value names.
 *
 * @example
 *   toCallShape(shapes.get('issue_write')!, { method: 'update', issue_number: 12 }).operation; // 'update'
 */
export function toCallShape(shape: ToolShape, args: Readonly<Record<string, unknown>>): ToolShape {
  if (!shape.dispatch) return shape;
  const value = args[shape.dispatch.argument];
  return (typeof value === 'string' ? shape.dispatch.choices[value] : undefined) ?? shape;
}

function toShape({ tool, parsed, entities, override, withDispatch = true }: ShapeInput): ToolShape {
  const annotations = tool.annotations ?? {};
  const readOnly = annotations.readOnlyHint === true;
  const { meaning, plural } = parsed;
  let operation: ToolOperation = meaning?.operation ?? 'other';
  let basis: ToolShape['basis'] = meaning ? 'name' : 'none';
  if (readOnly && operation !== 'read' && operation !== 'list' && operation !== 'search') {
    operation = 'read';
    basis = 'annotations';
  }
  if (operation === 'read' && plural) operation = 'list';
  // `find_contact(email)` finds one contact by its fields; `find_projects` and a bare `find` search.
  // A required free-text `query` makes it a search all the same (`find_component_id(query)`).
  const textQuery = ['query', 'q', 'search_query'].some((name) => requiredOf(tool).has(name));
  if (meaning?.find && operation === 'search' && !plural && parsed.entityWords.join('_') !== 'item' && !textQuery) operation = 'read';
  let entity = parsed.entityWords.join('_');
  if (override?.operation) operation = override.operation;
  if (override?.entity) entity = override.entity;
  if (override && Object.values(override).some((value) => value !== undefined)) basis = 'override';

  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const found: IdArgument | null =
    override?.id !== undefined
      ? override.id === null
        ? null
        : toOverrideIdArgument(override.id)
      : operation === 'create' && parsed.verb !== null && copyVerbs.has(parsed.verb)
        ? null
        : findIdArgument(operation, entity.split('_'), properties, required, entities);
  // An update or delete with nothing to name its entity acts on no entity: another action.
  if ((operation === 'update' || operation === 'delete') && found === null && basis !== 'override') operation = 'other';
  const find = operation === 'read' && meaning?.find === true;
  const idSchema = found ? properties[found.name] : undefined;
  const upsert =
    operation === 'update' && (meaning?.upsert === true || (meaning?.operation === 'create' && annotations.idempotentHint === true));
  const shape: ToolShape = {
    tool: tool.name,
    operation,
    entity,
    idArgument: found?.name ?? null,
    idField: found?.field ?? 'id',
    // The type follows the schema: Buildkite's `build_number` is a string of digits.
    numericId: (found?.field === 'number' && idSchema?.type !== 'string') || idSchema?.type === 'integer' || idSchema?.type === 'number',
    // Only a verb makes a read strict: a read-only action (`directory_tree`, `convert_time`) answers what it is asked.
    strict:
      !upsert &&
      ((operation === 'read' && ((found?.strong === true && basis !== 'annotations') || find)) ||
        operation === 'update' ||
        operation === 'delete'),
    upsert,
    sets: operation === 'update' ? (meaning?.sets ?? {}) : {},
    listField: null,
    find,
    dispatch: null,
    basis,
  };
  if (override) applyCorrections(shape, override);
  if (withDispatch && !override?.operation) shape.dispatch = findDispatch(tool, shape, properties, required, entities);
  return shape;
}

/** A scenario's corrections of what follows from the operation: the id field, the fields an update sets, not-found, upsert. */
function applyCorrections(shape: ToolShape, override: ToolOverride): void {
  if (override.field !== undefined) shape.idField = override.field;
  if (override.sets !== undefined) shape.sets = override.sets;
  if (override.notFound !== undefined) shape.strict = override.notFound;
  if (override.upsert !== undefined) shape.upsert = override.upsert;
  // An upsert finds nothing missing unless the correction says otherwise.
  if (override.upsert === true && override.notFound === undefined) shape.strict = false;
}

/** `method: get | get_comments | update`: each value that reads as a verb is a choice with its own shape. */
function findDispatch(
  tool: ToolDefinition,
  shape: ToolShape,
  properties: Properties,
  required: ReadonlySet<string>,
  entities: ReadonlySet<string>,
): ToolShape['dispatch'] {
  for (const argument of dispatchArguments) {
    const values = properties[argument]?.enum;
    if (!Array.isArray(values)) continue;
    const choices: Record<string, ToolShape> = {};
    for (const value of values) {
      if (typeof value !== 'string') continue;
      const parsed = parseToolName(value, null);
      if (!parsed.meaning) continue;
      const entityWords = parsed.entityWords.join('_') === 'item' ? shape.entity.split('_') : dropOtherEntity(parsed.entityWords, entities);
      const choice = toShape({ tool: { ...tool, annotations: {} }, parsed: { ...parsed, entityWords }, entities, withDispatch: false });
      choices[value] = { ...choice, basis: shape.basis };
    }
    const operations = new Set(Object.values(choices).map((choice) => choice.operation));
    if (Object.keys(choices).length >= 2 && (operations.size >= 2 || required.has(argument))) return { argument, choices };
  }
  return null;
}

/**
 * `add_label(number, label)` / `remove_label(...)`: when another argument is the id argument of
 * another entity's read, update or delete (`number` names an issue), the tool adds its value to
 * that entity's list field (`labels`) instead of creating a label.
 */
function toAttachedShape(shape: ToolShape, parsed: ParsedName, tool: ToolDefinition, shapes: readonly ToolShape[]): ToolShape | null {
  if ((parsed.verb !== 'add' && parsed.verb !== 'remove') || shape.dispatch) return null;
  const properties = propertiesOf(tool);
  const valueArgument = Object.keys(properties).find(
    (name) => toWords(name).join('_') === shape.entity || toWords(name).join('_') === toPlural(shape.entity),
  );
  if (!valueArgument) return null;
  const parent = shapes.find(
    (other) =>
      other.entity !== shape.entity &&
      other.idArgument !== null &&
      other.idArgument in properties &&
      other.idArgument !== valueArgument &&
      other.operation !== 'create' &&
      other.strict,
  );
  if (!parent) return null;
  return {
    ...shape,
    operation: 'update',
    entity: parent.entity,
    idArgument: parent.idArgument,
    idField: parent.idField,
    numericId: parent.numericId,
    strict: true,
    upsert: false,
    listField: { field: toPlural(shape.entity), argument: valueArgument, remove: parsed.verb === 'remove' },
  };
}

/**
 * `get_as_details` beside `list_autonomous_systems`: an entity word that is the initials of another
 * tool's entity of two or more words stands for that entity.
 */
function toSpelledOut(words: string[], entities: ReadonlySet<string>): string[] {
  if (words.length !== 1 || words[0]!.length < 2 || words[0]!.length > 4) return words;
  const matches = [...entities].filter((entity) => {
    const parts = entity.split('_');
    return parts.length >= 2 && parts.map((part) => part[0]).join('') === words[0];
  });
  return matches.length === 1 ? matches[0]!.split('_') : words;
}

const membershipVerbs = new Map([
  ['add', false],
  ['assign', false],
  ['remove', true],
  ['unassign', true],
]);

/**
 * `add_user_to_group(group_id, user_id)` / `remove_user_from_group(...)`: when the name says
 * `<verb> X to|from Y` and the tool takes the id arguments of both X's and Y's other tools, it
 * adds Y's id to X's `<Y>_ids` (or removes it), so `list_group_users(group_id)` finds the user:
 * not a create of a group that exists already.
 */
function toMembershipShape(shape: ToolShape, tool: ToolDefinition, shapes: readonly ToolShape[]): ToolShape | null {
  const words = toWords(tool.name);
  const verbAt = words.findIndex((word) => membershipVerbs.has(word));
  const joinAt = words.findIndex((word, index) => index > verbAt + 1 && (word === 'to' || word === 'from'));
  if (verbAt === -1 || joinAt === -1 || shape.dispatch) return null;
  const properties = propertiesOf(tool);
  const idOf = (entity: string) =>
    shapes.find((other) => other.entity === entity && other.idArgument !== null && other.idArgument in properties && other.strict);
  const member = idOf(toSingular(words.slice(verbAt + 1, joinAt).join('_')));
  const holder = idOf(toSingular(words.slice(joinAt + 1).join('_')));
  if (!member || !holder || member.idArgument === holder.idArgument) return null;
  return {
    ...shape,
    operation: 'update',
    entity: member.entity,
    idArgument: member.idArgument,
    idField: member.idField,
    numericId: member.numericId,
    strict: true,
    upsert: false,
    sets: {},
    listField: { field: `${holder.entity}_ids`, argument: holder.idArgument!, remove: membershipVerbs.get(words[verbAt]!)! },
  };
}

/** A tool that takes no id (a create, a list; each dispatch choice too) gets the id field and type its entity's other tools use. */
function withSiblingIds(shape: ToolShape, shapes: readonly ToolShape[]): ToolShape {
  const choices = shape.dispatch
    ? Object.fromEntries(Object.entries(shape.dispatch.choices).map(([value, choice]) => [value, withSiblingIds(choice, shapes)]))
    : null;
  let result = choices && shape.dispatch ? { ...shape, dispatch: { argument: shape.dispatch.argument, choices } } : shape;
  if (result.idArgument === null) {
    const siblings = shapes.filter((other) => other.entity === result.entity && other.idArgument !== null);
    const sibling = siblings.find((other) => other.operation !== 'create') ?? siblings[0];
    if (sibling) result = { ...result, idField: sibling.idField, numericId: sibling.numericId };
  }
  return result;
}

/**
 * A list's leading words that a required argument names are its scope, not its entity:
 * `get_thread_replies(thread_ts)` lists replies in a thread.
 */
function withScopes(entities: ReadonlySet<string>, tool: ToolDefinition, parsed: ParsedName): ReadonlySet<string> {
  if (parsed.meaning?.operation !== 'read' && parsed.meaning?.operation !== 'list') return entities;
  if (!parsed.plural) return entities;
  const stems = [...requiredOf(tool)].map((name) => toWords(name).slice(0, -1).join('_')).filter((stem) => stem !== '');
  return stems.length === 0 ? entities : new Set([...entities, ...stems]);
}

/**
 * `get_channel_history(channel_id)`: a history, feed or timeline lists what a create of the server
 * posts to the same place (the create that requires the same arguments: `post_message(channel_id, text)`).
 */
function toPostedEntity(
  shape: ToolShape,
  tool: ToolDefinition,
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
): ToolShape | null {
  if (shape.operation !== 'list' || !collectiveNouns.has(shape.entity.split('_').at(-1)!)) return null;
  const required = [...requiredOf(tool)];
  const poster = tools.find((other) => {
    const candidate = shapes.get(other.name)!;
    const theirs = requiredOf(other);
    return candidate.operation === 'create' && required.length > 0 && required.every((name) => theirs.has(name));
  });
  return poster ? { ...shape, entity: shapes.get(poster.name)!.entity } : null;
}

/** Verbs that start a run of something (`run_job`, `trigger_build`): a create of it when the server reads such runs. */
const runVerbs = new Set(['run', 'trigger', 'launch', 'execute']);

/** `run_job(component_id, configuration_id)` starts a job that `get_job(job_id)` reads: a create of a job. */
function toRunShape(shape: ToolShape, shapes: ReadonlyMap<string, ToolShape>): ToolShape | null {
  if (shape.operation !== 'other' || shape.basis !== 'none') return null;
  const [verb, ...rest] = shape.entity.split('_');
  if (verb === undefined || !runVerbs.has(verb) || rest.length === 0) return null;
  const entity = rest.join('_');
  const reader = [...shapes.values()].find((other) => other.entity === entity && other.operation === 'read' && other.idArgument !== null);
  if (!reader) return null;
  return { ...shape, operation: 'create', entity, basis: 'name', idField: reader.idField, numericId: reader.numericId };
}

/** `list_children(nodeId)`: the children of a node are nodes (Alfresco, file trees, page trees). */
function toChildrenShape(shape: ToolShape, tool: ToolDefinition, shapes: ReadonlyMap<string, ToolShape>): ToolShape | null {
  if (shape.operation !== 'list' || (shape.entity !== 'child' && shape.entity !== 'descendant')) return null;
  const parent = [...requiredOf(tool)]
    .map((name) => toWords(name))
    .filter((words) => words.length > 1 && ['id', 'key', 'uuid', 'gid'].includes(words[words.length - 1]!))
    .map((words) => words.slice(0, -1).join('_'))
    .find((entity) => [...shapes.values()].some((other) => other.entity === entity && other.operation !== 'list'));
  return parent ? { ...shape, entity: parent } : null;
}
