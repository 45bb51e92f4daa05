import { describe, expect, it } from 'vitest';
import { matchesCondition } from '../../reading/world-filter.js';
import { toFieldLookup } from './field-lookups.js';

describe('field lookups', () => {
  it('reads a field and its lookup from a double-underscore name', () => {
    expect(toFieldLookup('title__icontains', 'Tax')).toEqual([{ field: 'title', operator: 'contains', value: 'Tax' }]);
    expect(toFieldLookup('created__gte', '2026-01-01')).toEqual([{ field: 'created', operator: 'gte', value: '2026-01-01' }]);
    expect(toFieldLookup('id__in', '3, 5')).toEqual([{ field: 'id', operator: 'in', value: ['3', '5'] }]);
  });

  it('reads a field and a text match run together', () => {
    expect(toFieldLookup('nameContains', 'dist')).toEqual([{ field: 'name', operator: 'contains', value: 'dist' }]);
    expect(toFieldLookup('title_starts_with', 'Q3')).toEqual([{ field: 'title', operator: 'startswith', value: 'Q3' }]);
    expect(toFieldLookup('emailEndsWith', '@example.com')).toEqual([{ field: 'email', operator: 'endswith', value: '@example.com' }]);
    expect(toFieldLookup('contains', 'x')).toBeNull();
  });

  it('leaves other names alone', () => {
    expect(toFieldLookup('title', 'Tax')).toBeNull();
    expect(toFieldLookup('__typename', 'Tax')).toBeNull();
    expect(toFieldLookup('title__sounds_like', 'Tax')).toBeNull();
  });

  it('keeps the entities whose field the lookup matches', () => {
    const [startsWith] = toFieldLookup('label__istartswith', 'inv')!;
    expect(matchesCondition({ label: 'Invoices 2026' }, '1', startsWith!)).toBe(true);
    expect(matchesCondition({ label: 'Receipts' }, '2', startsWith!)).toBe(false);
  });
});
