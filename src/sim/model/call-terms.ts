/**
 * A logged call's words as the full-text index on disk holds them (store/call-terms.ts), so that a
 * memory read back after a restart finds the calls that mention a value without tokenizing its
 * whole log (history-index.ts): the tokens of the text the history index reads (arguments and
 * result, `toTokens`) in order, and each argument value as one token. SQLite's `ascii` tokenizer
 * folds A-Z and splits on every other ASCII character but `_`, so a token is written with its
 * capitals as characters it leaves alone, and a value of several words as a hash of it: a query
 * then matches exactly what the in-memory index would. Pure.
 */
import { createHash } from 'node:crypto';
import type { CallLogEntry } from '../../domain/memory-log.js';
import type { CallTerms } from '../../store/call-terms.js';
import { isWordText, leavesOf, toTokens } from './prompt-needles.js';

/** `Open` → `Ďpen`: capitals as Latin Extended-A letters, which the tokenizer keeps as they are. */
const encodeToken = (token: string) => token.replace(/[A-Z]/g, (capital) => String.fromCharCode(0x0100 + capital.charCodeAt(0) - 65));

/** A value of several words (or of other characters) as one token: `ǁ` and 16 hex digits of its SHA-1. */
const leafToken = (leaf: string) => `ǁ${createHash('sha1').update(leaf).digest('hex').slice(0, 16)}`;

/**
 * The words stored with a call: its text (`${argumentsKey} ${resultText}`, as the history index
 * reads it) tokenized, and its argument values.
 *
 * @example
 *   toCallTerms(entry, resultText); // { text: 'Ďet_issue ...', leaves: 'TRK ǁ3f2a…' }
 */
export function toCallTerms(entry: CallLogEntry, resultText: (entry: CallLogEntry) => string): CallTerms {
  const text = toTokens(`${entry.argumentsKey} ${resultText(entry)}`)
    .map(encodeToken)
    .join(' ');
  const leaves = [...leavesOf(entry.arguments)].map((leaf) => (isWordText(leaf) ? encodeToken(leaf) : leafToken(leaf))).join(' ');
  return { text, leaves };
}

/** The query of the calls that hold a token (in their text or as an argument value). */
export const tokenQuery = (token: string) => `"${encodeToken(token)}"`;

/** The query of the calls whose text holds two tokens in a row. */
export const pairQuery = (first: string, second: string) => `text : "${encodeToken(first)} ${encodeToken(second)}"`;

/** The query of the calls with an argument value of several words (or of other characters). */
export const leafQuery = (leaf: string) => `leaves : "${leafToken(leaf)}"`;
