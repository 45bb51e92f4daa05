/**
 * A tool named by a bare noun that picks a view of its resource by an `action` argument
 * (`news(action: list | detail | rss, id)`), driven with no model over the real platform (a real
 * SQLite file, `app.fetch` in process): its list views list the resource, and the view that names
 * one thing reads the one its id names, as a Get beside a List.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-view-dispatch-', (started) => (harness = started));

const news = {
  name: 'news',
  description: 'News articles. • list — paginated news articles • detail — full article content. Requires: id • rss — RSS news feed',
  inputSchema: {
    type: 'object',
    properties: {
      action: { type: 'string', enum: ['list', 'detail', 'rss'] },
      id: { type: 'string', description: 'REQUIRED for detail. News article ID' },
      page: { type: 'string' },
    },
    required: ['action'],
  },
};

describe('a noun-named tool whose action picks a view', () => {
  it('lists its resource, and reads the one a detail view names by its id', async () => {
    expect((await harness.call('PUT', '/servers/@qa/feeds', { body: { tools: [news] } })).status).toBe(201);
    await harness.call('PUT', '/namespaces/ops');
    expect((await harness.call('PUT', '/connect/ops/feeds', { body: { server: '@qa/feeds', mock: { enabled: true } } })).status).toBe(201);
    const world = {
      entities: { news: { news_7: { id: 'news_7', title: 'Rates held' }, news_8: { id: 'news_8', title: 'ETF flows' } } },
      facts: [],
    };
    expect((await harness.call('PUT', '/__mcpsim/connections/ops/feeds/simulation', { body: { world } })).status).toBe(200);
    const call = toolAnswers(harness, 'ops/feeds');

    const listed = await call('news', { action: 'list', page: '1' });
    expect(JSON.stringify(listed)).toContain('news_8');
    expect(await call('news', { action: 'detail', id: 'news_8' })).toMatchObject({ id: 'news_8', title: 'ETF flows' });
    expect(await call('news', { action: 'detail', id: 'news_404' })).toHaveProperty('error');
  });
});
