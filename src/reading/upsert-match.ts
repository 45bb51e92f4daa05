/**
 * An upsert that finds its record by field values, not by an id: `upsert_contact(email, phone)`
 * "Create or update a contact matched by email or phone", an argument "(used for matching)", or
 * "If a matching opportunity exists (by pipeline, location, and contact), it will be updated".
 * CRMs upsert people by their address and deals by what they are for (HubSpot's `idProperty:
 * email`, Close's and Pipedrive's merge by email); the argument that reads as an id there
 * (`locationId`, the sub-account) names where the record is, never the record. Words joined by
 * `or` find it by any one of them, by `and` (or a list) by all. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';
import type { ToolShape } from './tool-shape.js';

type Schema = { description?: unknown };

/** `matched by email or phone`, `matching … (by pipeline, location, and contact)`, `match on email`, `deduplicated by email`. */
const matchedBy =
  /\bmatch(?:ed|es|ing)?\b[^.()]{0,40}?[\s(](?:by|on)\s+([\w\s,-]{1,80}?)\s*(?:[).;:]|$|,?\s+(?:it|if|and\s+(?:if|it|the))\b)/i;
/** An argument described `(used for matching)`, `used to match existing records`, `match key`. */
const matchArgument = /\bused\s+(?:for|to)\s+match|\bmatch(?:ing)?\s+key\b|\bdedup(?:e|licat\w+)?\s+key\b/i;

/** The server's shapes with each upsert that matches by fields read so (the map itself, changed in place). */
export function withUpsertMatches(tools: readonly ToolDefinition[], shapes: Map<string, ToolShape>): Map<string, ToolShape> {
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (shape) shapes.set(tool.name, withUpsertMatch(shape, tool));
  }
  return shapes;
}

/**
 * The shape of an upsert that matches its record by field values, with `matchBy` and no id argument; the shape
 * unchanged where it is no such upsert.
 *
 * @example
 *   withUpsertMatch(shapes.get('crm_upsert_contact')!, upsertContact).matchBy; // { arguments: ['email', 'phone'], every: false }
 */
export function withUpsertMatch(shape: ToolShape, tool: ToolDefinition): ToolShape {
  if (!shape.upsert || shape.operation !== 'update' || shape.basis === 'override') return shape;
  const match = toUpsertMatch(tool);
  if (match === null) return shape;
  return { ...shape, idArgument: null, idField: 'id', numericId: false, matchBy: match };
}

/** The arguments the description says the upsert matches by, and whether all of them must agree; null where it says none. */
export function toUpsertMatch(tool: ToolDefinition): { arguments: readonly string[]; every: boolean } | null {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
  const marked = Object.entries(properties)
    .filter(([, schema]) => typeof schema.description === 'string' && matchArgument.test(schema.description))
    .map(([name]) => name);
  if (marked.length > 0) return { arguments: marked, every: false };
  const words = matchedBy.exec(tool.description ?? '')?.[1];
  if (words === undefined) return null;
  const parts = words.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).filter(Boolean);
  const found = parts.map((part) => argumentFor(part, Object.keys(properties)));
  if (found.length === 0 || found.some((name) => name === undefined)) return null;
  return { arguments: found as string[], every: !/\bor\b/i.test(words) };
}

/** `email` → `email`; `pipeline` → `pipelineId`; `phone number` → `phone_number` or `phone`. */
function argumentFor(word: string, names: readonly string[]): string | undefined {
  const wanted = toNormalName(word);
  return (
    names.find((name) => toNormalName(name) === wanted) ??
    names.find((name) => toNormalName(name) === `${wanted}id`) ??
    names.find((name) => wanted.startsWith(toNormalName(name)) && toNormalName(name).length >= 4)
  );
}
