/**
 * The ways the learned-kind measure combines a learned reading with the rules
 * (bench/corpus/learn-kind-loso.ts): where each lets the learned kind in.
 */
import { describe, expect, it } from 'vitest';
import type { KindExampleRow } from '../../bench/corpus/learn-kind-examples.js';
import { ways } from '../../bench/corpus/learn-kind-loso.js';

const row = (basis: string, dispatch = false): KindExampleRow => ({
  server: 'qa',
  tool: 'frobnicate',
  features: [],
  kinds: ['read'],
  ruleKinds: ['other'],
  basis,
  dispatch,
  labelEntity: null,
  readEntity: 'item',
  entityRight: false,
});
const sure = { kind: 'read', probability: 0.95 };
const unsure = { kind: 'read', probability: 0.5 };
const learned = (guess: { kind: string; probability: number }) => ({
  alone: guess,
  stacked: guess,
  unread: guess,
  logistic: guess,
  logisticStacked: guess,
});

describe('ways of reading kinds', () => {
  it('lets a fallback in only where no rule fired and the tool does not dispatch', () => {
    const fallback = ways['rules, lexicon where no rule']!;
    expect(fallback(row('none'), learned(sure))).toEqual(['read']);
    expect(fallback(row('name'), learned(sure))).toEqual(['other']);
    expect(fallback(row('none', true), learned(sure))).toEqual(['other']);
  });

  it('keeps the rules where the learned reading is less sure than its threshold', () => {
    expect(ways['rules, logistic >=0.9 where no rule']!(row('none'), learned(unsure))).toEqual(['other']);
    expect(ways['rules, logistic >=0.9 over rules']!(row('name'), learned(sure))).toEqual(['read']);
    expect(ways['rules, logistic >=0.8 no rule, >=0.97 over']!(row('name'), learned(sure))).toEqual(['other']);
    expect(ways['rules, logistic >=0.8 no rule, >=0.97 over']!(row('none'), learned(sure))).toEqual(['read']);
  });
});
