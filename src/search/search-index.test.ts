import { describe, expect, it } from 'vitest';
import { toSeededOrder } from './registry-query.js';
import { createSearchIndex } from './search-index.js';
import { fold, splitWords, toSearchTerms } from './search-text.js';
import { TopK } from './top-k.js';

describe('search text', () => {
  it('folds case and accents, splits camelCase, and stems', () => {
    expect(fold('Café Ñandú')).toBe('cafe nandu');
    expect(splitWords('GitHub MCPServer kubernetes-tools')).toEqual([
      'github',
      'git',
      'hub',
      'mcpserver',
      'mcp',
      'server',
      'kubernetes',
      'tools',
    ]);
    expect(toSearchTerms('Databases running')).toEqual(['databas', 'run']);
  });
});

describe('TopK', () => {
  it('keeps the best scores, breaking ties by the lower position', () => {
    const top = new TopK(3);
    for (const [position, score] of [
      [5, 1],
      [1, 3],
      [2, 3],
      [9, 7],
      [0, 1],
      [4, 2],
    ] as const)
      top.offer(position, score);
    expect(top.sorted()).toEqual([
      { position: 9, score: 7 },
      { position: 1, score: 3 },
      { position: 2, score: 3 },
    ]);
  });
});

describe('createSearchIndex', () => {
  const documents = [
    { name: 'GitHub', description: 'Issues and pull requests on GitHub.', useCount: 500, verified: true },
    { name: 'GitHub workflow helper', description: 'Runs workflows.', useCount: 5, verified: false },
    { name: 'Notes', description: 'Mentions github once, among other things to do today.', useCount: 9000, verified: false },
    { name: 'Postgres', description: 'Query a PostgreSQL database.', useCount: 100, verified: true },
    { name: 'Githubworkflowmcp', description: 'Automation.', useCount: 50, verified: false },
  ];
  const index = createSearchIndex(documents);
  const positions = (query: string, limit = 10) => index.search(query, { limit }).map((hit) => hit.position);

  it('ranks a name match above a description match, and scores the best hit 1', () => {
    const hits = index.search('github', { limit: 10 });
    expect(hits[0]).toEqual({ position: 0, score: 1 });
    expect(hits.map((hit) => hit.position).indexOf(2)).toBeGreaterThan(hits.map((hit) => hit.position).indexOf(1));
  });

  it('ranks an exact word above a longer word it only starts', () => {
    const order = positions('github');
    expect(order.indexOf(4)).toBeGreaterThan(order.indexOf(0));
  });

  it('matches the last word as a prefix, and only the last', () => {
    expect(positions('postg')).toEqual([3]);
    expect(positions('postg database')).toEqual([3]);
    expect(positions('databas')).toEqual([3]);
  });

  it('puts documents that match every word first', () => {
    expect(positions('github issues')[0]).toBe(0);
  });

  it('honours the limit and a filter', () => {
    expect(positions('github', 2)).toHaveLength(2);
    expect(index.search('github', { limit: 10, accept: (position) => position !== 0 }).map((hit) => hit.position)).not.toContain(0);
  });

  it('finds nothing for unknown words and empty queries', () => {
    expect(positions('zyzzyva')).toEqual([]);
    expect(positions('   ')).toEqual([]);
  });
});

describe('toSeededOrder', () => {
  const ids = Array.from({ length: 50 }, (_, index) => `id-${index}`);
  const positions = ids.map((_, index) => index);

  it('is a permutation that depends only on the seed', () => {
    const order = toSeededOrder(positions, ids, 42);
    expect([...order].sort((a, b) => a - b)).toEqual(positions);
    expect(toSeededOrder(positions, ids, 42)).toEqual(order);
    expect(toSeededOrder(positions, ids, 43)).not.toEqual(order);
    expect(toSeededOrder(positions, ids, -42)).not.toEqual(order);
    expect(toSeededOrder(positions, ids, 2 ** 40 + 42)).not.toEqual(order);
  });

  it('keeps relative order of a subset, so filters and pages agree', () => {
    const even = positions.filter((position) => position % 2 === 0);
    expect(toSeededOrder(even, ids, 7)).toEqual(toSeededOrder(positions, ids, 7).filter((position) => position % 2 === 0));
  });
});
