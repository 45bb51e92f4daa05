/**
 * Arguments that carry the entity's data wrapped in one object (`properties: {...}` on HubSpot,
 * `fields: '{"summary": "..."}'` as JSON text on Jira): their entries are data, as if given one by
 * one, never a scope or a list of fields to show. Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import { isRecord } from '../domain/json-record.js';
import { toPairObject } from './field-pairs.js';

/** Names of arguments that wrap an entity's fields (`update: { priority }` of a bulk update). */
const payloadNames = new Set([
  'properties',
  'fields',
  'attributes',
  'data',
  'values',
  'payload',
  'record',
  'updates',
  'update',
  'changes',
  'patch',
]);

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
 *   toPayload('fields', [{ name: 'System.Title', value: 'Crash' }]); // { title: 'Crash' }
 */
export function toPayload(name: string, value: unknown): Record<string, unknown> | null {
  if (!isPayloadArgument(name)) return null;
  // `fields: [{name: 'System.Title', value}]`: name/value pairs are the object they spell (field-pairs.ts).
  const pairs = toPairObject(value);
  if (pairs !== null) return pairs;
  const parsed = parsedObjectText(value) ?? value;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** What JSON text of an object (`'{"summary":"Crash"}'`) spells; undefined for anything else (plain text, a list). */
function parsedObjectText(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*\{/.test(value)) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const noneKept: ReadonlySet<string> = new Set();

/**
 * The arguments of a tool its schema describes as metadata kept as they are: Twilio's `Attributes`,
 * "An optional string metadata field you can use to store any data you wish", is a field of the
 * conversation holding that text, not the conversation's fields.
 *
 * @example
 *   metadataArguments(createConversation); // Set { 'Attributes' }
 */
export function metadataArguments(tool: { inputSchema: Record<string, unknown> }): ReadonlySet<string> {
  const properties = tool.inputSchema.properties;
  if (properties === null || typeof properties !== 'object') return noneKept;
  const kept = new Set<string>();
  for (const [name, schema] of Object.entries(properties as Record<string, unknown>)) {
    const description = schema !== null && typeof schema === 'object' ? (schema as Record<string, unknown>).description : undefined;
    if (isPayloadArgument(name) && typeof description === 'string' && /\bmetadata\b/i.test(description)) kept.add(name);
  }
  return kept.size === 0 ? noneKept : kept;
}

/**
 * Objects that only carry a request's body (`request: { items: [...] }`, `body: {...}`,
 * `input: {...}`) and the per-item data of a CMS (`fieldData`): their entries are the data too, but
 * only when the value is an object (`body: 'text'` is a comment's text).
 */
const envelopeNames = new Set(['request', 'body', 'input', 'requestbody', 'fielddata']);
/** A list of items inside an envelope: with one item, that item is the entity written. */
const itemListNames = new Set(['items', 'inputs', 'records', 'entries']);

/**
 * The arguments with each payload's entries spread in its place (an entry given on its own wins);
 * an envelope's entries are spread the same way, down through a list of one item inside it
 * (`request: { items: [{ fieldData: { name } }] }` writes `name`). The arguments `kept` (a metadata
 * field, metadataArguments) are fields of their own whatever their name.
 *
 * @example
 *   spreadPayloads({ contact_id: '7', properties: { email: 'a@example.com' } }); // { contact_id: '7', email: 'a@example.com' }
 */
export function spreadPayloads(
  args: Readonly<Record<string, unknown>>,
  inEnvelope = false,
  kept: ReadonlySet<string> = noneKept,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const spread: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const inner = toEnvelope(name, value, inEnvelope);
    const payload = inner ?? (kept.has(name) ? null : toPayload(name, value));
    if (payload) Object.assign(spread, spreadPayloads(payload, inner !== null));
    else result[name] = value;
  }
  return { ...spread, ...result };
}

function toEnvelope(name: string, value: unknown, inEnvelope: boolean): Record<string, unknown> | null {
  const normal = toNormalName(name);
  // `body: '{"name":"webshop"}'` (a "JSON request body" given as text) is the object it spells.
  if (envelopeNames.has(normal)) {
    const spelled = parsedObjectText(value);
    return isRecord(value) ? value : isRecord(spelled) ? spelled : null;
  }
  // Only inside an envelope: `items: [...]` on its own is an order's lines, not the order.
  if (inEnvelope && itemListNames.has(normal) && Array.isArray(value) && value.length === 1 && isRecord(value[0])) return value[0];
  return null;
}
