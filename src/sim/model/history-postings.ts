/**
 * The posting lists of the history index (history-index.ts): positions in the log by token, by two
 * tokens in a row and by argument value, ascending. For a memory read back from SQLite with its
 * calls' words on disk (store/call-terms.ts) those calls are not posted here: a list's positions of
 * them are looked up the first time the list is read and merged into it.
 */
import type { TermLookup } from '../../store/call-terms.js';
import { leafQuery, pairQuery, tokenQuery } from './call-terms.js';

export interface Postings {
  /** Whether sequences rise with log order (always, unless a log was written out of order). */
  ascending: boolean;
  /**
   * Positions by token, ascending. A leaf that is one word is posted under it too, so that a
   * one-word needle's postings are all its matches.
   */
  byToken: Map<string, number[]>;
  /** Positions by two tokens in a row, the first token's map holding the second's: no key text is made per pair. */
  byPair: Map<string, Map<string, number[]>>;
  /** Positions by a leaf of more than one word. */
  byLeaf: Map<string, number[]>;
  /** The lookup of the words on disk, when the log was read back with them. */
  lookup: TermLookup | undefined;
  /** Position by sequence of the usable entries whose words are on disk. */
  storedAt: Map<number, number>;
  /** The lists merged with the words on disk so far. */
  stored: Set<string>;
}

/** Posts `position` under the pair `first second`, once per position (a pair may recur in a text). */
export function postPair(postings: Map<string, Map<string, number[]>>, first: string, second: string, position: number): void {
  let followers = postings.get(first);
  if (!followers) postings.set(first, (followers = new Map()));
  const list = followers.get(second);
  if (!list) followers.set(second, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/** Posts `position` under `key`, once per position (a token may recur in a text, and be a leaf too). */
export function post(postings: Map<string, number[]>, key: string, position: number): void {
  const list = postings.get(key);
  if (!list) postings.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/** The positions of the entries that hold `token` (in their text, or as an argument value). */
export function tokenList(index: Postings, token: string): readonly number[] {
  mergeStored(index, `t${token}`, () => tokenQuery(token), index.byToken, token);
  return index.byToken.get(token) ?? [];
}

/** The positions of the entries whose text holds `first second`. */
export function pairList(index: Postings, first: string, second: string): readonly number[] {
  if (index.storedAt.size > 0 && !index.byPair.has(first)) index.byPair.set(first, new Map());
  const followers = index.byPair.get(first);
  if (followers) mergeStored(index, `p${first}\u0000${second}`, () => pairQuery(first, second), followers, second);
  return followers?.get(second) ?? [];
}

/** The positions of the entries with an argument value of several words (or of other characters). */
export function leafList(index: Postings, leaf: string): readonly number[] {
  mergeStored(index, `l${leaf}`, () => leafQuery(leaf), index.byLeaf, leaf);
  return index.byLeaf.get(leaf) ?? [];
}

/** Merges into `postings[key]`, once, the positions the words on disk give for `query`. */
function mergeStored(index: Postings, kind: string, query: () => string, postings: Map<string, number[]>, key: string): void {
  if (!index.lookup || index.storedAt.size === 0 || index.stored.has(kind)) return;
  index.stored.add(kind);
  const found: number[] = [];
  for (const sequence of index.lookup(query())) {
    const at = index.storedAt.get(sequence);
    if (at !== undefined) found.push(at);
  }
  if (found.length === 0) return;
  if (!index.ascending) found.sort((a, b) => a - b);
  const own = postings.get(key);
  postings.set(key, own ? mergeAscending(found, own) : found);
}

function mergeAscending(a: readonly number[], b: readonly number[]): number[] {
  const merged: number[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) merged.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) merged.push(b[j++]!);
    else {
      merged.push(a[i++]!);
      j++;
    }
  }
  return merged;
}

/** The first index of `list` (ascending) whose value is at least `value`. */
export function lowerBound(list: readonly number[], value: number, from = 0): number {
  let [low, high] = [from, list.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
