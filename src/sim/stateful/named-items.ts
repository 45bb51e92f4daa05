/**
 * A batch item that names its entity by name instead of id, as many task and project servers
 * allow ("Either 'id' or the 'name' to identify the target": `update_projects(items: [{ name:
 * 'Personal', color }])`, `close_tasks(items: [{ task_name: 'Renew passport' }])`): the entity
 * whose name is that text, where the name is a name field (`name`, `title`) or the text the
 * entity's create requires (a Todoist task's `content`), as the service finds it.
 */
import { entitiesOf, fieldValue, findByName, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { isRecord } from '../../domain/json-record.js';

/** The keys an item names its entity by: `name`, `title`, `task_name`, `taskTitle`. */
export function nameKeysOf(entity: string): Set<string> {
  return new Set(['name', 'title', `${entity}name`, `${entity}title`].map(toNormalName));
}

/**
 * The id of the entity an item names by name, or undefined when it names none the world holds.
 *
 * @example
 *   namedItemId(input, { task_name: 'Renew passport' }); // '6X4Vw5fGm2pQ8rJc', the task whose content is that
 */
export function namedItemId(input: AnswerInput, item: Record<string, unknown>): string | undefined {
  const names = nameKeysOf(toNormalName(input.shape.entity));
  const text = Object.entries(item).find(([key, value]) => names.has(toNormalName(key)) && typeof value === 'string')?.[1] as
    string | undefined;
  if (text === undefined) return undefined;
  const entities = entitiesOf(input.world, input.shape.entity);
  const wanted = text.trim().toLowerCase();
  const titled = createdTextFields(input);
  const found =
    findByName(entities, text) ??
    entities.find((entity) =>
      titled.some((field) => {
        const value = fieldValue(entity.fields, field);
        return typeof value === 'string' && value.trim().toLowerCase() === wanted;
      }),
    );
  return found?.id;
}

/**
 * Whether the service keys the entity by an id of its own that callers give back: a tool of the
 * entity takes its id field by name (`update_labels(items: [{ id, name }])`), so a `name` a create
 * is given is a field, never the key (a knowledge graph's `update_entities(entities: [{ name }])`
 * takes no id: there the name is the key).
 */
export function isKeyedByOwnId(input: AnswerInput): boolean {
  const { entity, idField } = input.shape;
  if (toNormalName(idField) === 'name') return false;
  const wanted = new Set([idField, `${entity}_${idField}`].map(toNormalName));
  return input.serverTools.some((tool) => {
    const shape = input.shapes.get(tool.name);
    if (shape?.entity !== entity || shape.operation === 'create') return false;
    return [tool.inputSchema, ...itemSchemas(tool.inputSchema)].some(
      (schema) => isRecord(schema.properties) && Object.keys(schema.properties).some((name) => wanted.has(toNormalName(name))),
    );
  });
}

/** The text fields the entity's create requires (`create_tasks(items: [{ content }])`): what names a new one. */
function createdTextFields(input: AnswerInput): string[] {
  const { entity } = input.shape;
  const fields: string[] = [];
  for (const tool of input.serverTools) {
    const shape = input.shapes.get(tool.name);
    if (shape?.entity !== entity || shape.operation !== 'create') continue;
    for (const schema of [tool.inputSchema, ...itemSchemas(tool.inputSchema)]) fields.push(...requiredText(schema));
  }
  return fields;
}

/** The object schemas of a schema's array properties (a batch's `items: [{ ... }]`). */
function itemSchemas(schema: Record<string, unknown>): Record<string, unknown>[] {
  const properties = isRecord(schema.properties) ? Object.values(schema.properties) : [];
  return properties.flatMap((property) => (isRecord(property) && isRecord(property.items) ? [property.items] : []));
}

function requiredText(schema: Record<string, unknown>): string[] {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  return required.filter(
    (name): name is string => typeof name === 'string' && isRecord(properties[name]) && properties[name].type === 'string',
  );
}
