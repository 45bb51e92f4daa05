/**
 * The verb a tool's description opens with, read by English grammar rather than from a list of
 * openings: a description's first sentence is an imperative ("Create an invoice") or a verb in the
 * third person ("Creates an invoice", "Permanently deletes an invoice"), now and then a gerund
 * ("Getting an invoice") or a lead-in that names the tool as its subject ("This tool retrieves",
 * "Use this tool to find", "Allows you to list"). The verb is brought to its base form by the
 * regular inflections of English (-s, -es, -ies, -ing, -ed, a dropped or doubled last letter) and
 * looked up in the verb table (`tool-verbs.ts`), so every verb the table knows is read in every
 * form; a word the table does not know is no verb here. Pure.
 */
import { toSingular, toWords } from './entity-words.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { ParsedName } from './tool-name.js';
import { describesNew } from './described-new.js';
import { toVerbMeaning, type ToolOperation, type VerbMeaning } from './tool-verbs.js';
import { determinerWords, phraseEndWords } from './phrase-words.js';

/** A description's opening verb: the word as written, its base form, and what it means. */
export interface OpeningVerb {
  word: string;
  lemma: string;
  meaning: VerbMeaning;
  /** The head noun of the verb's object, singular (`Deletes an unpaid invoice for ...` → invoice), if it has one. */
  object: string | undefined;
}

/**
 * Lead-ins that put the tool (or the caller) before the verb: "This tool creates", "Use this to
 * create", "Allows the user to create", "Lets you create", "Used to create", "Tool to create".
 */
const leadIns: readonly RegExp[] = [
  /^(?:this|the) (?:tool|function|endpoint|operation|command|method|api)(?: (?:will|can|lets you|allows you to|is used to|helps you))? /,
  /^(?:a )?(?:tool|function|endpoint|operation|command|method) (?:to|that|which|for) /,
  /^(?:use|call|invoke) (?:this|it)(?: (?:tool|function|endpoint))?(?: (?:to|when you (?:need|want) to))? /,
  /^(?:allows?|lets?|helps?|enables?) (?:you|users?|the (?:user|caller|agent|assistant|client)|agents?|clients?|llms?|ai)(?: to)? /,
  /^(?:is )?used to /,
  /^(?:you can|can|will) /,
];

/** Adverbs a verb may follow ("Permanently deletes", "Quickly lists", "Also returns"). */
const plainAdverbs = new Set(['also', 'just', 'only', 'then', 'first', 'now', 'still', 'again', 'immediately']);

/**
 * The verb the description's first sentence opens with, when the verb table knows it; null otherwise.
 *
 * @example
 *   toOpeningVerb('Permanently deletes an invoice.')?.lemma;      // 'delete'
 *   toOpeningVerb('This tool retrieves the order by id.')?.lemma; // 'retrieve'
 *   toOpeningVerb('Getting started with invoices')?.lemma;        // 'get'
 *   toOpeningVerb('The invoice of a customer');                   // null
 */
export function toOpeningVerb(description: string | undefined): OpeningVerb | null {
  const words = toOpeningWords(description ?? '');
  let at = 0;
  while (at < words.length - 1 && isAdverb(words[at]!)) at++;
  const word = words[at];
  if (word === undefined) return null;
  for (const lemma of toBaseForms(word)) {
    const meaning = toVerbMeaning(lemma);
    if (meaning) return { word, lemma, meaning, object: toObjectHead(words.slice(at + 1)) };
  }
  return null;
}

/**
 * The base forms a word may be an inflection of, the word itself first: `retrieves` → retrieve,
 * `searches` → search, `queries` → query, `creating` → create, `mapping` → map, `archived` → archive.
 *
 * @example
 *   toBaseForms('queries'); // ['queries', 'query', 'querie', 'queri']
 */
export function toBaseForms(word: string): string[] {
  const forms = [word];
  const add = (form: string): void => {
    if (form.length >= 2 && !forms.includes(form)) forms.push(form);
  };
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh|o)es$/.test(word)) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  for (const ending of ['ing', 'ed']) {
    if (!word.endsWith(ending) || word.length < ending.length + 3) continue;
    const stem = word.slice(0, -ending.length);
    add(stem);
    add(`${stem}e`);
    // `mapping`, `stopped`: a doubled last consonant.
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) add(stem.slice(0, -1));
    if (ending === 'ed' && stem.endsWith('i')) add(`${stem.slice(0, -1)}y`);
  }
  return forms;
}

