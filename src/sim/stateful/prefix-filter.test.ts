import { describe, expect, it } from 'vitest';
import { toFolderProperty, toFolders, toPrefixFilter } from './prefix-filter.js';

describe('prefix arguments', () => {
  it('keeps the entities whose key, or named field, starts with the prefix', () => {
    const byKey = toPrefixFilter('Prefix', 'exports/2026/', 'path')!;
    expect(byKey({ path: 'exports/2026/jan.json' }, 'x1')).toBe(true);
    expect(byKey({ path: 'exports/2025/dec.json' }, 'x2')).toBe(false);
    expect(byKey({}, 'exports/2026/feb.json')).toBe(true);
    const byName = toPrefixFilter('name_prefix', 'web-', 'id')!;
    expect(byName({ name: 'web-frontend' }, '7')).toBe(true);
    expect(byName({ name: 'api' }, 'web-7')).toBe(false);
  });

  it('reads no other argument', () => {
    expect(toPrefixFilter('prefixes', 'a', 'id')).toBeNull();
    expect(toPrefixFilter('delimiter', '/', 'id')).toBeNull();
    expect(toPrefixFilter('prefix', 3, 'id')).toBeNull();
  });
});

describe('a delimiter', () => {
  const keys = ['exports/a.json', 'exports/2026/jan.json', 'exports/2026/feb.json', 'exports/old/x.json'];
  it('lists the keys above the next delimiter and folds the rest into common prefixes', () => {
    expect(toFolders({ prefix: 'exports/', delimiter: '/' }, keys)).toEqual({
      listed: [true, false, false, false],
      prefixes: ['exports/2026/', 'exports/old/'],
    });
    expect(toFolders({ delimiter: '/' }, keys)?.prefixes).toEqual(['exports/']);
    expect(toFolders({ prefix: 'exports/' }, keys)).toBeNull();
  });

  it('names the prefixes as the outputSchema does', () => {
    const schema = { properties: { Folders: { type: 'array' }, SubPrefixes: { type: 'array', items: { properties: { Path: {} } } } } };
    expect(toFolderProperty(['a/'], schema)).toEqual({ SubPrefixes: [{ Path: 'a/' }] });
    expect(toFolderProperty(['a/'], undefined)).toEqual({ prefixes: ['a/'] });
  });
});
