import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { toKeyFields, toKeySelector } from './key-selector.js';

const tool = (properties: Record<string, unknown>): ToolDefinition => ({ name: 'show_kite', inputSchema: { type: 'object', properties } });

describe('toKeySelector', () => {
  it('reads a sibling named for the id argument with a word of kind, whose enum lists keys, as the choice of key', () => {
    expect(toKeySelector(tool({ ref: {}, refType: { type: 'string', enum: ['id', 'tiny', 'alias'] } }), 'ref')).toEqual({
      argument: 'refType',
      keys: ['id', 'tiny', 'alias'],
    });
    expect(toKeySelector(tool({ kite: {}, kite_lookup_by: { enum: ['id', 'tail_number'] } }), 'kite')).toMatchObject({
      argument: 'kite_lookup_by',
    });
  });

  it('finds no selector without an enum of two keys, for another argument, or without an id argument', () => {
    expect(toKeySelector(tool({ ref: {}, refType: { type: 'string' } }), 'ref')).toBeNull();
    expect(toKeySelector(tool({ ref: {}, refType: { enum: ['alias'] } }), 'ref')).toBeNull();
    expect(toKeySelector(tool({ ref: {}, colourType: { enum: ['red', 'blue'] } }), 'ref')).toBeNull();
    expect(toKeySelector(tool({ kite: {}, kiteType: { enum: ['box', 'delta'] } }), 'kite')).toBeNull();
    expect(toKeySelector(tool({ ref: {}, refType: { enum: ['id', 'alias'] } }), null)).toBeNull();
  });
});

describe('toKeyFields', () => {
  it('names the fields a chosen key may be held under, and none for the plain id', () => {
    expect(toKeyFields('alias')).toEqual(['alias', 'aliasid']);
    expect(toKeyFields('tiny')).toEqual(['tiny', 'tinyid']);
    expect(toKeyFields('id')).toBeNull();
  });
});
