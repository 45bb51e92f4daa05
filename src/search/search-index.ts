import { fold, splitWords, stem, toSearchTerms } from './search-text.js';
import { TopK } from './top-k.js';

/** What the index knows of one registry entry. `position` is its place in the caller's array. */
export interface SearchDocument {
  /** Names: display name, qualified name (weighted above the description). */
  name: string;
  description: string;
  useCount: number;
  verified: boolean;
}

export interface SearchHit {
  position: number;
  score: number;
}

export interface SearchOptions {
  /** At most this many hits, best first. */
  limit: number;
  /** Only documents for which this returns true. */
  accept?: (position: number) => boolean;
}

const nameWeight = 3;
const descriptionWeight = 1;
const k1 = 1.2;
const b = 0.75;
/** Words of a query beyond this many are ignored (a pasted paragraph stays fast). */
const maxQueryTerms = 16;
/** A last word of at least this many characters also matches longer words it starts. */
const minPrefixLength = 2;
const maxPrefixExpansions = 24;
const verifiedBoost = 1.3;
const prefixWeight = 0.7;
/**
 * Postings are kept in impact order (term weight × popularity and verified factor, best first),
 * and a query reads at most this many per word unless a filter is set (fewer for queries of
 * more than three words, down to a fifth). For a one-word query this is exact (its ranking is the
 * impact order); for several words it only drops documents whose every matching word is outside
 * the best postings of that word, which keeps a word in every entry, or a long query, fast.
 */
const maxPostingsPerTerm = 2_000;

interface Postings {
  documents: Int32Array;
  /** Each document's BM25F term-frequency weight for this term, which no query changes. */
  weights: Float32Array;
}

/**
 * An in-memory BM25F index over registry entries: name fields weighted above the description,
 * Porter stemming, case- and accent-folding, prefix matching of the last query word. Text
 * relevance is then combined with popularity (`useCount`, log scale) and `verified`.
 *
 * Why not SQLite FTS5 or a search library: FTS5's bm25() scores every match before sorting
 * (63 ms for a word in all 10,000 entries) and MiniSearch took 12–80 ms for common words. Here
 * postings are typed arrays, scores accumulate in one Float64Array, and a bounded heap keeps
 * the best `limit` hits, so a word in every entry costs about a millisecond.
 *
 * @example
 *   const index = createSearchIndex(entries.map((entry) => ({ name: entry.displayName, ... })));
 *   index.search('postgres database', { limit: 100 }); // [{ position, score }, ...]
 */
