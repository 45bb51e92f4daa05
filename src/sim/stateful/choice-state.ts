/**
 * The state a dispatching tool's choice moves its entity to, where the tool's description says it
 * for that choice ("`stop` — … The pod moves to `EXITED`"; reading/choice-text.ts): the service's
 * own word wins over the state the choice's verb stands for (`stopped`), which no enum spells here.
 */
import { choiceState, choiceText } from '../../reading/choice-text.js';
import { propertiesOf } from '../../reading/tool-id-argument.js';
import type { AnswerInput } from './world-conventions.js';
import { describedMove } from '../../reading/described-state-words.js';

/**
 * The state a transition's description says it moves the entity to: for the choice a dispatching tool's call makes,
 * else for the whole tool ("changes status to 'To Deliver and Bill'"); null where it says none.
 */
export function describedTarget(input: AnswerInput): string | null {
  return describedChoiceState(input) ?? describedMove(input.tool.description).to;
}

/**
 * @example
 *   describedChoiceState(input); // 'EXITED' for pod-action {id, action: 'stop'}
 */
export function describedChoiceState(input: AnswerInput): string | null {
  const dispatch = input.shapes.get(input.tool.name)?.dispatch;
  if (!dispatch) return null;
  const value = input.args[dispatch.argument];
  if (typeof value !== 'string') return null;
  const listed = propertiesOf(input.tool)[dispatch.argument]?.enum;
  const values = Array.isArray(listed) ? listed.filter((item): item is string => typeof item === 'string') : Object.keys(dispatch.choices);
  return choiceState(choiceText(input.tool.description, value, values));
}
