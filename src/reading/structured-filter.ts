/**
 * Filters a service takes as structured objects, in the shapes widely used APIs write them:
 * groups of conditions (`filterGroups: [{ filters: [{ propertyName, operator: 'EQ', value }] }]`,
 * groups OR-ed and the filters of a group AND-ed), Notion's `{ property, status: { equals } }`
 * under `and`/`or`, Mongo's `{ field: { $in: [...] }, $or: [...] }`, and plain `{ field: value }`
 * pairs. Each becomes conditions of the one vocabulary (filter-condition.ts). Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import { toOperatorConditions, type Condition } from './filter-condition.js';
import { isRecord } from '../domain/json-record.js';

const fieldKeys = ['propertyname', 'property', 'field', 'fieldname', 'attribute', 'column', 'key', 'name'];
const operatorKeys = ['operator', 'op', 'comparator', 'comparison', 'condition'];
const valueKeys = ['value', 'values', 'val'];
const highKeys = ['highvalue', 'high', 'valueto', 'to'];
/** Keys that join the conditions under them: all of them must hold, one of them, or none. */
const allKeys = new Set(['and', 'all', 'must', 'filters', 'conditions', 'rules', 'filter', 'where', 'criteria']);
const anyKeys = new Set(['or', 'any', 'should', 'filtergroups', 'groups']);
const noneKeys = new Set(['not', 'nor', 'mustnot', 'none']);
/** A group's own word for how its conditions join: `{ operator: 'OR', conditions: [...] }`. */
const joinKeys = ['operator', 'logic', 'logicaloperator', 'combinator', 'match', 'condition'];

/**
 * The conditions a structured filter states, all of which must hold (an `or` among them for
 * groups). An empty list when it states none.
 *
 * @example
 *   toStructuredConditions([{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'ada@example.com' }] }]);
 *   // [{ field: 'email', operator: 'eq', value: 'ada@example.com' }]
 *   toStructuredConditions({ status: { $in: ['open', 'pending'] }, total: { $gt: 100 } });
 *   // [{ field: 'status', operator: 'in', ... }, { field: 'total', operator: 'gt', value: 100 }]
 */
export function toStructuredConditions(value: unknown): Condition[] {
  return allOf(value);
}

/**
 * Whether a value is written as a structured filter whatever the argument's name: somewhere in it
 * an object names a field and an operator (`{ propertyName, operator }`), or uses Mongo's `$`
 * operators, or Notion's `{ property, <type>: { equals } }`.
 */
export function looksStructured(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (Array.isArray(value)) return value.some((item) => looksStructured(item, depth + 1));
  if (!isRecord(value)) return false;
  if (Object.keys(value).some((key) => key.startsWith('$') && isOperatorWord(key))) return true;
  if (Object.keys(value).some((key) => /^\$(and|or|nor|not)$/i.test(key))) return true;
  const field = keyOf(value, fieldKeys);
  if (
    field !== undefined &&
    typeof value[field] === 'string' &&
    (keyOf(value, operatorKeys) !== undefined || operatorObject(value) !== null)
  )
    return true;
  return Object.values(value).some((inner) => looksStructured(inner, depth + 1));
}

