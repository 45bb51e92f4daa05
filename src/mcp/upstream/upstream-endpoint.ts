import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionStatus } from '../../domain/connection.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { openRelaySession } from './relay-session.js';
import type { Relay, UpstreamLink } from './relay.js';
import type { ToolEndpoint } from '../tool-endpoint.js';

/**
 * A real connection's tools, reached through its upstream server: every JSON-RPC request is
 * relayed (the client's `initialize` answered from the pooled session), and the REST view lists
 * and calls through the same pooled session.
 *
 * @example
 *   const endpoint = createUpstreamEndpoint(relay, upstream.linkFor(place, connection));
 *   await endpoint.listTools(); // the upstream's tools, or an UpstreamError thrown
 */
export function createUpstreamEndpoint(relay: Relay, link: UpstreamLink & { status(): ConnectionStatus }): ToolEndpoint {
  return {
    answer: (request) => relay.answer(request, link),
    openSession: (opening, state) => openRelaySession(relay, link, opening, state),
    listTools: async () => (await relay.listTools(link)) as ToolDefinition[],
    callTool: async (name, args) => (await relay.callTool(link, name, args)) as CallToolResult,
    status: () => link.status(),
  };
}
