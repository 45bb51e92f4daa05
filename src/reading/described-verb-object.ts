/**
 * `logout_session` "Revoke a specific session", `receive_payment` "Record a customer payment
 * against an invoice": a name with no verb the verb table knows, whose last words the description's
 * first sentence writes as the object of its first verb, acts on those words; the name's first
 * words are its own verb for that act. A description that writes the whole name (`Show the
 * checkout summary` for `checkout_summary`) keeps it. Pure.
 */
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { determinerWords, phraseEndWords } from './phrase-words.js';

/**
 * The last words of a verbless name that the description writes as its first verb's object, or null.
 *
 * @example
 *   toDescribedVerbObject(['logout', 'session'], 'Revoke a specific session'); // ['session']
 *   toDescribedVerbObject(['sales', 'report'], 'Show the sales report');       // null: the whole is written
 */
export function toDescribedVerbObject(named: readonly string[], description: string): string[] | null {
  if (named.length < 2) return null;
  const words = named.map((word) => toFullWord(toSingular(word)));
  const sentence = toWords(/^[^.\n]*/.exec(description)?.[0] ?? '').map((word) => toFullWord(toSingular(word)));
  if (findRun(sentence, words) !== -1) return null;
  // The verb comes first, then its determiners (`all other`), then at most two words before the noun.
  const first = sentence.findIndex((word) => determiners.has(word));
  if (first < 1 || first > 2) return null;
  let start = first;
  while (determiners.has(sentence[start] ?? '')) start++;
  const phrase = sentence.slice(start, start + 3);
  const stop = phrase.findIndex((word) => stopWords.has(word));
  const object = stop === -1 ? phrase : phrase.slice(0, stop);
  for (let cut = 1; cut < words.length; cut++) {
    const tail = words.slice(cut);
    const at = findRun(object, tail);
    // The tail ends the object's noun phrase: nothing but a preposition or the sentence's end after it.
    if (at !== -1 && (at + tail.length === object.length || stop === at + tail.length)) {
      const after = sentence[start + at + tail.length];
      if (after === undefined || stopWords.has(after)) return tail;
    }
  }
  return null;
}

function findRun(words: readonly string[], run: readonly string[]): number {
  return words.findIndex((_, at) => run.every((part, offset) => words[at + offset] === part));
}

const determiners = new Set([...determinerWords, 'multiple', 'other']);
/** Words that end a noun phrase: prepositions, conjunctions, a relative pronoun. */
const stopWords = new Set([...phraseEndWords, 'against', 'or', 'as', 'at', 'into']);
