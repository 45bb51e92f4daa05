/**
 * A record's lifecycle adjective as the yes/no flag services keep it in: `topic 102 "Where is my
 * order?" (closed)`, `(pinned)`, `(archived)`, a user `(suspended)`. Where the type's state is no
 * field of its own (or the word is none of its states), forums, chats and repositories keep such
 * words as booleans named for them (Discourse's `closed`, `archived`, `pinned`; GitHub's `locked`,
 * `archived`; Slack's `is_archived`), so the word is `closed: true` and its opposite (`open`,
 * `unpinned`) is `closed: false`. Spelled as the server's schemas spell the flag (`is_archived`,
 * `isPinned`) where one does, else the bare word. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toNormalName } from '../domain/world-query.js';

/** Adjectives a record takes and loses over its life, each kept as a flag of its name. */
const flagWords = new Set(['closed', 'archived', 'pinned', 'locked', 'muted', 'starred', 'suspended', 'banned', 'unlisted', 'featured']);

/** Words that say a flag is off. */
const opposites: Readonly<Record<string, string>> = {
  open: 'closed',
  reopened: 'closed',
  unarchived: 'archived',
  unpinned: 'pinned',
  unlocked: 'locked',
  unmuted: 'muted',
  unstarred: 'starred',
  unsuspended: 'suspended',
  unbanned: 'banned',
  listed: 'unlisted',
};

/**
 * The flag a bare word of a parenthesis sets, or undefined for a word that is no such adjective.
 *
 * @example
 *   toDescribedFlag(discourseTools, 'closed'); // { field: 'closed', value: true }
 *   toDescribedFlag(slackTools, 'archived'); // { field: 'is_archived', value: true }
 *   toDescribedFlag(discourseTools, 'open'); // { field: 'closed', value: false }
 */
export function toDescribedFlag(tools: readonly ToolDefinition[], text: string): { field: string; value: boolean } | undefined {
  // `…, archived.`: the clause that ends its sentence keeps the full stop.
  const word = text
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase();
  const flag = flagWords.has(word) ? word : opposites[word];
  if (flag === undefined) return undefined;
  return { field: spelledFlag(tools, flag) ?? flag, value: flag === word };
}

/** The name a boolean of the server's schemas gives the flag: `archived`, `is_archived`, `isArchived`. */
function spelledFlag(tools: readonly ToolDefinition[], flag: string): string | undefined {
  const wanted = new Set([flag, `is${flag}`]);
  for (const tool of tools)
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      const found = booleanNamed(schema, wanted, 0);
      if (found !== undefined) return found;
    }
  return undefined;
}

function booleanNamed(schema: unknown, wanted: ReadonlySet<string>, depth: number): string | undefined {
  if (schema === null || typeof schema !== 'object' || depth > 3) return undefined;
  const { properties, items } = schema as { properties?: unknown; items?: unknown };
  if (properties !== null && typeof properties === 'object')
    for (const [name, inner] of Object.entries(properties as Record<string, unknown>)) {
      if ((inner as { type?: unknown } | null)?.type === 'boolean' && wanted.has(toNormalName(name))) return name;
      const nested = booleanNamed(inner, wanted, depth + 1);
      if (nested !== undefined) return nested;
    }
  return booleanNamed(items, wanted, depth + 1);
}
