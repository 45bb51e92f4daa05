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
    const parts = raw.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|\p{L}+/gu) ?? [raw];
    words.push(fold(raw));
    if (parts.length > 1) for (const part of parts) words.push(fold(part));
  }
  return words;
}

/** Lower case without diacritics: `Café` → `cafe`. */
export function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

export function stem(word: string): string {
  return word.length > 2 ? stemmer(word) : word;
}
