/**
 * A search verb (`query`, `filter`, `search`) is also the noun of a saved one (a Data Explorer
 * query, a Jira filter, a saved search), and is that noun across a server whose own writes name
 * it as their entity: beside `create_query`,
 * `update_query` and `delete_query`, `get_query(id)` reads a saved query (it is no search of a
 * generic item) and `run_query(id)` runs one. A server reads one word one way in every tool.
 */
import type { ParsedName } from './tool-name.js';
import { toWords } from './entity-words.js';
import { toVerbMeaning } from './tool-verbs.js';

const writes = new Set(['create', 'update', 'delete']);

/**
 * The search verbs that are the whole entity of a write whose name opens on its verb
 * (`create_query`: `query`).
 *
 * @example
 *   toServerNouns([{ tool: { name: 'create_query' }, parsed: parseToolName('create_query', null) }], null); // Set { 'query' }
 */
export function toServerNouns(
  named: readonly { tool: { name: string }; parsed: ParsedName }[],
  prefix: string | null,
): ReadonlySet<string> {
  const nouns = new Set<string>();
  for (const { tool, parsed } of named) {
    if (!parsed.meaning || !writes.has(parsed.meaning.operation) || parsed.entityWords.length !== 1) continue;
    const words = toWords(tool.name);
    const own = prefix !== null && words[0] === prefix ? words.slice(1) : words;
    const [verb, noun, ...rest] = own;
    if (
      verb === parsed.verb &&
      rest.length === 0 &&
      noun !== undefined &&
      toVerbMeaning(noun)?.operation === 'search' &&
      noun === parsed.entityWords[0]
    )
      nouns.add(noun);
  }
  return nouns;
}
