import { APICallError, generateText, Output, type LanguageModel } from 'ai';
import { findContradictions } from './answer-check.js';
import { buildPrompt, defaultBudgetTokens } from './prompt.js';
import { createStructuredContentValidator, modelOutputSchema, toResolution } from './model-output.js';
import { toErrorResult } from '../source/error-result.js';
import type { ToolCall, ToolCallContext, ToolResolution, ToolResultSource } from '../source/tool-result-source.js';

export interface ModelSourceOptions {
  model: LanguageModel;
  /** Reported with each result (`ToolResolution.model`, the call log). */
  modelId: string;
  /** Prompt size bound in estimated tokens (see prompt.ts); default 4000. */
  budgetTokens?: number;
  /** Attempts per call, the first included; default 3. */
  maxAttempts?: number;
  /** Time allowed for one attempt; default 60 000 ms. */
  timeoutMs?: number;
  seed?: number;
  /** Longest wait between attempts, a 429's `retry-after` included; default 4000 ms. */
  maxBackoffMs?: number;
  /** Waits between attempts; injected so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
}

const firstBackoffMs = 500;
/** Made once: building it converts the zod schema to JSON Schema (about 0.4 ms). */
const modelOutput = Output.object({ schema: modelOutputSchema });

/**
 * Answers mock tool calls with a language model that plays the real server, keeping to the
 * connection's world and history. Never throws and never hangs: after `maxAttempts` failed
 * attempts (errors, 429s, timeouts, unusable output) it answers a `simulator-error` result.
 * Calls without a context (no memory) are left to the next source.
 *
 * @example
 *   const { model, modelId } = createResultModel({ apiKey });
 *   const source = chainSources(createReplaySource({ directory, passOnMiss: true }), createModelSource({ model, modelId }));
 */
export function createModelSource(options: ModelSourceOptions): ToolResultSource {
  const { model, modelId, budgetTokens = defaultBudgetTokens, maxAttempts = 3, timeoutMs = 60_000, seed, maxBackoffMs = 4000 } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const validator = createStructuredContentValidator();
  const attempts = Math.max(1, Math.floor(maxAttempts));

  async function attempt(call: ToolCall & { context: ToolCallContext }, note: string | undefined): Promise<Outcome> {
    const { system, prompt } = buildPrompt(call, { budgetTokens, ...(note === undefined ? {} : { note }) });
    // A controller and a timer cleared when the attempt ends: AbortSignal.timeout costs twice as much per call, and its timer lingers.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    timer.unref?.();
    const { signal } = controller;
    try {
      const response = await raceAbort(
        signal,
        generateText({
          model,
          system,
          prompt,
          output: modelOutput,
          temperature: 0,
          ...(seed === undefined ? {} : { seed }),
          maxRetries: 0,
          abortSignal: signal,
        }),
      );
      const read = toResolution(response.output, call.context.toolDefinition, validator);
      if (!read.ok) return { kind: 'invalid', why: `invalid output: ${read.problem}` };
      return {
        kind: 'done',
        resolution: {
          source: 'model',
          model: modelId,
          usage: { inputTokens: response.usage.inputTokens ?? 0, outputTokens: response.usage.outputTokens ?? 0 },
          result: read.result,
          worldChanges: read.worldChanges,
        },
      };
    } catch (error) {
      if (signal.aborted) return { kind: 'retry', why: `no answer within ${timeoutMs} ms`, waitMs: 0 };
      return classify(error, maxBackoffMs);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The answer checked against the world (answer-check.ts): with contradictions, one more attempt
   * that names them; what remains is reported in `_meta["mcpsim/contradictions"]`.
   */
  async function checked(call: ToolCall & { context: ToolCallContext }, first: ToolResolution): Promise<ToolResolution> {
    const check = (resolution: ToolResolution) =>
      findContradictions({
        result: resolution.result,
        changes: resolution.worldChanges ?? {},
        world: call.context.world,
        tool: call.context.toolDefinition,
        serverTools: call.context.serverTools,
        toolOverrides: call.context.toolOverrides,
        arguments: call.arguments,
      });
    const found = check(first);
    if (found.length === 0) return first;
    const note = `Your previous answer contradicted the world state: ${found.join('; ')}. Answer again, consistent with the World state (or list in changes what this call changes).`;
    const retry = await attempt(call, note);
    const [chosen, remaining] = retry.kind === 'done' ? [retry.resolution, check(retry.resolution)] : [first, found];
    // Both attempts cost tokens: the log counts them all.
    const usage =
      retry.kind === 'done' && first.usage && chosen.usage
        ? {
            inputTokens: first.usage.inputTokens + chosen.usage.inputTokens,
            outputTokens: first.usage.outputTokens + chosen.usage.outputTokens,
          }
        : chosen.usage;
    const resolution = usage ? { ...chosen, usage } : chosen;
    if (remaining.length === 0) return resolution;
    return { ...resolution, result: { ...resolution.result, _meta: { ...resolution.result._meta, 'mcpsim/contradictions': remaining } } };
  }

  return {
    async resolve(call) {
      const { context } = call;
      if (!context) return null;
      let why = 'no attempt was made';
      let note: string | undefined;
      let made = 0;
      for (let number = 1; number <= attempts; number++) {
        made = number;
        const outcome = await attempt({ ...call, context }, note);
        if (outcome.kind === 'done') return checked({ ...call, context }, outcome.resolution);
        why = outcome.why;
        if (outcome.kind === 'fatal' || number === attempts) break;
        // Same prompt + temperature 0 tends to give the same bad answer: say what was wrong.
        note = outcome.kind === 'invalid' ? `Your previous answer was rejected, ${outcome.why}. Answer again, fixing that.` : note;
        const waitMs = outcome.kind === 'retry' ? outcome.waitMs : 0;
        if (waitMs > 0)
          await sleep(Math.min(waitMs * (outcome.kind === 'retry' && outcome.exponential ? 2 ** (number - 1) : 1), maxBackoffMs));
      }
      return {
        source: 'simulator-error',
        result: toErrorResult(
          `mcpsim simulator failed for ${call.server}.${call.tool} after ${made} attempt${made === 1 ? '' : 's'}: ${why}`,
        ),
      };
    },
  };
}

type Outcome =
  | { kind: 'done'; resolution: ToolResolution }
  | { kind: 'invalid'; why: string }
  | { kind: 'retry'; why: string; waitMs: number; exponential?: boolean }
  | { kind: 'fatal'; why: string };

/** Settles with the promise, or rejects as soon as the signal aborts (a model that ignores the signal must not hang the call). */
function raceAbort<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/** Which failures are worth another attempt, and how long to wait first. */
function classify(error: unknown, maxBackoffMs: number): Outcome {
  const message = oneLine(error instanceof Error ? error.message : String(error));
  if (APICallError.isInstance(error)) {
    const why = `HTTP ${error.statusCode ?? '(no status)'} from ${error.url}: ${message}`;
    if (error.statusCode === 429)
      return { kind: 'retry', why, waitMs: Math.min(retryAfterMs(error.responseHeaders) ?? firstBackoffMs, maxBackoffMs) };
    // A 2xx with an unreadable body (truncated, a proxy's page) may well read next time.
    if (error.statusCode !== undefined && error.statusCode < 300) return { kind: 'retry', why, waitMs: firstBackoffMs, exponential: true };
    // 400, 401, 403, 404...: the same request will fail the same way.
    if (!error.isRetryable) return { kind: 'fatal', why };
    return { kind: 'retry', why, waitMs: firstBackoffMs, exponential: true };
  }
  const name = error instanceof Error ? error.name : '';
  // NoObjectGeneratedError and friends: the text was not JSON of the schema.
  if (/NoObjectGenerated|NoOutputGenerated|JSONParse|TypeValidation/.test(name))
    return { kind: 'invalid', why: `invalid output: ${message}` };
  return { kind: 'retry', why: message, waitMs: firstBackoffMs, exponential: true };
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const milliseconds = Number.parseFloat(headers?.['retry-after-ms'] ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const seconds = Number.parseFloat(headers?.['retry-after'] ?? '');
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return undefined;
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
};