/** The words of the first sentence after its markup and any lead-in, in lower case. */
function toOpeningWords(description: string): string[] {
  const first = /^[^.\n!?]*/.exec(description.replace(/^[\s#>*_`"'\-–—•\p{Extended_Pictographic}\uFE0F]+/u, ''))?.[0] ?? '';
  let text = toWords(first).join(' ');
  for (let round = 0; round < 2; round++) for (const leadIn of leadIns) text = text.replace(leadIn, '');
  return text.split(' ').filter((word) => word !== '');
}

/** Words that open a noun phrase, before its adjectives and its noun. */
const determiners = new Set([...determinerWords, 'my', 'their', 'our']);

/** Words that end the noun phrase a verb's object is: prepositions, conjunctions, relative words. */
const objectEnds = new Set([...phraseEndWords, 'or', 'so', 'as', 'at', 'into', 'before', 'after', 'if', 'when', 'using', 'via']);

/**
 * Whether the opening verb acts on a thing the name names: its object's head noun is one of the name's words. Where it is
 * not, the description tells the act in other words than the name (`refresh_synced_crypto` "Trigger a balance refresh",
 * `puppeteer_navigate` "Opens a URL", `enterDraftMode` "Move a ticket into draft status"), and its verb is not the name's.
 *
 * @example
 *   actsOn(toOpeningVerb('Revoke a specific session')!, ['logout', 'session']); // true
 */
export function actsOn(opening: OpeningVerb, words: readonly string[]): boolean {
  return opening.object !== undefined && words.some((word) => toSingular(word) === opening.object);
}

/** The last word of the noun phrase a verb's object opens with, singular (`a balance refresh for ...` → refresh). */
function toObjectHead(object: readonly string[]): string | undefined {
  // A participle after a noun ends its phrase too (`invoices matching a query`), not one after a determiner (`an existing`).
  const end = object.findIndex((word, at) => objectEnds.has(word) || (at > 0 && word.endsWith('ing') && !determiners.has(object[at - 1]!)));
  const head = (end === -1 ? object : object.slice(0, end)).at(-1);
  return head === undefined ? undefined : toSingular(head);
}

function isAdverb(word: string): boolean {
  return plainAdverbs.has(word) || (word.endsWith('ly') && word.length > 4 && !toVerbMeaning(word));
}

/** Verbs that say only that a tool acts (`manage`): the description's own verb says how. */
const genericVerbs: ReadonlySet<string> = new Set(['manage']);

/**
 * A name with no verb the table knows (`invoice`, `Invoices.Item`, `memory_entry`) does what its
 * description's opening verb says: "Deletes an invoice" deletes, "Voids an invoice" voids it. The
 * reads are left to `verbless-names.ts`, which also reads a noun phrase; a name with a verb keeps it,
 * unless the verb is one that says only that the tool acts (`manage`).
 *
 * @example
 *   withOpeningVerb(parseToolName('invoice', null), { name: 'invoice', description: 'Permanently deletes an invoice.', inputSchema }).meaning; // { operation: 'delete' }
 */
export function withOpeningVerb(parsed: ParsedName, tool: ToolDefinition): ParsedName {
  // `manage_webhook(webhook_id)` "Delete a webhook": `manage` says only that the tool changes something; the description says how.
  if (parsed.meaning !== null && !(parsed.verb !== null && genericVerbs.has(parsed.verb))) return parsed;
  const opening = toOpeningVerb(tool.description);
  // "Manage workspaces and their members": nor does a description's `manage` say what a verbless name does.
  if (opening !== null && genericVerbs.has(opening.lemma)) return parsed;
  if (opening === null || readingOperations.has(opening.meaning.operation) || !actsOn(opening, parsed.entityWords)) return parsed;
  // "Starts a new job": a verb of making whose object is "a new" thing makes it (described-new.ts), whatever state it names.
  const meaning: VerbMeaning = describesNew(tool) ? { operation: 'create' } : opening.meaning;
  return { ...parsed, meaning, verb: opening.lemma };
}

/** The operations a verbless name's description may name by its opening verb and `verbless-names.ts` reads. */
export const readingOperations: ReadonlySet<ToolOperation> = new Set(['read', 'list', 'search']);
