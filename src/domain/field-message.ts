import type { z } from 'zod';

/**
 * The one zod-issue formatter: what a failed rule means, in words that name the field, the rule
 * and (where it is safe) the value. The API's validation errors, the registry import, the MCP
 * endpoint and scenario files all describe issues with it; scenario files add line numbers and
 * "did you mean" on top (scenario/scenario-issues.ts).
 */

const zodDefaultMessage = /^(Invalid|Too (big|small)|Unrecognized)/;

export interface RuleWording {
  /**
   * How types are named: `json` for API clients ("an integer", "an object"), `yaml` for people
   * writing scenario files ("a whole number", "a mapping", "true or false").
   */
  types: 'json' | 'yaml';
  /** Show the offending value (never in API errors: a request may carry secrets). */
  showValues: boolean;
}

const jsonWording: RuleWording = { types: 'json', showValues: false };

/**
 * Every issue as `path: rule`, joined with `; `, e.g. `useCount: must be an integer (got 1.5)`.
 * With `input`, a scalar value at the issue's path is shown too.
 *
 * @example
 *   toFieldMessage(parsed.error.issues, record); // "useCount: must be an integer (got 1.5)"
 *   toFieldMessage(parsed.error.issues, undefined, 'body'); // "name: must be at most 255 characters long"
 */
export function toFieldMessage(issues: readonly z.core.$ZodIssue[], input?: unknown, root = 'record'): string {
  const wording: RuleWording = { ...jsonWording, showValues: input !== undefined };
  return issues.map((issue) => describeIssue(issue, input, root, wording)).join('; ');
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, root: string, wording: RuleWording): string {
  const path = issue.path.length === 0 ? root : issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${path === root ? key : `${path}.${key}`}: unknown property, not allowed here`).join('; ');
  }
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return `${path}: is required`;
  return `${path}: ${describeRule(issue, valueAt(input, issue.path), wording)}`;
}

/**
 * The rule an issue broke, in words, with the value when `wording.showValues` and it is a scalar:
 * `must be an integer (got 1.5)`, `must be one of "http", "uplink"`, `must be at most 255
 * characters long`. A message written into the schema (`error: '...'`) is kept as it is.
 */
export function describeRule(issue: z.core.$ZodIssue, value: unknown, wording: RuleWording): string {
  const custom = !zodDefaultMessage.test(issue.message);
  const got = wording.showValues && value !== undefined ? ` (got ${showValue(value)})` : '';
  const withValue = (text: string) => (text.includes('(got ') || (typeof value === 'object' && value !== null) ? text : `${text}${got}`);
  // A message written into a schema says what it means; a custom check's says all it means to in an API error.
  if (issue.code === 'custom' && wording.types === 'json') return issue.message;
  if (custom && issue.code !== 'invalid_key') return withValue(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return withValue(`must be ${typeName(issue.expected, wording)}`);
    case 'too_small':
      return withValue(bound('at least', issue.origin, issue.minimum));
    case 'too_big':
      return withValue(bound('at most', issue.origin, issue.maximum));
    case 'invalid_value': {
      const values = issue.values.map((allowed) =>
        wording.types === 'yaml' && typeof allowed === 'string' ? allowed : JSON.stringify(allowed),
      );
      return withValue(`must be ${values.length === 1 ? '' : 'one of '}${values.join(', ')}`);
    }
    case 'invalid_format':
      if (issue.format === 'url') return withValue('must be a URL, e.g. https://example.com/mcp');
      return withValue(
        issue.format === 'regex' && 'pattern' in issue ? `must match ${String(issue.pattern)}` : `must be a valid ${issue.format}`,
      );
    case 'invalid_key': {
      const inner = issue.issues[0]?.message;
      return inner && !zodDefaultMessage.test(inner) ? inner : 'is not an allowed key';
    }
    case 'invalid_union': {
      // A branch whose type fit but whose rule failed says more than "wrong type".
      const fitting = issue.errors.find((branch) => branch.length > 0 && branch.every((inner) => inner.code !== 'invalid_type'));
      if (fitting) return describeRule(fitting[0]!, value, wording);
      const expected = issue.errors.flatMap((branch) =>
        branch.filter((inner) => inner.code === 'invalid_type').map((inner) => typeName(inner.expected, wording)),
      );
      return withValue(expected.length > 0 ? `must be ${toAlternatives(expected)}` : 'does not match any allowed shape');
    }
    default:
      return withValue(issue.message);
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

/** A value as a message shows it: scalars as JSON cut to 60 characters, anything else by its kind. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const yamlTypeNames: Record<string, string> = {
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  boolean: 'true or false',
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
};

function typeName(expected: string, wording: RuleWording): string {
  if (wording.types === 'yaml') return yamlTypeNames[expected] ?? `a ${expected}`;
  const name = expected === 'int' ? 'integer' : expected;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

/** `['true or false', 'a string']` as `true, false or a string`. */
function toAlternatives(names: readonly string[]): string {
  const words = [...new Set(names.flatMap((name) => name.split(' or ')))];
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function bound(relation: string, origin: string, limit: number | bigint): string {
  const plural = Number(limit) === 1 ? '' : 's';
  if (origin === 'string') return `must be ${relation} ${limit} character${plural} long`;
  if (origin === 'array' || origin === 'set') return `must have ${relation} ${limit} item${plural}`;
  return `must be ${relation} ${limit}`;
}
