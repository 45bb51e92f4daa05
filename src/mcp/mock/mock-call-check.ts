/**
 * Reading a request's params by its row of the method table (mock-methods.ts): the string limits,
 * the plain `tools/call` read without the schema, then the SDK's schema.
 */
import { ErrorCode, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { findLongString } from '../../domain/mcp-limits.js';
import { toFieldMessage } from '../../domain/field-message.js';
import { toJsonRpcError, type JsonRpcRequest } from '../json-rpc.js';
import type { z } from 'zod';
import type { LimitedString } from '../../domain/mcp-limits.js';

/** What of a method table row (mock-methods.ts) reading its params takes. */
export interface CheckedRow {
  params: z.ZodType<unknown>;
  strings?: readonly LimitedString[] | undefined;
  plain?(message: Record<string, unknown>): unknown;
}

/**
 * The request's params as its row reads them, or the -32602 to answer: a string past its limit
 * (checked first: the schema's message would quote it), else what the schema refuses.
 */
export function checkMockCall(found: CheckedRow, request: JsonRpcRequest): { parsed: unknown } | { refused: unknown } {
  const tooLong = found.strings ? findLongString(request.message, found.strings) : null;
  if (tooLong) return { refused: toJsonRpcError(request.id, ErrorCode.InvalidParams, `Invalid params for ${request.method}: ${tooLong}`) };
  const plain = found.plain?.(request.message);
  if (plain) return { parsed: plain };
  const parsed = found.params.safeParse(request.message);
  if (!parsed.success)
    return {
      refused: toJsonRpcError(
        request.id,
        ErrorCode.InvalidParams,
        `Invalid params for ${request.method}: ${toFieldMessage(parsed.error.issues, request.message, 'message')}`,
      ),
    };
  return { parsed: parsed.data };
}

/**
 * A `tools/call` of a name and plain arguments, nothing else (no `_meta`, no `task`): what the
 * SDK's schema accepts and reads as `{ method, params: { name, arguments } }`. The schema's parse
 * was about 5 µs of a replayed call (bench/mcp-cpu.ts); anything else, and every refusal with its
 * message, is still the schema's to decide.
 */
export function plainToolCall(message: Record<string, unknown>): CallToolRequest | null {
  const params = message.params as Record<string, unknown> | undefined;
  if (params === undefined || typeof params.name !== 'string') return null;
  let keys = 0;
  for (const key in params) {
    if (!Object.hasOwn(params, key)) continue;
    if (key !== 'name' && key !== 'arguments') return null;
    keys++;
  }
  const args = params.arguments;
  if (keys === 2 && (args === null || typeof args !== 'object' || Array.isArray(args) || Object.getPrototypeOf(args) !== Object.prototype))
    return null;
  return { method: 'tools/call', params: params as CallToolRequest['params'] };
}
