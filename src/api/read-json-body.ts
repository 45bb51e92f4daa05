import type { Context } from 'hono';
import { apiError } from '../errors.js';

/**
 * Reads a request body as JSON. An empty body is `{}` when the body is optional, and a
 * `validation_error` when it is required; text that is not JSON is always a `validation_error`.
 */
export async function readJsonBody(c: Context, required: boolean): Promise<unknown> {
  const text = await c.req.text();
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
