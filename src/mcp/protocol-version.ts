import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { mcpErrorCodes } from './connection-gate.js';
import { toJsonRpcError, type JsonRpcErrorBody, type JsonRpcId } from './json-rpc.js';

/**
 * The refusal of a request whose `MCP-Protocol-Version` header names a version this server does
 * not speak, or null when the header is absent (the spec: assume the negotiated or default one) or
 * supported. The Streamable HTTP transport answers it with 400 in every request after
 * `initialize`; the stateless endpoint answers it the same way, with the SDK's words, so a
 * client meets one rule whether or not it opened a session. `initialize` itself is exempt: it
 * negotiates the version in its body.
 *
 * @example
 *   const refusal = refuseProtocolVersion(request.headers, 7); // for '1999-01-01': a -32000 error naming the versions spoken
 */
export function refuseProtocolVersion(headers: Headers, id: JsonRpcId | null): JsonRpcErrorBody | null {
  const version = headers.get('mcp-protocol-version');
  if (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
  return toJsonRpcError(
    id,
    mcpErrorCodes.requestRefused,
    `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
  );
}
