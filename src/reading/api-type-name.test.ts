import { describe, expect, it } from 'vitest';
import { toApiTypeName } from './api-type-name.js';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

describe("the service's word a description writes in brackets names the entity", () => {
  it('reads the bracketed name after the entity, with or without "API:" and a verb', () => {
    expect(toApiTypeName('expense', 'Fetch a single expense (Purchase) by ID with full details.')).toBe('purchase');
    expect(toApiTypeName('saved_view', 'Get Linear saved views (API: CustomView)')).toBe('custom_view');
    expect(toApiTypeName('saved_view', 'Update a Linear saved view (API: updateCustomView).')).toBe('custom_view');
  });

  it('never reads a note in brackets, or a name after other words, as the type', () => {
    expect(toApiTypeName('expense', 'Create an expense (optional).')).toBeNull();
    expect(toApiTypeName('expense', 'Create an expense (ID).')).toBeNull();
    expect(toApiTypeName('expense', 'Create an expense for a vendor (Vendor).')).toBeNull();
  });

  it("re-reads every tool of the entity as the service's word, and says why", () => {
    const model = readServer([
      tool('get_expense', { id: text }, 'Fetch a single expense (Purchase) by ID.'),
      tool('create_expense', { memo: text }, 'Create an expense.'),
      tool('delete_expense', { id: text }, 'Delete an expense.'),
      tool('list_vendors'),
    ]);
    expect(model.shapes.get('get_expense')?.entity).toBe('purchase');
    expect(model.shapes.get('create_expense')?.entity).toBe('purchase');
    expect(model.shapes.get('list_vendors')?.entity).toBe('vendor');
    expect(model.readings.get('create_expense')?.why.entity).toMatch(/service's word for expense/);
  });
});
