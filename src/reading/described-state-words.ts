/**
 * States a service names only in words: where a transition's description says it moves the
 * entity (`changes status to 'To Deliver and Bill'`, `changes status from Draft to Submitted`), and
 * the states a state argument's description lists (`Filter by status (Draft, To Bill, Completed,
 * etc.)`). The simulator reads a create's start and a transition's target from them where no
 * schema gives the states an enum (sim/stateful/described-states.ts, state-fields.ts). Pure.
 */
/** A state written after `to` or `from`: quoted (any words), or capitalised words (`To Deliver`), or one word. */
const stateWords = String.raw`(?:['"\`]([^'"\`]{1,40})['"\`]|([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)|([a-z][\w-]*))`;
const movedTo = new RegExp(String.raw`\b(?:status|state)\s+(?:from\s+${stateWords}\s+)?(?:to|into|becomes)\s+${stateWords}`);
const notStates = new Set(['a', 'an', 'the', 'any', 'its', 'their', 'be', 'this', 'that', 'one', 'another', 'new', 'given', 'specified']);

/**
 * The state a transition's own description says it moves the entity to, and the one it moves it
 * from, as the service spells them; null for either the text does not name.
 *
 * @example
 *   describedMove("Submit a Draft Sales Order (changes status to 'To Deliver and Bill')"); // { from: null, to: 'To Deliver and Bill' }
 *   describedMove('Submit any document (changes status from Draft to Submitted)'); // { from: 'Draft', to: 'Submitted' }
 */
export function describedMove(description: string | undefined): { from: string | null; to: string | null } {
  const match = movedTo.exec(description ?? '');
  if (!match) return { from: null, to: null };
  const pick = (at: number) => {
    const value = match[at] ?? match[at + 1] ?? match[at + 2];
    return value === undefined || notStates.has(value.toLowerCase()) ? null : value.trim();
  };
  return { from: pick(1), to: pick(4) };
}

/**
 * The states a state argument's description lists, in its order: in parentheses (`Filter by status
 * (Draft, Submitted, Cancelled)`) or after `one of` or `can be`; empty when it lists none.
 *
 * @example
 *   describedStateList('Filter by status (Draft, To Deliver and Bill, Completed, etc.)'); // ['Draft', 'To Deliver and Bill', 'Completed']
 */
export function describedStateList(description: string | undefined): string[] {
  const text = description ?? '';
  // "Can be `active`, `inactive` or `closed`" (Twilio's State filter) lists them as `one of` does.
  const listed = /\(([^()]*,[^()]*)\)/.exec(text)?.[1] ?? /\b(?:one of|can be(?: one of)?):?\s+([^.;\n]+)/i.exec(text)?.[1];
  if (listed === undefined) return [];
  const items = listed
    .split(/\s*(?:,|\||\bor\b)\s*/)
    .map((item) => item.replace(/^['"`]|['"`]$/g, '').trim())
    .filter((item) => item !== '' && !/^etc\.?$/i.test(item) && !/^e\.g\.?/i.test(item));
  // States are short names, not phrases or examples of another kind (`e.g. 'CUST-00001'`).
  return items.every((item) => /^[A-Za-z][\w -]{0,30}$/.test(item) && item.split(/\s+/).length <= 4) ? items : [];
}
