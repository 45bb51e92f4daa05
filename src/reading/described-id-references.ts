/**
 * A record placed `in` another the world holds where that other is no parent of its type but its
 * tools take the other's id: `ENG-101 "Payment form loses card on back" in Checkout v2` of a
 * tracker whose issue creates take `projectId` seeds `projectId: <Checkout v2's id>`, so a filter
 * by the project finds the issue, as the service files it there. The argument is named for the
 * other record's type and `id` (`projectId`, `project_id`), wherever the type's tools take it (in
 * a batch create's items too); parents are linked before (described-references.ts). Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import type { ServiceModel } from './read-server.js';
import { forEachPlaced } from './described-reference-objects.js';

type Model = Pick<ServiceModel, 'tools' | 'shapes'>;

/**
 * Gives `fields` the id of each record its details place it `in` (`in Checkout v2`), under the id
 * argument the type's tools take for that record's type, where `fields` has none yet.
 *
 * @example
 *   linkDetailIds(model, 'issue', seeded, 'in Checkout v2, In Progress', fields, idOf); // fields.projectId = Checkout v2's id
 */
export function linkDetailIds(
  model: Model,
  type: string,
  seeded: ReadonlyMap<string, ReadonlyMap<string, string>>,
  details: string,
  fields: Record<string, unknown>,
  idOf: (type: string, id: string) => unknown,
): void {
  forEachPlaced(seeded, type, details, 'in', (other, id) => {
    const argument = idArgumentFor(model, type, other);
    if (argument === undefined || Object.hasOwn(fields, argument)) return false;
    fields[argument] = idOf(other, id);
    return true;
  });
}

/** The argument the type's tools name for `other`'s id (`projectId`), at any depth of their input schemas. */
function idArgumentFor(model: Model, type: string, other: string): string | undefined {
  const wanted = `${toNormalName(other)}id`;
  for (const tool of model.tools) {
    if (model.shapes.get(tool.name)?.entity !== type) continue;
    const found = findProperty(tool.inputSchema, wanted, 0);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A property named `wanted` in the schema, its items' and nested objects' schemas. */
function findProperty(schema: unknown, wanted: string, depth: number): string | undefined {
  if (typeof schema !== 'object' || schema === null || depth > 6) return undefined;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties === 'object' && properties !== null)
    for (const name of Object.keys(properties)) if (toNormalName(name) === wanted) return name;
  for (const value of Object.values(schema)) {
    const found = findProperty(value, wanted, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
