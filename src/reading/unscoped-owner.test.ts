import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { tool, text } from './written-tools.test-support.js';

const number = { type: 'number' };

/** A small shop: products are kept (listed, read by id). */
const shop = [tool('list_products', { first: number }), tool('get_product', { product_id: text })];

const entityOf = (extra: ReturnType<typeof tool>[], name: string) => readServer([...shop, ...extra]).shapes.get(name)?.entity;

describe("an owner the name writes before its entity, which no argument names, is part of the service's word", () => {
  it('reads a list of product variants that takes no product as listing product variants, and says why', () => {
    const model = readServer([...shop, tool('list_product_variants', { first: number, after: text })]);
    expect(model.shapes.get('list_product_variants')?.entity).toBe('product_variant');
    expect(model.readings.get('list_product_variants')?.why.entity).toMatch(/no argument names one/);
  });

  it('keeps the owner a scope where an argument names it: the reviews of one product', () => {
    expect(entityOf([tool('list_product_reviews', { product_id: text })], 'list_product_reviews')).toBe('review');
  });

  it('keeps the entity where another tool keeps it alone', () => {
    expect(
      entityOf([tool('list_product_variants', { first: number }), tool('get_variant', { variant_id: text })], 'list_product_variants'),
    ).toBe('variant');
  });

  it("never reads the name's verb as an owner, where the verb is also a type", () => {
    const tools = [tool('create_list', { name: text }), tool('get_list', { list_id: text }), tool('list_workspaces', {})];
    expect(readServer(tools).shapes.get('list_workspaces')?.entity).toBe('workspace');
  });
});
