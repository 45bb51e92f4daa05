/**
 * The call log indexed by what its entries mention, kept up to date as calls are appended: the
 * prompt's history looks up the entries that may mention a call's arguments instead of matching
 * every earlier entry on every call (a call at #500 would scan 499), and finds the best few of
 * them without visiting every entry that mentions a common value (docs/simulator.md, "Choosing
 * what goes in"). The posting lists are history-postings.ts, the remembered phrases
 * phrase-cache.ts, an entry's text and tokens entry-facts.ts. Pure apart from its caches.
 */
import type { CallLogEntry } from '../../domain/memory-log.js';
import { isTermIndexed, termLookupOf } from '../../store/call-terms.js';
import { factsOfEntry, factsWithTokens, isUsable } from './entry-facts.js';
import { leafList, lowerBound, pairList, post, postPair, tokenList, type Postings } from './history-postings.js';
import { createPhraseCache, type PhraseCache } from './phrase-cache.js';
import { isWordText, mentions, type Needle } from './prompt-needles.js';

interface HistoryIndex extends Postings {
  /** The entries indexed so far, in log order; the first `dropped` have left the log since. */
  mirror: CallLogEntry[];
  position: Map<CallLogEntry, number>;
  dropped: number;
  /** Positions of mcpsim's own failures by tool and arguments (`callKey`): what `answeredBefore` leaves out. */
  failed: Map<string, number[]>;
  /** The positions that mention a needle of more than one word, remembered. */
  phrases: PhraseCache;
}

/** By the log array itself: the memory cache appends to it and drops its oldest calls (retention) in place. */
const indexes = new WeakMap<readonly CallLogEntry[], HistoryIndex>();

const callKey = (tool: string, argumentsKey: string) => `${tool}\u0000${argumentsKey}`;

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
    index = {
      mirror: [],
      position: new Map(),
      dropped: 0,
      ascending: true,
      byToken: new Map(),
      byPair: new Map(),
      byLeaf: new Map(),
      failed: new Map(),
      phrases: createPhraseCache(),
      lookup: termLookupOf(history),
      storedAt: new Map(),
      stored: new Set(),
    };
    indexes.set(history, index);
  }
  for (let at = index.mirror.length - index.dropped; at < history.length; at++) {
    const entry = history[at]!;
    const position = index.mirror.length;
    const previous = index.mirror[position - 1];
    if (previous && !(entry.sequence > previous.sequence)) index.ascending = false;
    index.position.set(entry, position);
    index.mirror.push(entry);
    if (!isUsable(entry)) {
      post(index.failed, callKey(entry.tool, entry.argumentsKey), position);
      continue;
    }
    // Its words are on disk: found by `mergeStored` when a list is read, not tokenized here.
    if (index.lookup && isTermIndexed(entry)) {
      index.storedAt.set(entry.sequence, position);
      continue;
    }
    const { facts, sequence } = factsWithTokens(entry, resultText);
    for (const token of sequence) post(index.byToken, token, position);
    for (let at = 1; at < sequence.length; at++) postPair(index.byPair, sequence[at - 1]!, sequence[at]!, position);
    for (const leaf of facts.leaves) post(isWordText(leaf) ? index.byToken : index.byLeaf, leaf, position);
  }
  return index;
}

/**
 * Every position of the index that mentions `needle`, ascending. A one-word needle's are its
 * postings; a longer one's are found among the postings of the rarest of its tokens and token
 * pairs (a text that mentions it holds each of its tokens, and each two in a row, as the needle's
 * boundaries are the text's token boundaries), checked once each and remembered, so a needle met
 * again checks only the entries logged since.
 */
function positionsOf(index: HistoryIndex, needle: Needle, resultText: (entry: CallLogEntry) => string): readonly number[] {
  if (needle.isWord) return tokenList(index, needle.text);
  if (needle.tokens.length === 0) return leafList(index, needle.text);
  const phrase = index.phrases.remembered(needle.text);
  const before = phrase.positions.length;
  if (phrase.upTo < index.mirror.length) {
    // Every list holds every entry that mentions the needle: the rarest gives the candidates, and
    // the others rule out nearly every entry that does not mention it by a binary search before the text is read.
    const lists = needle.tokens
      .map((token, at) => (at === 0 ? tokenList(index, token) : pairList(index, needle.tokens[at - 1]!, token)))
      .sort((a, b) => a.length - b.length);
    const rarest = lists[0] ?? [];
    const others = lists.slice(1).map((list) => ({ list, at: 0 }));
    const inOthers = (position: number) =>
      others.every((other) => {
        other.at = lowerBound(other.list, position, other.at);
        return other.list[other.at] === position;
      });
    const leafs = leafList(index, needle.text);
    let [inRarest, inLeafs] = [lowerBound(rarest, phrase.upTo), lowerBound(leafs, phrase.upTo)];
    while (inRarest < rarest.length || inLeafs < leafs.length) {
      const fromLeaf = inRarest >= rarest.length || (inLeafs < leafs.length && leafs[inLeafs]! <= rarest[inRarest]!);
      const at = fromLeaf ? leafs[inLeafs]! : rarest[inRarest]!;
      if (fromLeaf) inLeafs++;
      if (!fromLeaf || (inRarest < rarest.length && rarest[inRarest] === at)) inRarest++;
      if (fromLeaf) phrase.positions.push(at);
      else if (inOthers(at)) {
        const { leaves, text, tokens } = factsOfEntry(index.mirror[at]!, resultText);
        if (mentions(needle, leaves, text, tokens)) phrase.positions.push(at);
      }
    }
    phrase.upTo = index.mirror.length;
  }
  index.phrases.grew(needle.text, phrase, before);
  return phrase.positions;
}

