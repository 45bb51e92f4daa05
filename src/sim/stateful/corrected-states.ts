/**
 * The states a scenario's `entities:` correction gives a type (`states: [todo, doing, done]`) are
 * the only ones it takes: an update or a transition to another is refused as a service refuses an
 * unknown status, and one the correction spells otherwise (`Done` for `done`) takes its spelling.
 * Without such a correction nothing changes: the states the tools show stay open, as services add
 * their own.
 */
import { toNormalName } from '../../domain/world-query.js';
import { quoteId, toWordsOf } from './world-views.js';
import type { AnswerInput } from './world-conventions.js';

/**
 * The error of an update whose state change the type's corrected states do not hold, or null; a
 * state they hold is spelled as they spell it, in `changes`.
 *
 * @example
 *   refusedState(input, 'crd_1', 'status', { status: 'frozen' });
 *   // 'Invalid status "frozen" for card crd_1: it must be one of todo, doing, done'
 */
export function refusedState(input: AnswerInput, id: string, stateField: string, changes: Record<string, unknown>): string | null {
  const corrections = input.model.entityCorrections;
  const states = corrections && Object.hasOwn(corrections, input.shape.entity) ? corrections[input.shape.entity]?.states : undefined;
  const value = changes[stateField];
  if (!states || states.length === 0 || value === undefined) return null;
  const spelled = states.find((state) => toNormalName(state) === toNormalName(String(value)));
  if (spelled !== undefined) {
    changes[stateField] = spelled;
    return null;
  }
  return `Invalid ${stateField} ${JSON.stringify(value)} for ${toWordsOf(input.shape.entity)} ${quoteId(id, input.shape)}: it must be one of ${states.join(', ')}`;
}
