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
import type { ToolDefinition } from '../domain/registry.js';
import { findIdArgument, isUrlArgument, propertiesOf, requiredOf, toOverrideIdArgument, type IdArgument } from './tool-id-argument.js';
import {
  toAttachedShape,
  toChildrenShape,
  toMembershipShape,
  toPostedEntity,
  toRunShape,
  withScopes,
  withSiblingIds,
} from './related-shapes.js';
import { describesMany, fallbackIdArgument, hasIdLike, namesOne, namesOneObject, readsDetails } from './tool-kind-words.js';
import { toEntityContext, toOwnEntityWords, withOwnEntity } from './tool-entity.js';
import { toWords } from './entity-words.js';
import { withEnumStateField } from './state-enum-field.js';
import { withMovedField } from './field-moves.js';
import { describedRead, withDescribedNoun } from './verbless-names.js';
import { withDescribedObject } from './verb-only-names.js';
import { withOpeningVerb } from './opening-verb.js';
import { withResourceFirst } from './resource-first-names.js';
import { describedEveryVerb, namesEvery } from './every-entity.js';
import { itemsIdArgument } from './batch-arguments.js';
import { withAppliedTarget } from './applied-action.js';
import { startsAsSearch, withDescribedSearch } from './described-search.js';
import { withByFieldSearch } from './by-field-search.js';
import { withLinkRecord } from './link-records.js';
import { toDescribedMembership } from './described-membership.js';
import { withUnkeptHolder } from './relation-name.js';
import { describesNew } from './described-new.js';
import { findDispatch, findTypeChoice, withAgreedId } from './tool-dispatch.js';
import { copyDestination } from './copy-destination.js';
import { withJudgedArgument } from './judgement-verbs.js';
import { actedOnArgument } from './acted-argument.js';
import { findViewDispatch, viewedOperation } from './view-choices.js';
import { pagingArgument } from './paged-read.js';
import { ownKeyArgument } from './own-key-read.js';
import { beginsNamed, beginsNew } from './begun-entity.js';
import { parseToolName, toCommonPrefix, toServiceWords, type ParsedName } from './tool-name.js';
import { toServerNouns } from './server-nouns.js';
import { toThreadAddition } from './thread-additions.js';
import { toStateChange } from './status-names.js';
import { withJoinedCompounds } from './joined-compounds.js';
import { applyCorrections } from './shape-corrections.js';
import type { ToolOperation, ToolOverride } from '../domain/tool-override.js';
import type { ToolShape } from './tool-shape.js';

export { toolOperations, type ToolOperation, type ToolOverride } from '../domain/tool-override.js';

export type { ToolShape } from './tool-shape.js';

/** Words of what a client selects for itself (`set_active_workspace`, `set_focus`), which no entity stores. */
const sessionWords = new Set(['active', 'current', 'focus']);
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
  const first = tools.map((tool) => ({ tool, parsed: parseToolName(tool.name, prefix, serviceWords) }));
  // `get_query` beside `create_query`: the word the server's writes name as their entity is a noun in every tool (server-nouns.ts).
  const nouns = toServerNouns(first, prefix);
  const named = nouns.size === 0 ? first : tools.map((tool) => ({ tool, parsed: parseToolName(tool.name, prefix, serviceWords, nouns) }));
  // `search_workitem` beside `wit_work_item`: one thing spelled joined and apart (joined-compounds.ts).
  const parsed = withJoinedCompounds(withResourceFirst(named, prefix, serviceWords)).map(({ tool, parsed: name }) => ({
    tool,
    parsed: toStateChange(name),
  }));
  const entities = new Set(parsed.map((entry) => entry.parsed.entityWords.join('_')));
  const context = toEntityContext(parsed, entities);
  const shapes = new Map<string, ToolShape>();
  for (const { tool, parsed: name } of parsed) {
    const own = { ...name, entityWords: toOwnEntityWords(name, withScopes(entities, tool, name), context) };
    shapes.set(tool.name, toShape({ tool, parsed: own, entities, override: overrides[tool.name] }));
  }
  for (const { tool } of parsed) {
    const shape = withOwnEntity(shapes.get(tool.name)!, tool, context);
    const posted = toPostedEntity(shape, tool, tools, shapes) ?? toRunShape(shape, shapes, tool) ?? toChildrenShape(shape, tool, shapes);
    shapes.set(tool.name, posted ?? shape);
  }
  // `reply_private_message(topic_id)` writes a post in it, `invite_to_private_message(topic_id, username)` adds to it (thread-additions.ts).
  for (const { tool } of parsed) {
    const shape = shapes.get(tool.name)!;
    const posted = toThreadAddition(shape, tool, tools, shapes);
    shapes.set(tool.name, posted ?? shape);
  }
  const all = [...shapes.values()];
  for (const { tool, parsed: name } of parsed) {
    const shape = shapes.get(tool.name)!;
    const attached = overrides[tool.name]
      ? null
      : (toMembershipShape(shape, tool, all) ??
        toAttachedShape(shape, name, tool, all, tools) ??
        toDescribedMembership(shape, tool, all, tools) ??
        withUnkeptHolder(shape, tool, all, tools));
    shapes.set(tool.name, withSiblingIds(attached ?? shape, all));
  }
  for (const { tool } of parsed) shapes.set(tool.name, withMovedField(shapes.get(tool.name)!, tool, entities));
  for (const [name, shape] of shapes) shapes.set(name, withEnumStateField(shape, tools, shapes));
  for (const tool of tools) shapes.set(tool.name, withAppliedTarget(shapes.get(tool.name)!, tool, shapes));
  for (const tool of tools) shapes.set(tool.name, withDescribedSearch(shapes.get(tool.name)!, tool, shapes));
  for (const tool of tools) shapes.set(tool.name, withByFieldSearch(shapes.get(tool.name)!, tool, entities));
  for (const tool of tools) shapes.set(tool.name, withJudgedArgument(shapes.get(tool.name)!, tool, tools));
  // `link_issues(inwardIssueKey, outwardIssueKey)`: a join of two issues, an issue_link (link-records.ts).
  for (const tool of tools) shapes.set(tool.name, withLinkRecord(shapes.get(tool.name)!, tool));
  return shapes;
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

