import type { Context } from 'hono';
import { apiError } from '../errors.js';

/**
 * Reads a request body as JSON, refusing more than `maxBytes` (413) before and while reading.
 * An empty body is `{}` when the body is optional and a `validation_error` when it is required;
 * text that is not JSON is always a `validation_error`.
 *
 * The limit is enforced here, on the routes that take a body, rather than by a middleware on
 * every route: hono's bodyLimit wraps every request's body stream, which cut GET throughput by
 * two thirds.
 */
export async function readJsonBody(c: Context, required: boolean, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(c, maxBytes);
  if (text.trim() === '') {
    if (required) throw apiError('validation_error', 'body: is required (send a JSON object)');
    return {};
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw apiError('validation_error', `body: must be valid JSON (${(error as Error).message})`);
  }
}

/**
 * With a Content-Length, the length is checked first and the body read by `c.req.text()`, the
 * node server's fast path. Without one (chunked), the stream is read and counted as it arrives.
 */
export async function readBodyText(c: Context, maxBytes: number): Promise<string> {
  const tooLarge = () => apiError('payload_too_large', `Request body is larger than ${maxBytes} bytes`);
  const declared = c.req.header('content-length');
  if (declared !== undefined) {
    if (Number(declared) > maxBytes) throw tooLarge();
    return c.req.text();
  }
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
