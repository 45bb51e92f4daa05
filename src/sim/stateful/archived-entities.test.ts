import { describe, expect, it } from 'vitest';
import { asksForArchived, isArchived } from './archived-entities.js';

describe('archived entities', () => {
  it('reads an archived flag or an archived state', () => {
    expect(isArchived({ title: 'Q3', archived: true })).toBe(true);
    expect(isArchived({ title: 'Q3', isArchived: 'true' })).toBe(true);
    expect(isArchived({ status: 'ARCHIVED' })).toBe(true);
    expect(isArchived({ title: 'Q3', archived: false, status: 'open' })).toBe(false);
    expect(isArchived({ archive_reason: 'duplicate' })).toBe(false);
  });

  it('tells a list that asks for archived entities from one that does not', () => {
    expect(asksForArchived({ includeArchived: true })).toBe(true);
    expect(asksForArchived({ archived: true })).toBe(true);
    expect(asksForArchived({ filter: 'archived' })).toBe(true);
    expect(asksForArchived({ board_id: 'b1', query: 'archive plans' })).toBe(false);
    expect(asksForArchived({ filter: 'status:archived tags:shipping' })).toBe(true);
    expect(asksForArchived({ filter: 'tags:shipping' })).toBe(false);
    expect(asksForArchived({ query: 'deleted files' })).toBe(false);
  });
});