function toShape({ tool, parsed: fromName, entities, override, withDispatch = true }: ShapeInput): ToolShape {
  // `create` "Create a new task in Google Tasks": a name that is its verb alone acts on the description's object (verb-only-names.ts).
  const parsed = withOpeningVerb(withDescribedObject(withDescribedNoun(fromName, tool), tool), tool);
  const annotations = tool.annotations ?? {};
  const readOnly = annotations.readOnlyHint === true;
  const { meaning, plural } = parsed;
  const properties = propertiesOf(tool);
  const required = requiredOf(tool);
  const details = !meaning && readsDetails(tool.name);
  // `meetings.upcoming` "List upcoming meetings.", `whoami` "The signed-in user.": a verbless name's description says the read.
  // `news(action: list | detail | rss)`: a noun whose view argument writes nothing reads its resource (view-choices.ts).
  const described = meaning || details ? null : (describedRead(tool) ?? viewedOperation(tool));
  let operation: ToolOperation = meaning?.operation ?? (details ? 'read' : (described ?? 'other'));
  let basis: ToolShape['basis'] = fromName.meaning || details ? 'name' : meaning || described ? 'description' : 'none';
  let sets = meaning?.sets ?? {};
  if (readOnly && operation !== 'read' && operation !== 'list' && operation !== 'search') {
    // `generate_link` that writes nothing, `validate_config`: an action that answers what it computed, not a read of an entity.
    const computes = meaning?.operation === 'other';
    operation = computes ? 'other' : 'read';
    basis = computes ? 'name' : 'annotations';
  }
  // `set_active_board(board_id)`, `set_focus(node_id)`: the client's own selection, not a change to the entity.
  // Read from the name itself: the entity's words have lost an adjective such as `active` by now.
  if (parsed.verb === 'set' && sessionWords.has(toWords(tool.name)[1] ?? '')) operation = 'other';
  // `microsoft_docs_fetch(url)`: a read of one page by its URL, whatever the noun's number.
  const onlyRequired = [...requiredOf(tool)];
  const byUrl = onlyRequired.length === 1 && isUrlArgument(onlyRequired[0]!);
  if (
    operation === 'read' &&
    plural &&
    !byUrl &&
    !namesOne(tool.name, parsed.entityWords, properties, required) &&
    !namesOneObject(tool.name) &&
    // `get_predictions(prediction_id)`, `pods_get(name)`: the plural is the collection, the key names one (own-key-read.ts).
    ownKeyArgument(tool, parsed.entityWords.join('_'), parsed.verb) === null
  )
    operation = 'list';
  // `iterations_get_active()` "Get active iterations for the current user's teams": the description says it answers many,
  // and no argument names one (`git_log(repo_path)` "Lists recent commits" reads the log of a repository); a lone optional id
  // of another type (`parcels_get_late(depotId?)`) only scopes the many.
  // `show_mdss(limit, offset)`: a read that pages its answer lists (paged-read.ts).
  if (
    operation === 'read' &&
    !byUrl &&
    (describesMany(tool.description) || (basis === 'name' && pagingArgument(tool) !== null)) &&
    findIdArgument('read', parsed.entityWords, properties, required, entities, { unmarked: false }) === null
  )
    operation = 'list';
  // `find_contact(email)` finds one contact by its fields; `find_projects` and a bare `find` search.
  // A required free-text `query` makes it a search all the same (`find_component_id(query)`).
  const textQuery = ['query', 'q', 'search_query'].some((name) => requiredOf(tool).has(name));
  if (meaning?.find && operation === 'search' && !plural && parsed.entityWords.join('_') !== 'item' && !textQuery) operation = 'read';
  // `get_book_by_title(title)` "Search for a book by its title": a read or list named so whose description starts by
  // searching, and which is given no real id of its entity, searches (described-search.ts).
  if (
    (operation === 'read' || operation === 'list') &&
    basis === 'name' &&
    startsAsSearch(tool) &&
    findIdArgument('read', parsed.entityWords, properties, required, entities)?.strong !== true
  )
    operation = 'search';
  let entity = parsed.entityWords.join('_');
  if (override?.operation) operation = override.operation;
  if (override?.entity) entity = override.entity;
  if (override && Object.values(override).some((value) => value !== undefined)) basis = 'override';

  // `sales_order_submit(name)`: submitting what exists moves it on (to submitted); `submit_feedback` makes one.
  const submitted =
    operation === 'create' && parsed.verb === 'submit' && !override?.operation
      ? findIdArgument('read', entity.split('_'), properties, required, entities)
      : null;
  if (submitted && required.has(submitted.name)) {
    operation = 'update';
    sets = { state: 'submitted' };
  }
  // `start_manual_session(project_name)`: a start given no real id of what its name names begins a new one (begun-entity.ts).
  const begun = operation === 'update' && !override?.operation && beginsNamed(tool.name, parsed.verb, fromName.entityWords);
  if (begun && beginsNew(parsed.verb, findIdArgument('read', entity.split('_'), properties, required, entities))) {
    operation = 'create';
    sets = {};
  }
  const fromArguments: IdArgument | null =
    override?.id !== undefined
      ? override.id === null
        ? null
        : toOverrideIdArgument(override.id)
      : operation === 'create' && parsed.verb !== null && copyVerbs.has(parsed.verb)
        ? copyDestination(entity, properties, required, entities)
        : findIdArgument(operation, entity.split('_'), properties, required, entities);
  // `update_records(baseId, tableId, records: [{ id, fields }])`: a list of the entity's own objects, each with its id,
  // names the entities better than an id only guessed by its place (`tableId`, the last id-like argument).
  const named =
    fromArguments !== null && !fromArguments.strong && (operation === 'update' || operation === 'delete') && override?.id === undefined
      ? (itemsIdArgument(properties, entity.split('_'), entities) ?? fromArguments)
      : fromArguments;
  // `save_draft(to, subject)`, `write_object(bucket, name, content)`: a write that names nothing that exists makes a new one.
  if (
    operation === 'update' &&
    named === null &&
    meaning?.upsert === true &&
    parsed.verb !== 'set' &&
    !override?.operation &&
    !hasIdLike(properties, required)
  )
    operation = 'create';
  // `write_object_safe(bucket, object_name)` "Writes a new object", `run_pipeline` "Trigger a new pipeline run": what the
  // description says is new is made, though an argument names it (the name it will have).
  if (
    ((operation === 'update' && meaning?.upsert === true) || operation === 'other') &&
    (basis === 'name' || basis === 'none') &&
    !override?.operation &&
    describesNew(tool)
  ) {
    operation = 'create';
    basis = 'description';
  }
  // `delete_item(board_id, item_id)`: no argument reads as the entity's own id, the last id-like one names it.
  const fallback =
    named ??
    ((operation === 'update' || operation === 'delete') && override?.id === undefined
      ? (fallbackIdArgument(properties, required) ?? itemsIdArgument(properties, entity.split('_'), entities))
      : null);
  // `logout_all_sessions` "Revoke all sessions": a name with no verb the table knows deletes all of them where its description
  // says so (every-entity.ts), as `delete_all_sessions` would.
  if (operation === 'other' && !meaning && basis === 'none' && fallback === null && describedEveryVerb(tool) === 'delete') {
    operation = 'delete';
    basis = 'description';
  }
  // `mark_all_todos_done`, `bulk_mark_read`: a state change or delete named for all of a kind acts on each one its arguments select.
  const every =
    (operation === 'update' || operation === 'delete') && fallback === null && basis !== 'override' && namesEvery(tool, operation, sets);
  // An update or delete with nothing to name its entity acts on no entity: another action.
  if ((operation === 'update' || operation === 'delete') && fallback === null && basis !== 'override' && !every) operation = 'other';
  // `ping_webhook(hook_id)`, `sync_application(applicationName)`: an action on one entity that exists still names it.
  const acted =
    operation === 'other' && fallback === null && override?.id === undefined
      ? actedOnArgument(parsed, properties, required, entities)
      : null;
  const find = operation === 'read' && meaning?.find === true;
  const found = fallback ?? acted;
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
    sets: operation === 'update' ? sets : {},
    listField: null,
    find,
    dispatch: null,
    basis,
    ...(every ? { every: true as const } : {}),
  };
  if (override) applyCorrections(shape, override);
  if (withDispatch && !override?.operation)
    shape.dispatch =
      findDispatch(tool, shape, properties, required, entities, toShape) ??
      (basis === 'description' ? findViewDispatch(tool, shape, entities) : null);
  // `search(filter_object_type: page | database)`: searches the type it is given, the first when none is (tool-dispatch.ts).
  const typed = withDispatch && !override && !shape.dispatch ? findTypeChoice(shape, properties, entities) : null;
  if (typed) Object.assign(shape, { dispatch: typed, entity: Object.values(typed.choices)[0]!.entity });
  if (shape.dispatch && shape.idArgument === null) withAgreedId(shape, shape.dispatch.choices, properties);
  return shape;
}
