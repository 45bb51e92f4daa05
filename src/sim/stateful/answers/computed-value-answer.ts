import { computedFields } from '../described-values.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';

/**
 * An action that computes a value (`maps_weather(city)`, `calculate_distance(from, to)`): the
 * arguments asked and the value under its word (described-values.ts), not `Done: maps_weather {...}`.
 * The action is kept as a fact all the same.
 */
export const answerComputedValue: AnswerModule = (call) => {
  const { tool } = call;
  const answer = call.fromWorld();
  const computed =
    answer.text !== undefined ? computedFields(tool, call.args, { seed: `${call.seed}|${call.argumentsKey}`, now: call.now }) : null;
  if (computed === null) return toAnswered(answer, tool);
  const { text: _text, ...rest } = answer;
  return toAnswered({ ...rest, value: computed }, tool);
};
