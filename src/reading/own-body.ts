/**
 * The object schema of a write that holds an entity's fields, with its `required`: the tool's, the
 * one object argument named for the entity, or a batch's items. Read by the described fields
 * (described-fields.ts) and the field a write names a record by (written-name-field.ts). Pure.
 */
import { toNormalName } from '../domain/world-query.js';

type Schema = Record<string, unknown>;

/**
 * The object schema that holds the entity's fields: the tool's, the one object argument named for
 * it (`incident: {title}`), or the items of a batch that takes only its list (`create_tasks(items:
 * [{ content }])`), with their `required`.
 */
export function toOwnBody(inputSchema: Schema, type: string): Schema {
  const properties = (inputSchema.properties ?? {}) as Record<string, Schema>;
  const body = properties[type] ?? properties[toNormalName(type)];
  if (body && typeof body.properties === 'object' && body.properties !== null) return body;
  const entries = Object.entries(properties);
  const items = entries.length === 1 && entries[0]![1].type === 'array' ? (entries[0]![1].items as Schema | undefined) : undefined;
  return items && typeof items.properties === 'object' && items.properties !== null ? items : inputSchema;
}
