import type { AiSdk } from './ai-sdk.js';

/** What to do after a failed model request. */
export type FailureStep =
  /** Try again after `waitMs` (doubled per attempt when `exponential`); `retryAfter` when the provider asked for the wait. */
  | { kind: 'retry'; why: string; waitMs: number; exponential?: boolean; retryAfter?: boolean }
  /** The same request will fail the same way. */
  | { kind: 'fatal'; why: string };

export const firstBackoffMs = 500;

/**
 * Which failures of a model request are worth another attempt, how long to wait first, and what
 * to tell the person reading the error: the status and the provider's message, a connection reset
 * or refusal named as such, a context overflow with the settings that fix it.
 *
 * @example
 *   classifyFailure(new APICallError({ statusCode: 401, ... }), await loadAiSdk()); // { kind: 'fatal', why: 'HTTP 401 from https://…: Incorrect API key' }
 */
export function classifyFailure(error: unknown, { APICallError }: Pick<AiSdk, 'APICallError'>): FailureStep {
  const url = APICallError.isInstance(error) ? error.url : 'the model server';
  const message = oneLine(error instanceof Error ? error.message : String(error));
  const network = findNetworkCode(error);
  if (network) return { kind: 'retry', why: describeNetwork(network, url), waitMs: firstBackoffMs, exponential: true };
  if (APICallError.isInstance(error)) {
    const why = `HTTP ${error.statusCode ?? '(no status)'} from ${error.url}: ${message}`;
    if (error.statusCode === 429) {
      const asked = retryAfterMs(error.responseHeaders);
      return { kind: 'retry', why, waitMs: asked ?? firstBackoffMs, ...(asked === undefined ? {} : { retryAfter: true }) };
    }
    // A 2xx with an unreadable body (truncated, a proxy's page) may well read next time.
    if (error.statusCode !== undefined && error.statusCode < 300) return { kind: 'retry', why, waitMs: firstBackoffMs, exponential: true };
    if (error.statusCode === 400 && isContextOverflow(`${message} ${error.responseBody ?? ''}`))
      return {
        kind: 'fatal',
        why: `${why} (the prompt and the answer do not fit in the model's context: set MCPSIM_MODEL_CONTEXT to the context the server gives the model, or a smaller MCPSIM_PROMPT_BUDGET)`,
      };
    // 400, 401, 403, 404...: the same request will fail the same way.
    if (!error.isRetryable) return { kind: 'fatal', why };
    return { kind: 'retry', why, waitMs: firstBackoffMs, exponential: true };
  }
  return { kind: 'retry', why: message, waitMs: firstBackoffMs, exponential: true };
}

/** OpenAI's `context_length_exceeded`, vLLM's and LM Studio's "maximum context length" texts. */
function isContextOverflow(text: string): boolean {
  return /context_length_exceeded|maximum context length|context length|context window|too many tokens/i.test(text);
}

const resetCodes = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED']);
const refusedCodes = new Set(['ECONNREFUSED']);
const lookupCodes = new Set(['ENOTFOUND', 'EAI_AGAIN']);

/** The system error code somewhere in the cause chain of a failed fetch (undici nests it), if it is one we name. */
function findNetworkCode(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && depth < 6; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (resetCodes.has(code) || refusedCodes.has(code) || lookupCodes.has(code))) return code;
    if (cause instanceof Error && /other side closed|socket hang up/i.test(cause.message)) return 'ECONNRESET';
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

function describeNetwork(code: string, url: string): string {
  if (refusedCodes.has(code)) return `cannot connect to ${url} (${code}): is the model server running and OPENAI_BASE_URL right?`;
  if (lookupCodes.has(code)) return `cannot resolve the host of ${url} (${code}): check OPENAI_BASE_URL`;
  return `the connection to ${url} was reset before an answer came (${code}): the model server dropped the request (it crashed, restarted or ran out of memory?)`;
}

/** A 429's wait: `retry-after-ms` (OpenAI), else `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  const milliseconds = Number.parseFloat(headers?.['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers?.['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
};
