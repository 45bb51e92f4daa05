/**
 * What a tool's description says it returns, for reads and actions the world holds nothing for
 * (`get_system_health`: "Returns GREEN, YELLOW, or RED"; `get_system_status`: "Returns status,
 * version, and id"; `ping_system`: "Returns 'pong' as plain text"). The values it names appear,
 * and the fields it lists are filled with plausible values, so the answer is the service's and
 * not `{"id": "health"}` or `Done: ping_system {}`.
 */
import { toStringValue } from './field-value.js';
import { toWords } from '../../reading/entity-words.js';
import { computedValueWord, describedFieldNames, describedValues } from '../../reading/described-returns.js';
import type { ToolDefinition } from '../../domain/registry.js';

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
