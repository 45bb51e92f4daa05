/**
 * An update argument named for a lifecycle verb moves the entity's state: Lemon Squeezy's
 * `update_subscription(pause: 'void')` pauses the subscription (`status: paused`, its enum's own
 * value), and `pause: 'resume'` (or `false`, as `unpause`) makes it active again. The
 * argument itself is kept as given (the service shows `pause` too); only a state the entity's
 * states hold is written, so an argument that merely shares a verb's name changes nothing else.
 */
import { toVerbMeaning } from '../../reading/tool-verbs.js';
import { spellState, stateSchema } from './state-fields.js';
import type { AnswerInput } from './world-conventions.js';

/** Values that undo the verb: `false`, `null`, `'resume'`, `'none'`. */
const undoing = new Set(['false', 'null', '', 'none', 'off', 'resume', 'unpause', 'no']);

/**
 * The state the call's verb-named arguments leave the entity in, spelled as its states are; null
 * when no argument is named for a verb or the entity's states do not hold the one it names.
 *
 * @example
 *   argumentState(updateSubscription, { pause: 'void' }, 'status', 'active'); // 'paused'
 *   argumentState(updateSubscription, { pause: 'resume' }, 'status', 'paused'); // 'active'
 */
export function argumentState(
  input: AnswerInput,
  changes: Readonly<Record<string, unknown>>,
  stateField: string,
  current: unknown,
): string | null {
  // The states the entity's schemas give, else those the service model read (a list's `status` filter enum).
  const given = stateSchema(input, stateField);
  const read = input.model.entityTypes.get(input.shape.entity)?.state?.values ?? [];
  const schema = Array.isArray(given?.enum) ? given : read.length > 0 ? { enum: [...read] } : given;
  const allowed = Array.isArray(schema?.enum) ? schema.enum.filter((value): value is string => typeof value === 'string') : [];
  if (allowed.length === 0) return null;
  for (const [name, value] of Object.entries(changes)) {
    const verb = verbOf(name);
    if (verb === null) continue;
    const text = typeof value === 'string' ? value.trim().toLowerCase() : String(value);
    const undone = undoing.has(text);
    // `pause: 'resume'` says its own verb, `pause: false` the verb's undoing (`unpause`); a verb with none (`cancelled: false`)
    // leaves the state alone: which state it returns to is the service's history, not a word.
    const state = undone ? (toVerbMeaning(text)?.sets?.state ?? toVerbMeaning(`un${verb}`)?.sets?.state) : toVerbMeaning(verb)?.sets?.state;
    if (typeof state !== 'string') continue;
    const spelled = spellState(state, schema, current);
    if (allowed.includes(spelled)) return spelled;
  }
  return null;
}

/** The lifecycle verb an argument's name is, or is the past participle of (`pause`, `cancelled` → `cancel`). */
function verbOf(name: string): string | null {
  const word = name.toLowerCase();
  for (const candidate of [word, word.replace(/led$/, 'l'), word.replace(/ed$/, ''), word.replace(/d$/, '')]) {
    const state = toVerbMeaning(candidate)?.sets?.state;
    if (typeof state === 'string' && candidate.length > 2) return candidate;
  }
  return null;
}
