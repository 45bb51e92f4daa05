import { describe, expect, it } from 'vitest';
import { findJsonLimitBreach, jsonLimits, toBreachMessage } from './json-limits.js';

const nested = (depth: number, leaf: unknown = 1): unknown =>
  JSON.parse(`${'{"x":'.repeat(depth)}${JSON.stringify(leaf)}${'}'.repeat(depth)}`);

describe('the JSON nesting policy', () => {
  it('accepts a document exactly as deep as the limit', () => {
    expect(findJsonLimitBreach(nested(jsonLimits.maxDepth))).toBeNull();
  });

  it('refuses one level more, naming the limit and the start of the path', () => {
    const breach = findJsonLimitBreach(nested(jsonLimits.maxDepth + 1))!;
    expect(breach).toEqual({ path: 'x.x.x.x…', rule: 'nests deeper than 256 levels (the limit)' });
    expect(toBreachMessage(breach, 'body')).toBe('x.x.x.x…: nests deeper than 256 levels (the limit)');
  });

  it('checks a million levels without overflowing the stack', () => {
    const text = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(findJsonLimitBreach(JSON.parse(text))?.rule).toBe('nests deeper than 256 levels (the limit)');
  });

  it('counts arrays and objects alike, and scalars not at all', () => {
    expect(findJsonLimitBreach([[[1]]], { maxDepth: 3 })).toBeNull();
    expect(findJsonLimitBreach([[[[1]]]], { maxDepth: 3 })).toEqual({ path: '0.0.0', rule: 'nests deeper than 3 levels (the limit)' });
    expect(findJsonLimitBreach('text')).toBeNull();
  });

  it('refuses a key longer than the limit and shows only its start', () => {
    const key = 'k'.repeat(jsonLimits.maxKeyLength + 1);
    const breach = findJsonLimitBreach({ a: { [key]: 1 } })!;
    expect(breach.rule).toBe('has a key longer than 1024 characters (the limit)');
    expect(breach.path).toBe(`a.${'k'.repeat(40)}…`);
    expect(findJsonLimitBreach({ ['k'.repeat(jsonLimits.maxKeyLength)]: 1 })).toBeNull();
  });

  it('walks a __proto__ key like any other', () => {
    expect(findJsonLimitBreach(JSON.parse('{"__proto__":[[[1]]]}'), { maxDepth: 3 })?.path).toBe('__proto__.0.0');
  });
});
