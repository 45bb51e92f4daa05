import type { z } from 'zod';

const defaultMessage = /^(Invalid|Too (big|small)|Unrecognized)/;

/**
 * Turns zod issues into one message that names each field path and its rule, e.g.
 * `server: must match ^@?[a-zA-Z0-9]...; name: must be at most 255 characters`.
 * Messages written into a schema (`error: '...'`) are kept as they are.
 */
export function toValidationMessage(issues: readonly z.core.$ZodIssue[], root = 'body'): string {
  return issues.map((issue) => describeIssue(issue, root)).join('; ');
}

function describeIssue(issue: z.core.$ZodIssue, root: string): string {
  const path = issue.path.length === 0 ? root : issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${path === root ? key : `${path}.${key}`}: unknown property, not allowed here`).join('; ');
  }
  return `${path}: ${defaultMessage.test(issue.message) ? describeRule(issue) : issue.message}`;
}

function describeRule(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.endsWith('received undefined') ? 'is required' : `must be ${withArticle(issue.expected)}`;
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

function bound(relation: string, origin: string, limit: number | bigint): string {
  const plural = Number(limit) === 1 ? '' : 's';
  if (origin === 'string') return `must be ${relation} ${limit} character${plural} long`;
  if (origin === 'array' || origin === 'set') return `must have ${relation} ${limit} item${plural}`;
  return `must be ${relation} ${limit}`;
}

function withArticle(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
