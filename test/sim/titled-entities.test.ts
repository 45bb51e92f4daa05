/**
 * A service that names its things by title (a list sorts by `TITLE`, a search matches titles),
 * driven with no model over the real platform (a real SQLite file, `app.fetch` in process): what
 * a first list makes up carries a `title`, the one a read of it shows.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-titled-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

describe('entities a service names by title', () => {
  it('are made up with a title where a list sorts by it, and with a name where a tool takes one', async () => {
    const call = await mockOnTools(harness, {
      namespace: 'shop',
      connection: 'store',
      tools: [
        {
          name: 'get_products',
          description: 'List products.',
          inputSchema: object({ first: { type: 'number' }, sortKey: { type: 'string', enum: ['ID', 'TITLE', 'VENDOR'] } }),
        },
        { name: 'get_product_by_id', description: 'Get a product.', inputSchema: object({ productId: { type: 'string' } }, ['productId']) },
        { name: 'list_vendors', description: 'List vendors by title or name.', inputSchema: object({ name: { type: 'string' } }) },
      ],
    });
    const [first] = (await call('get_products', { first: 5 })).products;
    expect(first).toEqual(expect.objectContaining({ title: expect.any(String) }));
    expect(first).not.toHaveProperty('name');
    expect(await call('get_product_by_id', { productId: first.id })).toMatchObject({ title: first.title });
    const [vendor] = (await call('list_vendors', {})).vendors;
    expect(vendor).toHaveProperty('name');
  });
});
