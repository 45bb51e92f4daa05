/**
 * The sentences of a mock's description as a person wrote them: a text pasted from an editor is
 * wrapped at some width, so a line break inside a sentence (after a comma, inside parentheses,
 * before a word in lower case or a quoted name) joins the lines, while one after a sentence's end,
 * a blank line, or a line that starts anew (`Projects: A, B` then `Tasks: c, d`) parts them.
 */
import { isCodedItem } from './described-codes.js';

/** A line that goes on from the one before: it starts in lower case, with a quote, a bracket or `&`. */
const goesOn = /^\s*(?:[a-z]|["“‘'`(&])/;
/** A line that ends mid-sentence: after a comma, a colon, a dash or an opening bracket, or a word that joins what follows (`Spring Launch and`). */
const endsOpen = /(?:[,:(—–-]|\b(?:and|or|nor|the|a|an|of|in|on|for|with|to|from|by|at)\b)\s*$/;

/**
 * @example
 *   toSentences('Tasks: "Fix login" (due 2026-03-05,\npriority P1).\nLabels: design'); // ['Tasks: "Fix login" (due 2026-03-05, priority P1).', 'Labels: design']
 */
export function toSentences(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split(/\n/)) {
    const last = lines[lines.length - 1];
    const open = last !== undefined && last.trim() !== '' && line.trim() !== '' && !/[.!?;]\s*$/.test(last);
    // `…, paid on March 10;` then `INV-0043 for …`: a list's item wrapped onto the next line after its semicolon goes on.
    const itemGoesOn = last !== undefined && /;\s*$/.test(last) && (listItem.test(line.trim()) || isCodedItem(line));
    if ((open && (endsOpen.test(last) || goesOn.test(line) || unclosed(last))) || itemGoesOn)
      lines[lines.length - 1] = `${last.trimEnd()} ${line.trim()}`;
    else lines.push(line);
  }
  return lines.flatMap((line) => withListItemsJoined(line.split(/(?<=[.!?;])\s+/))).filter((sentence) => sentence.trim() !== '');
}

/** `Incidents: #1042 "…" on Checkout API, triggered;`: a list after a label and a colon, whose semicolons part its items. */
const listOpening = /^\s*[\p{L}][\p{L}\d '&-]{0,40}:\s/u;
/**
 * An item of such a list: a quoted name, after its kind and key if any (`#1041 "Payments backlog" …`, `User Story 1202 "…"`), or a capitalised name and its
 * parenthesis (`Marco Ruiz (marco@…, sales)`); a clause (`topic 102 has …`) is a sentence.
 */
const listItem =
  /^(?:and\s+)?(?:(?:\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?\s+)?(?:(?:#?\d+|[A-Za-z][A-Za-z0-9]*[-_]?\d+)\s+)?["“‘`]|\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){0,3}\s+\()/u;

/**
 * The pieces a line's ends split it into, with the items of a labelled list (`Incidents: a, high urgency; b; and c.`) joined
 * back into its one sentence: a semicolon there parts items whose own commas it sets apart, as in English lists. An end
 * inside brackets (`Engineering (key ENG; Mara, Jonas)`, `(e.g. ENG-1)`) ends no sentence either.
 */
function withListItemsJoined(pieces: readonly string[]): string[] {
  const joined: string[] = [];
  for (const piece of pieces) {
    const last = joined[joined.length - 1];
    if (
      last !== undefined &&
      (unclosed(last) || (last.endsWith(';') && listOpening.test(last) && (listItem.test(piece) || isCodedItem(piece))))
    )
      joined[joined.length - 1] = `${last} ${piece}`;
    else joined.push(piece);
  }
  return joined;
}

/** Whether a text opens more parentheses than it closes. */
function unclosed(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0);
}
