/** What `read_calls` and `verify_calls` keep of a logged call, and how they pick calls. */

/** A call of the log as the API gives it (the fields the tools read). */
export interface LoggedCall {
  sequence: number;
  tool: string;
  arguments: Record<string, unknown>;
  result: { content: unknown[]; structuredContent?: Record<string, unknown>; isError?: boolean };
  source: string;
  at: string;
  connectionId?: string;
  /** Which identical call this was (fixtures are keyed by it). */
  occurrence: number;
  model: string | null;
  /** What the call changed in the world. */
  changes?: unknown;
}

export interface CallFilter {
  tool?: string | undefined;
  /** ISO 8601: calls at or after it. */
  from?: string | undefined;
  /** ISO 8601: calls before it. */
  to?: string | undefined;
  outcome?: 'ok' | 'error' | 'any' | undefined;
  /** Words the call's arguments or result contain (case-insensitive). */
  text?: string | undefined;
  /** Arguments the call must have, deeply: every given key equal, other keys free. */
  arguments?: Record<string, unknown> | undefined;
}

/**
 * Whether `call` passes `filter`.
 *
 * @example
 *   matchesCall(call, { tool: 'create_issue', arguments: { labels: ['bug'] } });
 */
export function matchesCall(call: LoggedCall, filter: CallFilter): boolean {
  if (filter.tool !== undefined && call.tool !== filter.tool) return false;
  if (filter.from !== undefined && Date.parse(call.at) < Date.parse(filter.from)) return false;
  if (filter.to !== undefined && Date.parse(call.at) >= Date.parse(filter.to)) return false;
  const failed = call.result.isError === true;
  if (filter.outcome === 'ok' && failed) return false;
  if (filter.outcome === 'error' && !failed) return false;
  if (filter.arguments !== undefined && !containsValue(call.arguments, filter.arguments)) return false;
  if (filter.text !== undefined) {
    const text = JSON.stringify([call.arguments, call.result]).toLowerCase();
    if (!text.includes(filter.text.toLowerCase())) return false;
  }
  return true;
}

/** Whether `actual` holds `expected`: objects by their given keys, arrays and scalars exactly. */
export function containsValue(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== 'object' || expected === null) return Object.is(actual, expected);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => containsValue(actual[index], item))
    );
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  return Object.entries(expected).every(([key, value]) => containsValue((actual as Record<string, unknown>)[key], value));
}
