import { entitiesOf } from '../../../domain/world-query.js';
import { computedValueWord } from '../../../reading/described-returns.js';
import { computedFields } from '../described-values.js';
import { toAnswered } from './answer-result.js';
import type { AnswerModule, KindCall } from './kind-call.js';

/**
 * An action that computes a value (`maps_weather(city)`, `calculate_distance(from, to)`): the
 * arguments asked and the value under its word (described-values.ts), not `Done: maps_weather {...}`.
 * A count of a type the world holds (`count_issues(projectId)`) is the number a list with the same
 * arguments finds, not a made-up one. The action is kept as a fact all the same.
 */
export const answerComputedValue: AnswerModule = (call) => {
  const { tool } = call;
  const answer = call.fromWorld();
  const computed =
    answer.text !== undefined ? computedFields(tool, call.args, { seed: `${call.seed}|${call.argumentsKey}`, now: call.now }) : null;
  if (computed === null) return toAnswered(answer, tool);
  const { text: _text, ...rest } = answer;
  const word = computedValueWord(tool);
  const counted = word === null ? null : worldCount(call, word);
  return toAnswered({ ...rest, value: counted === null ? computed : { ...computed, [word as string]: counted } }, tool);
};

/** The number of the call's entities a list with its arguments finds, for a count or total of a type the world holds; else null. */
export function worldCount(call: KindCall, word: string): number | null {
  if (!['count', 'counts', 'total'].includes(word) || entitiesOf(call.world, call.shape.entity).length === 0) return null;
  const total = (call.asList().value as { total?: unknown } | undefined)?.total;
  return typeof total === 'number' ? total : null;
}
