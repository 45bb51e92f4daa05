import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { toLimitMessage } from '../../domain/mcp-limits.js';
import { mcpErrorCodes } from '../connection-gate.js';

export interface PendingClientRequests {
  /** Runs `send` (a request to the client) if fewer than the limit are waiting, else throws an `McpError` that names the limit. */
  hold<T>(method: string, send: () => Promise<T>): Promise<T>;
}

/**
 * The requests one MCP session has sent its client (sampling, elicitation, roots) and waits on,
 * bounded in count (domain/mcp-limits.ts, `pendingClientRequests`): each waits up to the ask
 * timeout, so an upstream or a script that asks faster than the client answers would otherwise
 * pile them up. Past the bound the request is refused at once, and whoever asked (the relayed
 * upstream, a scripted tool) gets the error.
 *
 * @example
 *   const pending = createPendingClientRequests(16);
 *   await pending.hold('roots/list', () => extra.sendRequest(...));
 */
export function createPendingClientRequests(limit: number): PendingClientRequests {
  let waiting = 0;
  return {
    async hold(method, send) {
      if (waiting >= limit)
        throw new McpError(
          mcpErrorCodes.requestRefused,
          toLimitMessage(`${method}: this session already waits on ${waiting} answers from its client`, 'pendingClientRequests', limit),
        );
      waiting++;
      try {
        return await send();
      } finally {
        waiting--;
      }
    },
  };
}
