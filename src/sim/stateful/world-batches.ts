/**
 * Calls that act on many entities at once, and the checks a create makes against the others: a
 * batch create (`create_entities({ entities: [...] })`), a batch read or delete by a list of ids,
 * the other lists a list's outputSchema shows beside its own (`relations` beside `entities`), and
 * uniqueness a description states.
 */
import type { WorldChanges } from '../../domain/memory-log.js';
import { entitiesOf, fieldValue, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { toPlural, toSingular, toWords } from '../../reading/entity-words.js';
import { idListNames, isBatchItemsArgument, namesBatchItems } from '../../reading/batch-arguments.js';
import { toUniqueFields } from '../../reading/entity-traits.js';
import { fallbackIdKeys } from '../source/shown-entities.js';
import { fitToSchema } from './schema-fit.js';
import { isKeyedByOwnId, nameKeysOf, namedItemId } from './named-items.js';
import { toCreatedId } from './entity-ids.js';
import { entityProperties } from './state-fields.js';
import { findEntity, fitOptions, notFound, presentEntity, quoteId, typedId, toWordsOf, entitySeed } from './world-views.js';
import { listItemSchema, type Answer, type AnswerInput } from './world-conventions.js';
import { isRecord } from '../../domain/json-record.js';
import { dependentsOf } from './dependent-entities.js';
import { withRetiredIds } from './retired-ids.js';

/** The items of a batch create (`create_entities({ entities: [...] })`): a list of objects named for the entity's plural. */
export function batchItems(input: AnswerInput): Record<string, unknown>[] | null {
  const { shape } = input;
  if (shape.idArgument !== null) return null;
  const entry = Object.entries(input.args).find(([name]) => namesBatchItems(shape, name));
  if (entry === undefined || !isBatchItemsArgument(input.tool, shape, entry[0])) return null;
  // Notion's `children` come as JSON text of the list.
  const items = typeof entry[1] === 'string' ? parsedList(entry[1]) : entry[1];
  if (!Array.isArray(items) || items.length === 0 || !items.every(isRecord)) return null;
  // Each child is made under the parent the other arguments name (`block_id`), as each would be alone.
  const rest = Object.fromEntries(Object.entries(input.args).filter(([name]) => name !== entry[0]));
  return (items as Record<string, unknown>[]).map((item) => ({ ...rest, ...item }));
}

/** Creates each item of a batch, with the names and types it was given; answers the created items (in the outputSchema's list). */
export function createEach(input: AnswerInput, items: readonly Record<string, unknown>[]): Answer {
  const { shape, tool } = input;
  let world = input.world;
  const upserts: NonNullable<WorldChanges['upserts']> = [];
  const created: Record<string, unknown>[] = [];
  const addressedById = [...input.shapes.values()].some(
    (other) =>
      other.entity === shape.entity && other.idArgument !== null && other.operation !== 'create' && other.idField === shape.idField,
  );
  // A type the service keys by an id of its own (`update_labels(items: [{ id }])`) is given a made id: the `name` an item
  // brings is then a field, as in every API that names things by id (the memory server's entities are keyed by name).
  const idKeys = isKeyedByOwnId(input) ? fallbackIdKeys.filter((key) => key !== 'name') : fallbackIdKeys;
  for (const item of items) {
    const existing = entitiesOf(world, shape.entity);
    const given = [shape.idField, ...idKeys]
      .map((key) => item[key])
      .find((value) => typeof value === 'string' || typeof value === 'number');
    const id = given === undefined ? toCreatedId({ ...input, world }, existing) : String(given);
    // The real servers skip what exists already (the memory server's create_entities does): so does the batch.
    if (existing.some((entity) => entity.id === id)) continue;
    // A made id is added to what was given where the server's schemas show it or another tool takes it (`get_single_transaction(
    // transaction_id)` after `create_transactions`): the caller needs it. One no tool ever takes (a memory server's relation) stays the world's key only.
    const shown = given === undefined && (Object.hasOwn(entityProperties(input), shape.idField) || addressedById);
    const fields = shown ? { [shape.idField]: typedId(id, shape), ...item } : { ...item };
    upserts.push({ type: shape.entity, id, fields });
    created.push(fields);
    world = { ...world, entities: { ...world.entities, [shape.entity]: { ...(world.entities[shape.entity] ?? {}), [id]: fields } } };
  }
  const property = listItemSchema(tool.outputSchema)?.property ?? toPlural(shape.entity);
  const value = tool.outputSchema
    ? fitToSchema({ [property]: created }, tool.outputSchema, `${input.seed}|${tool.name}|${input.argumentsKey}`, fitOptions(input))
    : { [property]: created };
  return { value, ...(upserts.length > 0 ? { changes: { upserts } } : {}) };
}

export function hasProperty(schema: Record<string, unknown>, name: string): boolean {
  return isRecord(schema.properties) && Object.hasOwn(schema.properties, name);
}

function parsedList(text: string): unknown {
  if (!text.trimStart().startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What an item that names nothing the world has gave, for its not-found (`{ task_name: 'Nope' }`: 'Nope'). */
function itemLabel(item: unknown): string {
  const given = isRecord(item) ? Object.values(item).find(isScalar) : undefined;
  return given === undefined ? '?' : String(given);
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * A field no two entities of the type share that an existing entity already has: the type's unique
 * fields in the service model (reading/entity-traits.ts: what an input schema or a description
 * says is unique, or the scenario's `entities:` correction), so explain and the simulator agree.
 */
export function uniqueClash(
  input: AnswerInput,
  existing: readonly EntityRecord[],
  fields: Readonly<Record<string, unknown>>,
): { name: string; value: unknown } | null {
  const { shape } = input;
  const unique = input.model.entityTypes.get(shape.entity)?.unique ?? toUniqueFields(input.serverTools, input.shapes, shape.entity);
  for (const name of unique) {
    const value = fields[name];
    if (value !== undefined && existing.some((entity) => valuesMatch(fieldValue(entity.fields, name), value))) return { name, value };
  }
  return null;
}

/**
 * A batch read (`get_issues({ ids: [...] })`): each entity the world has, in the order asked, and
 * an `errors` entry per id it lacks (`{ id: '9', error: 'Issue 9 not found' }`); wholly not-found
 * only when it has none.
 */
/** The list of the entity's ids a call gives (`ids`, `issue_ids`), or undefined. */
export function givenIdList(input: AnswerInput): unknown[] | undefined {
  const names = idListNames(input.shape);
  const found = Object.entries(input.args).find(([name, value]) => Array.isArray(value) && names.has(toNormalName(name)));
  return found?.[1] as unknown[] | undefined;
}

export function readEach(input: AnswerInput, entities: readonly EntityRecord[], ids: readonly unknown[]): Answer {
  const each = ids.map((id) => ({ id: String(id), entity: findEntity(input, entities, String(id)) }));
  const found = each.map(({ entity }) => entity).filter((entity): entity is EntityRecord => entity !== undefined);
  if (found.length === 0) return { error: notFound(input.shape, ids.map(String).join(', ')) };
  const shown = found.map((entity) => presentEntity(input, entity));
  const upserts = shown.flatMap((answer) => answer.changes?.upserts ?? []);
  // Each id the world lacks is a not-found of its own, where the answer may carry more than the outputSchema names.
  const missing = each.filter(({ entity }) => entity === undefined).map(({ id }) => ({ id, error: notFound(input.shape, id) }));
  const open = input.tool.outputSchema?.additionalProperties !== false;
  const value = {
    [toPlural(input.shape.entity)]: shown.map((answer) => answer.value),
    ...(missing.length > 0 && open ? { errors: missing } : {}),
  };
  return { value, ...(upserts.length > 0 ? { changes: { upserts } } : {}) };
}

/**
 * The other list properties of a list's outputSchema that name a type the world holds, with its
 * entities: `read_graph` shows the graph's `relations` beside its `entities`; given the entities a
 * filtered list selected, only those that name one of them (`open_nodes({ names: ['Ada'] })`
 * shows Ada's relations).
 */
export function relatedLists(input: AnswerInput, own: string, selected?: readonly EntityRecord[]): Record<string, unknown[]> {
  const properties = input.tool.outputSchema?.properties;
  if (!isRecord(properties)) return {};
  const lists: Record<string, unknown[]> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (name === own || !isRecord(schema) || schema.type !== 'array') continue;
    const type = toSingular(toWords(name).join('_'));
    if (type === input.shape.entity || !Object.hasOwn(input.world.entities, type)) continue;
    // A filtered list (`open_nodes({ names })`) shows the related items that name one of the entities it shows.
    const ids =
      selected &&
      new Set(
        selected.flatMap((entity) =>
          [entity.id, fieldValue(entity.fields, input.shape.idField), entity.fields.name].filter(isScalar).map(String),
        ),
      );
    lists[name] = entitiesOf(input.world, type)
      .filter((entity) => !ids || Object.values(entity.fields).some((value) => isScalar(value) && ids.has(String(value))))
      .map((entity) => entity.fields);
  }
  return lists;
}

/** A batch delete (`delete_entities({ entityNames: [...] })`): removes each id the world has; not-found only when it has none of them. */
export function removeEach(input: AnswerInput, ids: readonly unknown[]): Answer {
  const { shape, tool } = input;
  const existing = entitiesOf(input.world, shape.entity);
  const found = ids.map((id) => findEntity(input, existing, String(id))).filter((entity): entity is EntityRecord => entity !== undefined);
  if (found.length === 0) return { error: notFound(shape, ids.map(String).join(', ')) };
  // `delete_projects({ items: [{ id }] })`: each goes with what names it as theirs, as a single delete's does (dependent-entities.ts).
  const deletes = found.map((entity) => ({ type: shape.entity, id: entity.id }));
  const dependents = found.flatMap((entity) => dependentsOf(input.world, shape.entity, entity.id));
  const named = new Set(deletes.map(({ type, id }) => `${type}|${id}`));
  const changes = withRetiredIds(input.world, {
    deletes: [...deletes, ...dependents.filter(({ type, id }) => !named.has(`${type}|${id}`) && named.add(`${type}|${id}`))],
  });
  const text = `Deleted ${found.length} ${toWordsOf(found.length === 1 ? shape.entity : toPlural(shape.entity))}: ${found.map((entity) => quoteId(entity.id, shape)).join(', ')}.`;
  if (tool.outputSchema)
    return {
      value: fitToSchema(
        { deleted: found.map((entity) => entity.id), success: true, message: text },
        tool.outputSchema,
        entitySeed(input, found[0]!.id),
        fitOptions(input),
      ),
      changes,
    };
  return { text, changes };
}

/**
 * The id one item of a batch names: the item itself (`ids: ['a', 'b']`), or an object's key for
 * the entity's id (`updates: [{ contactId, fields }]`: `contactId`, the id field, or `id`, `key`, ...).
 */
export function itemId(input: AnswerInput, item: unknown): string | undefined {
  if (isScalar(item)) return String(item);
  if (!isRecord(item)) return undefined;
  const { entity, idField } = input.shape;
  const keys = [`${entity}_${idField}`, idField, ...fallbackIdKeys.filter((key) => key !== 'name')].map(toNormalName);
  const key = keys.map((wanted) => Object.keys(item).find((name) => toNormalName(name) === wanted)).find((name) => name !== undefined);
  const value = key === undefined ? undefined : item[key];
  if (isScalar(value)) return String(value);
  // `{ name: 'Personal' }`, `{ task_name }` where the type is keyed by an id: the entity of that name (named-items.ts).
  const named = namedItemId(input, item);
  return named ?? (isScalar(item.name) ? String(item.name) : undefined);
}

/**
 * A batch update (`contacts.bulkUpdate({ updates: [{ contactId, fields }] })`): each item updates
 * the entity it names with its other entries, as one call with those arguments would, in order,
 * each seeing the ones before; an `errors` entry per item that names nothing the world has, and
 * wholly not-found only when no item does.
 */
export function updateEach(input: AnswerInput, items: readonly unknown[], updateOne: (one: AnswerInput) => Answer): Answer {
  const { shape } = input;
  const argument = shape.idArgument!;
  let world = input.world;
  const upserts: NonNullable<WorldChanges['upserts']> = [];
  const updated: unknown[] = [];
  const errors: { id: string; error: string }[] = [];
  const naming = new Set([...nameKeysOf(toNormalName(shape.entity))].filter((key) => key !== 'name' && key !== 'title'));
  // `manage_incidents(incident_ids)` answering `{ response: [Incident], response_summary }`: each update is fitted to the
  // item's schema, so the list's own properties are never taken for fields of the record and stored with it.
  const listed = listItemSchema(input.tool.outputSchema);
  const tool = listed ? { ...input.tool, outputSchema: listed.schema } : input.tool;
  for (const item of items) {
    const id = itemId(input, item);
    // What named the entity (its id, its `task_name`) is not a change of it.
    const own = isRecord(item)
      ? Object.fromEntries(Object.entries(item).filter(([key, value]) => value !== id && !naming.has(toNormalName(key))))
      : {};
    const answer =
      id === undefined
        ? { error: notFound(shape, itemLabel(item)) }
        : updateOne({ ...input, tool, world, args: { ...input.args, ...own, [argument]: id } });
    if (answer.error !== undefined) {
      errors.push({ id: id ?? itemLabel(item), error: answer.error });
      continue;
    }
    updated.push(answer.value);
    for (const upsert of answer.changes?.upserts ?? []) {
      upserts.push(upsert);
      const kept = world.entities[upsert.type] ?? {};
      world = {
        ...world,
        entities: { ...world.entities, [upsert.type]: { ...kept, [upsert.id]: { ...(kept[upsert.id] ?? {}), ...upsert.fields } } },
      };
    }
  }
  if (updated.length === 0) return { error: errors.map(({ error }) => error).join('; ') || notFound(shape, '') };
  const value = { [listed?.property ?? toPlural(shape.entity)]: updated, ...(errors.length > 0 ? { errors } : {}) };
  const shown =
    listed && input.tool.outputSchema
      ? fitToSchema(value, input.tool.outputSchema, `${input.seed}|${input.tool.name}|${input.argumentsKey}`, fitOptions(input))
      : value;
  return { value: shown, ...(upserts.length > 0 ? { changes: { upserts } } : {}) };
}

/**
 * The entities a tool named for all of a kind acts on (`bulk_mark_read({ sender })`): each of the
 * type whose fields match every argument it holds a field for; arguments no entity holds
 * (`older_than_days`) select nothing away.
 */
export function everySelected(input: AnswerInput): EntityRecord[] {
  const entities = entitiesOf(input.world, input.shape.entity);
  const given = Object.entries(input.args).filter(([, value]) => isScalar(value) || typeof value === 'boolean');
  const held = given.filter(([name]) => entities.some((entity) => fieldValue(entity.fields, name) !== undefined));
  return entities.filter((entity) => held.every(([name, value]) => valuesMatch(fieldValue(entity.fields, name), value)));
}

/**
 * An update of every entity it selects (`mark_all_todos_done`): each is updated as a call naming
 * it alone would be, so the verb's state is set on each; answers those updated (none is no error).
 */
export function updateEvery(input: AnswerInput, updateOne: (one: AnswerInput) => Answer): Answer {
  const { shape } = input;
  const ids = everySelected(input).map((entity) => entity.id);
  if (ids.length === 0) return { value: { [toPlural(shape.entity)]: [], count: 0 } };
  const { every: _every, ...each } = shape;
  const one: AnswerInput = { ...input, shape: { ...each, idArgument: shape.idField }, args: {} };
  const answer = updateEach(one, ids, updateOne);
  return answer.error !== undefined ? answer : { ...answer, value: { ...(answer.value as object), count: ids.length } };
}
