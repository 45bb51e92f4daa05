/**
 * One thing spelled two ways across a server's names: `search_workitem` beside `wit_work_item`,
 * `testplan` beside `testplan_test_plan_write`. A tool whose entity is one word that another
 * tool's entity of several words spells when joined names that entity, so both read and write
 * the same records. Pure.
 */
import type { ParsedName } from './tool-name.js';
import type { ToolDefinition } from '../domain/registry.js';

interface Entry {
  tool: ToolDefinition;
  parsed: ParsedName;
}

/**
 * @example
 *   withJoinedCompounds(entries).map(({ parsed }) => parsed.entityWords.join('_')); // ['work_item', 'work_item'] for wit_work_item, search_workitem
 */
export function withJoinedCompounds<T extends Entry>(entries: readonly T[]): T[] {
  const split = new Map<string, string[]>();
  // `wit_work_item`: its owner's word before the thing (`work_item`) is dropped later, so every tail of two words or more counts.
  for (const { parsed } of entries)
    for (let start = 0; start < parsed.entityWords.length - 1; start++)
      split.set(parsed.entityWords.slice(start).join(''), parsed.entityWords.slice(start));
  if (split.size === 0) return [...entries];
  return entries.map((entry) => {
    const words = entry.parsed.entityWords.length === 1 ? split.get(entry.parsed.entityWords[0]!) : undefined;
    return words ? { ...entry, parsed: { ...entry.parsed, entityWords: [...words] } } : entry;
  });
}
