import type { LanguageModel } from 'ai';
import type { z } from 'zod';
import { defaultModelDeadlineMs, defaultModelTimeoutMs, startCallDeadline } from './call-deadline.js';
import { loadAiSdk } from './ai-sdk.js';
import { classifyFailure } from './model-failure.js';
import { toApiSettings, type ResultModelApi } from './model-provider.js';

/** One question to a model whose answer must fit a schema. */
export interface StructuredCall<T> {
  model: LanguageModel;
  /** Which API `model` talks: Responses gets `store: false`. */
  api?: ResultModelApi | undefined;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** One attempt (`MCPSIM_MODEL_TIMEOUT_MS`); default 30 000 ms. */
  timeoutMs?: number | undefined;
  /** Both attempts and the wait between them (`MCPSIM_MODEL_DEADLINE_MS`); default 45 000 ms. */
  deadlineMs?: number | undefined;
  /** Waits between attempts; injected so tests need not wait. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** The answer, or why there is none; a model failure is never thrown. */
export type StructuredAnswer<T> = { output: T; why?: undefined } | { output?: undefined; why: string };

/**
 * Asks `model` once, at temperature 0, for an object of `schema`, within the attempt time and the
 * deadline: two attempts at most, the second after the wait the failure asks for (a 429's
 * `retry-after`), none after a fatal one (a bad key, an unknown model).
 *
 * @example
 *   const answer = await askForObject({ model, system, prompt, schema: z.strictObject({ pass: z.boolean() }) });
 *   if (answer.why !== undefined) console.log(`the model failed: ${answer.why}`);
 */
export async function askForObject<T>(call: StructuredCall<T>): Promise<StructuredAnswer<T>> {
  const { timeoutMs = defaultModelTimeoutMs, deadlineMs = defaultModelDeadlineMs } = call;
  const sdk = await loadAiSdk();
  const output = sdk.Output.object({ schema: call.schema });
  const deadline = startCallDeadline({ deadlineMs, attemptTimeoutMs: timeoutMs, ...(call.sleep ? { sleep: call.sleep } : {}) });
  let why = 'no attempt was made';
  for (let number = 1; number <= 2; number++) {
    const attempt = deadline.attempt();
    try {
      const answer = await sdk.generateText({
        model: call.model,
        system: call.system,
        prompt: call.prompt,
        output,
        temperature: 0,
        ...toApiSettings(call.api, undefined),
        maxRetries: 0,
        abortSignal: attempt.signal,
      });
      return { output: answer.output as T };
    } catch (error) {
      const aborted = attempt.why();
      const step = aborted ? null : classifyFailure(error, sdk);
      why =
        aborted === 'attempt-timeout'
          ? `no answer within ${timeoutMs} ms (MCPSIM_MODEL_TIMEOUT_MS)`
          : aborted
            ? `no answer within ${deadlineMs} ms (MCPSIM_MODEL_DEADLINE_MS)`
            : step!.why;
      if (aborted === 'deadline' || step?.kind === 'fatal' || (step && step.waitMs >= deadline.remainingMs())) break;
      if (step) await deadline.wait(step.waitMs);
    } finally {
      attempt.end();
    }
  }
  return { why };
}
