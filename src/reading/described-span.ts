/**
 * The span a description gives a named entity in its parenthesis: `from 1 March 2026 to 30 April
 * 2026`, `started 10 January 2026`, `until 31 December`. Its first day goes to the field the type's
 * writes take for where it starts (`start_time`, `starts_at`, `startDate`, `begin`), its last to
 * where it ends (`stop_time`, `end_date`, `endsAt`, `until`), as the schema keeps a time: a day
 * (`2026-03-01`) for a date field, else the start of the first day and the end of the last. Pure.
 */
import { toDateTime } from './described-participles.js';

type Schema = Record<string, unknown>;

/** Field names (as words) where a span starts and where it ends. */
const startName = /^(?:start|starts|begin|begins|from)(?:_(?:time|at|date|on|datetime))?$/;
const endName = /^(?:end|ends|stop|stops|finish|finishes|until|to)(?:_(?:time|at|date|on|datetime))?$/;

/**
 * The fields a span in a parenthesis sets, or an empty object when the piece is no span or the
 * type's writes keep no such field.
 *
 * @example
 *   toDescribedSpan(schemas, 'from 1 March 2026 to 30 April 2026', now);
 *   // { start_time: '2026-03-01T00:00:00Z', stop_time: '2026-04-30T23:59:59Z' } where the writes take start_time and stop_time
 */
export function toDescribedSpan(schemas: ReadonlyMap<string, Schema>, text: string, now: string): Record<string, unknown> {
  const span =
    /^(?:from|between)\s+(?<from>.+?)\s+(?:to|until|till|through|and)\s+(?<to>.+)$/i.exec(text) ??
    /^(?:started|starting|starts|since|from)\s+(?:on\s+)?(?<from>.+)$/i.exec(text) ??
    /^(?:until|till|ending|ends|ended)\s+(?:on\s+)?(?<to>.+)$/i.exec(text);
  if (!span) return {};
  const fields: Record<string, unknown> = {};
  const { from, to } = span.groups as { from?: string; to?: string };
  const start = fieldNamed(schemas, startName);
  const end = fieldNamed(schemas, endName);
  if (from !== undefined && start !== undefined) {
    const at = toDay(from, now, '00:00:00');
    if (at !== undefined) fields[start] = asKept(at, start);
  }
  if (to !== undefined && end !== undefined) {
    const at = toDay(to, now, '23:59:59');
    if (at !== undefined) fields[end] = asKept(at, end);
  }
  return fields;
}

/** The first field of the type's writes whose name, as words, reads as `pattern`. */
function fieldNamed(schemas: ReadonlyMap<string, Schema>, pattern: RegExp): string | undefined {
  return [...schemas.keys()].find((name) => pattern.test(name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()));
}

/** The ISO time a day names, at `time` where the text names no hour of its own. */
function toDay(text: string, now: string, time: string): string | undefined {
  const at = toDateTime(text, now);
  if (at === undefined) return undefined;
  return /\bat\s+\d/i.test(text) ? at : `${at.slice(0, 10)}T${time}Z`;
}

/** A day alone where the field keeps a date (`end_date`, `startOn`), else the time. */
function asKept(at: string, field: string): string {
  return /(?:date|on)$/i.test(field) ? at.slice(0, 10) : at;
}
