/**
 * The call log indexed by what its entries mention, kept up to date as calls are appended: the
 * prompt's history looks up the entries that may mention a call's arguments instead of matching
 * every earlier entry on every call (a call at #500 would scan 499). Pure apart from its caches.
 */
import type { CallLogEntry } from '../../domain/memory-log.js';
import { leavesOf, mentions, toTokens, type Needle } from './prompt-needles.js';
import type { ShownEntity } from '../source/shown-entities.js';

/** Entries that say nothing about the real server's behaviour: mcpsim's own failures. */
const ignoredSources = new Set(['simulator-error', 'fixture-miss', 'cancelled', 'none']);

/** Whether the prompt may show an entry (mcpsim's own failures are never shown). */
export const isUsable = (entry: CallLogEntry): boolean => !ignoredSources.has(entry.source);

export interface EntryFacts {
  /** The argument values, as `matches` compares them. */
  leaves: Set<string>;
  /** Arguments and result: "#3" and the time of a call are no mention of 3. */
  text: string;
  tokens: Set<string>;
  rendered?: string;
  shown?: ShownEntity[];
}

/** What the prompt needs of a log entry, worked out once: entries are immutable once logged. */
const entryFacts = new WeakMap<CallLogEntry, EntryFacts>();

export function factsOfEntry(entry: CallLogEntry, resultText: (entry: CallLogEntry) => string): EntryFacts {
  let facts = entryFacts.get(entry);
  if (!facts) {
    const text = `${entry.argumentsKey} ${resultText(entry)}`;
    entryFacts.set(entry, (facts = { leaves: leavesOf(entry.arguments), text, tokens: new Set(toTokens(text)) }));
  }
  return facts;
}

interface HistoryIndex {
  /** The entries indexed so far, in log order; the first `dropped` have left the log since. */
  mirror: CallLogEntry[];
  position: Map<CallLogEntry, number>;
  dropped: number;
  /** Positions in `mirror` by token, and by two tokens in a row (`pairKey`), ascending. */
  byToken: Map<string, number[]>;
  byLeaf: Map<string, number[]>;
}

/** By the log array itself: the memory cache appends to it and drops its oldest calls (retention) in place. */
const indexes = new WeakMap<readonly CallLogEntry[], HistoryIndex>();

/**
 * The index of `history`, brought up to date: new calls at the end are added; calls dropped at
 * the start are skipped when looked up. Any other change (another array, a reset), or more
 * dropped calls than kept ones, builds it afresh.
 */
function indexOf(history: readonly CallLogEntry[], resultText: (entry: CallLogEntry) => string): HistoryIndex {
  let index = indexes.get(history);
  if (index) {
    const { mirror } = index;
    const dropped = history.length > 0 ? index.position.get(history[0]!) : mirror.length;
    const kept = dropped === undefined ? -1 : mirror.length - dropped;
    const intact = dropped !== undefined && kept <= history.length && (kept === 0 || history[kept - 1] === mirror[mirror.length - 1]);
    if (intact && mirror.length <= 2 * history.length + 64) index.dropped = dropped;
    else index = undefined;
  }
  if (!index) {
    index = { mirror: [], position: new Map(), dropped: 0, byToken: new Map(), byLeaf: new Map() };
    indexes.set(history, index);
  }
  for (let at = index.mirror.length - index.dropped; at < history.length; at++) {
    const entry = history[at]!;
    const position = index.mirror.length;
    index.position.set(entry, position);
    index.mirror.push(entry);
    if (!isUsable(entry)) continue;
    const { leaves, tokens, text } = factsOfEntry(entry, resultText);
    for (const token of tokens) post(index.byToken, token, position);
    const sequence = toTokens(text);
    const pairs = new Set<string>();
    for (let at = 1; at < sequence.length; at++) pairs.add(pairKey(sequence[at - 1]!, sequence[at]!));
    for (const pair of pairs) post(index.byToken, pair, position);
    for (const leaf of leaves) post(index.byLeaf, leaf, position);
  }
  return index;
}

/** Two tokens in a row; a space is in no token. */
const pairKey = (first: string, second: string) => `${first} ${second}`;

function post(postings: Map<string, number[]>, key: string, position: number): void {
  const list = postings.get(key);
  if (list) list.push(position);
  else postings.set(key, [position]);
}

/**
 * The usable entries of `history` older than `before` that mention at least one of `needles`, in
 * log order, each with the needles it mentions in their order: what `matches` gives for every
 * older entry, without visiting those that mention none. A single-word needle is found by its
 * postings alone; a longer one by the rarest of its tokens and token pairs (a text that mentions
 * it holds each of its tokens, and each two in a row, as the needle's boundaries are the text's
 * token boundaries), then checked.
 *
 * @example
 *   const { entries, found } = mentionsBefore(history, toNeedles({ id: 'evt_7' }), history.at(-4)!, resultText);
 */
export function mentionsBefore(
  history: readonly CallLogEntry[],
  needles: readonly Needle[],
  before: CallLogEntry,
  resultText: (entry: CallLogEntry) => string,
): { entries: CallLogEntry[]; found: Needle[][] } {
  const index = indexOf(history, resultText);
  const end = index.position.get(before) ?? index.dropped;
  const start = index.dropped;
  const byPosition = new Map<number, Needle[]>();
  for (const needle of needles) {
    const matched = new Set<number>();
    for (const at of index.byLeaf.get(needle.text) ?? []) if (at >= start && at < end) matched.add(at);
    if (needle.isWord) {
      for (const at of index.byToken.get(needle.text) ?? []) if (at >= start && at < end) matched.add(at);
    } else if (needle.tokens.length > 0) {
      let rarest: number[] | undefined;
      for (const key of needle.tokens.map((token, at) => (at === 0 ? token : pairKey(needle.tokens[at - 1]!, token)))) {
        const list = index.byToken.get(key) ?? [];
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      for (const at of rarest!) {
        if (at < start || at >= end || matched.has(at)) continue;
        const { leaves, text, tokens } = factsOfEntry(index.mirror[at]!, resultText);
        if (mentions(needle, leaves, text, tokens)) matched.add(at);
      }
    }
    for (const at of matched) {
      const list = byPosition.get(at);
      if (list) list.push(needle);
      else byPosition.set(at, [needle]);
    }
  }
  const positions = [...byPosition.keys()].sort((a, b) => a - b);
  return { entries: positions.map((at) => index.mirror[at]!), found: positions.map((at) => byPosition.get(at)!) };
}
