import type { LanguageModel, LanguageModelUsage } from 'ai';
import { loadAiSdk, type AiSdk } from './ai-sdk.js';
import type { TokenUsage } from '../../domain/memory-log.js';
import { findContradictions } from './answer-check.js';
import { defaultModelDeadlineMs, defaultModelTimeoutMs, startCallDeadline, type CallDeadline } from './call-deadline.js';
import { classifyFailure, type FailureStep } from './model-failure.js';
import { buildPrompt, defaultBudgetTokens } from './prompt.js';
import { toApiSettings, type ResultModelApi } from './model-provider.js';
import { readModelAnswer, type ModelAnswer } from './model-answer.js';
import { createStructuredContentValidator, modelOutputSchema, toResolution, type ModelOutput } from './model-output.js';
import { toErrorResult } from '../source/error-result.js';
import { signalOf, type ToolCall, type ToolCallContext, type ToolResolution, type ToolResultSource } from '../source/tool-result-source.js';

export interface ModelSourceOptions {
  model: LanguageModel;
  /** Reported with each result (`ToolResolution.model`, the call log). */
  modelId: string;
  /** Prompt size bound in estimated tokens (see prompt.ts); default 4000. */
  budgetTokens?: number;
  /** Attempts per call, the first included; default 3. */
  maxAttempts?: number;
  /** Time allowed for one attempt (`MCPSIM_MODEL_TIMEOUT_MS`); default 30 000 ms. */
  timeoutMs?: number;
  /** Time allowed for the whole call, every attempt and wait included (`MCPSIM_MODEL_DEADLINE_MS`); default 45 000 ms. */
  deadlineMs?: number;
  /** Sent where the API takes one (Chat Completions; not Responses). */
  seed?: number;
  /** Which API `model` talks (`createResultModel` says): Responses gets `store: false` and no seed. */
  api?: ResultModelApi;
  /** Longest wait between attempts after a server or network error; default 4000 ms. A 429's retry-after is honoured up to the deadline. */
  maxBackoffMs?: number;
  /** The most tokens one answer may take (sent as the API's output-token limit): a runaway local model stops there; default 4096. */
  maxOutputTokens?: number;
  /** Waits between attempts; injected (with `now`) so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds on a monotonic clock, for the deadline; default `performance.now`. */
  now?: () => number;
}

/** Room for one answer: a large list result with its world changes fits; a model that never stops does not run to the deadline. */
export const defaultMaxOutputTokens = 4096;

/** Made once, at the first request: building it converts the zod schema to JSON Schema (about 0.4 ms). */
let modelOutput: ReturnType<typeof toModelOutput> | undefined;
const toModelOutput = ({ Output }: AiSdk) => Output.object({ schema: modelOutputSchema });

type Call = ToolCall & { context: ToolCallContext };

/**
 * Answers mock tool calls with a language model that plays the real server, keeping to the
 * connection's world and history. Never throws and never outlives its deadline: attempts (errors,
 * 429s, timeouts, unusable output) stop at `maxAttempts`, at the deadline, after a second timeout,
 * or at once when the caller cancels (`signalOf(call)`); then it answers a `simulator-error` result (or
 * `cancelled`). Calls without a context (no memory) are left to the next source.
 *
 * @example
 *   const { model, modelId } = createResultModel({ apiKey });
 *   const source = chainSources(createReplaySource({ directory, passOnMiss: true }), createModelSource({ model, modelId }));
 */
