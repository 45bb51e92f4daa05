/** How many texts are kept at once: more than the calls that wait for one commit, so a text is taken before it goes. */
const maxKept = 256;

/** Texts by the object they were made from, oldest first; a text is taken once, and the oldest goes when full. */
const kept = new Map<object, string>();

/**
 * Keeps the JSON text just made of `value`, so that the one answer that sends the same object
 * takes it instead of serialising it again: a tool call's result is written to the call log and
 * then sent, and for a result of a few KB the second `JSON.stringify` cost tens of µs. `value`
 * must not change afterwards (a call's result does not: the log holds it as it was sent).
 * Bounded by count, whoever never takes the text (the REST route, a session): at most 256 texts
 * of at most 64 KiB each (longer results are logged cut, and then not kept).
 *
 * @example
 *   rememberJsonText(result, text);
 *   takeJsonText(result); // text, once
 *   takeJsonText(result); // undefined
 */
export function rememberJsonText(value: object, text: string): void {
  if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
  kept.set(value, text);
}

/** The text kept for `value` (see `rememberJsonText`), forgotten as it is taken; undefined when none is kept. */
export function takeJsonText(value: object): string | undefined {
  const text = kept.get(value);
  if (text !== undefined) kept.delete(value);
  return text;
}
