/**
 * How the stateful simulator shows an entity: its fields fitted to the tool's outputSchema (what
 * the schema requires and the entity lacks is made up once from the entity's own seed, then
 * stored), its id under the name the schema gives ids, and the seed of every made-up value.
 */
import type { ToolShape } from '../../reading/tool-operation.js';
import { fieldValue, findByName, nameFields, toNormalName, valuesMatch, type EntityRecord } from '../../domain/world-query.js';
import { fitToSchema, type FitOptions } from './schema-fit.js';
import { toKeyFields, toKeySelector } from '../../reading/key-selector.js';
import { scopeArguments, type Answer, type AnswerInput } from './world-conventions.js';
import { withoutPayloadKey, withPayloadKey } from './payload-view.js';
import { withUuidKey } from './uuid-keys.js';
import { findByOtherKey, namesOtherKey } from './entity-key-fields.js';
import { isRecord } from '../../domain/json-record.js';
import { findByIdAlias } from './id-aliases.js';
import { toReferenceBook } from './world-references.js';
import { toWrittenTextResult } from './text-result.js';
import { withoutSelfNamedKey } from './self-named-key.js';

/**
 * Fits an entity's fields to the tool's outputSchema, filling what it requires from the entity's
 * own seed: `shown` is what the result carries (what the schema allows), `stored` the fields with
 * what was made up added (so the next read shows the same).
 */
export function fitView(
  input: AnswerInput,
  given: Record<string, unknown>,
  id: string,
): { shown: Record<string, unknown>; stored: Record<string, unknown> } {
  // A record keyed by what the service calls its UUID shows it as `uuid` too (uuid-keys.ts).
  const fields = withUuidKey(input, given, id);
  const schema = input.tool.outputSchema;
  const nested = withPayloadKey(input, fields);
  // `resource: 'web'` beside `name: 'web'`: the simulator's key, not the service's field (self-named-key.ts).
  if (!schema) return { shown: withoutSelfNamedKey(nested, input.shape.entity), stored: fields };
  // `add_team_member -> str`: the record written, as JSON text in that one string (text-result.ts).
  const written = toWrittenTextResult(input.shape.operation, schema, nested);
  if (written) return { shown: written, stored: fields };
  // `{ table: {...} }`: an output that wraps the entity in a property named for it.
  const wrapper = wrapperProperty(schema, input.shape.entity);
  const entitySchema = wrapper ? (schema.properties as Record<string, Record<string, unknown>>)[wrapper]! : schema;
  const named = withIdAlias(nested, entitySchema, input.shape.idField, id);
  const wanted = wrapper && !Object.hasOwn(fields, wrapper) ? { [wrapper]: named } : named;
  const fitted = fitToSchema(wanted, asReceipt(input, schema, wanted), entitySeed(input, id), fitOptions(input));
  if (!isRecord(fitted)) return { shown: fields, stored: fields };
  const inner = wanted === named ? fitted : fitted[wrapper!];
  return { shown: fitted, stored: { ...fields, ...(isRecord(inner) ? withoutPayloadKey(input, inner) : {}) } };
}

/**
 * `put_object` answering `{ ETag, VersionId }`: a write whose output schema names none of the
 * fields it shows answers a receipt, and a receipt carries every property its schema names (made
 * up once and stored with the entity), not only the required ones.
 */
function asReceipt(input: AnswerInput, schema: Record<string, unknown>, wanted: Record<string, unknown>): Record<string, unknown> {
  if (input.shape.operation !== 'create' && input.shape.operation !== 'update') return schema;
  const properties = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  if (properties.length === 0 || properties.some((name) => Object.hasOwn(wanted, name))) return schema;
  return { ...schema, required: properties };
}

/**
 * The entity with its id also under the name the schema gives ids (`id`, `name`, `key`) when the
 * schema has no property for the entity's own id field (`collection`): a list of collections
 * shows `{ name: 'orders' }`, not a made-up name.
 */
export function withIdAlias(
  fields: Record<string, unknown>,
  schema: Record<string, unknown>,
  idField: string,
  id: string,
): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : null;
  if (!properties || Object.hasOwn(properties, idField)) return fields;
  const alias = ['id', 'name', 'key'].find((name) => Object.hasOwn(properties, name) && fields[name] === undefined);
  return alias ? { ...fields, [alias]: fields[idField] ?? id } : fields;
}

/** The object property of an output schema named for the entity (`table` for a table), if any. */
function wrapperProperty(schema: Record<string, unknown>, entity: string): string | null {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const name = Object.keys(properties).find((key) => toNormalName(key) === toNormalName(entity));
  const property = name === undefined ? undefined : properties[name];
  return name !== undefined && isRecord(property) && (property.type === 'object' || isRecord(property.properties)) ? name : null;
}

export function toView(entity: EntityRecord, shape: ToolShape): Record<string, unknown> {
  // The one entity a read with no id answers (`get_system_health`) has no id to show; one read by a key it holds
  // (`get_issue(issueKey)` of an issue with `issueKey`) shows that key, not a `key` field of its id besides.
  const byHeldKey = shape.idArgument !== null && fieldValue(entity.fields, shape.idArgument) !== undefined;
  return fieldValue(entity.fields, shape.idField) === undefined && !byHeldKey && !(entity.id === 'default' && shape.idArgument === null)
    ? { [shape.idField]: typedId(entity.id, shape), ...entity.fields }
    : { ...entity.fields };
}

