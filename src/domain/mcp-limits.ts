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

/** The longest strings an MCP request may carry where they are used as names. */
export const mcpStringLimits = {
  /**
   * Characters of a resource URI (`resources/read`, `subscribe`, `unsubscribe`, a completion's
   * `ref/resource`): far past any real URI, and far below where matching a URI template gets slow
   * (the MCP SDK's `UriTemplate.match` throws past 1,000,000).
   */
  uriLength: 16 * 1024,
} as const;

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
