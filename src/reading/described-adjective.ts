/**
 * A field's value written before the field's name, as English puts an adjective before its noun:
 * `high urgency` is `urgency: high` and `low priority` is `priority: low` where the value is one of
 * the field's enum values (an `enum`, or one in an `anyOf`/`oneOf` branch as Pydantic writes an
 * optional enum). Nothing else is read this way, so `new feature` or `open source` stays text. Pure.
 */
import { toNormalName } from '../domain/world-query.js';

type Schema = Record<string, unknown>;

/**
 * The field and its enum value that a piece names as an adjective and a field name, or undefined.
 *
 * @example
 *   toAdjectiveField(new Map([['urgency', { enum: ['high', 'low'] }]]), 'high urgency'); // { field: 'urgency', value: 'high' }
 */
export function toAdjectiveField(schemas: ReadonlyMap<string, Schema>, text: string): { field: string; value: string } | undefined {
  const match = /^([\w-]+)\s+(\S.*)$/.exec(text.trim());
  if (!match) return undefined;
  const [, adjective, noun] = match as unknown as [string, string, string];
  for (const [field, schema] of schemas) {
    if (toNormalName(field) !== toNormalName(noun)) continue;
    const value = enumValues(schema).find((option) => toNormalName(option) === toNormalName(adjective));
    if (value !== undefined) return { field, value };
  }
  return undefined;
}

/** The string values a schema's enum allows, its own or its `anyOf`/`oneOf` branches'. */
function enumValues(schema: Schema): string[] {
  const branches = [schema, ...([] as unknown[]).concat(schema.anyOf ?? [], schema.oneOf ?? [])] as Schema[];
  return branches
    .flatMap((branch) => (Array.isArray(branch?.enum) ? branch.enum : []))
    .filter((value): value is string => typeof value === 'string');
}
