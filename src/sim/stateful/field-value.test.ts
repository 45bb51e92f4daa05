import { describe, expect, it } from 'vitest';
import { toFieldKind } from './field-kind.js';
import { toBooleanValue, toNumberValue, toStringValue, type FieldContext } from './field-value.js';
import { toPatternValue } from '../../domain/pattern-value.js';

const now = '2026-03-01T10:00:00Z';
const at = (name: string, entity?: string, seed = 'seed'): FieldContext => ({ name, entity, seed: `${seed}|${name}`, now });
const text = (name: string, schema: Record<string, unknown> = { type: 'string' }, entity?: string) =>
  toStringValue(schema, at(name, entity));

/** The old generator's output: two lower-case words from a short list. */
const wordSalad = /^[a-z]+ [a-z]+$/;

describe('real-looking field values', () => {
  it('chooses the kind of value by the field name, the entity and the format', () => {
    expect(text('billing_email')).toMatch(/^[^@\s]+@example\.com$/);
    expect(text('contact', { type: 'string', format: 'email' })).toMatch(/@example\.com$/);
    expect(text('name', { type: 'string' }, 'customer')).toMatch(/^[A-Z][a-z'-]+( [A-Z][A-Za-z'-]+)+$/);
    expect(text('company_name')).not.toMatch(wordSalad);
    expect(text('phone')).toMatch(/^\+\d{6,}$/);
    expect(text('website')).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+\//);
    expect(text('ip_address')).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(text('color')).toMatch(/^#[0-9a-f]{6}$/);
    expect(text('currency')).toMatch(/^[A-Z]{3}$/);
    expect(text('slug')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(text('timeout', { type: 'string', format: 'duration' })).toMatch(/^P(T\d+[HMS])|P\d+D/);
    expect(text('version')).toMatch(/^\d+\.\d+\.\d+$/);
    expect(toFieldKind({ name: 'amount' }, { type: 'integer' })).toBe('money');
    expect(toFieldKind({ name: 'title', entity: 'employee' }, { type: 'string' })).toBe('job_title');
    expect(toFieldKind({ name: 'title', entity: 'book' }, { type: 'string' })).toBe('title');
  });

  it('puts times around the clock present: past events before it, due dates after it', () => {
    const created = Date.parse(text('created_at'));
    const due = Date.parse(text('due_at'));
    expect(created).toBeLessThan(Date.parse(now));
    expect(created).toBeGreaterThan(Date.parse(now) - 61 * 86_400_000);
    expect(due).toBeGreaterThan(Date.parse(now));
    expect(text('due_date')).toMatch(/^2026-0[34]-\d{2}$/);
    expect(text('start', { type: 'string', format: 'date-time' })).toMatch(/^2026-0[23]-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('gives prices in cents for integers and with two decimals for numbers, within the schema bounds', () => {
    const cents = toNumberValue({ type: 'integer' }, at('amount'), true);
    expect(Number.isInteger(cents) && cents >= 500).toBe(true);
    const price = toNumberValue({ type: 'number' }, at('unit_price'), false);
    expect(Math.round(price * 100) / 100).toBe(price);
    expect(toNumberValue({ type: 'integer', minimum: 5, maximum: 7 }, at('count'), true)).toBeGreaterThanOrEqual(5);
    expect(toNumberValue({ type: 'integer', minimum: 5, maximum: 7 }, at('count'), true)).toBeLessThanOrEqual(7);
    expect(toNumberValue({ type: 'integer' }, at('year'), true)).toBeLessThanOrEqual(2026);
  });

  it('says a call went well where a flag is named for it', () => {
    expect(toBooleanValue(at('success'))).toBe(true);
    expect(toBooleanValue(at('ok'))).toBe(true);
    expect(toBooleanValue(at('failed'))).toBe(false);
  });

  it('meets a pattern, a format and length bounds, and never answers with a pair of random words', () => {
    expect(text('issue_key', { type: 'string', pattern: '^[A-Z][A-Z0-9_]+-\\d+$' })).toMatch(/^[A-Z][A-Z0-9_]+-\d+$/);
    expect(text('customer', { type: 'string', pattern: '^cus_[A-Za-z0-9]{14}$' })).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect([...text('code', { type: 'string', minLength: 2, maxLength: 4 })].length).toBeLessThanOrEqual(4);
    expect([...text('notes', { type: 'string', minLength: 300 })].length).toBeGreaterThanOrEqual(300);
    expect(toPatternValue('^(?=a)b$', 'x')).toBeNull();
    for (const name of ['ref', 'status', 'updated_at', 'title', 'message', 'label', 'value', 'entityType', 'result', 'x'])
      for (const seed of ['a', 'b', 'c']) expect(toStringValue({ type: 'string' }, at(name, 'thing', seed))).not.toMatch(wordSalad);
  });

  it('writes a commit’s message as a commit message, a capitalized imperative line', () => {
    for (const seed of ['a', 'b', 'c']) {
      const message = toStringValue({ type: 'string' }, at('message', 'commit', seed));
      expect(message).toMatch(/^[A-Z][a-z]+ [\w -]+$/);
      expect(message).not.toMatch(/[.!?]$/);
    }
  });

  it('gives the same value for the same seed, whatever was drawn in between', () => {
    const first = text('email');
    text('name', { type: 'string' }, 'customer');
    toNumberValue({ type: 'integer' }, at('amount'), true);
    expect(text('email')).toBe(first);
    expect(toStringValue({ type: 'string' }, at('email', undefined, 'other'))).not.toBe(first);
  });

  it('names a database, a table, a bucket or a cluster with a short identifier, and fills a file with file-like lines', () => {
    for (const seed of ['a', 'b', 'c']) {
      for (const name of ['database', 'collection', 'table_name', 'bucket', 'namespace', 'cluster', 'schema', 'index_name'])
        expect(toStringValue({ type: 'string' }, at(name, undefined, seed))).toMatch(/^[a-z0-9][a-z0-9_.-]*$/);
      expect(toStringValue({ type: 'string' }, at('name', 'cluster', seed))).toMatch(/^[a-z]+-[a-z]+-\d$/);
      expect(toStringValue({ type: 'string' }, at('content', 'file', seed))).toMatch(/^# [A-Z][a-z]+\n\n.+\.\n$/);
    }
    expect(toFieldKind({ name: 'display_name' }, { type: 'string' })).toBe('person_name');
    expect(toFieldKind({ name: 'from', parent: 'relations' }, { type: 'string' })).toBe('person_name');
  });
});
