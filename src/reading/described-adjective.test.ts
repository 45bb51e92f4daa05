import { describe, expect, it } from 'vitest';
import { toAdjectiveField } from './described-adjective.js';

const schemas = new Map<string, Record<string, unknown>>([
  ['urgency', { anyOf: [{ enum: ['high', 'low'], type: 'string' }, { type: 'null' }] }],
  ['priority', { enum: ['P1', 'P2'] }],
  ['title', { type: 'string' }],
]);

describe('toAdjectiveField', () => {
  it('reads an enum value before its field name as the field (`high urgency`), an optional enum included', () => {
    expect(toAdjectiveField(schemas, 'high urgency')).toEqual({ field: 'urgency', value: 'high' });
    expect(toAdjectiveField(schemas, 'p2 priority')).toEqual({ field: 'priority', value: 'P2' });
  });

  it('reads no word that is not one of the enum values, nor a field without an enum', () => {
    expect(toAdjectiveField(schemas, 'medium urgency')).toBeUndefined();
    expect(toAdjectiveField(schemas, 'new title')).toBeUndefined();
    expect(toAdjectiveField(schemas, 'urgency high')).toBeUndefined();
  });
});
