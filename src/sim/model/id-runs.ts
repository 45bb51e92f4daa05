/** Ids listed with their runs folded, for the prompt's omitted line (see prompt-world.ts). Pure apart from its cache. */

/** An id's prefix, digits' width and number, worked out once per id (the omitted line names most ids on every call); a bounded cache. */
const splitIds = new Map<string, { prefix: string; width: number; number: number } | null>();

function splitId(id: string): { prefix: string; width: number; number: number } | null {
  let parts = splitIds.get(id);
  if (parts === undefined) {
    if (splitIds.size >= 50_000) splitIds.clear();
    const match = /^(.*?)(\d+)$/.exec(id);
    splitIds.set(id, (parts = match ? { prefix: match[1]!, width: match[2]!.length, number: Number(match[2]) } : null));
  }
  return parts;
}

/**
 * Ids as a list with runs folded: `evt_1–evt_4, evt_9` for evt_1, evt_2, evt_3, evt_4, evt_9
 * (same prefix, numbers one apart, same width). Ids are most often made in sequence, so a few
 * hundred of them take a few runs.
 *
 * @example
 *   toIdRuns(['7', '8', '9', 'c_01', 'c_02']); // '7–9, c_01, c_02' (runs of three or more)
 */
export function toIdRuns(ids: readonly string[]): string {
  const parts: string[] = [];
  let first = 0;
  let previous = ids.length > 0 ? splitId(ids[0]!) : null;
  for (let index = 1; index <= ids.length; index++) {
    const current = index < ids.length ? splitId(ids[index]!) : null;
    const continues =
      previous &&
      current &&
      previous.prefix === current.prefix &&
      previous.width === current.width &&
      current.number === previous.number + 1;
    previous = current;
    if (continues) continue;
    const last = index - 1;
    parts.push(last - first >= 2 ? `${ids[first]}–${ids[last]}` : ids.slice(first, last + 1).join(', '));
    first = index;
  }
  return parts.join(', ');
}

/** Whether `next` continues a run after `previous`: same prefix and width, the number one more. */
function continues(previous: string, next: string): boolean {
  const a = splitId(previous);
  const b = splitId(next);
  return a !== null && b !== null && a.prefix === b.prefix && a.width === b.width && b.number === a.number + 1;
}

/** The chains of an id list (positions where each id continues the one before), extended as the list grows. */
interface Chains {
  count: number;
  last: string | undefined;
  /** [first, last] positions of each chain, in order. */
  spans: [number, number][];
}

/** By the list itself: a type view's ids only grow at the end (a delete makes a new list). */
const chainsByList = new WeakMap<readonly string[], Chains>();

function chainsOf(ids: readonly string[]): Chains {
  let chains = chainsByList.get(ids);
  if (!chains || chains.count > ids.length || (chains.count > 0 && ids[chains.count - 1] !== chains.last)) {
    chains = { count: 0, last: undefined, spans: [] };
    chainsByList.set(ids, chains);
  }
  for (let at = chains.count; at < ids.length; at++) {
    const span = chains.spans.at(-1);
    if (span && span[1] === at - 1 && continues(ids[at - 1]!, ids[at]!)) span[1] = at;
    else chains.spans.push([at, at]);
  }
  chains.count = ids.length;
  chains.last = ids.at(-1);
  return chains;
}

/**
 * `toIdRuns` of `ids` without the ids at `skipped` (ascending positions), worked out from the
 * list's chains: it costs the chains and the skipped ids, not the whole list, since the prompt names
 * a type's omitted ids on every call (issue 30). Once longer than `limit` characters it stops and
 * answers the part made, longer than `limit`: ids that are no run cannot all be listed anyway.
 *
 * @example
 *   toIdRunsExcept(['7', '8', '9', '10', '11'], [2]); // '7, 8, 10, 11'
 */
export function toIdRunsExcept(ids: readonly string[], skipped: readonly number[], limit = Infinity): string {
  const parts: string[] = [];
  let size = 0;
  // The run being gathered: its first and last position, and how many ids it holds.
  let first = -1;
  let last = -1;
  let count = 0;
  const close = () => {
    if (count === 0) return;
    const part = count >= 3 ? `${ids[first]}–${ids[last]}` : count === 2 ? `${ids[first]}, ${ids[last]}` : ids[first]!;
    parts.push(part);
    size += part.length + 2;
    count = 0;
  };
  const add = (from: number, to: number) => {
    if (count > 0 && continues(ids[last]!, ids[from]!)) {
      last = to;
      count += to - from + 1;
      return;
    }
    close();
    first = from;
    last = to;
    count = to - from + 1;
  };
  let next = 0;
  for (const [from, to] of chainsOf(ids).spans) {
    // Past `limit` the list cannot be used whole: what is made so far (longer than it) says so.
    if (size > limit) break;
    let start = from;
    while (next < skipped.length && skipped[next]! <= to) {
      const at = skipped[next++]!;
      if (at < start) continue;
      if (at > start) add(start, at - 1);
      start = at + 1;
    }
    if (start <= to) add(start, to);
  }
  close();
  return parts.join(', ');
}
