/**
 * A scenario's `verify:` section as `mcpsim verify` applies it to one tool's answers: the fields
 * marked volatile are not compared at all, and the pinned ones must hold exactly their value.
 * Pointers are JSON pointers into the tool result, as the report prints them, where a segment `*`
 * stands for any key or index; a text block that holds JSON is entered as JSON
 * (`/content/0/text/status`), as the shape comparison enters it.
 */
import { toCanonicalJson } from '../../domain/canonical-json.js';
import type { VerifyRules } from '../scenario-schema.js';

/** What the section says of one tool: its rules and those the server gives every tool (`*`). */
export interface AnswerRules {
  volatile: readonly string[];
  pin: Readonly<Record<string, unknown>>;
}

export const noAnswerRules: AnswerRules = { volatile: [], pin: {} };

/**
 * @example
 *   toAnswerRules({ '*': { volatile: ['/_meta'] }, list_issues: { pin: { '/structuredContent/state': 'open' } } }, 'list_issues');
 *   // { volatile: ['/_meta'], pin: { '/structuredContent/state': 'open' } }
 */
export function toAnswerRules(byTool: Readonly<Record<string, VerifyRules>> | undefined, tool: string): AnswerRules {
  const [every, own] = [byTool?.['*'], byTool?.[tool]];
  return {
    volatile: [...(every?.volatile ?? []), ...(own?.volatile ?? [])],
    pin: { ...every?.pin, ...own?.pin },
  };
}

/** Whether `path` (a concrete pointer) is at or under one of the volatile patterns. */
export function isVolatile(rules: AnswerRules, path: string): boolean {
  const segments = toSegments(path);
  return rules.volatile.some((pattern) => {
    const wanted = toSegments(pattern);
    return wanted.length <= segments.length && wanted.every((segment, index) => segment === '*' || segment === segments[index]);
  });
}

/** A pinned value that the live answer does not hold, at its concrete pointer. */
export interface PinDrift {
  path: string;
  change: 'pinned';
  recorded: string;
  live: string;
}

/**
 * Each pinned pointer, found in the live result (every match of a `*`), holding another value or none.
 *
 * @example
 *   checkPins({ volatile: [], pin: { '/content/0/text/status': 'open' } }, { content: [{ type: 'text', text: '{"status":"closed"}' }] });
 *   // [{ path: '/content/0/text/status', change: 'pinned', recorded: '"open"', live: '"closed"' }]
 */
export function checkPins(rules: AnswerRules, live: unknown): PinDrift[] {
  const drifts: PinDrift[] = [];
  for (const [pattern, pinned] of Object.entries(rules.pin)) {
    const found = findAll(live, toSegments(pattern), '');
    if (found.length === 0) drifts.push({ path: pattern, change: 'pinned', recorded: show(pinned), live: 'absent' });
    for (const { path, value } of found)
      if (toCanonicalJson(value) !== toCanonicalJson(pinned))
        drifts.push({ path, change: 'pinned', recorded: show(pinned), live: show(value) });
  }
  return drifts;
}

/** The values at every match of `segments` under `value`, with their concrete pointers. */
function findAll(value: unknown, segments: readonly string[], path: string): { path: string; value: unknown }[] {
  if (segments.length === 0) return [{ path, value }];
  const container = typeof value === 'string' ? parseJson(value) : value;
  if (typeof container !== 'object' || container === null) return [];
  const [segment, ...rest] = segments as [string, ...string[]];
  const keys = segment === '*' ? Object.keys(container) : [unescape(segment)];
  return keys.flatMap((key) =>
    Object.hasOwn(container, key) ? findAll((container as Record<string, unknown>)[key], rest, `${path}/${toPointer(key)}`) : [],
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A key as a JSON pointer segment (RFC 6901: `~` is `~0`, `/` is `~1`). */
export function toPointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

const toSegments = (pointer: string) => pointer.split('/').slice(1);
const unescape = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');
const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
