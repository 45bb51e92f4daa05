/**
 * The English function words every reader of a description's phrases shares: the determiners that
 * open a noun phrase and the prepositions, conjunctions and relative words that end one. Each reader
 * adds the words its own phrases need (agreed-object.ts's `new`, `existing`; opening-verb.ts's
 * `my`, `our`), so what they have in common is written once and what differs is in view.
 */

/** Determiners that open a noun phrase (`a`, `all`, `the`, `your`). */
export const determinerWords: readonly string[] = ['a', 'an', 'the', 'all', 'any', 'each', 'every', 'this', 'these', 'some', 'your', 'its'];

/** Words that end a noun phrase: prepositions, a conjunction, relative words. */
export const phraseEndWords: readonly string[] = ['of', 'for', 'on', 'in', 'to', 'from', 'by', 'with', 'and', 'that', 'which'];
