/**
 * How the stateful simulator answers a list or search from a world (world-answers.ts): the entities
 * of the type whose fields match the arguments (equality, ranges and time windows, `field = value`
 * queries, free-text `query` words, a batch's list of ids), paged, fitted to the tool's
 * outputSchema; with nothing seeded, the results a search about something new makes
 * (web-pages.ts) or the reference data a first list makes (reference-data.ts).
 */
import { nameKeysOf, namedItemId } from './named-items.js';
import { rootParentField } from './root-entities.js';
import { toNestedFieldFilter } from './nested-field-filter.js';
import { inListOrder, toListOrder } from './list-order.js';
import { withoutPayloadKey, withPayloadKey } from './payload-view.js';
import type { WorldChanges } from '../../domain/memory-log.js';
import {
  entitiesOf,
  fieldValue,
  isQueryArgument,
  matchesQuery,
  selectsAll,
  toNormalName,
  toPageRequest,
  valuesMatch,
} from '../../domain/world-query.js';
import { toPlural, toSingular, toWords } from '../../reading/entity-words.js';
import { matchesCondition, toConditions } from '../../reading/world-filter.js';
import { fitToSchema } from './schema-fit.js';
import { asReferredRecord } from './reference-items.js';
import { withoutSelfNamedKey } from './self-named-key.js';
import { toTextResult } from './text-result.js';
import { entitySeed, fitOptions, newFields, toView, withIdAlias } from './world-views.js';
import { hasFieldNamed } from './field-names.js';
import { withUuidKey } from './uuid-keys.js';
import { toReferenceSet } from './reference-data.js';
import { asksForArchived, isArchived } from './archived-entities.js';
import { hiddenFlags, isHiddenByFlag } from './hidden-flags.js';
import { hidesFinished, isFinished } from './finished-entities.js';
import { describedArchiveFlag } from '../../reading/archive-flag.js';
import { toFieldLookup } from './field-lookups.js';
import { toSearchResults } from './web-pages.js';
import { listedIdNotFound } from './listed-own-id.js';
import { withParentItems, withoutItemChanges } from './parent-items.js';
import { withParentById } from './parent-by-id.js';
import { matchesSearchWords } from './search-words.js';
import { namesHeldRecord } from './named-reference.js';
import { toReferenceFilter } from './reference-filter.js';
import { toEnumChoiceFilter } from './enum-choice-filter.js';
import { withSummary } from './summary-item.js';
import { toFolderProperty, toFolders, toPrefixFilter } from './prefix-filter.js';
import { toStateFlagFilter } from './state-flag-filter.js';
import { toCodedActivityFilter } from './coded-activity-filter.js';
import { toFolderPathFilter } from './folder-path-filter.js';
import { toQualifierConditions } from '../../reading/qualifier-query.js';
import { toFilterTermConditions } from './filter-terms.js';
import { toFilterQuery } from './filter-query.js';
import { listedFlag } from './flagged-list.js';
import { hasProperty, relatedLists } from './world-batches.js';
import { idListNames } from '../../reading/batch-arguments.js';
import { ownRecords } from './own-records.js';
import {
  dataArguments,
  defaultsOf,
  listedTypeArgument,
  withListedType,
  listItemSchema,
  scopeArguments,
  toFilterArgument,
  withCounts,
  type Answer,
  type AnswerInput,
} from './world-conventions.js';

export function answerList(called: AnswerInput): Answer {
  // `get_items_on_board(board_id)`: what was made on that board, of every type (parent-items.ts).
  const parentItems = withParentItems(called);
  if (parentItems !== called) return withoutItemChanges(answerList(parentItems));
  // `get_files(file_id)` of a file the world does not hold: the not-found a read answers (listed-own-id.ts).
  const unheld = listedIdNotFound(called);
  if (unheld !== null) return { error: unheld };
  // `brave_web_search(query)` with nothing seeded: results about the query, remembered (web-pages.ts);
  // a first list of reference data: a small plausible set (reference-data.ts).
  const made = toSearchResults(called) ?? toReferenceSet(called);
  if (made) {
    // Listed from what was just made, once: results a query does not find again (`up{job="node"}`) are not made anew.
    const answer = answerHeldList({ ...called, world: made.world });
    const upserts = [...(made.changes.upserts ?? []), ...(answer.changes?.upserts ?? [])];
    return {
      ...answer,
      changes: { ...answer.changes, upserts, facts: [...(made.changes.facts ?? []), ...(answer.changes?.facts ?? [])] },
    };
  }
  return answerHeldList(called);
}

