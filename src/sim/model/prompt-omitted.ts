/** The "Omitted" line of the prompt's world section (prompt-world.ts): what exists but is not shown. */
import type { ListFocus } from './prompt-focus.js';
import { toIdRuns, toIdRunsExcept } from './id-runs.js';

/** A type's omitted ids: its ids in the world's order but those at `skipped` (ascending), which the prompt shows. */
export interface OmittedType {
  type: string;
  count: number;
  ids: readonly string[];
  skipped: readonly number[];
}

export interface Omitted {
  /** Per type with omitted entities. */
  byType: OmittedType[];
  facts: number;
  /** The focused entities that did not fit. */
  leftOut: string[];
}

/**
 * The "Omitted" line. It names every omitted id when the line fits in `room`, else the first ids
 * (the scheme) and the newest (what a create needs to pick the next id); the entities a list's
 * answer must hold but that did not fit are always named, on a line of their own.
 */
export function describeOmitted({ byType, facts, leftOut }: Omitted, focus: ListFocus | null, room: number): string {
  const line = (listed: (omitted: OmittedType) => string) => {
    const parts = byType.map((omitted) => `${omitted.count} ${omitted.type} (ids ${listed(omitted)})`);
    if (facts > 0) parts.push(`${facts} older facts`);
    return `Omitted as unrelated to this call (they exist): ${parts.join('; ')}`;
  };
  const focusLine =
    focus && leftOut.length > 0
      ? `\nLeft out for space, although this call's answer must list them (${focus.type}${focus.filters.length > 0 ? ` matching ${focus.filters.join(', ')}` : ''}; fields as in earlier results): ${toIdRuns(leftOut)}`
      : '';
  const everyId = line(({ ids, skipped }) => toIdRunsExcept(ids, skipped, room));
  if (everyId.length + focusLine.length <= room) return everyId + focusLine;
  return (
    line((omitted) => {
      const ids = omittedIds(omitted);
      return omitted.count <= 24
        ? ids(0, omitted.count).join(', ')
        : `${ids(0, 4).join(', ')}, …, ${ids(omitted.count - 20, 20).join(', ')}`;
    }) + focusLine
  );
}

/** The omitted ids from the `from`-th on, `count` of them, found past the skipped ones without listing them all. */
function omittedIds({ ids, skipped }: OmittedType): (from: number, count: number) => string[] {
  return (from, count) => {
    const found: string[] = [];
    // The position of the `from`-th omitted id: each skipped position at or before it moves it one on.
    let at = from;
    let next = 0;
    while (next < skipped.length && skipped[next]! <= at) {
      at += 1;
      next += 1;
    }
    for (; at < ids.length && found.length < count; at++) {
      if (next < skipped.length && skipped[next] === at) {
        next += 1;
        continue;
      }
      found.push(ids[at]!);
    }
    return found;
  };
}
