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
