/**
 * What a dispatching tool's description says of each of its choices. Generated API tools list an
 * action argument's values with what each does ("Valid actions: - `start` — boot a stopped pod
 * back toward `RUNNING`. - `stop` — … The pod moves to `EXITED`."), as OpenAPI descriptions of an
 * enum do: the text about one value runs from where it is quoted to where the next value is. The
 * simulator reads the state a choice moves its entity to from it (sim/stateful/world-answers.ts),
 * and the reading whether a choice deletes (tool-dispatch.ts). Pure.
 */

/** A value quoted as a code span or in quotes, then a dash or colon that opens what it does: "`stop` —", "'close':". */
const opener = (value: string) => new RegExp(String.raw`[\`'"]${escaped(value)}[\`'"]\s*(?:[—–:-]|=>|->)\s*`);

function escaped(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The part of `description` that says what the choice `value` does, up to the next of `values`
 * it introduces the same way; null where the description does not introduce `value` so.
 *
 * @example
 *   choiceText('Valid actions: - `start` — boot it. - `stop` — halt it.', 'stop', ['start', 'stop']); // 'halt it.'
 */
export function choiceText(description: string | undefined, value: string, values: readonly string[]): string | null {
  const text = description ?? '';
  const start = opener(value).exec(text);
  if (!start) return null;
  const rest = text.slice(start.index + start[0].length);
  const ends = values
    .filter((other) => other !== value)
    .map((other) => opener(other).exec(rest)?.index)
    .filter((index): index is number => index !== undefined);
  const end = Math.min(rest.length, ...ends);
  // "- `stop` — … keeping its disk. The pod moves to `EXITED`. - `restart`": the list's own dash goes with the next value.
  return rest
    .slice(0, end)
    .replace(/\s*-\s*$/, '')
    .trim();
}

/** A state after a verb of moving: "moves to `EXITED`", "back toward `RUNNING`", "becomes 'archived'", "changes status to DONE". */
const movedTo =
  /\b(?:moves?|goes|go|transitions?|changes?|returns?|back|sets?|puts?|becomes?)\b(?:\s+(?:it|the\s+\w+|status|state|back))*\s+(?:to|toward|towards|into|in)?\s*(?:[`'"]([A-Za-z][\w -]{0,30})[`'"]|\b([A-Z][A-Z0-9_]{2,30})\b)/;

/**
 * The state a choice's text says it moves its entity to, as the service spells it; null where it names none.
 *
 * @example
 *   choiceState('stop a running pod, keeping its disk. The pod moves to `EXITED`.'); // 'EXITED'
 *   choiceState('boot a stopped pod (`EXITED` or `ERROR`) back toward `RUNNING`.'); // 'RUNNING'
 */
export function choiceState(text: string | null): string | null {
  if (text === null) return null;
  const match = movedTo.exec(text);
  return match ? (match[1] ?? match[2])!.trim() : null;
}
