import type { z } from 'zod';

const defaultMessage = /^(Invalid|Too (big|small)|Unrecognized)/;

/**
 * Turns zod issues into one message that names each field path and its rule, in the style of
 * the API's validation errors (`src/api/validation-message.ts` uses it, without values), e.g.
 * `useCount: must be an integer (got 1.5)`. With `input`, a scalar value at the issue's path is
 * shown too. Messages written into a schema (`error: '...'`) are kept; custom checks' messages are
 * kept whole.
 *
 * @example
 *   toFieldMessage(parsed.error.issues, record); // "useCount: must be an integer (got 1.5)"
 */
export function toFieldMessage(issues: readonly z.core.$ZodIssue[], input?: unknown, root = 'record'): string {
  return issues.map((issue) => describeIssue(issue, input, root)).join('; ');
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, root: string): string {
  const path = issue.path.length === 0 ? root : issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${path === root ? key : `${path}.${key}`}: unknown property, not allowed here`).join('; ');
  }
  // A message written into a schema says all it means to; a generic rule gets the value beside it.
  if (!defaultMessage.test(issue.message) && issue.code === 'custom') return `${path}: ${issue.message}`;
  const rule = defaultMessage.test(issue.message) ? describeRule(issue) : issue.message;
  const value = rule === 'is required' ? undefined : showValue(valueAt(input, issue.path));
  return `${path}: ${rule}${value === undefined ? '' : ` (got ${value})`}`;
}

function describeRule(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.endsWith('received undefined') ? 'is required' : `must be ${withArticle(issue.expected === 'int' ? 'integer' : issue.expected)}`;
    case 'too_small':
      return bound('at least', issue.origin, issue.minimum);
    case 'too_big':
      return bound('at most', issue.origin, issue.maximum);
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue ? `must match ${String(issue.pattern)}` : `must be a valid ${issue.format}`;
    case 'invalid_key': {
      const inner = issue.issues[0]?.message;
      return inner && !defaultMessage.test(inner) ? inner : 'is not an allowed key';
    }
    case 'invalid_union':
      return 'does not match any allowed shape';
    default:
      return issue.message;
  }
}

/** The value at `path` inside `input` (undefined when the path leaves it). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Scalars only, cut to 60 characters; objects and arrays would drown the message. */
function showValue(value: unknown): string | undefined {
  if (value === undefined || (typeof value === 'object' && value !== null)) return undefined;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function bound(relation: string, origin: string, limit: number | bigint): string {
  const plural = Number(limit) === 1 ? '' : 's';
  if (origin === 'string') return `must be ${relation} ${limit} character${plural} long`;
  if (origin === 'array' || origin === 'set') return `must have ${relation} ${limit} item${plural}`;
  return `must be ${relation} ${limit}`;
}

function withArticle(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