/** The list of what the world holds, filtered, ordered and paged as the call asks. */
function answerHeldList(called: AnswerInput): Answer {
  const input = withParentById(withQueriedType(withListedType(called)));
  const { shape, tool, args } = input;
  const entities = entitiesOf(input.world, shape.entity);
  // `location_id` and `locationId`, one scope the server's tools spell two ways: a record that names neither lives in the one scope.
  const scope = new Set([...scopeArguments(input)].map(toNormalName));
  // Field names are counted per type as entities change (field-names.ts), not read off every entity per call.
  const known = { has: (name: string) => hasFieldNamed(input.world, shape.entity, name) };
  const data = Object.entries(dataArguments(input))
    .filter(([name]) => name !== listedTypeArgument(called))
    .map(([name, value]) => toFilterArgument(name, value, known, shape.entity));
  // Ranges, time windows, filter groups and `field = value` query strings; what states none of them is equality or free text.
  const stating = (name: string, value: unknown) => toConditions(name, value) ?? toFieldLookup(name, value);
  // A window on a field no entity of the type holds (`beforeEnd` where bookings keep only `start`) says nothing of them.
  const conditions = data
    .flatMap(([name, value]) => (selectsAll(value) ? [] : (stating(name, value) ?? [])))
    .filter(
      (condition) =>
        !isWindow(condition) || entities.some((entity) => matchesCondition(entity.fields, entity.id, { ...condition, operator: 'exists' })),
    );
  const stated = new Set(data.filter(([name, value]) => !selectsAll(value) && stating(name, value) !== null).map(([name]) => name));
  // `attendeeEmail` on bookings that hold `attendee: { email }` (nested-field-filter.ts).
  const nested = data.flatMap(([name, value]) =>
    stated.has(name) || selectsAll(value) ? [] : (toNestedFieldFilter(name, value, entities, known) ?? []),
  );
  // `cloudPath: 'files/'`: what lies below a folder's path (folder-path-filter.ts), not the record of that path.
  const folderTests = new Map(
    data.flatMap(([name, value]) => {
      const test = stated.has(name) ? null : toFolderPathFilter(name, value, shape.idField);
      return test === null ? [] : [[name, test] as const];
    }),
  );
  const below = [...folderTests.values()];
  const filters = data.filter(
    ([name, value]) =>
      !stated.has(name) &&
      !isQueryArgument(name) &&
      !selectsAll(value) &&
      hasFieldNamed(input.world, shape.entity, name) &&
      !folderTests.has(name),
  );
  const queried = Object.entries(args).find(
    ([name, value]) => isQueryArgument(name) && typeof value === 'string' && !stated.has(name),
  )?.[1] as string | undefined;
  // `status:open AND tag:database`: a query of field:value terms only is conditions, joined as it says (qualifier-query.ts).
  const qualifiers = queried === undefined ? null : toQualifierConditions(queried, known);
  // `today | overdue`, `#Work & p1`: a task service's filter language, on the call's clock (filter-query.ts).
  const filterQuery = queried === undefined || qualifiers !== null ? null : toFilterQuery(queried, input);
  const query = qualifiers === null && filterQuery === null ? queried : undefined;
  if (qualifiers !== null) conditions.push(...qualifiers);
  // `filter: 'tags:shipping created-after:2026-03-01'`: a filter language of field:value terms (filter-terms.ts).
  conditions.push(...toFilterTermConditions(Object.fromEntries(data.filter(([name]) => !stated.has(name))), known, input));
  // `service_ids` on incidents that hold `service: { id }` (reference-filter.ts); `Prefix` on keys.
  const references = data.flatMap(([name, value]) => (stated.has(name) ? [] : (toReferenceFilter(name, value, known) ?? [])));
  const prefixes = [
    ...below,
    ...data.flatMap(([name, value]) => (stated.has(name) ? [] : (toPrefixFilter(name, value, shape.idField) ?? []))),
  ];
  // `filter: 'awaitingAgent'` on conversations that hold `status: AWAITING_AGENT` (enum-choice-filter.ts).
  const records = entities.map((entity) => entity.fields);
  const choices = data.flatMap(([name, value]) => (stated.has(name) ? [] : (toEnumChoiceFilter(name, value, tool, records, known) ?? [])));
  // `active: true` on workflows that keep `state: active` (state-flag-filter.ts).
  choices.push(...data.flatMap(([name, value]) => toStateFlagFilter(name, value, input.model, shape.entity, known) ?? []));
  // `active_status: 2` "1 = active application, 2 = inactive application" on records that keep a state (coded-activity-filter.ts).
  choices.push(...data.flatMap(([name, value]) => (stated.has(name) ? [] : (toCodedActivityFilter(name, value, tool, known) ?? []))));
  // `ids: [...]`, `issue_ids: [...]`: a batch read by a list of ids keeps those.
  // `inputs: [{ id }]`: a list of objects that each carry only an id is that list of ids.
  const listed =
    data.find(([name, value]) => Array.isArray(value) && idListNames(shape).has(toNormalName(name))) ??
    data.map(([name, value]) => [name, toIdObjects(value, input)] as const).find(([, ids]) => ids !== null);
  const idList = listed?.[1] as unknown[] | undefined;
  // An archived entity leaves the lists that do not ask for archived ones (archived-entities.ts); a batch read by ids still shows it.
  // `issues_starred_list` beside `issue_star`: only the records the name's flag is set on (flagged-list.ts).
  const flag = idList === undefined ? listedFlag(input) : null;
  const hideArchived = idList === undefined && !asksForArchived(args) && flag === null;
  // `include_disabled: false` by default: a disabled customer is left out until asked for (hidden-flags.ts).
  const hiddenBy = idList === undefined ? hiddenFlags(input) : [];
  // "By default returns only open tasks": a finished one is left out until a state is asked for (finished-entities.ts).
  const hideFinished = idList === undefined && hidesFinished(input);
  const archiveFlag = describedArchiveFlag(input.serverTools, input.shapes);
  // `listTasks()` "Returns root tasks if no parentId specified": the entities with no parent (root-entities.ts).
  const rootField = rootParentField(input);
  const selected = entities.filter(
    (entity) =>
      !(hideArchived && isArchived(entity.fields, archiveFlag)) &&
      (flag === null || fieldValue(entity.fields, flag.field) === flag.value) &&
      (rootField === null || fieldValue(entity.fields, rootField) == null) &&
      !isHiddenByFlag(hiddenBy, entity.fields, args) &&
      !(hideFinished && isFinished(entity.fields)) &&
      (idList === undefined ||
        idList.some(
          (id) =>
            String(id) === entity.id ||
            valuesMatch(fieldValue(entity.fields, shape.idField), id) ||
            valuesMatch(fieldValue(entity.fields, 'name'), id),
        )) &&
      filters.every(([name, value]) => {
        if (name === listed?.[0]) return true;
        const field = fieldValue(entity.fields, name) ?? (toNormalName(name) === toNormalName(shape.idField) ? entity.id : undefined);
        // `list_private_messages(username)`: a message whose `usernames` holds the user is theirs, whoever wrote it.
        const many = fieldValue(entity.fields, toPlural(name));
        if (Array.isArray(many) && valuesMatch(many, value)) return true;
        if (field === undefined) return scope.has(toNormalName(name));
        // `stories_search(name: 'checkout')`: a search finds the words in a name or title (search-words.ts).
        // `assignedTo: 'user_2'` on a deal a described world assigned to 'Marco Ruiz', whom the world holds as user_2 (named-reference.ts).
        if (valuesMatch(field, value) || namesHeldRecord(input.world, field, value)) return true;
        return called.shape.operation === 'search' && matchesSearchWords(name, field, value);
      }) &&
      conditions.every((condition) => matchesCondition(entity.fields, entity.id, condition)) &&
      references.every((test) => test(entity.fields)) &&
      nested.every((test) => test(entity.fields)) &&
      prefixes.every((test) => test(entity.fields, entity.id)) &&
      choices.every((test) => test(entity.fields)) &&
      (query === undefined || matchesQuery(entity.fields, query, known)) &&
      (filterQuery === null || filterQuery(entity.fields)),
  );
  // `Delimiter: '/'`: a key that goes on into a folder below the prefix is that folder, not an item (prefix-filter.ts).
  const folders = toFolders(
    args,
    selected.map((entity) => {
      const key = fieldValue(entity.fields, shape.idField);
      return typeof key === 'string' ? key : entity.id;
    }),
  );
  // `action: my`, `list_my_issues`: only the records that name the caller (own-records.ts).
  const kept = ownRecords(input, folders ? selected.filter((_, index) => folders.listed[index]) : selected);
  // `sortStart: 'desc'`, `sort: '-created_at'`: in the order asked (list-order.ts).
  const order = toListOrder(args, known);
  const matching = order ? inListOrder(kept, order) : kept;
  const folderList = folders ? toFolderProperty(folders.prefixes, tool.outputSchema) : {};
  const page = toPageRequest(args, defaultsOf(tool));
  const shown = matching.slice(page.offset, page.offset + page.size);
  const more = page.offset + shown.length < matching.length;
  const upserts: NonNullable<WorldChanges['upserts']> = [];
  const itemSchema = listItemSchema(tool.outputSchema);
  const items = shown.map((entity) => {
    // An item schema without the id field, for an entity that shows its id already (`name`), gets no extra `id`.
    const bare = itemSchema && !hasProperty(itemSchema.schema, shape.idField) && Object.values(entity.fields).includes(entity.id);
    const view = withPayloadKey(input, withUuidKey(input, bare ? { ...entity.fields } : toView(entity, shape), entity.id));
    if (!itemSchema) return withoutSelfNamedKey(view, shape.entity);
    // `{ id, summary }` items that forbid the rest: the summary is the record's name, shown, never stored (summary-item.ts).
    const aliased = withIdAlias(view, itemSchema.schema, shape.idField, entity.id);
    // `UserReference` items of a team's memberships: the users they name (reference-items.ts), shown, never stored.
    const summarized = asReferredRecord(
      withSummary(aliased, itemSchema.schema, entity.fields),
      itemSchema.schema,
      shape.entity,
      entity.fields,
    );
    const fitted = fitToSchema(summarized, itemSchema.schema, entitySeed(input, entity.id), fitOptions(input)) as Record<string, unknown>;
    const stored = Object.fromEntries(
      Object.entries(fitted).filter(([key]) => (key in aliased && aliased[key] === summarized[key]) || !(key in summarized)),
    );
    const filled = newFields(entity.fields, withoutPayloadKey(input, stored));
    if (filled) upserts.push({ type: shape.entity, id: entity.id, fields: filled });
    return fitted;
  });
  const next = more
    ? page.style === 'page'
      ? { nextPage: page.offset / page.size + 2 }
      : { nextCursor: String(page.offset + page.size) }
    : {};
  const plural = itemSchema?.property ?? input.listName ?? toPlural(shape.entity);
  // `list_priorities() -> str`: FastMCP's `{result: string}` holds the records as JSON text (text-result.ts).
  const value =
    toTextResult(tool.outputSchema, items) ??
    (tool.outputSchema
      ? fitToSchema(
          withCounts(
            {
              ...relatedLists(input, plural, matching.length < entities.length ? matching : undefined),
              [plural]: items,
              ...folderList,
              ...next,
            },
            tool.outputSchema,
            matching.length,
            more,
          ),
          tool.outputSchema,
          `${input.seed}|${tool.name}|${input.argumentsKey}`,
          fitOptions(input),
        )
      : { [plural]: items, ...folderList, total: matching.length, ...next });
  return { value, ...(upserts.length > 0 ? { changes: { upserts } } : {}) };
}