/** Fields of `view` that `fields` lacks (what fitting made up), or null when none. */
export function newFields(
  fields: Readonly<Record<string, unknown>>,
  view: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const added = Object.entries(view).filter(([name]) => !Object.hasOwn(fields, name));
  return added.length > 0 ? Object.fromEntries(added) : null;
}

export function fitOptions(input: AnswerInput): FitOptions {
  return { now: input.now, entity: input.shape.entity, references: toReferenceBook(input.world, input.serverTools) };
}

export function entitySeed(input: AnswerInput, id: string): string {
  return `${input.seed}|${input.shape.entity}|${id}`;
}

export function typedId(id: string, shape: ToolShape): string | number {
  return shape.numericId && /^\d{1,15}$/.test(id) ? Number(id) : id;
}

export function notFound(shape: ToolShape, id: string): string {
  return `${toLabel(shape.entity)} ${quoteId(id, shape)} not found`;
}

export function quoteId(id: string, shape: ToolShape): string {
  return shape.numericId || /^[\w.:/@-]+$/.test(id) ? id : JSON.stringify(id);
}

export function toWordsOf(entity: string): string {
  return entity.replace(/_/g, ' ');
}

export function toLabel(entity: string): string {
  const words = toWordsOf(entity);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function presentEntity(input: AnswerInput, entity: EntityRecord): Answer {
  const { shown, stored } = fitView(input, toView(entity, input.shape), entity.id);
  const filled = newFields(entity.fields, stored);
  return { value: shown, ...(filled ? { changes: { upserts: [{ type: input.shape.entity, id: entity.id, fields: filled }] } } : {}) };
}

/** `taskName`, `list_title`: an argument that names the entity by its name rather than its id (`get_task(taskName)`). */
function namesByName(argument: string | null): boolean {
  return argument !== null && /(?:name|title)$/i.test(argument);
}

/** The entity by id (or by its id field's value, or by its name where the call names it so: `taskName`), when the call's scope arguments (`owner`, `repo`) agree with it. */
export function findEntity(input: AnswerInput, entities: readonly EntityRecord[], id: string): EntityRecord | undefined {
  const { shape } = input;
  // `a.txt` of the receipts bucket, not the invoices one: the id is looked for within the scope the call names (scoped-ids.ts).
  const scope = [...scopeArguments(input)];
  const inScope = (entity: EntityRecord) =>
    scope.every((name) => {
      const value = input.args[name];
      const field = fieldValue(entity.fields, name);
      return value === undefined || field === undefined || valuesMatch(field, value);
    });
  const scoped = entities.filter(inScope);
  const found =
    // `get_issue(project_id, issue_iid)`: an iid counts per project, and the record is under its global id (entity-key-fields.ts).
    (namesOtherKey(input)
      ? findByOtherKey(input, entities, id)
      : (scoped.find((entity) => entity.id === id) ??
        scoped.find((entity) => valuesMatch(fieldValue(entity.fields, shape.idField), id)) ??
        entities.find((entity) => entity.id === id))) ??
    entities.find((entity) => valuesMatch(fieldValue(entity.fields, shape.idField), id)) ??
    // `get_issue(issueKey: 'WEB-1')` of an issue that holds `issueKey: 'WEB-1'`: the field the argument is named as.
    (shape.idArgument === null ? undefined : entities.find((entity) => valuesMatch(fieldValue(entity.fields, shape.idArgument!), id))) ??
    (nameFields.has(toNormalName(shape.idField)) || namesByName(shape.idArgument)
      ? findByName(entities, id, input.model.idTraitsOf(shape.entity).nameField)
      : undefined) ??
    findBySelectedKey(input, entities, id) ??
    // `FetchConversation(Sid)` "Can also be the `unique_name` of the Conversation" (id-aliases.ts).
    findByIdAlias(input, entities, id) ??
    // `update-item(itemId)` of an item `get-item-details(counter)` read: the type's other keys (entity-key-fields.ts).
    findByOtherKey(input, entities, id);
  if (!found) return undefined;
  for (const name of scopeArguments(input)) {
    const value = input.args[name];
    const field = fieldValue(found.fields, name);
    if (value !== undefined && field !== undefined && !valuesMatch(field, value)) return undefined;
  }
  return found;
}

/** `get_alert(identifier, identifierType: 'alias')`: the entity whose alias is the value (reading/key-selector.ts). */
function findBySelectedKey(input: AnswerInput, entities: readonly EntityRecord[], id: string): EntityRecord | undefined {
  const selector = toKeySelector(input.tool, input.shape.idArgument);
  const chosen = selector ? input.args[selector.argument] : undefined;
  const fields = typeof chosen === 'string' ? toKeyFields(chosen) : null;
  if (!fields) return undefined;
  return entities.find((entity) =>
    Object.entries(entity.fields).some(([name, value]) => fields.includes(toNormalName(name)) && valuesMatch(value, id)),
  );
}
