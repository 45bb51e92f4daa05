import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { withSearchedType } from './site-search.js';
import type { AnswerInput } from './world-conventions.js';

const tool = (name: string, description: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});
const text = { type: 'string' };

/** An analytics service: reports and boards are made, one search looks across everything it holds. */
const analytics = [
  tool('create_report', 'Create a report', { title: text }),
  tool('create_board', 'Create a board', { title: text }),
  tool('search_workspace', 'Search across all reports, boards and folders', { q: text, kinds: { type: 'array', items: text } }),
  tool('search_web', 'Search the web', { query: text }),
];

const world: WorldState = {
  entities: {
    report: { r1: { id: 'r1', title: 'Weekly revenue' } },
    board: { b1: { id: 'b1', title: 'Revenue overview' } },
  },
  facts: [],
};

function inputFor(name: string, args: Record<string, unknown>, at: WorldState = world): AnswerInput {
  const model = readServer(analytics);
  const { shapes } = model;
  return {
    tool: analytics.find((candidate) => candidate.name === name)!,
    shape: shapes.get(name)!,
    shapes,
    model,
    serverTools: analytics,
    args,
    argumentsKey: JSON.stringify(args),
    world: at,
    now: '2026-03-01T10:00:00.000Z',
    sequence: 1,
    seed: 'test',
  };
}

describe('withSearchedType', () => {
  it('reads a search of a type nothing makes as a search of the made type that holds the query', () => {
    expect(withSearchedType(inputFor('search_workspace', { q: 'weekly' })).shape.entity).toBe('report');
    expect(withSearchedType(inputFor('search_workspace', { q: 'overview' })).shape.entity).toBe('board');
  });

  it('takes the type a type argument names first', () => {
    expect(withSearchedType(inputFor('search_workspace', { q: 'revenue', kinds: ['boards'] })).shape.entity).toBe('board');
    expect(withSearchedType(inputFor('search_workspace', { q: 'revenue' })).shape.entity).toBe('report');
  });

  it('keeps the search as it was when nothing made matches, or there is no query', () => {
    const before = inputFor('search_workspace', { q: 'churn' });
    expect(withSearchedType(before).shape.entity).toBe(before.shape.entity);
    expect(withSearchedType(inputFor('search_workspace', {})).shape.entity).toBe(before.shape.entity);
    expect(withSearchedType(inputFor('search_workspace', { q: 'weekly' }, { entities: {}, facts: [] })).shape.entity).toBe(
      before.shape.entity,
    );
  });
});
