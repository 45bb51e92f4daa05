import { describe, expect, it } from 'vitest';
import { matchesCondition, toConditions } from './world-filter.js';

const ada = { id: '00u1', status: 'ACTIVE', profile: { firstName: 'Ada', email: 'ada@example.com' } };
const bob = { id: '00u2', status: 'DEPROVISIONED', profile: { firstName: 'Bob', email: 'bob@example.com' } };
const holds = (fields: Record<string, unknown>, name: string, value: string) =>
  (toConditions(name, value) ?? []).every((condition) => matchesCondition(fields, String(fields.id), condition));

describe('SCIM filters', () => {
  it('reads eq, sw, co, ew and pr on nested fields', () => {
    expect(holds(ada, 'filter', 'status eq "ACTIVE"')).toBe(true);
    expect(holds(bob, 'filter', 'status eq "ACTIVE"')).toBe(false);
    expect(holds(ada, 'search', 'profile.email sw "ada"')).toBe(true);
    expect(holds(bob, 'search', 'profile.email sw "ada"')).toBe(false);
    expect(holds(bob, 'search', 'profile.email co "bob@"')).toBe(true);
    expect(holds(ada, 'search', 'profile.email ew "example.com"')).toBe(true);
    expect(holds(ada, 'search', 'profile.firstName pr')).toBe(true);
  });

  it('joins clauses with and and or', () => {
    expect(holds(ada, 'search', 'status eq "ACTIVE" and profile.firstName eq "Ada"')).toBe(true);
    expect(holds(bob, 'search', 'status eq "ACTIVE" and profile.firstName eq "Bob"')).toBe(false);
    expect(holds(bob, 'search', 'profile.firstName eq "Ada" or profile.firstName eq "Bob"')).toBe(true);
    expect(holds(bob, 'search', 'profile.firstName eq "Ada" or status eq "ACTIVE"')).toBe(false);
  });

  it('keeps reading JQL-like clauses', () => {
    const issue = { id: 'OPS-7', project_key: 'OPS', status: 'open' };
    expect(holds(issue, 'jql', 'project = OPS AND status = open')).toBe(true);
    expect(holds(issue, 'jql', 'project = OPS AND status = done')).toBe(false);
  });
});

describe('formulas with fields in braces', () => {
  const row = { id: 'r1', Status: 'Done', 'Due Date': '2026-03-01', Points: 5, Shipped: true };
  it('reads {Field} = value, with spaces in the name, numbers and TRUE()', () => {
    expect(holds(row, 'filterByFormula', "{Status} = 'Done'")).toBe(true);
    expect(holds(row, 'filterByFormula', "{Status} = 'Todo'")).toBe(false);
    expect(holds(row, 'formula', "{Status}='Done'")).toBe(true);
    expect(holds(row, 'formula', "{Due Date} < '2026-04-01'")).toBe(true);
    expect(holds(row, 'formula', '{Points} >= 8')).toBe(false);
    expect(holds(row, 'formula', '{Shipped} = TRUE()')).toBe(true);
  });

  it('reads AND(...) as every clause and OR(...) as any of them', () => {
    expect(holds(row, 'formula', "AND({Status} = 'Done', {Points} > 3)")).toBe(true);
    expect(holds(row, 'formula', "AND({Status} = 'Done', {Points} > 6)")).toBe(false);
    expect(holds(row, 'formula', "OR({Status} = 'Todo', {Points} > 3)")).toBe(true);
    expect(holds(row, 'formula', "OR({Status} = 'Todo', {Points} > 6)")).toBe(false);
  });
});

describe('query words of a file store', () => {
  const note = { id: 'f1', title: 'Q3 notes.txt', folder_id: 'fold-A' };
  it("reads 'value' in field as one of the field's values, a plural finding the field that holds one", () => {
    expect(holds(note, 'q', "'fold-A' in folders")).toBe(true);
    expect(holds(note, 'q', "'fold-B' in folders")).toBe(false);
    expect(holds({ ...note, tags: ['x', 'y'] }, 'q', "'y' in tags")).toBe(true);
  });

  it('reads field contains text, and an unset flag as off', () => {
    expect(holds(note, 'query', "title contains 'q3'")).toBe(true);
    expect(holds(note, 'query', "title contains 'q4'")).toBe(false);
    expect(holds(note, 'q', "'fold-A' in folders and hidden = false")).toBe(true);
    expect(holds(note, 'q', "'fold-A' in folders and hidden = true")).toBe(false);
    expect(holds({ ...note, hidden: true }, 'q', "'fold-A' in folders and hidden = false")).toBe(false);
  });
});

describe('time windows that name no field', () => {
  const entry = { id: 'te_1', spent_date: '2026-11-20', created_at: '2026-11-28T09:00:00.000Z', hours: 3 };
  it('apply to the entity’s own date before the stamp of when it was written', () => {
    expect(holds(entry, 'from', '2026-11-18')).toBe(true);
    expect(holds(entry, 'from', '2026-11-22')).toBe(false);
    expect(holds(entry, 'to', '2026-11-21')).toBe(true);
    expect(holds({ id: 'x', created_at: '2026-11-28T09:00:00.000Z' }, 'from', '2026-11-22')).toBe(true);
  });
});