export function createModelSource(options: ModelSourceOptions): ToolResultSource {
  const { model, modelId, budgetTokens = defaultBudgetTokens, seed, maxBackoffMs = 4000 } = options;
  const timeoutMs = options.timeoutMs ?? defaultModelTimeoutMs;
  const deadlineMs = options.deadlineMs ?? defaultModelDeadlineMs;
  const maxOutputTokens = options.maxOutputTokens ?? defaultMaxOutputTokens;
  const apiSettings = toApiSettings(options.api, seed);
  const validator = createStructuredContentValidator();
  const attempts = Math.max(1, Math.floor(options.maxAttempts ?? 3));
  const timing = { ...(options.now ? { now: options.now } : {}), ...(options.sleep ? { sleep: options.sleep } : {}) };

  async function attempt(call: Call, note: string | undefined, deadline: CallDeadline): Promise<Outcome> {
    const { system, prompt } = buildPrompt(call, { budgetTokens, ...(note === undefined ? {} : { note }) });
    const sdk = await loadAiSdk();
    const { generateText, NoObjectGeneratedError } = sdk;
    modelOutput ??= toModelOutput(sdk);
    const current = deadline.attempt();
    try {
      const response = await raceAbort(
        current.signal,
        generateText({
          model,
          system,
          prompt,
          output: modelOutput,
          temperature: 0,
          maxOutputTokens,
          ...apiSettings,
          maxRetries: 0,
          abortSignal: current.signal,
        }),
      );
      const usage = toTokenUsage(response.usage);
      let output: ModelOutput;
      try {
        output = response.output;
      } catch {
        // No text to parse (cut off before any, or refused): the SDK leaves the output unset.
        const answer = readModelAnswer(response.text, response.finishReason);
        return answer.kind === 'output' ? read(call, answer.output, usage) : toOutcome(answer, usage);
      }
      return read(call, output, usage);
    } catch (error) {
      const why = current.why();
      if (why === 'cancelled') return { kind: 'cancelled' };
      if (why === 'attempt-timeout')
        return { kind: 'timeout', why: `no answer within ${timeoutMs} ms (MCPSIM_MODEL_TIMEOUT_MS, one attempt)` };
      if (why === 'deadline') return { kind: 'deadline', why: deadlineText(deadlineMs) };
      // The text was not the schema's JSON as it stands: fenced, after a preamble, refused, cut off, or prose.
      if (NoObjectGeneratedError.isInstance(error)) {
        const usage = error.usage ? toTokenUsage(error.usage) : undefined;
        const answer = readModelAnswer(error.text ?? '', error.finishReason);
        return answer.kind === 'output' ? read(call, answer.output, usage) : toOutcome(answer, usage);
      }
      return classifyFailure(error, sdk);
    } finally {
      current.end();
    }
  }

  /** The model's output as a result: done, or invalid (bad JSON text inside, an outputSchema mismatch). */
  function read(call: Call, output: ModelOutput, usage: TokenUsage | undefined): Outcome {
    const resolved = toResolution(output, call.context.toolDefinition, validator);
    if (!resolved.ok) return { kind: 'invalid', why: `invalid output: ${resolved.problem}`, ...(usage ? { usage } : {}) };
    return {
      kind: 'done',
      resolution: {
        source: 'model',
        model: modelId,
        ...(usage ? { usage } : {}),
        result: resolved.result,
        worldChanges: resolved.worldChanges,
      },
    };
  }

  /**
   * The answer checked against the world (answer-check.ts): with contradictions, one more attempt
   * that names them, if the deadline leaves time; what remains is reported in `_meta["mcpsim/contradictions"]`.
   */
  async function checked(call: Call, first: ToolResolution, deadline: CallDeadline, next: Attempt): Promise<ToolResolution> {
    const check = (resolution: ToolResolution) =>
      findContradictions({
        result: resolution.result,
        changes: resolution.worldChanges ?? {},
        world: call.context.world,
        tool: call.context.toolDefinition,
        serverTools: call.context.serverTools,
        toolOverrides: call.context.toolOverrides,
        serverNames: [call.server, call.context.serverName],
        arguments: call.arguments,
      });
    const found = check(first);
    if (found.length === 0) return first;
    const note = `Your previous answer contradicted the world state: ${found.join('; ')}. Answer again, consistent with the World state (or list in changes what this call changes).`;
    const retry: Outcome = deadline.remainingMs() > 0 && !deadline.cancelled() ? await next(note) : { kind: 'cancelled' };
    const [resolution, remaining] = retry.kind === 'done' ? [retry.resolution, check(retry.resolution)] : [first, found];
    if (remaining.length === 0) return resolution;
    return { ...resolution, result: { ...resolution.result, _meta: { ...resolution.result._meta, 'mcpsim/contradictions': remaining } } };
  }

  return {
    async resolve(call) {
      const { context } = call;
      if (!context) return null;
      const withContext = { ...call, context };
      const deadline = startCallDeadline({ deadlineMs, attemptTimeoutMs: timeoutMs, signal: signalOf(call), ...timing });
      // Every billed attempt counts, failed ones too: the call's usage is their sum.
      const spent: TokenUsage[] = [];
      const next: Attempt = async (note) => {
        const outcome = await attempt(withContext, note, deadline);
        const usage = outcome.kind === 'done' ? outcome.resolution.usage : 'usage' in outcome ? outcome.usage : undefined;
        if (usage) spent.push(usage);
        return outcome;
      };
      const billed = (resolution: ToolResolution): ToolResolution =>
        spent.length === 0 ? resolution : { ...resolution, model: modelId, usage: sumUsage(spent) };
      let why = 'no attempt was made';
      let note: string | undefined;
      let made = 0;
      let timeouts = 0;
      const waited: string[] = [];
      for (let number = 1; number <= attempts && !deadline.cancelled(); number++) {
        made = number;
        const outcome = await next(note);
        if (outcome.kind === 'done') return billed(await checked(withContext, outcome.resolution, deadline, next));
        if (outcome.kind === 'cancelled') break;
        why = outcome.why;
        // A second timeout means the model is too slow for this prompt, not unlucky: stop.
        if (outcome.kind === 'timeout' && ++timeouts >= 2) break;
        if (outcome.kind === 'fatal' || outcome.kind === 'deadline' || number === attempts) break;
        // Same prompt + temperature 0 tends to give the same bad answer: say what was wrong.
        note = outcome.kind === 'invalid' ? `Your previous answer was rejected, ${outcome.why}. Answer again, fixing that.` : note;
        const waitMs = toWaitMs(outcome, number, maxBackoffMs);
        const left = deadline.remainingMs();
        if (waitMs >= left) {
          why += outcome.kind === 'retry' && outcome.retryAfter ? `; its retry-after asks for ${seconds(waitMs)}` : '';
          why += `; ${seconds(left)} were left of the call's deadline of ${deadlineMs} ms (MCPSIM_MODEL_DEADLINE_MS)`;
          break;
        }
        if (outcome.kind === 'retry' && outcome.retryAfter) waited.push(`waited ${seconds(waitMs)} as a 429's retry-after asked`);
        await deadline.wait(waitMs);
      }
      if (deadline.cancelled()) return billed(cancelledResolution(call));
      const after = waited.length > 0 ? ` (${waited.join('; ')})` : '';
      return billed({
        source: 'simulator-error',
        result: toErrorResult(
          `mcpsim simulator failed for ${call.server}.${call.tool} after ${made} attempt${made === 1 ? '' : 's'}${after}: ${why}`,
        ),
      });
    },
  };
}

