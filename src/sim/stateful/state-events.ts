/**
 * An update that moves the state by naming a lifecycle verb in a state-event argument
 * (`update_issue({ state_event: 'close' })`, `stateEvent: 'reopen'`): the verb is the state it
 * sets, written under the entity's state field, never stored as a field of its own.
 */
import { toVerbMeaning } from '../../reading/tool-verbs.js';

/**
 * The state a state-event argument's verb sets, or null when the argument is no state event.
 *
 * @example
 *   eventState('state_event', 'close'); // 'closed'
 *   eventState('state_event', 'reopen'); // 'open'
 */
export function eventState(name: string, value: unknown): string | null {
  if (typeof value !== 'string' || !/(?:state|status)_?event$/i.test(name)) return null;
  const state = toVerbMeaning(value.trim().toLowerCase())?.sets?.state;
  return typeof state === 'string' ? state : null;
}