describe('open and closed asked of a workflow state', () => {
  it('reads open as any state but one that ends it, closed as one that does', () => {
    const investigating = { id: 't1', status: 'investigating' };
    const resolved = { id: 't2', status: 'Resolved' };
    expect(holds(investigating, 'jql', 'status = open')).toBe(true);
    expect(holds(resolved, 'jql', 'status = open')).toBe(false);
    expect(holds(resolved, 'jql', 'status = closed')).toBe(true);
    expect(holds(investigating, 'jql', 'status = closed')).toBe(false);
    expect(holds({ id: 't3', visibility: 'private' }, 'jql', 'visibility = open')).toBe(false);
  });
});

describe('time windows', () => {
  const invoice = { id: 'in_1', amount: 1200, created_at: '2026-03-10T09:00:00.000Z', updated_at: '2026-03-12T09:00:00.000Z' };
  const holdsAll = (args: Record<string, unknown>) =>
    Object.entries(args).every(([name, value]) =>
      (toConditions(name, value) ?? [{ field: 'never', operator: 'eq' as const, value: 'stated' }]).every((condition) =>
        matchesCondition(invoice, invoice.id, condition),
      ),
    );

  it('reads created_after, updated_before, since, until and date_from/date_to over the entity timestamps', () => {
    expect(holdsAll({ created_after: '2026-03-01' })).toBe(true);
    expect(holdsAll({ created_after: '2026-03-11' })).toBe(false);
    expect(holdsAll({ updated_before: '2026-03-11' })).toBe(false);
    expect(holdsAll({ since: '2026-03-01', until: '2026-03-31' })).toBe(true);
    expect(holdsAll({ date_from: '2026-03-11', date_to: '2026-03-31' })).toBe(false);
  });

  it('reads Unix seconds and milliseconds against a date text, and bounds in structured filters', () => {
    const march1 = Date.parse('2026-03-01T00:00:00Z') / 1000;
    expect(holdsAll({ created_after: march1 })).toBe(true);
    expect(holdsAll({ since: march1 })).toBe(true);
    expect(holdsAll({ oldest: march1 })).toBe(true);
    expect(holdsAll({ oldest: march1 + 30 * 86400 })).toBe(false);
    expect(holdsAll({ before: (march1 + 86400) * 1000 })).toBe(false);
    expect(holdsAll({ filter: { created_at: { gte: march1, lt: '2026-04-01' } } })).toBe(true);
  });
});

describe('fields kept in a payload', () => {
  it('finds a field inside properties or fields, also in the items of a list the entity holds', () => {
    const contact = { id: '901', properties: { email: 'ada@example.com' } };
    const written = { id: '902', inputs: [{ properties: { email: 'bob@example.com' } }] };
    const condition = { field: 'email', operator: 'eq' as const, value: 'ada@example.com' };
    expect(matchesCondition(contact, contact.id, condition)).toBe(true);
    expect(matchesCondition(written, written.id, condition)).toBe(false);
    expect(matchesCondition(written, written.id, { ...condition, value: 'bob@example.com' })).toBe(true);
    expect(matchesCondition({ id: 'r1', fields: { Status: 'Done' } }, 'r1', { field: 'Status', operator: 'neq', value: 'Done' })).toBe(
      false,
    );
  });
});

describe('time windows', () => {
  it('reads a bound word on a field named start or end (afterStart, beforeEnd) as a window on that field', () => {
    expect(toConditions('afterStart', '2026-12-04T00:00:00Z')).toEqual([{ field: 'start', operator: 'gt', value: '2026-12-04T00:00:00Z' }]);
    expect(toConditions('beforeEnd', '2026-12-04T00:00:00Z')).toEqual([{ field: 'end', operator: 'lt', value: '2026-12-04T00:00:00Z' }]);
    expect(toConditions('start_date', '2026-12-04')).toEqual([{ field: '', operator: 'gte', value: '2026-12-04' }]);
  });
});

describe('times written as Unix digits in text', () => {
  const application = { id: 'application_1', created_at: '2026-05-04T10:00:00.000Z' };
  const changed = { id: 'application_2', created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-05-04T10:00:00.000Z' };

  it('bounds a window by milliseconds or seconds as text (update_start_time, Slack oldest), by when a record last changed', () => {
    expect(toConditions('update_start_time', '1777000000000')).toEqual([{ field: 'update', operator: 'gte', value: '1777000000000' }]);
    expect(holds(application, 'update_start_time', '1777000000000')).toBe(true);
    expect(holds(application, 'update_end_time', '1771000000000')).toBe(false);
    expect(holds(changed, 'update_start_time', '1777000000000')).toBe(true);
    expect(holds(changed, 'created_before', '1771000000')).toBe(true);
    expect(holds(application, 'oldest', '1777000000.000100')).toBe(true);
    expect(holds(application, 'latest', '1771000000.000100')).toBe(false);
  });

  it('leaves digits under a name that says no time as they are (a phone number, an id)', () => {
    expect(toConditions('from', '4915112345678')).toBeNull();
    expect(toConditions('min_id', '1777000000000')).toBeNull();
  });
});
