/**
 * Flags a create's description says a new entity starts with: "Create new items ... as drafts"
 * where the tool's schema (nested items included) has a boolean `isDraft` or `draft` starts it
 * `isDraft: true`, as the service shows a new item before it is published.
 */
import { toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';

/** Adjectives a create's description uses for how new entities start, each a flag a schema may hold. */
const startWords = ['draft', 'private', 'hidden', 'paused', 'disabled'];

/**
 * The boolean flags the create's description turns on, under the name the schema gives them.
 *
 * @example
 *   describedFlags(input); // { isDraft: true } for 'Create new items as drafts' with an isDraft boolean
 */
export function describedFlags(input: AnswerInput): Record<string, true> {
  const description = input.tool.description ?? '';
  const words = startWords.filter((word) => new RegExp(`\\bas (?:an? )?${word}s?\\b`, 'i').test(description));
  if (words.length === 0) return {};
  const flags: Record<string, true> = {};
  for (const name of booleanNames(input.tool.inputSchema, 0)) {
    const normal = toNormalName(name).replace(/^is/, '');
    if (words.includes(normal)) flags[name] = true;
  }
  return flags;
}

/** Names of boolean properties in a schema, down through nested objects and list items (a few levels). */
function booleanNames(schema: unknown, depth: number): string[] {
  if (depth > 4 || schema === null || typeof schema !== 'object') return [];
  const record = schema as Record<string, unknown>;
  const names: string[] = [];
  const properties = record.properties;
  if (properties !== null && typeof properties === 'object')
    for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
      if (property !== null && typeof property === 'object' && (property as Record<string, unknown>).type === 'boolean') names.push(name);
      else names.push(...booleanNames(property, depth + 1));
    }
  if (record.items !== undefined) names.push(...booleanNames(record.items, depth + 1));
  return names;
}
