import { stemmer } from 'stemmer';

/**
 * Text as the search index sees it: case- and accent-insensitive words, camelCase split
 * (`GitHub` → `git`, `hub`, and the whole `github`), each reduced to its Porter stem.
 */
export function toSearchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    terms.push(stem(word));
  }
  return terms;
}

/** Lower-cased, accent-free words of `text`; camelCase words also give their parts. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    words.push(fold(raw));
    // Only words with an inner capital (camelCase, GitHub) have parts worth indexing.
    if (!/\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(raw)) continue;
    const parts = raw.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|\p{L}+/gu) ?? [];
    if (parts.length > 1) for (const part of parts) words.push(fold(part));
  }
  return words;
}

/** Lower case without diacritics: `Café` → `cafe`. */
export function fold(word: string): string {
  // Plain ASCII (most words) needs no decomposition.
  // eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
  return /^[\x00-\x7f]*$/.test(word)
    ? word.toLowerCase()
    : word
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
}

const stems = new Map<string, string>();

/** The Porter stem of a folded word; remembered, since a registry repeats its words a lot. */
export function stem(word: string): string {
  if (word.length <= 2) return word;
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stems.size >= 100_000) stems.clear();
    stems.set(word, stemmed);
  }
  return stemmed;
}