/** What one attempt came to; a failed attempt the provider billed carries its usage. */
type Outcome =
  | { kind: 'done'; resolution: ToolResolution }
  | { kind: 'invalid'; why: string; usage?: TokenUsage }
  | { kind: 'timeout'; why: string }
  | { kind: 'deadline'; why: string }
  | { kind: 'cancelled' }
  | (FailureStep & { usage?: TokenUsage });

/** One more attempt of the call, with a note for the model. */
type Attempt = (note: string | undefined) => Promise<Outcome>;

/** A refusal or a truncation stops at once (asking again gets the same); other unusable text is retried with a note. */
function toOutcome(answer: Exclude<ModelAnswer, { kind: 'output' }>, usage: TokenUsage | undefined): Outcome {
  const kind = answer.kind === 'invalid' ? 'invalid' : 'fatal';
  return { kind, why: answer.why, ...(usage ? { usage } : {}) };
}

/** The AI SDK's usage as the call log keeps it (a provider that reports none counts 0). */
function toTokenUsage(usage: LanguageModelUsage): TokenUsage {
  const cached = usage.inputTokenDetails?.cacheReadTokens;
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
  };
}

function sumUsage(usages: readonly TokenUsage[]): TokenUsage {
  const cached = usages.filter((usage) => usage.cachedInputTokens !== undefined);
  return {
    inputTokens: usages.reduce((total, usage) => total + usage.inputTokens, 0),
    outputTokens: usages.reduce((total, usage) => total + usage.outputTokens, 0),
    ...(cached.length === 0 ? {} : { cachedInputTokens: cached.reduce((total, usage) => total + usage.cachedInputTokens!, 0) }),
  };
}

function toWaitMs(outcome: Outcome, number: number, maxBackoffMs: number): number {
  if (outcome.kind !== 'retry') return 0;
  // The provider's own retry-after is honoured as asked (up to the deadline); our backoff is capped.
  if (outcome.retryAfter) return outcome.waitMs;
  return Math.min(outcome.waitMs * (outcome.exponential ? 2 ** (number - 1) : 1), maxBackoffMs);
}

const deadlineText = (deadlineMs: number) =>
  `no answer before the call's deadline of ${deadlineMs} ms (MCPSIM_MODEL_DEADLINE_MS, all attempts together)`;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The client gave up: nothing was answered and the world stays as it was. */
function cancelledResolution(call: ToolCall): ToolResolution {
  return {
    source: 'cancelled',
    result: toErrorResult(`cancelled by the client: ${call.server}.${call.tool} was not answered and changed nothing`),
  };
}

/** Settles with the promise, or rejects as soon as the signal aborts (a model that ignores the signal must not hang the call). */
function raceAbort<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}
