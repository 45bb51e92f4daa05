/**
 * A kind read by a learned lexicon: a multinomial naive Bayes over a tool's features
 * (learn-kind-features.ts), its counts learned from the tuning half's hand labels
 * (learn-kind-examples.ts) and measured beside the rules by learn-kind-loso.ts. Deterministic:
 * the same counts give the same kind, ties going to the kind first in name order. It lives in
 * the bench, not in src/reading: measured leave-one-server-out it does not beat the rules by
 * the margin that would put it in the reader (bench/README.md, "A learned kind lexicon").
 *
 * Why naive Bayes and not a library: it is a sum of logarithms over a few thousand counts; the
 * lexicon stays a readable JSON of counts (which word was seen with which kind how often), and
 * the small npm classifiers (`bayes`, `classificator`, `wink-naive-bayes-text-classifier`) each
 * bring their own tokenizer and none is a dependency already (`ml-logistic-regression` brings a
 * matrix library; learn-kind-logistic.ts is the regression in ~100 lines).
 *
 * @example
 *   const lexicon = toKindLexicon([{ features: ['first:list'], kinds: ['list'] }, { features: ['first:get'], kinds: ['read'] }]);
 *   toLearnedKind(lexicon, ['first:list']).kind; // 'list'
 */

/** The counts a lexicon keeps per kind: how many tools were labelled so, and how often each feature came with it. */
export interface KindCounts {
  tools: number;
  features: Record<string, number>;
}

export interface KindLexicon {
  /** Laplace smoothing added to every count. */
  smoothing: number;
  /** Label kind → its counts; a tool labelled `a|b` counts for both. */
  kinds: Record<string, KindCounts>;
}

/** One labelled tool to learn from. */
export interface KindExample {
  features: readonly string[];
  kinds: readonly string[];
}

export interface LearnedKind {
  kind: string;
  /** The kind's share of the posterior, 0..1. */
  probability: number;
}

/**
 * The lexicon learned from labelled tools: counts only, keys sorted so the same examples give the same file.
 */
export function toKindLexicon(examples: Iterable<KindExample>, smoothing = 0.5): KindLexicon {
  const kinds = new Map<string, { tools: number; features: Map<string, number> }>();
  for (const example of examples)
    for (const kind of example.kinds) {
      let counts = kinds.get(kind);
      if (!counts) kinds.set(kind, (counts = { tools: 0, features: new Map() }));
      counts.tools++;
      for (const feature of example.features) counts.features.set(feature, (counts.features.get(feature) ?? 0) + 1);
    }
  const sorted = <Value>(entries: Iterable<[string, Value]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    smoothing,
    kinds: Object.fromEntries(
      sorted(kinds).map(([kind, counts]) => [kind, { tools: counts.tools, features: Object.fromEntries(sorted(counts.features)) }]),
    ),
  };
}

interface Scorer {
  kinds: string[];
  prior: number[];
  /** Per kind: log P(feature | kind) by feature, and the log of a feature's smoothing alone (a feature the kind never saw). */
  likelihood: Map<string, number>[];
  unseen: number[];
  vocabulary: Set<string>;
}

const scorers = new WeakMap<KindLexicon, Scorer>();

function toScorer(lexicon: KindLexicon): Scorer {
  const found = scorers.get(lexicon);
  if (found) return found;
  const kinds = Object.keys(lexicon.kinds).sort();
  const vocabulary = new Set(kinds.flatMap((kind) => Object.keys(lexicon.kinds[kind]!.features)));
  const allTools = kinds.reduce((sum, kind) => sum + lexicon.kinds[kind]!.tools, 0);
  const alpha = lexicon.smoothing;
  const scorer: Scorer = { kinds, prior: [], likelihood: [], unseen: [], vocabulary };
  for (const kind of kinds) {
    const counts = lexicon.kinds[kind]!;
    const total = Object.values(counts.features).reduce((sum, count) => sum + count, 0) + alpha * vocabulary.size;
    scorer.prior.push(Math.log(counts.tools / allTools));
    scorer.likelihood.push(
      new Map(Object.entries(counts.features).map(([feature, count]) => [feature, Math.log((count + alpha) / total)])),
    );
    scorer.unseen.push(Math.log(alpha / total));
  }
  scorers.set(lexicon, scorer);
  return scorer;
}

/**
 * The kind the lexicon reads from a tool's features, with its probability; features it never saw say nothing.
 */
export function toLearnedKind(lexicon: KindLexicon, features: readonly string[]): LearnedKind {
  const scorer = toScorer(lexicon);
  const known = features.filter((feature) => scorer.vocabulary.has(feature));
  const scores = scorer.kinds.map(
    (_kind, index) =>
      scorer.prior[index]! + known.reduce((sum, feature) => sum + (scorer.likelihood[index]!.get(feature) ?? scorer.unseen[index]!), 0),
  );
  let best = 0;
  for (let index = 1; index < scores.length; index++) if (scores[index]! > scores[best]!) best = index;
  const top = scores[best]!;
  const mass = scores.reduce((sum, score) => sum + Math.exp(score - top), 0);
  return { kind: scorer.kinds[best]!, probability: 1 / mass };
}
