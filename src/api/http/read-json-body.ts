import type { Context } from 'hono';
import { findJsonLimitBreach, jsonLimits, toBreachMessage } from '../../domain/json-limits.js';
import { apiError, isApiError, type ApiError } from '../../errors.js';
import { readPacedBody, type BodyPace } from './paced-body.js';

/**
 * Reads a request body as JSON, refusing more than `maxBytes` (413) before and while reading.
 * An empty body is `{}` when the body is optional and a `validation_error` when it is required;
 * text that is not JSON, or JSON that breaks the nesting policy (domain/json-limits.ts), is a
 * `validation_error` naming the limit.
 *
 * The limit is enforced here, on the routes that take a body, rather than by a middleware on
 * every route: hono's bodyLimit wraps every request's body stream, which cut GET throughput by
 * two thirds.
 */
export async function readJsonBody(c: Context, required: boolean, maxBytes: number, pace?: BodyPace): Promise<unknown> {
  const text = await readBodyText(c, maxBytes, pace);
  if (text.trim() === '') {
    if (required) throw apiError('validation_error', 'body: is required (send a JSON object)');
    return {};
  }
  return parseJsonText(text);
}

/**
 * JSON text as a value, or the 400 to throw: not JSON, or past the nesting policy. A text no
 * longer than the depth limit cannot break it, so small bodies (the hot path) skip the walk.
 *
 * @example
 *   parseJsonText('{"a":1}'); // { a: 1 }
 */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw apiError('validation_error', `body: must be valid JSON (${(error as Error).message})`);
  }
  if (text.length > jsonLimits.maxDepth) {
    const breach = findJsonLimitBreach(value);
    if (breach) throw apiError('validation_error', toBreachMessage(breach, 'body'));
  }
  return value;
}

/** Bodies that ended before they were whole: the client went away, nothing is wrong here. */
const cutShort = new WeakSet<object>();

/**
 * Whether `error` is a body that ended before it was whole (a client that aborted its upload): a
 * 400 for whoever is still listening, and nothing for the log.
 *
 * @example
 *   if (isBodyCutShort(error)) return c.json(toJsonRpcError(null, ErrorCode.InvalidRequest, error.message), 400);
 */
export function isBodyCutShort(error: unknown): error is ApiError {
  return isApiError(error) && cutShort.has(error);
}

/**
 * With a Content-Length, the length is checked first and the body read by `c.req.text()`, the
 * node server's fast path. Without one (chunked), the stream is read and counted as it arrives.
 * A body that holds a share of the large-body budget is read at its `pace` (paced-body.ts): one
 * that falls behind is cut off with 408. A body the client stops sending (it aborted, or its
 * connection broke) is a `validation_error` (`isBodyCutShort`), not a bug with a stack in the log.
 */
export async function readBodyText(c: Context, maxBytes: number, pace?: BodyPace): Promise<string> {
  try {
    return await readWhole(c, maxBytes, pace);
  } catch (error) {
    if (isApiError(error)) throw error;
    const failure = apiError('validation_error', 'body: ended before it was whole (the client closed the connection); send it again');
    cutShort.add(failure);
    throw failure;
  }
}

async function readWhole(c: Context, maxBytes: number, pace: BodyPace | undefined): Promise<string> {
  const tooLarge = () => apiError('payload_too_large', `Request body is larger than ${maxBytes} bytes`);
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
  if (pace !== undefined && c.req.raw.body) return readPacedBody(c.req.raw.body, maxBytes, pace);
  if (declared !== undefined) return c.req.text();
  const body = c.req.raw.body;
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
