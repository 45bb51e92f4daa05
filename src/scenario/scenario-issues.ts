/**
 * What a zod issue in a scenario means to the person who wrote the file: the rule in plain words,
 * the field's description from the schema, and the nearest known key for a typo.
 */
import { valueAt } from '../domain/field-message.js';
import type { z } from 'zod';
import { scenarioSchema } from './scenario-schema.js';

export type Segment = string | number;
export type Finding = { path: Segment[]; message: string; at?: 'key' | 'value' };

// ---- schema issues --------------------------------------------------------------------------

const zodDefaultMessage = /^(Invalid|Too (big|small)|Unrecognized)/;

export function describeIssue(issue: z.core.$ZodIssue, input: unknown): Finding[] {
  const path = issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment));
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(path);
    return issue.keys.map((key) => {
      const closest = closestOf(key, known);
      const fix = closest ? `did you mean "${closest}"?` : `the properties allowed here are ${known.join(', ')}`;
      return { path: [...path, key], at: 'key' as const, message: `${toDisplayPath([...path, key])}: unknown property; ${fix}` };
    });
  }
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  if (issue.code === 'invalid_type' && last !== undefined && !hasKey(valueAt(input, parentPath), last)) {
    const description = descriptionAt(path);
    return [{ path: parentPath, message: `${toDisplayPath(path)}: is required; add ${String(last)}:${description ? ` <${description}>` : ''}` }];
  }
  const value = valueAt(input, path);
  return [{ path, message: `${toDisplayPath(path)}: ${describeRule(issue, value)}` }];
}

function describeRule(issue: z.core.$ZodIssue, value: unknown): string {
  const got = ` (got ${showValue(value)})`;
  const custom = !zodDefaultMessage.test(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${typeName(issue.expected)}${got}`;
    case 'invalid_value': {
      const values = issue.values.map((allowed) => (typeof allowed === 'string' ? allowed : JSON.stringify(allowed)));
      const closest = typeof value === 'string' ? closestOf(value, values) : undefined;
      return `must be ${values.length === 1 ? '' : 'one of '}${values.join(', ')}${got}${closest ? `; did you mean "${closest}"?` : ''}`;
    }
    case 'invalid_format':
      if (custom) return `${issue.message}${got}`;
      if (issue.format === 'url') return `must be a URL, e.g. https://example.com/mcp${got}`;
      return `${'pattern' in issue && issue.pattern ? `must match ${String(issue.pattern)}` : `must be a valid ${issue.format}`}${got}`;
    case 'too_small':
      return custom ? issue.message : bound('at least', issue.origin, issue.minimum, value);
    case 'too_big':
      return custom ? issue.message : bound('at most', issue.origin, issue.maximum, value);
    case 'invalid_union': {
      // A branch whose type fit but whose rule failed says more than "wrong type".
      const fitting = issue.errors.find((branch) => branch.length > 0 && branch.every((inner) => inner.code !== 'invalid_type'));
      if (fitting) return describeRule(fitting[0]!, value);
      const expected = issue.errors.flatMap((branch) => branch.filter((inner) => inner.code === 'invalid_type').map((inner) => typeName(inner.expected)));
      return expected.length > 0 ? `must be ${toAlternatives(expected)}${got}` : `does not match any allowed shape${got}`;
    }
    default:
      return `${issue.message}${value === undefined || typeof value === 'object' ? '' : got}`;
  }
}

function typeName(expected: string): string {
  const names: Record<string, string> = { array: 'a list', object: 'a mapping', record: 'a mapping', boolean: 'true or false', int: 'a whole number', number: 'a number', string: 'a string' };
  return names[expected] ?? `a ${expected}`;
}

/** `['true or false', 'a string']` as `true, false or a string`. */
function toAlternatives(names: readonly string[]): string {
  const words = [...new Set(names.flatMap((name) => name.split(' or ')))];
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function bound(relation: string, origin: string, limit: number | bigint, value: unknown): string {
  const plural = Number(limit) === 1 ? '' : 's';
  if (origin === 'string') return `must be ${relation} ${limit} character${plural} long (got ${showValue(value)})`;
  if (origin === 'array') return `must have ${relation} ${limit} item${plural}`;
  return `must be ${relation} ${limit} (got ${showValue(value)})`;
}

function showValue(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function hasKey(value: unknown, key: Segment): boolean {
  return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, key);
}

/** `namespaces.0.connections.1` as `namespaces[0].connections[1]`; odd keys quoted: `jsonPath["$.a"]`. */
export function toDisplayPath(path: readonly Segment[]): string {
  if (path.length === 0) return 'scenario';
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (!/^[A-Za-z_$][\w$]*$/.test(segment)) return `[${JSON.stringify(segment)}]`;
      return index === 0 ? segment : `.${segment}`;
    })
    .join('');
}

// ---- the schema at a path (for allowed keys and descriptions) -------------------------------

interface SchemaNode {
  description?: string;
  _zod: { def: { type: string; shape?: Record<string, SchemaNode>; element?: SchemaNode; valueType?: SchemaNode; innerType?: SchemaNode } };
}

const wrapperTypes = new Set(['optional', 'default', 'prefault', 'nullable', 'readonly', 'nonoptional', 'catch']);

function unwrap(schema: SchemaNode): SchemaNode {
  let current = schema;
  while (wrapperTypes.has(current._zod.def.type) && current._zod.def.innerType) current = current._zod.def.innerType;
  return current;
}

function schemaAt(path: readonly Segment[]): SchemaNode | undefined {
  let schema: SchemaNode | undefined = scenarioSchema as unknown as SchemaNode;
  for (const segment of path) {
    if (!schema) return undefined;
    const def: SchemaNode['_zod']['def'] = unwrap(schema)._zod.def;
    schema = def.type === 'object' ? def.shape?.[String(segment)] : def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
  }
  return schema;
}

function knownKeysAt(path: readonly Segment[]): string[] {
  const schema = schemaAt(path);
  const def = schema ? unwrap(schema)._zod.def : undefined;
  return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function descriptionAt(path: readonly Segment[]): string | undefined {
  const schema = schemaAt(path);
  return schema ? (schema.description ?? unwrap(schema).description) : undefined;
}

// ---- "did you mean" -------------------------------------------------------------------------

/** The candidate nearest to `wanted` (case-insensitive edit distance), when near enough to be a typo. */
export function closestOf(wanted: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(wanted.length / 3)) ? best.candidate : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
