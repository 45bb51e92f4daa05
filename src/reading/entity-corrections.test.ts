import { describe, expect, it } from 'vitest';
import { toCorrectedIdPattern, withCorrectedIds } from './entity-corrections.js';

describe("an entities: correction's id format", () => {
  it('reads a prefix as the prefix and a random tail, an example by the kind of its tail, a pattern as itself', () => {
    expect(toCorrectedIdPattern({ prefix: 'crd_' })).toBe('^crd_[A-Za-z0-9]{14}$');
    expect(toCorrectedIdPattern({ example: 'INC-1042' })).toBe('^INC-\\d{4}$');
    expect(toCorrectedIdPattern({ example: '64f1c2a9e4b0d3a1b2c3d4e5' })).toBe('^[0-9a-f]{24}$');
    expect(toCorrectedIdPattern({ example: 'acct.Xy7Q' })).toBe('^acct\\.[A-Za-z0-9]{4}$');
    expect(toCorrectedIdPattern({ pattern: '^T\\d+$' })).toBe('^T\\d+$');
    expect(toCorrectedIdPattern({})).toBeNull();
  });

  it('replaces what the tools showed of the ids, and leaves a type without one as read', () => {
    const read = { patterns: ['^[0-9]+$'], descriptions: ['The card number, e.g. 42'], service: null };
    expect(withCorrectedIds(read, { id: { prefix: 'crd_' } })).toEqual({
      patterns: ['^crd_[A-Za-z0-9]{14}$'],
      descriptions: [],
      service: null,
    });
    expect(withCorrectedIds(read, { states: ['open'] })).toBe(read);
    expect(withCorrectedIds(read, undefined)).toBe(read);
  });
});
