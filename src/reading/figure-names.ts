/**
 * Names whose grammar says the tool answers a figure, not an entity the service keeps: a
 * distribution `X_per_Y` (`sessions_per_project`), a superlative `most_active_X` (the one that
 * ranks first by a measure), a predicate `is_X`/`has_X` (a yes or no), an estimate
 * `estimate_X`/`calculate_X`, and a measure named last (`get_pool_stats(connection_id)`: the
 * statistics of the connection named, `get_issue_count(project)`). English builds these names
 * so in any service; a tool that writes is never one.
 *
 * Pure: the same tool and server tools give the same word.
 */
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolOperation } from '../domain/tool-override.js';
import { isPlural, toWords } from './entity-words.js';
import { toCommonPrefix } from './tool-name.js';

/** First words of a predicate: the answer is yes or no. */
const predicateWords = new Set(['is', 'has', 'are']);
/** First words that ask the service to work a figure out. */
const estimateWords = new Set(['estimate', 'calculate']);
/** Words that rank many by a measure and pick the first (`most_active_user`, `least_used_node`; `most_recent_sessions` lists). */
const superlativeWords = new Set(['most', 'least']);
/** Last words that name a measure of the thing before them. */
const measureWords = new Set(['count', 'counts', 'total', 'totals', 'stats', 'statistics']);
/** Operations that change the world: their names never read as figures. */
const writes: ReadonlySet<ToolOperation> = new Set(['create', 'update', 'delete']);

/**
 * The word of a tool's name that says it answers a figure, or null.
 *
 * @example
 *   figureWord({ name: 'sbox_sessions_per_project', inputSchema: { type: 'object' } }, 'other', []); // 'per'
 *   figureWord({ name: 'is_contract', inputSchema: { type: 'object' } }, 'other', []); // 'is'
 *   figureWord({ name: 'get_pool_stats', inputSchema: { type: 'object' } }, 'read', []); // 'stats'
 *   figureWord({ name: 'create_project', inputSchema: { type: 'object' } }, 'create', []); // null
 */
export function figureWord(
  tool: Pick<ToolDefinition, 'name'>,
  operation: ToolOperation,
  serverTools: readonly Pick<ToolDefinition, 'name'>[],
): string | null {
  if (writes.has(operation)) return null;
  const all = toWords(tool.name);
  const words = all.length > 1 && all[0] === toCommonPrefix(serverTools) ? all.slice(1) : all;
  const first = words[0];
  if (first === undefined || words.length < 2) return null;
  if (predicateWords.has(first) || estimateWords.has(first)) return first;
  // `sessions_per_project`: a noun on each side of `per`.
  const per = words.indexOf('per');
  if (per > 0 && per < words.length - 1) return 'per';
  const superlative = words.findIndex((word) => superlativeWords.has(word));
  if (superlative >= 0 && superlative < words.length - 2 && !isPlural(words[words.length - 1]!)) return words[superlative]!;
  const last = words[words.length - 1]!;
  return operation === 'read' && measureWords.has(last) ? last : null;
}
