/**
 * The one vocabulary of list filters: a condition on one field with an operator, and the words
 * services spell each operator with (`EQ`, `equals`, `$gte`, `greater_than`, `>=`, SCIM's `ge`).
 * Every reader of a filter (world-filter.ts, structured-filter.ts, sql-where.ts,
 * qualifier-query.ts) writes these conditions and `matchesCondition` checks them. Pure.
 */
import { toNormalName } from '../domain/world-query.js';

export type Operator = 'eq' | 'neq' | 'contains' | 'startswith' | 'endswith' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'exists' | 'or' | 'not';

/**
 * One condition on one field; an empty field means the entity's main time field (`timeMin`). An
 * `or` holds when every condition of one of its groups (`value: Condition[][]`) holds; a `not`
 * when not every condition of its list (`value: Condition[]`) holds (`NOT_IN`, `does_not_contain`).
 */
export interface Condition {
  field: string;
  operator: Operator;
  value: unknown;
}

/** Operator words as services write them, by their normal name (lower case, no `_`, `$` or spaces); symbols as they are. */
export const operatorWords: Readonly<Record<string, Operator>> = {
  eq: 'eq',
  equals: 'eq',
  equal: 'eq',
  equalto: 'eq',
  is: 'eq',
  '=': 'eq',
  '==': 'eq',
  neq: 'neq',
  ne: 'neq',
  notequals: 'neq',
  notequal: 'neq',
  doesnotequal: 'neq',
  isnot: 'neq',
  not: 'neq',
  '!=': 'neq',
  '<>': 'neq',
  contains: 'contains',
  containstoken: 'contains',
  like: 'contains',
  ilike: 'contains',
  regex: 'contains',
  '~': 'contains',
  gt: 'gt',
  greaterthan: 'gt',
  after: 'gt',
  '>': 'gt',
  gte: 'gte',
  greaterthanorequal: 'gte',
  greaterthanorequalto: 'gte',
  onorafter: 'gte',
  '>=': 'gte',
  lt: 'lt',
  lessthan: 'lt',
  before: 'lt',
  '<': 'lt',
  lte: 'lte',
  lessthanorequal: 'lte',
  lessthanorequalto: 'lte',
  onorbefore: 'lte',
  '<=': 'lte',
  in: 'in',
  anyof: 'in',
  oneof: 'in',
  hasproperty: 'exists',
  exists: 'exists',
  isnotempty: 'exists',
  isnotnull: 'exists',
  // SCIM (Okta, Azure AD): `status eq "ACTIVE" and profile.email sw "ada"`.
  co: 'contains',
  sw: 'startswith',
  startswith: 'startswith',
  ew: 'endswith',
  endswith: 'endswith',
  ge: 'gte',
  le: 'lte',
  pr: 'exists',
};

/** Negated operator words: the condition of the word after the negation, inside a `not`. */
const negatedWords: Readonly<Record<string, Operator>> = {
  nin: 'in',
  notin: 'in',
  noneof: 'in',
  notcontains: 'contains',
  notcontainstoken: 'contains',
  doesnotcontain: 'contains',
  notlike: 'contains',
  nothasproperty: 'exists',
  notexists: 'exists',
  isempty: 'exists',
  isnull: 'exists',
};

/**
 * The conditions an operator word states on a field, or null for a word that is no operator.
 * `BETWEEN` takes its upper bound from `high` (HubSpot's `highValue`), else from a two-item value.
 *
 * @example
 *   toOperatorConditions('status', 'NOT_IN', ['closed', 'spam']);
 *   // [{ field: 'status', operator: 'not', value: [{ field: 'status', operator: 'in', value: ['closed', 'spam'] }] }]
 */
export function toOperatorConditions(field: string, word: string, value: unknown, high?: unknown): Condition[] | null {
  const normal = /[a-z]/i.test(word) ? toNormalName(word) : word.trim();
  if (normal === 'between') {
    const [low, upper] = Array.isArray(value) && high === undefined ? value : [value, high];
    return [
      { field, operator: 'gte', value: low },
      { field, operator: 'lte', value: upper },
    ];
  }
  const negated = negatedWords[normal];
  if (negated) return [{ field, operator: 'not', value: [{ field, operator: negated, value }] }];
  const operator = operatorWords[normal];
  if (!operator) return null;
  // `exists: false` (Mongo) and `is_not_empty: true` (Notion) carry the sense in the value.
  if (operator === 'exists' && value === false) return [{ field, operator: 'not', value: [{ field, operator, value: true }] }];
  return [{ field, operator: operator === 'eq' && Array.isArray(value) ? 'in' : operator, value }];
}
