import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { isDataArgument, toListFilters } from './list-filters.js';
import { readServer } from './read-server.js';

const listIssues: ToolDefinition = {
  name: 'list_issues',
  inputSchema: {
    type: 'object',
    properties: {
      state: { type: 'string' },
      since: { type: 'string' },
      q: { type: 'string' },
      per_page: { type: 'integer' },
      sort: { type: 'string' },
      properties: { type: 'object' },
    },
  },
};

describe('the list-filter rule', () => {
  it('counts data and payloads, never paging, shaping or the argument that picks the operation', () => {
    expect(isDataArgument('state', null)).toBe(true);
    expect(isDataArgument('per_page', null)).toBe(false);
    expect(isDataArgument('method', 'method')).toBe(false);
    const model = readServer([listIssues]);
    expect(toListFilters(listIssues, model.shapes.get('list_issues')!)).toEqual([
      { argument: 'state', kind: 'equality' },
      { argument: 'since', kind: 'range' },
      { argument: 'q', kind: 'query' },
      { argument: 'properties', kind: 'equality' },
    ]);
  });

  it('is what the tool reading (and so explain) says a list filters by', () => {
    const model = readServer([listIssues]);
    const reading = model.readings.get('list_issues')!;
    expect(reading.filters).toEqual(toListFilters(listIssues, model.shapes.get('list_issues')!));
    expect(reading.why.filters).toContain('per_page, sort only page or shape the answer');
  });
});
