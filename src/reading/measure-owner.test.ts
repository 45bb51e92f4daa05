import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const number = { type: 'number' };

/** A marketing service: campaigns, experiments, lists and notifications are kept by their own tools. */
const marketing = [
  tool('get_campaigns'),
  tool('get_campaign', { id: number }),
  tool('create_campaign', { name: text }),
  tool('get_experiment', { experimentId: number }),
  tool('get_lists'),
  tool('delete_list', { listId: number }),
  tool('get_notifications'),
];

describe('a measure of one kind of thing is read of that thing', () => {
  it('reads metrics, totals, trends, a size or a count after a kept type as that type, and says why', () => {
    const tools = [
      ...marketing,
      tool('get_campaign_metrics', { campaignId: number, startDateTime: text }, 'Get campaign performance metrics.'),
      tool('get_experiment_metrics', { experimentId: number }, 'Get experiment metrics for A/B testing analysis'),
      tool('get_experiment_totals', { experimentId: number }),
      tool('get_list_size', { listId: number }, 'Get the count of users in a specific list'),
      tool('getUnreadNotificationCount'),
    ];
    const model = readServer(tools);
    expect(model.shapes.get('get_campaign_metrics')?.entity).toBe('campaign');
    expect(model.shapes.get('get_experiment_metrics')?.entity).toBe('experiment');
    expect(model.shapes.get('get_experiment_totals')?.entity).toBe('experiment');
    expect(model.shapes.get('get_list_size')?.entity).toBe('list');
    expect(model.shapes.get('getUnreadNotificationCount')?.entity).toBe('notification');
    expect(model.readings.get('get_list_size')?.why.entity).toMatch(/value computed of list/);
  });

  it('keeps a measure with no kept type before it', () => {
    const model = readServer([...marketing, tool('list_metrics', { prefix: text }), tool('get_page_count')]);
    expect(model.shapes.get('list_metrics')?.entity).toBe('metric');
    expect(model.shapes.get('get_page_count')?.entity).not.toBe('page');
  });
});