/**
 * The usable entries of `history` older than `before` that mention the most of `needles`, at most
 * `cap`, best first: each scores the sum, over the needles it mentions (in their order), of
 * 1 / how many of those entries mention that needle (a rare id counts more than "open"); ties go
 * to the newest. The same entries, in the same order, as scoring every entry that mentions a
 * needle, without visiting them: the needles' lists are walked rarest first and newest first, and
 * the walk stops once the entries not yet seen (which mention only the needles left) cannot beat
 * the `cap`-th best. `visited` is how many entries were scored.
 *
 * @example
 *   const { entries } = relatedBefore(history, toNeedles({ id: 'evt_7' }), history.at(-4)!, resultText, 6);
 */
export function relatedBefore(
  history: readonly CallLogEntry[],
  needles: readonly Needle[],
  before: CallLogEntry,
  resultText: (entry: CallLogEntry) => string,
  cap: number,
): { entries: CallLogEntry[]; visited: number } {
  const index = indexOf(history, resultText);
  const end = index.position.get(before) ?? index.dropped;
  const start = index.dropped;
  const lists = needles.map((needle) => {
    const positions = positionsOf(index, needle, resultText);
    const from = lowerBound(positions, start);
    const to = lowerBound(positions, end, from);
    return { positions, from, to, weight: to > from ? 1 / (to - from) : 0 };
  });
  /** The entry at `at`'s score, summed in the needles' order (as the rarity scoring has always added them). */
  const scoreOf = (at: number) => {
    let score = 0;
    for (const list of lists) {
      if (list.weight === 0) continue;
      const found = lowerBound(list.positions, at, list.from);
      if (found < list.to && list.positions[found] === at) score += list.weight;
    }
    return score;
  };
  const order = lists.map((_, at) => at).filter((at) => lists[at]!.weight > 0);
  order.sort((a, b) => lists[b]!.weight - lists[a]!.weight || a - b);
  // The most an entry can score that mentions none of the needles before `order[i]`, summed in the needles' order.
  const bounds = order.map((_, at) => {
    const left = new Set(order.slice(at));
    let bound = 0;
    lists.forEach((list, needle) => {
      if (left.has(needle)) bound += list.weight;
    });
    return bound;
  });
  type Scored = { entry: CallLogEntry; score: number };
  const best: Scored[] = [];
  const better = (a: Scored, b: Scored) => a.score > b.score || (a.score === b.score && a.entry.sequence > b.entry.sequence);
  const seen = new Set<number>();
  walk: for (const [rank, needle] of order.entries()) {
    const { positions, from, to } = lists[needle]!;
    const bound = bounds[rank]!;
    for (let at = to - 1; at >= from; at--) {
      const position = positions[at]!;
      const entry = index.mirror[position]!;
      const last = best.length === cap ? best.at(-1)! : undefined;
      if (last && last.score > bound) break walk;
      // Older than the last kept with at most its score: neither this entry nor any older one in this list can win.
      if (last && index.ascending && last.score === bound && last.entry.sequence > entry.sequence) break;
      if (seen.has(position)) continue;
      seen.add(position);
      const candidate = { entry, score: scoreOf(position) };
      if (best.length === cap && !better(candidate, best.at(-1)!)) continue;
      let place = best.length;
      while (place > 0 && better(candidate, best[place - 1]!)) place--;
      best.splice(place, 0, candidate);
      if (best.length > cap) best.pop();
    }
  }
  return { entries: best.map(({ entry }) => entry), visited: seen.size };
}

/**
 * How many of `history`'s entries of this tool and arguments were mcpsim's own failures (not
 * counted as answers), from the index: the log is not walked.
 *
 * @example
 *   failedCallsOf(history, 'get_issue', '{"id":"TRK-3"}', resultText); // 1
 */
export function failedCallsOf(
  history: readonly CallLogEntry[],
  tool: string,
  argumentsKey: string,
  resultText: (entry: CallLogEntry) => string,
): number {
  const index = indexOf(history, resultText);
  const positions = index.failed.get(callKey(tool, argumentsKey)) ?? [];
  return positions.length - lowerBound(positions, index.dropped);
}
