/**
 * The call log indexed by what its entries mention, kept up to date as calls are appended: the
 * prompt's history looks up the entries that may mention a call's arguments instead of matching
 * every earlier entry on every call (a call at #500 would scan 499), and finds the best few of
 * them without visiting every entry that mentions a common value (docs/simulator.md, "Choosing
 * what goes in"). Pure apart from its caches.
 */
import type { CallLogEntry } from '../../domain/memory-log.js';
import { isTermIndexed, termLookupOf, type TermLookup } from '../../store/call-terms.js';
import { leafQuery, pairQuery, tokenQuery } from './call-terms.js';
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
  return entryFacts.get(entry) ?? factsWithTokens(entry, resultText).facts;
}

/** The facts of `entry` and its text's tokens in order, tokenized once when the facts are new (the index posts both). */
function factsWithTokens(entry: CallLogEntry, resultText: (entry: CallLogEntry) => string): { facts: EntryFacts; sequence: string[] } {
  const known = entryFacts.get(entry);
  if (known) return { facts: known, sequence: toTokens(known.text) };
  const text = `${entry.argumentsKey} ${resultText(entry)}`;
  const sequence = toTokens(text);
  // The set is made when a needle is first checked against this entry: indexing a whole log needs only the sequence.
  let tokens: Set<string> | undefined;
  const facts = {
    leaves: leavesOf(entry.arguments),
    text,
    get tokens() {
      return (tokens ??= new Set(toTokens(text)));
    },
  };
  entryFacts.set(entry, facts);
  return { facts, sequence };
}

interface HistoryIndex {
  /** The entries indexed so far, in log order; the first `dropped` have left the log since. */
  mirror: CallLogEntry[];
  position: Map<CallLogEntry, number>;
  dropped: number;
  /** Whether sequences rise with log order (always, unless a log was written out of order). */
  ascending: boolean;
  /**
   * Positions in `mirror` by token, ascending. A leaf that is one word is posted under it too, so
   * that a one-word needle's postings are all its matches.
   */
  byToken: Map<string, number[]>;
  /** Positions by two tokens in a row, the first token's map holding the second's: no key text is made per pair. */
  byPair: Map<string, Map<string, number[]>>;
  /** Positions by a leaf of more than one word. */
  byLeaf: Map<string, number[]>;
  /** Positions of mcpsim's own failures by tool and arguments (`callKey`): what `answeredBefore` leaves out. */
  failed: Map<string, number[]>;
  /** The positions that mention a needle of more than one word, by its text, checked up to position `upTo`: the latest few used. */
  phrases: Map<string, Phrase>;
  /** The same for needles many entries mention (costly to find again), the latest used, bounded by their positions in all. */
  heavyPhrases: Map<string, Phrase>;
  heavyPositions: number;
  /**
   * A memory read back from SQLite with its calls' words on disk (store/call-terms.ts): those calls
   * are not tokenized here; a list's positions of them are looked up when the list is first read
   * and merged into it (`stored` says which lists are).
   */
  lookup: TermLookup | undefined;
  /** Position by sequence of the usable entries whose words are on disk. */
  storedAt: Map<number, number>;
  stored: Set<string>;
}

interface Phrase {
  upTo: number;
  positions: number[];
}

/** How many needles of more than one word of few matches each index remembers (the latest used). */
const phraseCap = 64;
/**
 * A needle mentioned by this many entries or more is heavy: finding it again reads every one of
 * them (a sentence an agent repeats in half its calls), so it is kept apart from the few recent
 * ones, as long as all heavy needles hold at most `heavyPositionCap` positions (8 MB at most).
 */
const heavyMatches = 32;
const heavyPositionCap = 1 << 20;

/** By the log array itself: the memory cache appends to it and drops its oldest calls (retention) in place. */
const indexes = new WeakMap<readonly CallLogEntry[], HistoryIndex>();

const isWordText = (text: string) => /^[A-Za-z0-9_]+$/.test(text);
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
      phrases: new Map(),
      heavyPhrases: new Map(),
      heavyPositions: 0,
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

/** Posts `position` under the pair `first second`, once per position (a pair may recur in a text). */
function postPair(postings: Map<string, Map<string, number[]>>, first: string, second: string, position: number): void {
  let followers = postings.get(first);
  if (!followers) postings.set(first, (followers = new Map()));
  const list = followers.get(second);
  if (!list) followers.set(second, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/** Posts `position` under `key`, once per position (a token may recur in a text, and be a leaf too). */
function post(postings: Map<string, number[]>, key: string, position: number): void {
  const list = postings.get(key);
  if (!list) postings.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/** The positions of the entries that hold `token` (in their text, or as an argument value). */
function tokenList(index: HistoryIndex, token: string): readonly number[] {
  mergeStored(index, `t${token}`, () => tokenQuery(token), index.byToken, token);
  return index.byToken.get(token) ?? [];
}

/** The positions of the entries whose text holds `first second`. */
function pairList(index: HistoryIndex, first: string, second: string): readonly number[] {
  if (index.storedAt.size > 0 && !index.byPair.has(first)) index.byPair.set(first, new Map());
  const followers = index.byPair.get(first);
  if (followers) mergeStored(index, `p${first}\u0000${second}`, () => pairQuery(first, second), followers, second);
  return followers?.get(second) ?? [];
}

/** The positions of the entries with an argument value of several words (or of other characters). */
function leafList(index: HistoryIndex, leaf: string): readonly number[] {
  mergeStored(index, `l${leaf}`, () => leafQuery(leaf), index.byLeaf, leaf);
  return index.byLeaf.get(leaf) ?? [];
}

/** Merges into `postings[key]`, once, the positions the words on disk give for `query`. */
function mergeStored(index: HistoryIndex, kind: string, query: () => string, postings: Map<string, number[]>, key: string): void {
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
function lowerBound(list: readonly number[], value: number, from = 0): number {
  let [low, high] = [from, list.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
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
  const phrase = rememberedPhrase(index, needle.text);
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
  if (index.heavyPhrases.has(needle.text)) index.heavyPositions += phrase.positions.length - before;
  else if (phrase.positions.length >= heavyMatches) {
    index.phrases.delete(needle.text);
    index.heavyPhrases.set(needle.text, phrase);
    index.heavyPositions += phrase.positions.length;
  }
  while (index.heavyPositions > heavyPositionCap && index.heavyPhrases.size > 1) {
    const [oldest, dropped] = index.heavyPhrases.entries().next().value!;
    index.heavyPhrases.delete(oldest);
    index.heavyPositions -= dropped.positions.length;
  }
  return phrase.positions;
}

/** The remembered matches of a phrase, made the latest used of its kind (a new one when not remembered). */
function rememberedPhrase(index: HistoryIndex, text: string): Phrase {
  const heavy = index.heavyPhrases.get(text);
  if (heavy) {
    index.heavyPhrases.delete(text);
    index.heavyPhrases.set(text, heavy);
    return heavy;
  }
  const phrase = index.phrases.get(text) ?? { upTo: 0, positions: [] };
  index.phrases.delete(text);
  index.phrases.set(text, phrase);
  if (index.phrases.size > phraseCap) index.phrases.delete(index.phrases.keys().next().value!);
  return phrase;
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
