/**
 * What a tool's description says it returns, for reads and actions the world holds nothing for
 * (`get_system_health`: "Returns GREEN, YELLOW, or RED"; `get_system_status`: "Returns status,
 * version, and id"; `ping_system`: "Returns 'pong' as plain text"). The values it names appear,
 * and the fields it lists are filled with plausible values, so the answer is the service's and
 * not `{"id": "health"}` or `Done: ping_system {}`.
 */
import { toStringValue } from './field-value.js';
import { toWords } from '../../reading/entity-words.js';
import type { ToolDefinition } from '../../domain/registry.js';

/** What follows "Returns" up to the end of its sentence: `GREEN, YELLOW, or RED`. */
function returnsClause(tool: ToolDefinition): string | null {
  const match = /\breturns?\s+([^.;:\n]+)/i.exec(tool.description ?? '');
  return match ? match[1]!.trim() : null;
}

function splitList(clause: string): string[] {
  return clause
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((item) => item.trim())
    .filter(Boolean);
}

const quoted = /^[`'"]([^`'"]+)[`'"]$/;
/** A value a service spells as a constant: `GREEN`, `UP`, `IN_PROGRESS`. */
const constant = /^[A-Z][A-Z0-9_-]*$/;
/** A field name in a list of fields: `status`, `version`, `server_id`. */
const fieldName = /^[a-z][A-Za-z0-9_]{0,40}$/;

/**
 * The values the description says the tool returns (`GREEN, YELLOW, or RED`; `'pong'`), or
 * nothing when it names fields or nothing at all.
 *
 * @example
 *   describedValues({ name: 'get_system_health', description: 'Returns GREEN, YELLOW, or RED', inputSchema: { type: 'object' } }); // ['GREEN', 'YELLOW', 'RED']
 */
export function describedValues(tool: ToolDefinition): string[] {
  const clause = returnsClause(tool);
  if (!clause) return [];
  // `'pong' as plain text`: a quoted value first, whatever follows it.
  const first = /^[`'"]([^`'"]+)[`'"]/.exec(clause);
  const items = splitList(first && !clause.includes(',') ? first[0] : clause);
  const values = items.map((item) => quoted.exec(item)?.[1] ?? (constant.test(item) && item.length > 1 ? item : null));
  return values.every((value) => value !== null) ? (values as string[]) : [];
}

/**
 * The fields the description says the tool returns (`status, version, and id`), when it lists
 * two or more plain names.
 */
export function describedFieldNames(tool: ToolDefinition): string[] {
  const clause = returnsClause(tool);
  if (!clause) return [];
  const items = splitList(clause.replace(/^(?:the|its)\s+/i, ''));
  return items.length >= 2 && items.every((item) => fieldName.test(item)) && describedValues(tool).length === 0 ? items : [];
}

/**
 * The fields of a read that names nothing in the world, as the description describes them:
 * `{ health: 'GREEN' }` for "Returns GREEN, YELLOW, or RED" (under the entity's last word), and
 * `{ status: 'UP', version: '10.7.0', id: '…' }` for "Returns status, version, and id".
 *
 * @example
 *   describedFields(tool, 'health', { seed: 's', now }); // { health: 'GREEN' }
 */
export function describedFields(tool: ToolDefinition, entity: string, context: { seed: string; now: string }): Record<string, unknown> {
  const values = describedValues(tool);
  if (values.length > 0) {
    const words = toWords(entity);
    return { [words[words.length - 1] ?? 'value']: values[0] };
  }
  const fields: Record<string, unknown> = {};
  for (const name of describedFieldNames(tool)) fields[name] = describedFieldValue(name, entity, context);
  return fields;
}

/** A plausible value of a listed field: a running service is `UP`, a version has four parts as servers print it. */
function describedFieldValue(name: string, entity: string, context: { seed: string; now: string }): unknown {
  const words = toWords(name);
  const fieldContext = { name, entity, seed: `${context.seed}|${entity}|${name}`, now: context.now };
  if (words.includes('status') || words.includes('state')) return 'UP';
  if (words.includes('version'))
    return `${toStringValue({ type: 'string' }, fieldContext)}.${String(hashNumber(fieldContext.seed) % 90000).padStart(5, '1')}`;
  if (name === 'id' || words[words.length - 1] === 'id')
    return toStringValue({ type: 'string', pattern: '^[A-F0-9]{8}-[A-Za-z0-9_-]{20}$' }, fieldContext);
  return toStringValue({ type: 'string' }, fieldContext);
}

function hashNumber(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/**
 * The plain text an action or read with no output schema answers, when its description quotes
 * one value it returns ("Returns 'pong' as plain text"); null otherwise.
 */
export function describedText(tool: ToolDefinition): string | null {
  if (tool.outputSchema) return null;
  const values = describedValues(tool);
  return values.length === 1 ? values[0]! : null;
}
