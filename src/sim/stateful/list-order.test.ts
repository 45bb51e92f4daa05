import { describe, expect, it } from 'vitest';
import { inListOrder, toListOrder } from './list-order.js';

const known = { has: (name: string) => ['start', 'createdat', 'amount', 'name'].includes(name) };
const entities = [
  { id: 'b1', fields: { start: '2026-12-05', amount: 5 } },
  { id: 'b2', fields: { start: '2026-12-03', amount: 30 } },
  { id: 'b3', fields: { amount: 30 } },
  { id: 'b4', fields: { start: '2026-12-04', amount: 100 } },
];

describe('the order a list asks for', () => {
  it('reads a direction named for its field, a signed field, and a field with a direction beside it', () => {
    expect(toListOrder({ sortStart: 'desc' }, known)).toEqual({ field: 'start', descending: true });
    expect(toListOrder({ sort: '-created_at' }, known)).toEqual({ field: 'created_at', descending: true });
    expect(toListOrder({ sort_by: 'amount', order: 'asc' }, known)).toEqual({ field: 'amount', descending: false });
    expect(toListOrder({ orderBy: 'name desc' }, known)).toEqual({ field: 'name', descending: true });
  });

  it('asks nothing of a field the entities do not hold, or of a sort that is no field', () => {
    expect(toListOrder({ sort: 'relevance' }, known)).toBeNull();
    expect(toListOrder({ order: 'desc' }, known)).toBeNull();
    expect(toListOrder({}, known)).toBeNull();
  });

  it('orders by the value, numbers as numbers, those without it last, ties as they were', () => {
    expect(inListOrder(entities, { field: 'start', descending: true }).map((entity) => entity.id)).toEqual(['b1', 'b4', 'b2', 'b3']);
    expect(inListOrder(entities, { field: 'amount', descending: false }).map((entity) => entity.id)).toEqual(['b1', 'b2', 'b3', 'b4']);
  });
});
