import { ErrorCode, JSONRPC_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { findJsonLimitBreach, jsonLimits, toBreachMessage } from '../domain/json-limits.js';
import { findLongString, mcpStringLimits, type LimitedString } from '../domain/mcp-limits.js';

export type JsonRpcId = string | number;

/** A request (it has an id and wants an answer). */
export interface JsonRpcRequest {
  id: JsonRpcId;
  method: string;
  params: unknown;
  /** The whole message, for the SDK's zod schemas. */
  message: Record<string, unknown>;
}

/** A notification: no id, no answer (e.g. `notifications/cancelled`). */
export interface JsonRpcNotification {
  method: string;
  params: unknown;
}

/** What a POST body turned out to be. */
export type IncomingMessage =
  | { kind: 'request'; request: JsonRpcRequest }
  /** A notification (`notification` set), or a client's response to a server request: acknowledged with 202 (or handed to its session). */
  | { kind: 'accepted'; message: Record<string, unknown>; notification?: JsonRpcNotification }
  | { kind: 'invalid'; error: JsonRpcErrorBody };

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: { code: number; message: string; data?: unknown };
}

export function toJsonRpcError(id: JsonRpcId | null, code: number, message: string, data?: unknown): JsonRpcErrorBody {
  return { jsonrpc: JSONRPC_VERSION, id, error: data === undefined ? { code, message } : { code, message, data } };
}

/**
 * A JSON-RPC error as something to throw inside a session: the protocol sends its `code`,
 * `message` and `data` as they are (the SDK's McpError would prefix the message).
 *
 * @example
 *   throw toWireError(toJsonRpcError(request.id, ErrorCode.InvalidParams, 'Unknown prompt "x"'));
 */
export function toWireError({ error }: JsonRpcErrorBody): Error & { code: number; data?: unknown } {
  return Object.assign(new Error(error.message), { code: error.code, ...(error.data === undefined ? {} : { data: error.data }) });
}

/** A JSON-RPC error received as an SDK McpError, with the prefix the SDK put on its message taken off. */
export function fromSdkError(error: unknown): Error & { code: number; data?: unknown } {
  const { code, data, message } = error as { code?: unknown; data?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.replace(/^MCP error -?\d+: /, '') : String(error);
  return toWireError(toJsonRpcError(null, typeof code === 'number' ? code : ErrorCode.InternalError, text, data));
}

export function toJsonRpcResult(id: JsonRpcId, result: unknown) {
  return { jsonrpc: JSONRPC_VERSION, id, result };
}

/**
 * Why `params` is refused: written only for a refusal, since serialising every call's params for a
 * message nobody reads was a second `JSON.stringify` of each call's arguments.
 */
function paramsWhy(params: unknown): string {
  return `"params" must be an object of named parameters, not ${Array.isArray(params) ? 'an array' : JSON.stringify(params)}`;
}

/** The strings of every message, whatever its method, with their limits (domain/mcp-limits.ts). */
const envelopeStrings: readonly LimitedString[] = [
  ['id', 'requestIdLength'],
  ['method', 'methodLength'],
];
const progressTokenString: readonly LimitedString[] = [['params._meta.progressToken', 'progressTokenLength']];

/**
 * Classifies a POST body: invalid JSON is -32700; anything but one JSON-RPC 2.0 message (an id
 * that is neither a string nor an integer included), or a message past the nesting policy
 * (domain/json-limits.ts), or an id or method past its length (domain/mcp-limits.ts), is -32600;
 * a request whose `params` is not an object, or whose progress token is too long, is -32602.
 */
export function parseJsonRpcMessage(text: string): IncomingMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'invalid',
      error: toJsonRpcError(null, ErrorCode.ParseError, `Parse error: the body is not valid JSON (${(error as Error).message})`),
    };
  }
  const notRequest = (why: string) => ({
    kind: 'invalid' as const,
    error: toJsonRpcError(null, ErrorCode.InvalidRequest, `Invalid Request: ${why}`),
  });
  // Checked before anything else looks inside: nothing downstream may meet a document deeper than the policy.
  const breach = text.length > jsonLimits.maxDepth ? findJsonLimitBreach(message) : null;
  if (breach) return notRequest(toBreachMessage(breach, 'message'));
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    return notRequest(
      Array.isArray(message) ? 'batches are not supported; send one JSON-RPC message per POST' : 'the body must be a JSON-RPC 2.0 object',
    );
  }
  const record = message as Record<string, unknown>;
  if (record.jsonrpc !== JSONRPC_VERSION) return notRequest('"jsonrpc" must be "2.0"');
  const { id, method } = record;
  const hasId = 'id' in record;
  // MCP ids are strings or integers (JSON-RPC discourages fractions); 1.5 is a bad request, not a parse error.
  if (hasId && typeof id !== 'string' && !Number.isSafeInteger(id))
    return notRequest(`"id" must be a string or an integer, not ${JSON.stringify(id) ?? String(id)}`);
  if (method === undefined && hasId && ('result' in record || 'error' in record)) return { kind: 'accepted', message: record };
  if (typeof method !== 'string') return notRequest('"method" must be a string');
  // Before the id is kept (in flight, cancellable) or the method quoted in an answer; the common case costs two comparisons.
  if ((typeof id === 'string' && id.length > mcpStringLimits.requestIdLength) || method.length > mcpStringLimits.methodLength)
    return notRequest(findLongString(record, envelopeStrings)!);
  const { params } = record;
  const badParams = 'params' in record && (params === null || typeof params !== 'object' || Array.isArray(params));
  if (!hasId) return badParams ? notRequest(paramsWhy(params)) : { kind: 'accepted', message: record, notification: { method, params } };
  if (badParams)
    return {
      kind: 'invalid',
      error: toJsonRpcError(id as JsonRpcId, ErrorCode.InvalidParams, `Invalid params for ${method}: ${paramsWhy(params)}`),
    };
  // Every progress notification of the call carries its token, and a session keeps those it sent.
  const token = (record.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken;
  const longToken =
    typeof token === 'string' && token.length > mcpStringLimits.progressTokenLength ? findLongString(record, progressTokenString) : null;
  if (longToken)
    return {
      kind: 'invalid',
      error: toJsonRpcError(id as JsonRpcId, ErrorCode.InvalidParams, `Invalid params for ${method}: ${longToken}`),
    };
  return { kind: 'request', request: { id: id as JsonRpcId, method, params: record.params, message: record } };
}
