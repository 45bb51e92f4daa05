import { describedText } from '../../../reading/described-returns.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule } from './kind-call.js';

/**
 * An action whose description quotes the one value it returns (`ping_system`: "Returns 'pong' as
 * plain text"): that text, not `Done: ping_system {}`. The action is kept as a fact all the same.
 */
export const answerDescribedText: AnswerModule = (call) => {
  const answer = call.fromWorld();
  const text = answer.text !== undefined ? describedText(call.tool) : null;
  return toAnswered(text === null ? answer : { ...answer, text }, call.tool);
};
