/**
 * The softmax regression the learned-kind measure sets beside the naive Bayes lexicon
 * (bench/corpus/learn-kind-logistic.ts): it learns, it is deterministic, and a label with two
 * kinds is met by either.
 */
import { describe, expect, it } from 'vitest';
import { readLogisticKind, toLogisticKinds } from '../../bench/corpus/learn-kind-logistic.js';

const examples = [
  { features: ['first:list', 'name:issue'], kinds: ['list'] },
  { features: ['first:list', 'name:user'], kinds: ['list'] },
  { features: ['first:get', 'name:issue', 'schema:required-id'], kinds: ['read'] },
  { features: ['first:get', 'name:user', 'schema:required-id'], kinds: ['read'] },
  { features: ['first:get', 'name:user', 'schema:only-optional'], kinds: ['list'] },
  { features: ['first:find', 'name:issue'], kinds: ['list', 'search'] },
];

describe('toLogisticKinds', () => {
  it('reads the kind the features were learned with, weighing a feature against the verb', () => {
    const model = toLogisticKinds(examples);
    expect(readLogisticKind(model, ['first:list', 'name:project']).kind).toBe('list');
    expect(readLogisticKind(model, ['first:get', 'name:project', 'schema:required-id']).kind).toBe('read');
    expect(readLogisticKind(model, ['first:get', 'name:project', 'schema:only-optional']).kind).toBe('list');
    expect(readLogisticKind(model, ['first:find']).kind).not.toBe('read');
  });

  it('learns the same weights from the same examples', () => {
    expect(toLogisticKinds(examples).weights).toEqual(toLogisticKinds(examples).weights);
  });

  it('ignores features it never saw', () => {
    const model = toLogisticKinds(examples);
    expect(readLogisticKind(model, ['first:list', 'name:unheard'])).toEqual(readLogisticKind(model, ['first:list']));
  });
});
