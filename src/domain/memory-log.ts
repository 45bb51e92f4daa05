/**
 * The memory of a mock connection: the log of every tool call it answered, and the structured
 * world state those calls built. The simulator reads both to keep generated data consistent, and
 * the control API (`/__mcpsim/...`) shows them. Pure types and rules; the store persists them.
 */

/** A tool result as the log keeps it (an MCP CallToolResult; domain code does not import the SDK). */
export interface LoggedResult {
  content: unknown[];
  structuredContent?: Record<string, unknown> | undefined;
  isError?: boolean | undefined;
  _meta?: Record<string, unknown> | undefined;
  [key: string]: unknown;
}

/** Where a result came from; also `_meta["mcpsim/source"]` of the result. */
export type ResultOrigin =
  'fixture' | 'fixture-miss' | 'model' | 'simulated' | 'synthetic' | 'validation' | 'simulator-error' | 'cancelled' | 'fault' | 'none';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, those the provider read from its prompt cache (billed cheaper); absent when it did not say. */
  cachedInputTokens?: number;
}

/** One answered tool call, in the order the connection answered them. */
export interface CallLogEntry {
  /**
   * 1 for the memory's first call, then 2, 3, ...; a reset starts again at 1, like the occurrences
   * fixtures are keyed by. A connection-scope reset or restore in a shared world keeps the others'
   * numbers and never hands one out twice, so the log may have gaps.
   */
  sequence: number;
  tool: string;
  /** Canonical arguments (keys sorted at every depth). */
  arguments: Record<string, unknown>;
  /** The canonical arguments as JSON text: fixture key. */
  argumentsKey: string;
  /** How many times this same call (tool + argumentsKey) has been made, this one included. */
  occurrence: number;
  result: LoggedResult;
  source: ResultOrigin;
  /** The model id when a model answered, else null. */
  model: string | null;
  usage: TokenUsage | null;
  latencyMs: number;
  /** ISO 8601 time of the call (the platform clock). */
  at: string;
  /** The connection that made the call (a shared world's log holds calls of several); absent in calls logged before mcpsim knew it. */
  connectionId?: string | undefined;
  /** What the call changed in the world, when it changed anything. */
  changes?: WorldChanges | undefined;
}

/** One thing in the simulated world, e.g. an issue, a contact, a file. */
export interface WorldEntity {
  /** Kind of thing, e.g. "issue" or "contact". */
  type: string;
  /** Its identifier as the tools show it, e.g. "42" or "c_123". */
  id: string;
  fields: Record<string, unknown>;
}

/** Everything the simulated world knows: entities by `type` then `id`, and free-text facts. */
export interface WorldState {
  entities: Record<string, Record<string, Record<string, unknown>>>;
  facts: string[];
}

/** What one call changed in the world; applied in order after the call answers. */
export interface WorldChanges {
  /** Create an entity, or merge these fields into an existing one (a field set to null is removed). */
  upserts?: WorldEntity[];
  /** Entities that no longer exist. */
  deletes?: { type: string; id: string }[];
  /** New facts, e.g. "the repository acme/web has issues disabled". */
  facts?: string[];
}

export const emptyWorld = (): WorldState => ({ entities: {}, facts: [] });
