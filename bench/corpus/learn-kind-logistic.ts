/**
 * A softmax (multinomial logistic) regression over the same features as the naive Bayes lexicon
 * (learn-kind-lexicon.ts), to see whether a discriminative model reads kinds better on
 * servers it did not learn from (learn-kind-loso.ts). Trained by AdaGrad in a fixed order with a
 * fixed seed, so the same examples give the same weights. A label with several kinds is met when
 * the model gives any of them: the loss is minus the log of their summed probability.
 *
 * @example
 *   const model = toLogisticKinds([{ features: ['first:list'], kinds: ['list'] }, { features: ['first:get'], kinds: ['read'] }]);
 *   readLogisticKind(model, ['first:list']).kind; // 'list'
 */
import type { KindExample, LearnedKind } from './learn-kind-lexicon.js';
import { seededRandom } from '../seeded-random.js';

export interface LogisticKinds {
  kinds: string[];
  features: Map<string, number>;
  /** kinds × features, row by kind. */
  weights: Float64Array;
  bias: Float64Array;
}

export interface LogisticOptions {
  epochs?: number;
  rate?: number;
  /** L2 penalty on the weights a step touches. */
  decay?: number;
}

export function toLogisticKinds(
  examples: readonly KindExample[],
  { epochs = 12, rate = 0.3, decay = 1e-4 }: LogisticOptions = {},
): LogisticKinds {
  const kinds = [...new Set(examples.flatMap((example) => example.kinds))].sort();
  const features = new Map<string, number>();
  for (const example of examples) for (const feature of example.features) if (!features.has(feature)) features.set(feature, features.size);
  const width = features.size;
  const weights = new Float64Array(kinds.length * width);
  const squares = new Float64Array(kinds.length * width);
  const bias = new Float64Array(kinds.length);
  const biasSquares = new Float64Array(kinds.length);
  const rows = examples.map((example) => ({
    indices: example.features.map((feature) => features.get(feature)!),
    allowed: new Set(example.kinds.map((kind) => kinds.indexOf(kind))),
  }));
  const order = rows.map((_row, index) => index);
  const random = seededRandom(36); // the order examples are met in, the same on every run
  const probabilities = new Float64Array(kinds.length);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    for (const position of order) {
      const row = rows[position]!;
      scoreInto(probabilities, row.indices, weights, bias, width);
      let allowedMass = 0;
      for (const kind of row.allowed) allowedMass += probabilities[kind]!;
      for (let kind = 0; kind < kinds.length; kind++) {
        const gradient = probabilities[kind]! - (row.allowed.has(kind) ? probabilities[kind]! / allowedMass : 0);
        biasSquares[kind] = biasSquares[kind]! + gradient * gradient;
        bias[kind] = bias[kind]! - (rate * gradient) / Math.sqrt(biasSquares[kind]! + 1e-8);
        for (const feature of row.indices) {
          const at = kind * width + feature;
          const step = gradient + decay * weights[at]!;
          squares[at] = squares[at]! + step * step;
          weights[at] = weights[at]! - (rate * step) / Math.sqrt(squares[at]! + 1e-8);
        }
      }
    }
  }
  return { kinds, features, weights, bias };
}

function scoreInto(into: Float64Array, indices: readonly number[], weights: Float64Array, bias: Float64Array, width: number): void {
  let top = -Infinity;
  for (let kind = 0; kind < into.length; kind++) {
    let score = bias[kind]!;
    for (const feature of indices) score += weights[kind * width + feature]!;
    into[kind] = score;
    if (score > top) top = score;
  }
  let mass = 0;
  for (let kind = 0; kind < into.length; kind++) mass += into[kind] = Math.exp(into[kind]! - top);
  for (let kind = 0; kind < into.length; kind++) into[kind] = into[kind]! / mass;
}

/** The kind the regression reads from a tool's features; features it never saw say nothing. */
export function readLogisticKind(model: LogisticKinds, features: readonly string[]): LearnedKind {
  const indices = features.flatMap((feature) => {
    const index = model.features.get(feature);
    return index === undefined ? [] : [index];
  });
  const probabilities = new Float64Array(model.kinds.length);
  scoreInto(probabilities, indices, model.weights, model.bias, model.features.size);
  let best = 0;
  for (let kind = 1; kind < probabilities.length; kind++) if (probabilities[kind]! > probabilities[best]!) best = kind;
  return { kind: model.kinds[best]!, probability: probabilities[best]! };
}
