/**
 * Names people quote with plain single quotes (`Deal 'Rooftop solar' for Omar Haddad`), spelled with
 * the curly quotes every reading of a description takes as a name's marks. An apostrophe inside or
 * after a word (`Omar's`, `the Parks' roof`) is no quote: a pair counts only where the opening one
 * follows a space or a bracket and the closing one ends a word before a space or punctuation. Pure.
 */

/**
 * @example
 *   toCurlyQuotes("Deal 'Rooftop solar' for Omar's firm"); // "Deal ‘Rooftop solar’ for Omar's firm"
 */
export function toCurlyQuotes(text: string): string {
  return text.replace(/(^|[\s(:,])'([^'\n]{1,60}?[^\s'])'(?=$|[\s),.;:!?])/g, '$1‘$2’');
}
