/**
 * `Start Progress (transition 11, to In Progress)`: a workflow transition a description lists with
 * the state it leads to. Workflow services answer a transition with its target (Jira's
 * `GET /issue/{key}/transitions` gives `{ id, name, to: { name } }`), and moving an entity by the
 * transition's id puts it in that state, not in a state spelled as the transition's name. Pure.
 */
import { toWords } from './entity-words.js';

/**
 * The target a piece of a transition's details gives, as its `to` field, or undefined.
 *
 * @example
 *   toTransitionTarget('transition', 'to In Progress'); // { to: { name: 'In Progress' } }
 *   toTransitionTarget('issue', 'to In Progress'); // undefined
 */
export function toTransitionTarget(type: string, text: string): { to: { name: string } } | undefined {
  if (toWords(type).at(-1) !== 'transition') return undefined;
  const match = /^(?:leads\s+to|moves\s+to|to)\s+(?:the\s+)?["“]?([^"”]+?)["”]?(?:\s+state|\s+status)?$/i.exec(text.trim());
  return match ? { to: { name: match[1]! } } : undefined;
}
