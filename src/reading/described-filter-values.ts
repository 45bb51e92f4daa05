/**
 * A bare word in a record's parenthesis that a list of its type filters by: `Marco Ruiz
 * (marco@…, admin)` where `list_users(role)` is described "Filter by user role (admin, user,
 * etc.)" is a user whose `role` is `admin`. Services whose records no tool writes (users, seats,
 * members) still show what their lists filter on; the values the filter's description lists are
 * the words a description of them uses. Pure.
 */
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'tools' | 'shapes'>;

/** Arguments that page, sort or search rather than name a field of the records. */
const control =
  /^(?:q|query|search|term|keyword|page|limit|offset|skip|cursor|sort|order|per_?page|page_?size|fields|format)$|sort|order|direction/i;
/** `(admin, user, etc.)`, `one of: admin, member`, `e.g. admin or user`: the values a description lists. */
const listed =
  /\((?:e\.g\.?\s*|one of:?\s*)?([\w-]+(?:\s*(?:,|\bor\b)\s*[\w-]+)+)(?:,?\s*etc\.?)?\)|\bone of:?\s+([\w-]+(?:\s*(?:,|\bor\b)\s*[\w-]+)+)/i;

/**
 * The field and value a bare word gives a record of `type`, where exactly one filter of the type's lists names it.
 *
 * @example
 *   toFilterValue(ghlModel, 'user', 'admin'); // { field: 'role', value: 'admin' }
 */
export function toFilterValue(model: Model, type: string, text: string): { field: string; value: string } | undefined {
  const word = text.trim().toLowerCase();
  if (!/^[\w-]+$/.test(word)) return undefined;
  const fields = new Set<string>();
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type || (shape.operation !== 'list' && shape.operation !== 'search')) continue;
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown; description?: unknown }>;
    for (const [name, schema] of Object.entries(properties)) {
      if (control.test(name) || /ids?$/i.test(name) || schema.type !== 'string' || typeof schema.description !== 'string') continue;
      const match = listed.exec(schema.description);
      const values = (match?.[1] ?? match?.[2] ?? '').split(/\s*(?:,|\bor\b)\s*/).map((value) => value.toLowerCase());
      if (values.includes(word)) fields.add(name);
    }
  }
  return fields.size === 1 ? { field: [...fields][0]!, value: word } : undefined;
}