/**
 * A generic query tool (`query("select * from Invoice where DocNumber = '1042'")`, a service's own query language) lists the type
 * its `FROM` names, when the world holds that type; its `WHERE` clauses are read as conditions.
 */
function withQueriedType(input: AnswerInput): AnswerInput {
  for (const value of Object.values(input.args)) {
    if (typeof value !== 'string') continue;
    const named = /\bselect\b[\s\S]*?\bfrom\s+([A-Za-z_]\w*)/i.exec(value)?.[1];
    if (named === undefined) continue;
    const entity = toSingular(toWords(named).join('_'));
    if (entity === input.shape.entity || !Object.hasOwn(input.world.entities, entity)) return input;
    const idField = [...input.shapes.values()].find((shape) => shape.entity === entity)?.idField ?? 'id';
    return { ...input, shape: { ...input.shape, entity, idField } };
  }
  return input;
}

/**
 * The ids of a list of objects that each hold only an id (`[{ id: '7' }, { id: '9' }]`, `[{ task_id }]`) or a name
 * (`get_projects(items: [{ name: 'Personal' }])`, found as a batch item's name is: named-items.ts), else null.
 */
function toIdObjects(value: unknown, input: AnswerInput): unknown[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const { entity, idField } = input.shape;
  const idKeys = new Set(['id', idField, `${entity}_${idField}`].map(toNormalName));
  const nameKeys = nameKeysOf(toNormalName(entity));
  const ids = value.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
    const entries = Object.entries(item as Record<string, unknown>);
    if (entries.length !== 1) return undefined;
    const [key, id] = entries[0]!;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    if (idKeys.has(toNormalName(key))) return id;
    return nameKeys.has(toNormalName(key)) ? (namedItemId(input, item as Record<string, unknown>) ?? id) : undefined;
  });
  return ids.every((id) => id !== undefined) ? ids : null;
}

/** A bound on a field's value (`afterStart`, `created_before`), not an equality. */
function isWindow(condition: { field: string; operator: string }): boolean {
  return condition.field !== '' && ['gt', 'gte', 'lt', 'lte'].includes(condition.operator);
}
