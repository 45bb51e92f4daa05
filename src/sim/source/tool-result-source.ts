import type { CallTermsOf } from '../../store/call-terms.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CallLogEntry, ResultOrigin, TokenUsage, WorldChanges, WorldState } from '../../domain/memory-log.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ToolOverride } from '../../reading/tool-operation.js';
import type { EntityCorrection } from '../../domain/tool-override.js';
import type { ToolEvent } from '../../domain/tool-event.js';

/** What a generating source (the model) needs beyond the call itself. */
export interface ToolCallContext {
  /** The registry entry's display name and description. */
  serverName: string;
  serverDescription: string;
  /** The tool being called (name, description, inputSchema, outputSchema). */
  toolDefinition: ToolDefinition;
  /** The connection's `mock.scenario` text, if any. */
  scenario: string | null;
  /** The connection's world before this call. */
  world: WorldState;
  /** Every earlier call of the connection, oldest first. */
  history: readonly CallLogEntry[];
  /** Every tool of the server (the stateful simulator reads a tool against the others); default: this one alone. */
  serverTools?: readonly ToolDefinition[];
  /** When the call is made, on the platform's clock (ISO 8601): what the stateful simulator stamps. */
  now?: string;
  /** In a shared world: the other connections sharing it, with their scenario text (asked for only when a prompt is built). */
  otherScenarios?: () => readonly { connectionId: string; scenario: string }[];
  /** The scenario's corrections of the operation inference, by tool name (see reading/tool-operation.ts). */
  toolOverrides?: Readonly<Record<string, ToolOverride>>;
  /** The scenario's corrections of the service model, by entity type (`entities:`: id format, parent, states, unique fields). */
  entityCorrections?: Readonly<Record<string, EntityCorrection>>;
}

/** One `tools/call` on a mock connection, as every result source sees it. */
export interface ToolCall {
  namespace: string;
  connectionId: string;
  /** Qualified name of the registry server the connection mocks, e.g. `@modelcontextprotocol/time`. */
  server: string;
  tool: string;
  /** The arguments with object keys sorted at every depth. */
  arguments: Record<string, unknown>;
  /** `arguments` as canonical JSON text: the fixture key. */
  argumentsKey: string;
  /** 1 for the first call with these arguments on this connection, 2 for the second identical one, ... */
  occurrence: number;
  /** The call's place in the connection's log (1, 2, ...). */
  sequence?: number;
  /** Present when the pipeline has a memory; sources that generate results need it. */
  context?: ToolCallContext;
  /**
   * Aborts when the client gives up on the call (an MCP `notifications/cancelled`, or its HTTP
   * request went away): a source that waits on a model stops at once and answers `cancelled`.
   * A function that makes it when the caller makes it on demand: read it with `signalOf(call)`.
   */
  signal?: AbortSignal | (() => AbortSignal);
}

/**
 * The call's cancellation signal, made now if it is made on demand (an `AbortSignal` costs several
 * µs, and a call answered from a fixture never needs one).
 *
 * @example
 *   startCallDeadline({ deadlineMs, attemptTimeoutMs, signal: signalOf(call) });
 */
export function signalOf(call: ToolCall): AbortSignal | undefined {
  return typeof call.signal === 'function' ? call.signal() : call.signal;
}

/** Where a result came from, reported to clients in `_meta["mcpsim/source"]`. */
export type ToolResultOrigin = ResultOrigin;

export interface ToolResolution {
  result: CallToolResult;
  source: ToolResultOrigin;
  /** The model that produced it, when one did. */
  model?: string;
  usage?: TokenUsage;
  /** What the call changed in the simulated world (model results; recorded fixtures may carry them too). */
  worldChanges?: WorldChanges;
  /** What the call sends the client before its result, in order (a captured fixture's `events`). */
  events?: ToolEvent[];
}

/** Something that can answer a mock tool call: a replay of fixtures, a model, the stateful simulator, a synthesizer. */
export interface ToolResultSource {
  /** The result, or null when this source has nothing to say about the call (the next one may). */
  resolve(call: ToolCall): Promise<ToolResolution | null>;
  /**
   * What to store on disk with each logged call, when this source reads the log on later calls
   * (the model's prompt does): a restart then finds the calls that mention a value without
   * reading the whole log back (store/call-terms.ts).
   */
  callTermsOf?: CallTermsOf;
}

/** Asks each source in turn; the first one that answers wins. */
export function chainSources(...sources: ToolResultSource[]): ToolResultSource {
  return {
    async resolve(call) {
      for (const source of sources) {
        const resolution = await source.resolve(call);
        if (resolution) return resolution;
      }
      return null;
    },
  };
}