/** Conditions that must all hold. */
function allOf(node: unknown): Condition[] {
  if (Array.isArray(node)) {
    // A list of groups, each with its own list of conditions (`filterGroups`): any one group holds.
    if (node.length > 1 && node.every(isGroup)) return anyOf(node);
    return node.flatMap(allOf);
  }
  if (!isRecord(node)) return [];
  const field = keyOf(node, fieldKeys);
  if (field !== undefined && typeof node[field] === 'string') {
    const conditions = fieldConditions(node, node[field]);
    if (conditions !== null) return conditions;
  }
  const join = keyOf(node, joinKeys);
  const joined = join === undefined ? undefined : String(node[join]).toLowerCase();
  const found: Condition[] = [];
  for (const [key, inner] of Object.entries(node)) {
    if (key === join && (joined === 'and' || joined === 'or' || joined === 'all' || joined === 'any')) continue;
    const normal = toNormalName(key);
    if (anyKeys.has(normal) || ((joined === 'or' || joined === 'any') && allKeys.has(normal) && Array.isArray(inner))) {
      found.push(...anyOf(Array.isArray(inner) ? inner : [inner]));
    } else if (noneKeys.has(normal)) {
      const inside = Array.isArray(inner) ? inner.map((item) => allOf(item)) : [allOf(inner)];
      for (const conditions of inside) if (conditions.length > 0) found.push({ field: '', operator: 'not', value: conditions });
    } else if (allKeys.has(normal) && (Array.isArray(inner) || isRecord(inner))) {
      found.push(...allOf(inner));
    } else {
      found.push(...pairConditions(key, inner));
    }
  }
  return found;
}

/** One `or` condition of the groups, each group's conditions all holding; a single group is its own conditions. */
function anyOf(groups: readonly unknown[]): Condition[] {
  const read = groups.map(allOf).filter((group) => group.length > 0);
  if (read.length <= 1) return read[0] ?? [];
  return [{ field: '', operator: 'or', value: read }];
}

/** `{ propertyName, operator, value }`, or Notion's `{ property, checkbox: { equals: true } }`; null when neither. */
function fieldConditions(node: Record<string, unknown>, field: string): Condition[] | null {
  const operator = keyOf(node, operatorKeys);
  const valueKey = keyOf(node, valueKeys);
  const value = valueKey === undefined ? undefined : node[valueKey];
  if (operator !== undefined && typeof node[operator] === 'string') {
    const high = keyOf(node, highKeys);
    // A word that is no operator (`{ name: 'Ada', condition: 'new' }`) leaves the object to be read as pairs.
    return toOperatorConditions(field, node[operator], value, high === undefined ? undefined : node[high]);
  }
  const typed = operatorObject(node);
  if (typed !== null) return typed.flatMap(([word, inner]) => toOperatorConditions(field, word, inner) ?? []);
  if (valueKey !== undefined) return [{ field, operator: Array.isArray(value) ? 'in' : 'eq', value }];
  return null;
}

/** The operator entries of the one object-valued entry of a node that holds only operator words (`status: { equals: 'Done' }`). */
function operatorObject(node: Record<string, unknown>): [string, unknown][] | null {
  for (const inner of Object.values(node)) {
    if (!isRecord(inner)) continue;
    const entries = Object.entries(inner);
    if (entries.length > 0 && entries.every(([word]) => isOperatorWord(word))) return entries;
  }
  return null;
}

/** `status: 'open'`, `tags: ['a', 'b']` (any of them), `total: { $gt: 100 }`, `due: { before: '2026-01-01' }`. */
function pairConditions(field: string, value: unknown): Condition[] {
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length > 0 && entries.every(([word]) => isOperatorWord(word)))
      return entries.flatMap(([word, inner]) => toOperatorConditions(field, word, inner) ?? []);
    return allOf(value);
  }
  if (Array.isArray(value)) {
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) return value.length === 0 ? [] : [{ field, operator: 'in', value }];
    return allOf(value);
  }
  return [{ field, operator: 'eq', value }];
}

function isOperatorWord(word: string): boolean {
  return toOperatorConditions('x', word, null) !== null;
}

/** A group: an object holding a list of conditions under a joining key (`{ filters: [...] }`), naming no field itself. */
function isGroup(node: unknown): boolean {
  if (!isRecord(node) || keyOf(node, fieldKeys) !== undefined) return false;
  return Object.entries(node).some(
    ([key, inner]) => (allKeys.has(toNormalName(key)) || anyKeys.has(toNormalName(key))) && Array.isArray(inner),
  );
}

function keyOf(record: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const key = Object.keys(record).find((candidate) => toNormalName(candidate) === name);
    if (key !== undefined) return key;
  }
  return undefined;
}
