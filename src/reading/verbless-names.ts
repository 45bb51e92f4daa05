/**
 * What a tool whose name has no verb does, read from its description: `meetings.upcoming` "List
 * upcoming meetings." lists, `whoami` "The signed-in CRM user." and `pipeline.stages` "The
 * stages of the sales pipeline, in order." read what their words name. A description that starts
 * with a reading verb names the read; one that starts with a noun phrase (`The ...`, `Your ...`)
 * names what a tool that takes no argument answers. Anything else stays another action, and
 * so does `Returns ...`: the words of a tool that answers a text or a value it computes.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { noiseWords, toVerbMeaning, type ToolOperation } from './tool-verbs.js';
import type { ParsedName } from './tool-name.js';
import { toPlural, toSingular, toWords } from './entity-words.js';
import { computedValueWord } from './described-returns.js';
import { isCurrentUserRead } from './tool-kind-words.js';
import { actsOn, readingOperations, toOpeningVerb } from './opening-verb.js';
import { phraseEndWords } from './phrase-words.js';

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
  // "This tool finds invoices", "Looks up a customer": any reading verb in any form (opening-verb.ts), where it acts on
  // what the name names.
  const opening = toOpeningVerb(tool.description);
  if (opening && readingOperations.has(opening.meaning.operation) && actsOn(opening, toWords(tool.name))) return opening.meaning.operation;
  // `me` "Returns the authenticated user.", `viewer`: a read of whoever calls, however it is described.
  const required = Array.isArray(tool.inputSchema.required) && tool.inputSchema.required.length > 0;
  if (isCurrentUserRead(tool.name, tool.description ?? '', required)) return 'read';
  const takes = Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>);
  if (takes.length > 0) return null;
  // `Meetings.Upcoming` "Upcoming meetings for the user.": a phrase that ends in the name's noun names what it answers.
  // Never one a verb starts ("Revoke all sessions" acts on them).
  const phrase = leadingPhrase(tool.description);
  const last = phrase.at(-1);
  const acts = toVerbMeaning(phrase[0] ?? '') !== undefined || toVerbMeaning((phrase[0] ?? '').replace(/e?s$/, '')) !== undefined;
  const namesNoun = !acts && last !== undefined && toWords(tool.name).some((word) => toPlural(toSingular(word)) === last);
  return nounPhraseStarts.has(first) || namesNoun ? 'read' : null;
}

/** The words a description starts with, up to a word that ends its noun phrase (`of`, `for`) or a mark. */
function leadingPhrase(description: string | undefined): string[] {
  const words = toWords(/^[^.,;:\n]*/.exec((description ?? '').trim())?.[0] ?? '');
  const end = words.findIndex((word) => phraseEnds.has(word));
  return end === -1 ? words : words.slice(0, end);
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
  // The noun phrase the description starts with, up to a word that ends it (`of`, `about`) or a mark (`Get, create, update ...`).
  const noun = new Set(leadingPhrase(tool.description));
  const named = toWords(tool.name)
    .filter((word) => !noiseWords.has(word))
    .map(toSingular)
    .filter((word) => noun.has(toPlural(word)));
  return named.length > 0 ? { ...parsed, entityWords: [named[named.length - 1]!], plural: true } : parsed;
}

/** Words that end the noun phrase a description starts with. */
const phraseEnds = new Set([...phraseEndWords, 'about']);
