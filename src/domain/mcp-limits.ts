/**
 * What one MCP session may keep, and how long the strings of an MCP request may be (docs/api.md,
 * "Limits of a session"): one table, so the docs, the checks and their messages name the same
 * numbers. Every store of a session has a count and a size bound, so no client can make a session
 * hold more than this, whatever it sends; past a bound the oldest event is dropped (events) or the
 * request is refused with a JSON-RPC error that names the limit and its value (the rest).
 */
export interface McpSessionStoreLimits {
  /** Events kept for clients that resume a stream (`Last-Event-ID`); the oldest go first. */
  keptEvents: number;
  /** Characters of JSON of the events kept; the oldest go first, and one larger than this is sent but not kept. */
  keptEventCharacters: number;
  /** Resources one session may be subscribed to at once (`resources/subscribe`). */
  subscriptions: number;
  /** Characters of the subscribed URIs together. */
  subscriptionCharacters: number;
  /** Requests to the client (sampling, elicitation, roots) one session may have waiting for an answer at once. */
  pendingClientRequests: number;
}

export const defaultMcpSessionStoreLimits: McpSessionStoreLimits = {
  keptEvents: 1000,
  keptEventCharacters: 8 * 1024 * 1024,
  subscriptions: 100,
  subscriptionCharacters: 256 * 1024,
  pendingClientRequests: 16,
};

/**
 * The longest strings an MCP request may carry, checked before anything keeps, matches or quotes
 * them (a session keeps ids and progress tokens, an error quotes names). Past one, the request is
 * a JSON-RPC error naming the field and the limit: -32600 for the envelope (`id`, `method`),
 * -32602 for a parameter. Keys (argument names, `_meta` keys) are bounded for every JSON door by
 * `jsonLimits.maxKeyLength` (domain/json-limits.ts).
 */
export const mcpStringLimits = {
  /**
   * Characters of a resource URI (`resources/read`, `subscribe`, `unsubscribe`, a completion's
   * `ref/resource`): far past any real URI, and far below where matching a URI template gets slow
   * (the MCP SDK's `UriTemplate.match` throws past 1,000,000).
   */
  uriLength: 16 * 1024,
  /** A string request id: a session keeps it while the request is in flight, a cancellation names it. */
  requestIdLength: 1024,
  /** A method name: an unknown one is quoted in its -32601, a relayed one goes upstream. */
  methodLength: 256,
  /** A string progress token (`params._meta.progressToken`): every progress notification of the call carries it. */
  progressTokenLength: 1024,
  /**
   * A name the server looks up: a tool's, a prompt's, a completion's argument and prompt
   * reference, a log level, the client's name and version in `initialize`. As long as a JSON key
   * may be, since an argument name is one.
   */
  nameLength: 1024,
  /** A cursor of a list (`tools/list`, `resources/list`, …): the mock's lists have one page, a cursor is only ever echoed in an error. */
  cursorLength: 4 * 1024,
  /** A prompt argument's value (`prompts/get`), a completion's value and its context's values (`completion/complete`). */
  valueLength: 64 * 1024,
} as const;

export type McpStringLimit = keyof typeof mcpStringLimits;

/**
 * The message of a request over one of these limits, e.g. `params.uri is 1100000 characters long;
 * the limit (mcpStringLimits.uriLength) is 16384`.
 *
 * @example
 *   toLimitMessage('params.uri is 1100000 characters long', 'mcpStringLimits.uriLength', 16384);
 */
export function toLimitMessage(what: string, limit: string, value: number): string {
  return `${what}; the limit (${limit}) is ${value}`;
}

/** A string field of a request and the limit it meets: a dotted path in the message; `*` stands for every value of an object. */
export type LimitedString = readonly [path: string, limit: McpStringLimit];

/**
 * The message for the first field of `message` that is a string past its limit, else null
 * (a field that is absent or not a string is left to the schema).
 *
 * @example
 *   findLongString({ params: { name: 'x'.repeat(2000) } }, [['params.name', 'nameLength']]);
 *   // 'params.name is 2000 characters long; the limit (nameLength) is 1024'
 */
export function findLongString(message: unknown, fields: readonly LimitedString[]): string | null {
  for (const [path, limit] of fields) {
    const max = mcpStringLimits[limit];
    const found = findLongAt(message, segmentsOf(path), 0, max);
    if (found !== null) return toLimitMessage(`${found.path.join('.')} is ${found.length} characters long`, limit, max);
  }
  return null;
}

/** Paths split once: the table's paths are few and fixed, and a request checks them every time. */
const splitPaths = new Map<string, readonly string[]>();
function segmentsOf(path: string): readonly string[] {
  let segments = splitPaths.get(path);
  if (segments === undefined) splitPaths.set(path, (segments = path.split('.')));
  return segments;
}

/** The first string past `max` at `segments[index..]` below `value`, with its path, else null. */
function findLongAt(value: unknown, segments: readonly string[], index: number, max: number): { path: string[]; length: number } | null {
  if (index === segments.length) return typeof value === 'string' && value.length > max ? { path: [], length: value.length } : null;
  if (value === null || typeof value !== 'object') return null;
  const segment = segments[index]!;
  const keys = segment === '*' ? Object.keys(value) : Object.hasOwn(value, segment) ? [segment] : [];
  for (const key of keys) {
    const found = findLongAt((value as Record<string, unknown>)[key], segments, index + 1, max);
    if (found !== null) return { path: [key, ...found.path], length: found.length };
  }
  return null;
}
