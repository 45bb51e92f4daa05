/**
 * The matches of a pattern that runs to the end of a text, each later one starting inside the one
 * before (`matchAll` would stop at the first, which takes the whole rest): where a word occurs twice
 * in a sentence, what follows each use. Pure.
 */

/**
 * The named groups of each place a global `pattern` matches in `text`, overlapping ones too.
 *
 * @example
 *   toOverlappingGroups(/\bsets\b\W*(?<list>.+)$/gi, 'Ad sets: X has two ad sets, A and B');
 *   // [{ list: 'X has two ad sets, A and B' }, { list: 'A and B' }]
 */
export function toOverlappingGroups(pattern: RegExp, text: string): Record<string, string | undefined>[] {
  const found: Record<string, string | undefined>[] = [];
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    found.push({ ...match.groups });
    pattern.lastIndex = match.index + 1;
  }
  return found;
}
