/**
 * A search whose query holds a quote inside a word (PromQL's `up{job="node"}`, `title="x"`): the
 * made-up results are about the query and a list finds them, over the real platform (`app.fetch`,
 * a real SQLite file). Before, the query never matched the results' JSON text (where the quote is
 * escaped), so the list made results again and again until the stack overflowed: a 500 after
 * about a minute and a half.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-quoted-query-', (started) => (harness = started));

const tools = [
  {
    name: 'search_docs',
    description: 'Search the documentation pages by text.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
];

describe('a search whose query holds quotes', () => {
  it('answers results about the query, and finds them again', async () => {
    const call = await mockOnTools(harness, { namespace: 'docs', connection: 'prometheus', tools });
    const first = (await call('search_docs', { query: 'up{job="node"}' })) as Record<string, { title: string }[]>;
    const [results] = Object.values(first).filter(Array.isArray);
    expect(results!.length).toBeGreaterThan(0);
    expect(results!.map((result) => result.title).join(' ')).toContain('job="node"');
    const again = (await call('search_docs', { query: 'up{job="node"}' })) as Record<string, { title: string }[]>;
    expect(Object.values(again).filter(Array.isArray)[0]).toEqual(results);
  });
});
