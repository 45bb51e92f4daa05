/**
 * A free/busy query answered from the events the world holds: `query_free_busy(timeMin, timeMax,
 * calendarIds)` shows, per calendar asked for, the intervals its events take within the window,
 * Google Calendar's way (`{ timeMin, timeMax, calendars: { id: { busy: [{ start, end }] } } }`),
 * where it listed a made-up `free_busy` type that nothing ever wrote. Cancelled events free
 * their time. Only for a tool that names free/busy and is given a window and a list of ids.
 */
import { toNormalName } from '../../domain/world-query.js';
import type { Answer, AnswerInput } from './world-conventions.js';

type Fields = Record<string, unknown>;

/**
 * The free/busy answer, or null for any other call.
 *
 * @example
 *   toFreeBusy(query); // { value: { timeMin, timeMax, calendars: { calendar_1: { busy: [{ start: '…T09:00:00Z', end: '…T10:00:00Z' }] } } } }
 */
export function toFreeBusy(input: AnswerInput): Answer | null {
  const { tool, args, world } = input;
  if (!/free\s*\/?\s*_?busy|freebusy/i.test(`${tool.name} ${tool.description ?? ''}`)) return null;
  const from = timeArgument(args, ['timemin', 'start', 'from', 'starttime']);
  const to = timeArgument(args, ['timemax', 'end', 'to', 'endtime']);
  const listed = Object.entries(args).find(([name, value]) => Array.isArray(value) && /ids$/i.test(name));
  if (from === undefined || to === undefined || !listed) return null;
  const owner = toNormalName(listed[0]).replace(/ids$/, '');
  const ownerField = `${owner}id`;
  const calendars: Record<string, { busy: { start: string; end: string }[] }> = {};
  for (const id of listed[1] as unknown[]) calendars[String(id)] = { busy: [] };
  for (const byId of Object.values(world.entities))
    for (const fields of Object.values(byId)) {
      const start = timeField(fields, 'start');
      const end = timeField(fields, 'end');
      const held = Object.entries(fields).find(([name]) => toNormalName(name) === ownerField)?.[1];
      if (start === undefined || end === undefined || held === undefined || !Object.hasOwn(calendars, String(held))) continue;
      if (/^cancel+ed$/i.test(String(fields.status ?? ''))) continue;
      if (Date.parse(end) <= Date.parse(from) || Date.parse(start) >= Date.parse(to)) continue;
      calendars[String(held)]!.busy.push({ start, end });
    }
  for (const entry of Object.values(calendars)) entry.busy.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return { value: { timeMin: from, timeMax: to, calendars } };
}

function timeArgument(args: Readonly<Record<string, unknown>>, names: readonly string[]): string | undefined {
  const found = Object.entries(args).find(([name, value]) => names.includes(toNormalName(name)) && typeof value === 'string');
  return found && !Number.isNaN(Date.parse(found[1] as string)) ? (found[1] as string) : undefined;
}

/** `start: '2026-…'` or Google's `start: { dateTime }`, as an ISO text. */
function timeField(fields: Fields, name: string): string | undefined {
  const value = fields[name] ?? fields[`${name}Time`] ?? fields[`${name}_time`];
  const text = typeof value === 'object' && value !== null ? ((value as Fields).dateTime ?? (value as Fields).date) : value;
  return typeof text === 'string' && !Number.isNaN(Date.parse(text)) ? text : undefined;
}
