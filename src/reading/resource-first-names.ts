/**
 * Names written resource first, method last (`schedule_get`, `label_list`, `book_delete`), as
 * Google's API design guide orders a call (`projects.locations.list`: the resource, then one of the
 * standard methods Get, List, Create, Update, Delete, AIP-131..135). Where the resource word is a
 * verb too (`schedule`, `label`, `book`, `transfer`), reading the first verb of the name takes the
 * noun for the verb and the method for the thing. The position settles it: a name whose last word
 * is a standard method reads that method as its verb when English never uses the method as a noun
 * (`get`, `create`, `delete`), or when the server itself uses the first word as a noun elsewhere
 * (`list_labels` beside `label_list`; `create_list` keeps its create). Pure.
 */
import { toSingular, toWords } from './entity-words.js';
import { parseToolName, type ParsedName } from './tool-name.js';

/** The standard methods (AIP-131..135), and those of them that are never nouns. */
const standardMethods = new Set(['get', 'list', 'create', 'update', 'delete']);
const neverNouns = new Set(['get', 'create', 'delete']);

interface NamedTool {
  tool: { name: string };
  parsed: ParsedName;
}

/**
 * Each tool's parsed name, read resource first where its last word is a standard method after a
 * first word that is a verb as well as a noun.
 *
 * @example
 *   withResourceFirst([{ tool: { name: 'schedule_get' }, parsed: parseToolName('schedule_get', null) }], null)[0].parsed.verb; // 'get'
 */
export function withResourceFirst<T extends NamedTool>(
  named: readonly T[],
  prefix: string | null,
  serviceWords?: ReadonlySet<string>,
): T[] {
  const nouns = new Set(named.flatMap(({ parsed }) => parsed.entityWords.map(toSingular)));
  return named.map((entry) => {
    let words = toWords(entry.tool.name);
    if (prefix !== null && words[0] === prefix && words.length > 1) words = words.slice(1);
    const [first, last] = [words[0]!, words[words.length - 1]!];
    if (words.length < 2 || entry.parsed.verb !== first || !standardMethods.has(last) || standardMethods.has(first)) return entry;
    if (!neverNouns.has(last) && !nouns.has(toSingular(first))) return entry;
    return { ...entry, parsed: parseToolName([last, ...words.slice(0, -1)].join('_'), null, serviceWords) };
  });
}
