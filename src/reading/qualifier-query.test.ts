import { describe, expect, it } from 'vitest';
import { toQualifierConditions } from './qualifier-query.js';
import { matchesCondition } from './world-filter.js';

const known = { has: (name: string) => ['status', 'tags', 'severity', 'title'].includes(name.toLowerCase()) };
const alerts = [
  { id: 'a1', status: 'acknowledged', tags: ['database'], severity: 'P1' },
  { id: 'a2', status: 'closed', tags: ['database'], severity: 'P2' },
  { id: 'a3', status: 'new', tags: ['frontend'], severity: 'P3' },
];
const picked = (query: string) => {
  const conditions = toQualifierConditions(query, known) ?? [];
  return alerts.filter((alert) => conditions.every((condition) => matchesCondition(alert, alert.id, condition))).map((alert) => alert.id);
};

describe('field:value queries joined by AND and OR', () => {
  it('reads each term as a condition, a singular name finding a list field', () => {
    expect(picked('status:open AND tag:database')).toEqual(['a1']);
    expect(picked('tag:frontend OR severity:P2')).toEqual(['a2', 'a3']);
    expect(picked('severity:P1 tag:database')).toEqual(['a1']);
    expect(picked('title:"disk full"')).toEqual([]);
  });

  it('leaves free words, is: and terms on fields no entity has to the free-text search', () => {
    expect(toQualifierConditions('disk full AND status:open', known)).toBeNull();
    expect(toQualifierConditions('is:open', known)).toBeNull();
    expect(toQualifierConditions('sort:created', known)).toBeNull();
    expect(toQualifierConditions('status:closed AND sort:created', known)).toEqual([
      { field: 'status', operator: 'contains', value: 'closed' },
    ]);
  });
});
