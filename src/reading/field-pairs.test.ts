import { describe, expect, it } from 'vitest';
import { toFieldName, toPairObject, withFieldNames } from './field-pairs.js';

describe('field pairs', () => {
  it('reads a list of name/value pairs as the object it spells, in any of the spellings services use', () => {
    expect(toPairObject([{ name: 'System.Title', value: 'Crash', format: 'Markdown' }])).toEqual({ title: 'Crash' });
    expect(toPairObject([{ property: 'email', value: 'a@example.com' }])).toEqual({ email: 'a@example.com' });
  });

  it('is no pair list where an item lacks a value or carries a record', () => {
    expect(toPairObject(['System.Title'])).toBeNull();
    expect(toPairObject([{ name: 'Plan', value: 3, id: 'p1', price: 9, currency: 'EUR' }])).toBeNull();
  });

  it('reads a namespace-qualified name as the field its last part names, and leaves other names alone', () => {
    expect(toFieldName('Microsoft.VSTS.Common.Priority')).toBe('priority');
    expect(toFieldName('System.AssignedTo')).toBe('assignedTo');
    expect(toFieldName('metadata.name')).toBe('metadata.name');
    expect(withFieldNames({ 'System.State': 'Active', rev: 3 })).toEqual({ state: 'Active', rev: 3 });
  });
});
