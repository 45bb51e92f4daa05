import { describe, expect, it } from 'vitest';
import { matchesCondition, toConditions } from './world-filter.js';
import { looksStructured } from './structured-filter.js';

const ada = { id: 'c1', email: 'ada@example.com', lifecyclestage: 'lead', score: 40, tags: ['vip'], done: true, due: '2026-02-01' };
const bob = { id: 'c2', email: 'bob@example.com', lifecyclestage: 'customer', score: 90, tags: [], done: false, due: '2026-05-01' };
const picks = (name: string, value: unknown) =>
  [ada, bob]
    .filter((fields) => (toConditions(name, value) ?? []).every((condition) => matchesCondition(fields, fields.id, condition)))
    .map((fields) => fields.id);

describe('filter groups of { propertyName, operator, value }', () => {
  it('ANDs the filters of a group and ORs the groups', () => {
    const one = (propertyName: string, operator: string, value: unknown) => ({ propertyName, operator, value });
    expect(picks('filterGroups', [{ filters: [one('email', 'EQ', 'ada@example.com')] }])).toEqual(['c1']);
    expect(picks('filterGroups', [{ filters: [one('email', 'EQ', 'ada@example.com'), one('score', 'GT', 50)] }])).toEqual([]);
    expect(picks('filterGroups', [{ filters: [one('email', 'EQ', 'ada@example.com')] }, { filters: [one('score', 'GTE', 90)] }])).toEqual([
      'c1',
      'c2',
    ]);
  });

  it('reads IN, NOT_IN, BETWEEN, CONTAINS_TOKEN and HAS_PROPERTY', () => {
    const group = (filter: Record<string, unknown>) => [{ filters: [filter] }];
    expect(picks('filterGroups', group({ propertyName: 'lifecyclestage', operator: 'IN', values: ['lead', 'mql'] }))).toEqual(['c1']);
    expect(picks('filterGroups', group({ propertyName: 'lifecyclestage', operator: 'NOT_IN', values: ['lead'] }))).toEqual(['c2']);
    expect(picks('filterGroups', group({ propertyName: 'score', operator: 'BETWEEN', value: 30, highValue: 50 }))).toEqual(['c1']);
    expect(picks('filterGroups', group({ propertyName: 'email', operator: 'CONTAINS_TOKEN', value: 'bob' }))).toEqual(['c2']);
    expect(picks('filterGroups', group({ propertyName: 'phone', operator: 'NOT_HAS_PROPERTY' }))).toEqual(['c1', 'c2']);
  });

  it('reads a list of { field, op, value } under any filter name, and `operator: OR` groups', () => {
    expect(picks('filter_conditions', [{ field: 'lifecyclestage', op: 'eq', value: 'customer' }])).toEqual(['c2']);
    expect(picks('filter_conditions', [{ field: 'score', op: '<', value: 50 }])).toEqual(['c1']);
    const either = {
      operator: 'OR',
      conditions: [
        { field: 'score', op: '>', value: 80 },
        { field: 'email', op: 'contains', value: 'ada' },
      ],
    };
    expect(picks('conditions', either)).toEqual(['c1', 'c2']);
  });
});

describe('Notion-style and Mongo-style filters', () => {
  it('reads { property, <type>: { equals | contains | before } } under and/or', () => {
    expect(picks('filter', { property: 'done', checkbox: { equals: true } })).toEqual(['c1']);
    expect(
      picks('filter', {
        or: [
          { property: 'email', rich_text: { contains: 'bob' } },
          { property: 'due', date: { before: '2026-03-01' } },
        ],
      }),
    ).toEqual(['c1', 'c2']);
    expect(
      picks('filter', {
        and: [
          { property: 'email', rich_text: { does_not_contain: 'bob' } },
          { property: 'done', checkbox: { equals: true } },
        ],
      }),
    ).toEqual(['c1']);
  });

  it('reads $eq, $in, $gt, $nin and $or, whatever the argument is called', () => {
    expect(picks('selector', { lifecyclestage: { $in: ['customer'] } })).toEqual(['c2']);
    expect(picks('selector', { score: { $gt: 50 }, done: false })).toEqual(['c2']);
    expect(picks('selector', { $or: [{ email: 'ada@example.com' }, { score: { $gte: 90 } }] })).toEqual(['c1', 'c2']);
    expect(picks('selector', { lifecyclestage: { $nin: ['customer', 'lead'] } })).toEqual([]);
  });

  it('keeps plain { field: value } pairs under a filter name, with a list as any of its values', () => {
    expect(picks('where', { lifecyclestage: 'lead' })).toEqual(['c1']);
    expect(picks('filters', { lifecyclestage: ['lead', 'customer'] })).toEqual(['c1', 'c2']);
  });

  it('leaves an object that states no filter alone', () => {
    expect(looksStructured({ name: 'Ada', properties: { email: 'ada@example.com' } })).toBe(false);
    expect(toConditions('properties', { email: 'ada@example.com' })).toBeNull();
  });
});
