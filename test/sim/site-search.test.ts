/**
 * A search across the service's own content (issue 36, point 3), over the real platform (a real
 * SQLite file, `app.fetch` in process), with no model: after a report and a board are made, a
 * search whose own type nothing makes finds them by their words, the type its argument names
 * first, and a query nothing matches answers none of them.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-site-search-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };

describe('a search across the service’s content', () => {
  it('finds what the service made by the query, not results made up about it', async () => {
    const tools = [
      { name: 'create_report', description: 'Create a report.', inputSchema: object({ title: text, folder_id: text }, ['title']) },
      { name: 'create_board', description: 'Create a board.', inputSchema: object({ title: text }, ['title']) },
      {
        name: 'search_workspace',
        description: 'Search across all reports, boards and folders of the workspace.',
        inputSchema: object({ q: text, kinds: { type: 'array', items: text } }, ['q']),
      },
    ];
    const call = await mockOnTools(harness, { namespace: 'bi', connection: 'analytics', tools });
    const report = await call('create_report', { title: 'Weekly revenue', folder_id: 'f1' });
    const board = await call('create_board', { title: 'Revenue overview' });

    const ids = (answer: Record<string, unknown>) =>
      Object.values(answer)
        .filter(Array.isArray)
        .flat()
        .map((item: { id: unknown }) => item.id);
    expect(ids(await call('search_workspace', { q: 'weekly revenue' }))).toEqual([report.id]);
    expect(ids(await call('search_workspace', { q: 'revenue', kinds: ['board'] }))).toEqual([board.id]);
    expect(ids(await call('search_workspace', { q: 'churn' }))).not.toContain(report.id);
  });
});
