import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

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
}

/** Where a result came from, reported to clients in `_meta["mcpsim/source"]`. */
export type ToolResultOrigin = 'fixture' | 'fixture-miss';

export interface ToolResolution {
  result: CallToolResult;
  source: ToolResultOrigin;
}

/** Something that can answer a mock tool call: a replay of fixtures, later a model or a recorder. */
export interface ToolResultSource {
  /** The result, or null when this source has nothing to say about the call (the next one may). */
  resolve(call: ToolCall): Promise<ToolResolution | null>;
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
