/**
 * What a tool's description and name say it returns, read once for the service model: the values
 * a description names ("Returns GREEN, YELLOW, or RED"; "Returns 'pong' as plain text"), the
 * fields it lists ("Returns status, version, and id"), and the word of a value the service
 * computes rather than keeps (a health, a weather, a count). The reading decides a tool's answer
 * kind from them (answer-kind.ts); the simulator fills the values (sim/stateful/described-values.ts).
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';

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
/** An HTTP status code (`200`, `204`, `409`). */
const httpStatus = /^[1-5]\d\d$/;
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
  // "return `200` with the updated pod", "Returns 204": an HTTP status code says how the call went, never what it answers.
  if (values.some((value) => value !== null && httpStatus.test(value))) return [];
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
