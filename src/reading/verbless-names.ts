/**
 * What a tool whose name has no verb does, read from its description: `meetings.upcoming` "List
 * upcoming meetings." lists, `whoami` "The signed-in CRM user." and `pipeline.stages` "The
 * stages of the sales pipeline, in order." read what their words name. A description that starts
 * with a reading verb names the read; one that starts with a noun phrase (`The ...`, `Your ...`)
 * names what a tool that takes no argument answers. Anything else stays another action, and
 * so does `Returns ...`: the words of a tool that answers a text or a value it computes.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { noiseWords, type ToolOperation } from './tool-verbs.js';
import type { ParsedName } from './tool-name.js';
import { toPlural, toSingular, toWords } from './entity-words.js';
import { computedValueWord } from './described-returns.js';

/** The first word of a description and the read it names. */
const readingStarts: ReadonlyMap<string, ToolOperation> = new Map([
  ['list', 'list'],
  ['lists', 'list'],
  ['get', 'read'],
  ['gets', 'read'],
  ['show', 'read'],
  ['shows', 'read'],
  ['retrieve', 'read'],
  ['retrieves', 'read'],
  ['fetch', 'read'],
  ['fetches', 'read'],
  ['search', 'search'],
  ['searches', 'search'],
]);
/** Words a noun phrase that names the answer starts with. */
const nounPhraseStarts = new Set(['the', 'your', 'my']);

/**
 * The read a verbless tool's description names, or null.
 *
 * @example
 *   describedRead({ name: 'meetings.upcoming', description: 'List upcoming meetings.', inputSchema }); // 'list'
 *   describedRead({ name: 'whoami', description: 'The signed-in CRM user.', inputSchema });          // 'read'
 *   describedRead({ name: 'echo', description: 'Echoes its input back.', inputSchema });              // null
 */
export function describedRead(tool: ToolDefinition): ToolOperation | null {
  // `readOnlyHint` decides a verbless name's read where it is given (tool-operation.ts).
  if (tool.annotations?.readOnlyHint === true) return null;
  const first = /^[A-Za-z]+/.exec((tool.description ?? '').trim())?.[0].toLowerCase() ?? '';
  // A value the service computes (`weather`, `distance`) is answered as one, never read from the world.
  if (computedValueWord(tool) !== null) return null;
  const started = readingStarts.get(first);
  if (started !== undefined) return started;
  const takes = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
  return nounPhraseStarts.has(first) && takes.length === 0 ? 'read' : null;
}

/**
 * A verbless name's entity, where the description names one of its words in the plural:
 * `Invoice.Overdue` "Get overdue invoices." lists invoices, `pipeline-stages` "The stages of
 * the sales pipeline" lists stages; the parsed name itself otherwise.
 *
 * @example
 *   withDescribedNoun(parseToolName('Invoice.Overdue', null), invoiceOverdue); // { ..., entityWords: ['invoice'], plural: true }
 */
export function withDescribedNoun(parsed: ParsedName, tool: ToolDefinition): ParsedName {
  if (parsed.meaning !== null || describedRead(tool) === null) return parsed;
  // The noun phrase after the first word, up to a word that ends it (`of`, `about`) or a mark (`Get, create, update ...`).
  const phrase = /^[A-Za-z]+ ([^.,;:\n]*)/.exec((tool.description ?? '').trim())?.[1] ?? '';
  const words = toWords(phrase);
  const end = words.findIndex((word) => phraseEnds.has(word));
  const noun = new Set(end === -1 ? words : words.slice(0, end));
  const named = toWords(tool.name)
    .filter((word) => !noiseWords.has(word))
    .map(toSingular)
    .filter((word) => noun.has(toPlural(word)));
  return named.length > 0 ? { ...parsed, entityWords: [named[named.length - 1]!], plural: true } : parsed;
}

/** Words that end the noun phrase a description starts with. */
const phraseEnds = new Set(['of', 'about', 'for', 'in', 'on', 'from', 'with', 'by', 'that', 'which', 'and', 'to']);
