import { describe, expect, it } from 'vitest';
import { toFilterQuery } from './filter-query.js';

const world = { entities: { project: { p1: { id: 'p1', name: 'Work' } } }, facts: [] };
const context = { world, now: '2026-03-05T09:00:00Z' };
const test = (query: string, fields: Record<string, unknown>) => toFilterQuery(query, context)!(fields);

describe('a filter query', () => {
  it('reads date words against the due date on the given clock', () => {
    expect(test('today', { due_date: '2026-03-05' })).toBe(true);
    expect(test('today', { due_date: '2026-03-06' })).toBe(false);
    expect(test('overdue', { due: { date: '2026-03-01' } })).toBe(true);
    expect(test('overdue', { due_date: '2026-03-01', status: 'completed' })).toBe(false);
    expect(test('no date', {})).toBe(true);
  });

  it('joins terms with &, | and !, parentheses first, and reads #Name as what lies in the entity of that name', () => {
    expect(test('(today | overdue) & #Work', { due_date: '2026-03-01', project_id: 'p1' })).toBe(true);
    expect(test('(today | overdue) & #Work', { due_date: '2026-03-01', project_id: 'p2' })).toBe(false);
    expect(test('!no date & @email', { due_date: '2026-03-09', labels: ['email'] })).toBe(true);
    expect(test('@email', { labels: ['work'], note: 'email' })).toBe(false);
    expect(test('@octocat', { assignee: 'octocat' })).toBe(true);
  });

  it('leaves a query with no date word, # or @ term to the free-text match', () => {
    expect(toFilterQuery('meeting today', context)).toBeNull();
    expect(toFilterQuery('search: wireframes', context)).toBeNull();
  });
});
