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
  // `health_check()`, `get_weather(city)`: a computed value the description does not spell out, under its own word.
  const word = Object.keys(fields).length === 0 ? computedValueWord(tool) : null;
  if (word !== null) fields[word] = computedValue(tool, word, context.seed);
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

/**
 * The words of a value a service computes rather than keeps (a health, a weather, a distance, a
 * count): no id names it and no list holds it, so its answer is made from what the tool says.
 */
const computedWords = new Set([
  'health',
  'weather',
  'forecast',
  'distance',
  'direction',
  'directions',
  'route',
  'geocode',
  'regeocode',
  'traffic',
  'stats',
  'statistics',
  'metrics',
  'kpi',
  'count',
  'counts',
  'total',
  'summary',
  'usage',
  'quota',
  'performance',
]);
/** Words that say the value is a rate limit or a service's own status, not an entity's state (`get_server_status`, `rate_limit`). */
const computedPairs = [/\brate limit\b/, /\b(server|service|system|api|connection|config) status\b/, /\bip location\b/];

/**
 * The word of the computed value a tool answers (`health` for `health_check`, `weather` for
 * `maps_weather`, `count` for `get_unread_notification_count`), or null. The tool's name says it;
 * its description may ("Calculate the distance between two points").
 *
 * @example
 *   computedValueWord({ name: 'get_weather', description: 'Get the weather for a city', inputSchema: { type: 'object' } }); // 'weather'
 */
export function computedValueWord(tool: ToolDefinition): string | null {
  const name = toWords(tool.name);
  // `ping()` checks the service is alive; `ping_webhook(id)` is an action on something.
  if (name.length === 1 && name[0] === 'ping') return 'ping';
  const found = name.find((word) => computedWords.has(word));
  if (found) return found;
  const text = name.join(' ');
  const pair = computedPairs.map((pattern) => pattern.exec(text)?.[0]).find((match) => match !== undefined);
  if (pair) return pair.replace(' ', '_');
  const first = /^[^.\n]*/.exec(tool.description ?? '')?.[0].toLowerCase() ?? '';
  const verb = /^(?:calculate|compute|measure|check|get|fetch|query)\s+(?:the\s+)?([a-z]+)/.exec(first);
  return verb && computedWords.has(verb[1]!) ? verb[1]! : null;
}

/**
 * The answer of an action that computes a value (`maps_weather(city)`, `calculate_distance(from, to)`):
 * the arguments it was asked for and the value under its word, or null when the tool names none.
 *
 * @example
 *   computedFields(weatherTool, { city: 'Lyon' }, { seed: 's', now }); // { city: 'Lyon', weather: 'Get the weather for a city' }
 */
export function computedFields(
  tool: ToolDefinition,
  args: Readonly<Record<string, unknown>>,
  context: { seed: string; now: string },
): Record<string, unknown> | null {
  const word = computedValueWord(tool);
  return word === null ? null : { ...args, ...describedFields(tool, word, context) };
}

/** A health or status is `UP`, a count or total a number, anything else the description's first sentence. */
function computedValue(tool: ToolDefinition, word: string, seed: string): unknown {
  if (['health', 'ping'].includes(word) || word.endsWith('status')) return 'UP';
  if (['count', 'counts', 'total', 'kpi', 'distance', 'usage', 'quota'].includes(word)) return hashNumber(`${seed}|${tool.name}`) % 1000;
  return /^[^.\n]*/.exec(tool.description ?? '')?.[0].trim() || word;
}
