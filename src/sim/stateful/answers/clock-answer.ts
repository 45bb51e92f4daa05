import { toClockAnswer } from '../clock-answers.js';
import { fitToSchema } from '../schema-fit.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';

/**
 * A tool that tells the time: the platform clock in the zone asked for, or a conversion (clock-answers.ts),
 * in the tool's outputSchema when it declares one. No world is involved and nothing changes. A call
 * that leaves out what a conversion needs (no time, no zone) is answered by the world, as before.
 */
export const answerClock: AnswerModule = (call) => {
  const { tool, now } = call;
  const clock = toClockAnswer(tool.name, call.args, now);
  if (clock === null) return toAnswered(call.fromWorld(), tool);
  if ('error' in clock) return toAnswered({ error: clock.error }, tool);
  const value = tool.outputSchema ? fitToSchema(clock.value, tool.outputSchema, `${call.seed}|${tool.name}`, { now }) : clock.value;
  return toAnswered({ value }, tool);
};
