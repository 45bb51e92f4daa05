import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';

/** A verdict on a plain-language check of a tool result. */
export interface Verdict {
  pass: boolean;
  reason: string;
}

const verdictSchema = z.strictObject({
  pass: z.boolean().describe('true when the result satisfies the check'),
  reason: z.string().describe('one sentence: why'),
});
const verdictOutput = Output.object({ schema: verdictSchema });

const system = `You check the result of a tool call made by an automated test. You receive the tool, its arguments, the result the server returned, and a check written in plain language by a QA engineer. Decide whether the result satisfies the check. Judge only what the result shows; do not assume facts it does not state. Answer with pass and a one-sentence reason.`;

/**
 * Judges plain-language expectations of scenario steps (`check:`) with a model, at temperature
 * 0. A model failure is a failed check whose reason says so, never a thrown error.
 *
 * @example
 *   const judge = createModelJudge({ model, timeoutMs: 30_000 });
 *   await judge('The list names at least one login bug', { tool: 'list_issues', arguments: {}, result });
 */
export function createModelJudge({ model, timeoutMs = 30_000 }: { model: LanguageModel; timeoutMs?: number }) {
  return async (check: string, call: { tool: string; arguments: Record<string, unknown>; result: unknown }): Promise<Verdict> => {
    const prompt = `# Tool\n${call.tool}\n\n# Arguments\n${JSON.stringify(call.arguments)}\n\n# Result\n${JSON.stringify(call.result).slice(0, 20_000)}\n\n# Check\n${check}`;
    try {
      const { output } = await generateText({
        model,
        system,
        prompt,
        output: verdictOutput,
        temperature: 0,
        maxRetries: 2,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      return output;
    } catch (error) {
      return { pass: false, reason: `the model could not judge this check: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
}
