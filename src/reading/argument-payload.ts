/**
 * Arguments that carry the entity's data wrapped in one object (`properties: {...}` on HubSpot,
 * `fields: '{"summary": "..."}'` as JSON text on Jira): their entries are data, as if given one by
 * one, never a scope or a list of fields to show. Pure.
 */
import { toNormalName } from '../domain/world-query.js';

/** Names of arguments that wrap an entity's fields. */
const payloadNames = new Set(['properties', 'fields', 'attributes', 'data', 'values', 'payload', 'record', 'updates', 'changes']);

/** Whether an argument is a payload wrapping an entity's fields (by name; its value decides whether it wraps any). */
export function isPayloadArgument(name: string): boolean {
  return payloadNames.has(toNormalName(name));
}

/**
 * The object a payload argument wraps: the value itself, or JSON text of an object parsed; null
 * for anything else (a list of field names to show, plain text).
 *
 * @example
 *   toPayload('fields', '{"summary":"Crash"}'); // { summary: 'Crash' }
 *   toPayload('fields', ['summary', 'status']); // null
 */
export function toPayload(name: string, value: unknown): Record<string, unknown> | null {
  if (!isPayloadArgument(name)) return null;
  let parsed = value;
  if (typeof value === 'string' && /^\s*\{/.test(value)) {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/**
 * The arguments with each payload's entries spread in its place (an entry given on its own wins).
 *
 * @example
 *   spreadPayloads({ contact_id: '7', properties: { email: 'a@example.com' } }); // { contact_id: '7', email: 'a@example.com' }
 */
export function spreadPayloads(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const spread: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const payload = toPayload(name, value);
    if (payload) Object.assign(spread, payload);
    else result[name] = value;
  }
  return { ...spread, ...result };
}
