import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { toParentReferences } from './tool-parents.js';

const integer = { type: 'integer' };
const tool = (name: string, description: string, properties: Record<string, unknown>): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

describe('actions that apply one entity to another', () => {
  const tools = [
    tool('get_order', 'Show an order.', { order_id: integer }),
    tool('list_coupons', 'List the coupons.', {}),
    tool('redeem_coupon', 'Redeem a coupon on an order.', { coupon_id: integer, order_id: integer }),
    tool('link_coupon', 'Link a coupon with an order.', { coupon_id: integer, order_id: integer }),
  ];
  const shapes = inferServerShapes(tools);

  it('acts on the entity the description applies the other to, whatever the order of the arguments', () => {
    expect(shapes.get('redeem_coupon')).toMatchObject({ operation: 'other', entity: 'order', idArgument: 'order_id', numericId: true });
  });

  it('makes neither entity the parent of the other', () => {
    const redeem = tools.find((candidate) => candidate.name === 'redeem_coupon')!;
    expect(toParentReferences(redeem, shapes.get('redeem_coupon')!, shapes)).toEqual([]);
  });

  it('leaves an action whose description applies nothing to anything as its name reads it', () => {
    expect(shapes.get('link_coupon')?.entity).toBe('coupon');
  });
});
