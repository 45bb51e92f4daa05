/**
 * An action named with its own verb among its nouns (`detect_quick_wins` "Automatically detect SEO
 * quick wins", `method_call` "Call a whitelisted method"): where the description's first sentence
 * opens with a word of the name as its verb (after an adverb, in the third person too), that word
 * says what the action does, and the rest is what it acts on (`quick_win`, `method`). Only for
 * actions of no registered kind: a create, read or update names its verb in the verb table. Pure.
 */
import { toSingular, toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The entity without the description's opening verb, or null.
 *
 * @example
 *   toWithoutActionVerb({ ...shape, operation: 'other', entity: 'method_call' }, 'Call a whitelisted Frappe method'); // 'method'
 */
export function toWithoutActionVerb(shape: ToolShape, description: string): string | null {
  const words = shape.entity.split('_');
  if (shape.operation !== 'other' || shape.dispatch || words.length < 2) return null;
  const first = /^[^.\n]*/.exec(description)?.[0] ?? '';
  const sentence = toWords(first).map((word) => word.toLowerCase());
  const verb = sentence.find((word) => !word.endsWith('ly'));
  // An acronym (`POI`) opens a noun phrase, never a verb.
  if (verb === undefined || new RegExp(`\\b${verb.toUpperCase()}\\b`).test(first)) return null;
  const at = words.findIndex((word) => word === verb || `${word}s` === verb || `${word}es` === verb);
  if (at === -1) return null;
  // The description's next words say what it acts on; a name that is also written whole there (`run_resource_action runs`) says nothing.
  if (sentence.includes(words.join('')) || sentence.join('_').includes(shape.entity)) return null;
  const rest = words.filter((_, index) => index !== at);
  return rest.map((word, index) => (index === rest.length - 1 ? toSingular(word) : word)).join('_');
}