export function createSearchIndex(documents: readonly SearchDocument[]) {
  const count = documents.length;
  const building = new Map<string, { documents: number[]; name: number[]; description: number[] }>();
  const nameLengths = new Float64Array(count);
  const descriptionLengths = new Float64Array(count);
  const popularity = new Float64Array(count);
  let maxUse = 0;
  for (const document of documents) maxUse = Math.max(maxUse, document.useCount);
  const documentFactor = (position: number) => (0.7 + 0.3 * popularity[position]!) * (documents[position]!.verified ? verifiedBoost : 1);

  documents.forEach((document, position) => {
    const nameTerms = toSearchTerms(document.name);
    const descriptionTerms = toSearchTerms(document.description);
    nameLengths[position] = nameTerms.length;
    descriptionLengths[position] = descriptionTerms.length;
    popularity[position] = maxUse === 0 ? 0 : Math.log10(document.useCount + 1) / Math.log10(maxUse + 1);
    const frequencies = new Map<string, [number, number]>();
    for (const term of nameTerms) (frequencies.get(term) ?? frequencies.set(term, [0, 0]).get(term)!)[0]++;
    for (const term of descriptionTerms) (frequencies.get(term) ?? frequencies.set(term, [0, 0]).get(term)!)[1]++;
    for (const [term, [inName, inDescription]] of frequencies) {
      let postings = building.get(term);
      if (!postings) building.set(term, (postings = { documents: [], name: [], description: [] }));
      postings.documents.push(position);
      postings.name.push(Math.min(inName, 65_535));
      postings.description.push(Math.min(inDescription, 65_535));
    }
  });

  const averageName = average(nameLengths);
  const averageDescription = average(descriptionLengths);
  const saturate = (frequency: number, length: number, averageLength: number) =>
    frequency === 0 ? 0 : (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / averageLength));
  const postingsByTerm = new Map<string, Postings>();
  for (const [term, postings] of building) {
    const weights = new Float32Array(postings.documents.length);
    postings.documents.forEach((position, index) => {
      weights[index] =
        nameWeight * saturate(postings.name[index]!, nameLengths[position]!, averageName) +
        descriptionWeight * saturate(postings.description[index]!, descriptionLengths[position]!, averageDescription);
    });
    const order = postings.documents.map((_, index) => index);
    const impact = (index: number) => weights[index]! * documentFactor(postings.documents[index]!);
    order.sort((left, right) => impact(right) - impact(left) || postings.documents[left]! - postings.documents[right]!);
    postingsByTerm.set(term, {
      documents: Int32Array.from(order, (index) => postings.documents[index]!),
      weights: Float32Array.from(order, (index) => weights[index]!),
    });
  }
  building.clear();
  const vocabulary = [...postingsByTerm.keys()].sort();
  const scores = new Float64Array(count);
  const touched = new Int32Array(count);
  const matched = new Uint32Array(count);
  const factors = Float64Array.from(documents, (_, position) => documentFactor(position));

  /** Stemmed vocabulary terms that start with `prefix`, most frequent first. */
  function expandPrefix(prefix: string): string[] {
    let low = 0;
    let high = vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (vocabulary[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let index = low; index < vocabulary.length && vocabulary[index]!.startsWith(prefix); index++) found.push(vocabulary[index]!);
    if (found.length <= maxPrefixExpansions) return found;
    return found
      .sort((x, y) => postingsByTerm.get(y)!.documents.length - postingsByTerm.get(x)!.documents.length)
      .slice(0, maxPrefixExpansions);
  }

  /** Query words → groups of (term, weight); each group is one word of the query. */
  function toQueryGroups(query: string): [string, number][][] {
    const words = [...new Set(splitWords(query))].slice(0, maxQueryTerms);
    return words.map((word, index) => {
      const group = new Map<string, number>([[stem(word), 1]]);
      if (index === words.length - 1 && word.length >= minPrefixLength) {
        // A longer word that merely starts with the typed one counts less the more it adds.
        const prefix = fold(word);
        for (const term of expandPrefix(prefix)) if (!group.has(term)) group.set(term, (prefixWeight * prefix.length) / term.length);
      }
      return [...group].filter(([term]) => postingsByTerm.has(term));
    });
  }

  function search(query: string, options: SearchOptions): SearchHit[] {
    const groups = toQueryGroups(query);
    // The more words, the fewer postings each reads: a long query's top results are the documents
    // that score well on many of its words, and those sit early in impact order.
    const wordCap = Math.min(
      maxPostingsPerTerm,
      Math.max(maxPostingsPerTerm / 5, Math.floor((3 * maxPostingsPerTerm) / Math.max(groups.length, 1))),
    );
    let touchedCount = 0;
    for (let groupIndex = 0; groupIndex < groups.length; groupIndex++) {
      const bit = 1 << groupIndex;
      const group = groups[groupIndex]!;
      for (let entry = 0; entry < group.length; entry++) {
        const [term, weight] = group[entry]!;
        const { documents: postingDocuments, weights } = postingsByTerm.get(term)!;
        const idf = Math.log(1 + (count - postingDocuments.length + 0.5) / (postingDocuments.length + 0.5)) * weight;
        // A longer word the typed prefix merely starts reads fewer postings: it weighs less anyway.
        const cap = weight === 1 ? wordCap : wordCap / 4;
        const end = options.accept ? postingDocuments.length : Math.min(postingDocuments.length, cap);
        for (let index = 0; index < end; index++) {
          const position = postingDocuments[index]!;
          if (matched[position] === 0) touched[touchedCount++] = position;
          matched[position]! |= bit;
          scores[position]! += idf * weights[index]!;
        }
      }
    }

    const top = new TopK(options.limit);
    const words = Math.max(groups.length, 1);
    for (let index = 0; index < touchedCount; index++) {
      const position = touched[index]!;
      const text = scores[position]!;
      const coverage = popcount(matched[position]!) / words;
      scores[position] = 0;
      matched[position] = 0;
      if (options.accept && !options.accept(position)) continue;
      // Documents that match every word come first; popularity and verification weigh in (factors).
      const score = text * coverage * coverage * factors[position]!;
      top.offer(position, score);
    }
    const hits = top.sorted();
    const best = hits[0]?.score ?? 1;
    return hits.map((hit) => ({ position: hit.position, score: Math.round((hit.score / best) * 10_000) / 10_000 }));
  }

  return { search, size: count };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

function average(values: Float64Array): number {
  let total = 0;
  for (const value of values) total += value;
  return values.length === 0 ? 1 : Math.max(total / values.length, 1);
}

function popcount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
