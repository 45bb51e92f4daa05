import { describe, expect, it } from 'vitest';
import { sortKeys, toCanonicalJson } from './canonical-json.js';

describe('sortKeys', () => {
  it('returns arguments whose keys are already sorted at every depth as they are, not a copy', () => {
    const args = { a: 1, b: [{ c: 2, d: null }, 'x'], e: { f: { g: true } } };
    expect(sortKeys(args)).toBe(args);
  });

  it('copies a value with keys out of order at any depth, sorted, leaving the value as it was', () => {
    const args = { a: 1, b: [{ d: 2, c: 3 }] };
    const sorted = sortKeys(args) as typeof args;
    expect(sorted).not.toBe(args);
    expect(JSON.stringify(sorted)).toBe('{"a":1,"b":[{"c":3,"d":2}]}');
    expect(JSON.stringify(args)).toBe('{"a":1,"b":[{"d":2,"c":3}]}');
  });

  it('sorts integer-like keys as text, as before: "10" before "9"', () => {
    expect(toCanonicalJson({ '9': 'a', '10': 'b', x: 1 })).toBe('{"9":"a","10":"b","x":1}');
    expect(Object.keys(sortKeys({ '9': 'a', '10': 'b' }) as object)).toEqual(['9', '10']);
  });

  it('copies what is not a plain object into one, as before: a Date has no keys', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(toCanonicalJson({ at })).toBe('{"at":{}}');
  });

  it('keeps a __proto__ key as a key', () => {
    const parsed = JSON.parse('{"z":1,"__proto__":{"polluted":true}}') as unknown;
    expect(toCanonicalJson(parsed)).toBe('{"__proto__":{"polluted":true},"z":1}');
    const inOrder = JSON.parse('{"__proto__":{"b":1},"a":2}') as unknown;
    expect(toCanonicalJson(inOrder)).toBe('{"__proto__":{"b":1},"a":2}');
  });
});
