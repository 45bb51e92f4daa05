import { describe, expect, it } from 'vitest';
import { toSqlConditions } from './sql-where.js';
import { matchesCondition, toConditions } from './world-filter.js';

const pending = { id: 'o1', status: 'pending', total: 129.5, customer: { tier: 'gold' }, sku: 'SKU-RED-42' };
const shipped = { id: 'o2', status: 'shipped', total: 20, customer: { tier: 'basic' }, sku: 'SKU-BLUE-7' };
const picks = (query: string) =>
  [pending, shipped]
    .filter((fields) =>
      (toConditions('query', query) ?? [null]).every((condition) => condition !== null && matchesCondition(fields, fields.id, condition)),
    )
    .map((fields) => fields.id);

describe('SQL WHERE clauses', () => {
  it("reads a field through the FROM's alias", () => {
    expect(picks("SELECT * FROM c WHERE c.status = 'pending'")).toEqual(['o1']);
    expect(picks('SELECT * FROM orders o WHERE o.total > 100')).toEqual(['o1']);
    expect(picks("select * from c where c.customer.tier = 'basic'")).toEqual(['o2']);
  });

  it('reads AND, OR, parentheses, != and <>', () => {
    expect(picks("SELECT * FROM c WHERE c.status = 'pending' AND c.total < 100")).toEqual([]);
    expect(picks("SELECT * FROM c WHERE c.status = 'shipped' OR c.total >= 100")).toEqual(['o1', 'o2']);
    expect(picks("SELECT * FROM c WHERE (c.status = 'shipped' OR c.total > 100) AND c.status <> 'pending'")).toEqual(['o2']);
    expect(picks("SELECT * FROM c WHERE c.status != 'pending' ORDER BY c.total DESC")).toEqual(['o2']);
  });

  it('reads IN, NOT IN, LIKE, IS NULL and CONTAINS()', () => {
    expect(picks("SELECT * FROM c WHERE c.status IN ('pending', 'held')")).toEqual(['o1']);
    expect(picks("SELECT * FROM c WHERE c.status NOT IN ('pending')")).toEqual(['o2']);
    expect(picks("SELECT * FROM c WHERE c.sku LIKE 'SKU-BLUE%'")).toEqual(['o2']);
    expect(picks("SELECT * FROM c WHERE c.sku LIKE '%RED%'")).toEqual(['o1']);
    expect(picks('SELECT * FROM c WHERE c.refund IS NULL')).toEqual(['o1', 'o2']);
    expect(picks("SELECT * FROM c WHERE CONTAINS(c.sku, 'BLUE')")).toEqual(['o2']);
  });

  it('answers every row without a WHERE, and nothing it could not read', () => {
    expect(toSqlConditions('SELECT * FROM c')).toEqual([]);
    expect(toSqlConditions('SELECT * FROM c WHERE ST_DISTANCE(c.location, @here) < 30')).toBeNull();
    expect(toSqlConditions('list all orders')).toBeNull();
  });
  it("reads WIQL's bracketed, namespaced fields as the fields they name, and leaves a macro's clause to the service", () => {
    expect(
      toSqlConditions("SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND [System.State] = 'Active'"),
    ).toEqual([{ field: 'state', operator: 'eq', value: 'Active' }]);
    expect(toSqlConditions('SELECT [System.Id] FROM WorkItems WHERE [Microsoft.VSTS.Common.Priority] <= 2 ORDER BY [System.Id]')).toEqual([
      { field: 'priority', operator: 'lte', value: 2 },
    ]);
  });
});
