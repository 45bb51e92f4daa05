/**
 * A record placed `on` another the world holds, where the schemas link them by a reference object
 * rather than an id argument: `#1042 "Checkout 500s spike" on Checkout API` of a server whose
 * `create_incident` takes `service: {id}` (`$ref: ServiceReference`, as Pydantic and OpenAPI write a
 * reference) seeds `service: {id: <Checkout API's id>}`. The field is named for the other record's
 * type and holds an object with an `id`, so the words say which record, the schema where it goes.
 * Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import type { ServiceModel } from './read-server.js';

type Schema = Record<string, unknown>;
type Model = Pick<ServiceModel, 'tools' | 'shapes'>;

/**
 * Gives `fields` a reference to each record its details place it `on` (`on Checkout API`), where the
 * type's creates take a reference object named for that record's type and `fields` has none yet.
 *
 * @example
 *   linkDetailReferences(model, 'incident', seeded, 'on Checkout API, high urgency', fields); // fields.service = { id: 'PBAPCK3' }
 */
export function linkDetailReferences(
  model: Model,
  type: string,
  seeded: ReadonlyMap<string, ReadonlyMap<string, string>>,
  details: string,
  fields: Record<string, unknown>,
  idOf: (type: string, id: string) => unknown,
): void {
  forEachPlaced(seeded, type, details, 'on', (other, id) => {
    const field = referenceField(model, type, other);
    if (field === undefined || Object.hasOwn(fields, field)) return false;
    fields[field] = { id: idOf(other, id) };
    return true;
  });
}

/**
 * Each record of another type the details place the record `on` or `in` (`on Checkout API`, `in "Checkout v2"`), by name,
 * handed to `place` until it takes one for that part of the details (answers true).
 */
export function forEachPlaced(
  seeded: ReadonlyMap<string, ReadonlyMap<string, string>>,
  type: string,
  details: string,
  preposition: 'in' | 'on',
  place: (other: string, id: string) => boolean,
): void {
  const opening = new RegExp(String.raw`^${preposition}\s+(?:the\s+)?["“‘\`]?(.+?)["”’\`]?$`, 'i');
  for (const piece of details.split(/\s*[,;]\s*/)) {
    const named = opening.exec(piece.trim())?.[1]?.toLowerCase();
    if (named === undefined) continue;
    for (const [other, names] of seeded) {
      if (other === type) continue;
      const name = [...names.keys()].find((candidate) => candidate.toLowerCase() === named);
      if (name !== undefined && place(other, names.get(name)!)) break;
    }
  }
}

/** The field of the type's creates named for `other` that holds a reference object (`service: {$ref: ServiceReference}`, with an `id`). */
function referenceField(model: Model, type: string, other: string): string | undefined {
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type || shape.operation !== 'create') continue;
    const root = tool.inputSchema as Schema;
    const found = findProperty(root, root, toNormalName(other), 0);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A property named `wanted` anywhere in the schema (its body, its `$defs`) whose object has an `id`. */
function findProperty(schema: unknown, root: Schema, wanted: string, depth: number): string | undefined {
  if (typeof schema !== 'object' || schema === null || depth > 6) return undefined;
  const properties = (schema as Schema).properties as Record<string, Schema> | undefined;
  for (const [name, property] of Object.entries(properties ?? {}))
    if (toNormalName(name) === wanted && hasId(resolved(property, root))) return name;
  for (const value of Object.values(schema as Schema)) {
    const found = findProperty(value, root, wanted, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function hasId(schema: Schema): boolean {
  const properties = schema.properties as Schema | undefined;
  return properties !== undefined && Object.hasOwn(properties, 'id');
}

/** A `$ref` to the root's `$defs` or `definitions`, resolved. */
function resolved(schema: Schema, root: Schema): Schema {
  const match = typeof schema.$ref === 'string' ? /^#\/(\$defs|definitions)\/([^/]+)$/.exec(schema.$ref) : null;
  const defs = match ? (root[match[1]!] as Record<string, Schema> | undefined) : undefined;
  return (match && defs?.[match[2]!]) || schema;
}
