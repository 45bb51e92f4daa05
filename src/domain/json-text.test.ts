import { describe, expect, it } from 'vitest';
import { rememberJsonText, takeJsonText } from './json-text.js';

describe('json-text', () => {
  it('gives a kept text once, for the object it was made from only', () => {
    const value = { a: 1 };
    rememberJsonText(value, '{"a":1}');
    expect(takeJsonText({ a: 1 })).toBeUndefined();
    expect(takeJsonText(value)).toBe('{"a":1}');
    expect(takeJsonText(value)).toBeUndefined();
  });

  it('keeps at most 256 texts, dropping the oldest', () => {
    const values = Array.from({ length: 300 }, (_, index) => ({ index }));
    for (const value of values) rememberJsonText(value, JSON.stringify(value));
    expect(values.filter((value) => takeJsonText(value) !== undefined)).toEqual(values.slice(44));
  });
});
