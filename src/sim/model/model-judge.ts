import type { LanguageModel } from 'ai';
import { z } from 'zod';
import { defaultModelDeadlineMs, defaultModelTimeoutMs } from './call-deadline.js';
import type { ResultModelApi } from './model-provider.js';
import { askForObject } from './structured-call.js';

/** A verdict on a plain-language check of a tool result. */
export interface Verdict {
  /** null: the model could not judge (unreachable, timed out, unusable answer); `reason` says why. */
  pass: boolean | null;
  reason: string;
}

export interface ModelJudgeOptions {
  model: LanguageModel;
  /** Which API `model` talks: Responses gets `store: false`. */
  api?: ResultModelApi;
  /** One attempt (`MCPSIM_MODEL_TIMEOUT_MS`); default 30 000 ms. */
  timeoutMs?: number;
  /** The whole judgement, both attempts included (`MCPSIM_MODEL_DEADLINE_MS`); default 45 000 ms. */
  deadlineMs?: number;
  /** Waits between attempts; injected so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
}

const verdictSchema = z.strictObject({
  pass: z.boolean().describe('true when the result satisfies the check'),
  reason: z.string().describe('one sentence: why'),
});

const system = `You check the result of a tool call made by an automated test. You receive the tool, its arguments, the result the server returned, and a check written in plain language by a QA engineer. Decide whether the result satisfies the check. Judge only what the result shows; do not assume facts it does not state. Answer with pass and a one-sentence reason.`;

/**
 * Judges plain-language expectations of scenario steps (`check:`) with a model, at temperature
 * 0, within the configured attempt time and deadline (two attempts at most). A model failure is
 * a verdict of `pass: null` ("could not judge") whose reason says why, never a thrown error.
 *
 * @example
 *   const judge = createModelJudge({ model, timeoutMs: 30_000, deadlineMs: 45_000 });
 *   await judge('The list names at least one login bug', { tool: 'list_issues', arguments: {}, result });
 */
export function createModelJudge({
  model,
  api,
  timeoutMs = defaultModelTimeoutMs,
  deadlineMs = defaultModelDeadlineMs,
  sleep,
}: ModelJudgeOptions) {
  return async (check: string, call: { tool: string; arguments: Record<string, unknown>; result: unknown }): Promise<Verdict> => {
    const prompt = `# Tool\n${call.tool}\n\n# Arguments\n${JSON.stringify(call.arguments)}\n\n# Result\n${JSON.stringify(call.result).slice(0, 20_000)}\n\n# Check\n${check}`;
    const answer = await askForObject({ model, api, system, prompt, schema: verdictSchema, timeoutMs, deadlineMs, sleep });
    if (answer.output) return answer.output;
    return { pass: null, reason: `the judge model failed: ${answer.why}` };
  };
}
