import { LATEST_PROTOCOL_VERSION, type ClientCapabilities, type Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { LimitedString } from '../../domain/mcp-limits.js';
import type { SessionOpening } from './session-handler.js';

/** The strings of an `initialize` a session keeps for its life, with their limits (domain/mcp-limits.ts): checked before one opens, mock or relay. */
export const initializeStrings: readonly LimitedString[] = [
  ['params.protocolVersion', 'nameLength'],
  ['params.clientInfo.name', 'nameLength'],
  ['params.clientInfo.version', 'nameLength'],
  ['params.clientInfo.title', 'nameLength'],
];

/**
 * What a client's `initialize` says, read leniently (the endpoint answers a malformed one with its
 * own error): the protocol version it asked for, its info and its capabilities.
 *
 * @example
 *   parseInitializeParams({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { sampling: {} }, clientInfo } });
 */
export function parseInitializeParams(message: Record<string, unknown>): SessionOpening {
  const params = (typeof message.params === 'object' && message.params !== null ? message.params : {}) as Record<string, unknown>;
  const object = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {});
  const clientInfo = object(params.clientInfo) as Partial<Implementation>;
  return {
    protocolVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : LATEST_PROTOCOL_VERSION,
    clientInfo: { name: String(clientInfo.name ?? 'unknown'), version: String(clientInfo.version ?? 'unknown') },
    capabilities: object(params.capabilities) as ClientCapabilities,
    request: { id: message.id as string | number, method: 'initialize', params: message.params, message },
  };
}
