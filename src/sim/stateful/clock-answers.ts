import { toWords } from '../../reading/entity-words.js';

/** What a clock tool answers: the JSON of the real time server's result, or its error text. */
export type ClockAnswer = { value: Record<string, unknown> } | { error: string };

/**
 * Answers the tools that tell the time from the platform's clock (virtual in tests and replays),
 * the way `@modelcontextprotocol/time` does: a tool named like `get_current_time` gives the time
 * in the `timezone` asked for, `convert_time` converts an `HH:MM` wall-clock time between zones.
 * Null for any other tool. No world is involved: time is not something a world remembers.
 *
 * @example
 *   toClockAnswer('get_current_time', { timezone: 'Europe/Berlin' }, '2026-01-01T00:00:00.000Z');
 *   // { value: { timezone: 'Europe/Berlin', datetime: '2026-01-01T01:00:00+01:00', day_of_week: 'Thursday', is_dst: false } }
 */
export function toClockAnswer(tool: string, args: Readonly<Record<string, unknown>>, now: string): ClockAnswer | null {
  const words = toWords(tool);
  if (!words.includes('time')) return null;
  const zones = Object.entries(args).filter(([name, value]) => /zone|tz/i.test(name) && typeof value === 'string') as [string, string][];
  if (words.includes('convert')) {
    const source = zones.find(([name]) => /source|from/i.test(name))?.[1];
    const target = zones.find(([name]) => /target|to/i.test(name))?.[1];
    const time = Object.entries(args).find(([name, value]) => toWords(name).includes('time') && typeof value === 'string')?.[1] as
      string | undefined;
    if (source === undefined || target === undefined || time === undefined) return null;
    return convertTime(source, time, target, now);
  }
  if (!words.includes('current') && !words.includes('now')) return null;
  const zone = zones[0]?.[1] ?? 'UTC';
  if (!isZone(zone)) return { error: `Invalid timezone: ${zone}` };
  return { value: describeInstant(Date.parse(now), zone) };
}

function convertTime(source: string, time: string, target: string, now: string): ClockAnswer {
  for (const zone of [source, target]) if (!isZone(zone)) return { error: `Invalid timezone: ${zone}` };
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return { error: 'Invalid time format. Expected HH:MM [24-hour format]' };
  // Today's date in the source zone, at the given wall-clock time there.
  const today = wallClock(Date.parse(now), source);
  const guess = Date.UTC(today.year, today.month - 1, today.day, Number(match[1]), Number(match[2]));
  let instant = guess - offsetMinutes(guess, source) * 60_000;
  instant = guess - offsetMinutes(instant, source) * 60_000;
  const difference = (offsetMinutes(instant, target) - offsetMinutes(instant, source)) / 60;
  const hours = Number.isInteger(difference) ? difference.toFixed(1) : String(Math.round(difference * 100) / 100);
  return {
    value: {
      source: describeInstant(instant, source),
      target: describeInstant(instant, target),
      time_difference: `${difference >= 0 ? '+' : ''}${hours}h`,
    },
  };
}

function describeInstant(instant: number, zone: string): Record<string, unknown> {
  const offset = offsetMinutes(instant, zone);
  const local = wallClock(instant, zone);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const sign = offset < 0 ? '-' : '+';
  const datetime = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const year = local.year;
  const standard = Math.min(offsetMinutes(Date.UTC(year, 0, 1), zone), offsetMinutes(Date.UTC(year, 6, 1), zone));
  return { timezone: zone, datetime, day_of_week: local.weekday, is_dst: offset !== standard };
}

/**
 * The two formatters a zone needs, made once per zone (null: not a zone Intl knows). Making an
 * Intl.DateTimeFormat costs tens of microseconds: per call it was most of a clock answer.
 */
const formatters = new Map<string, { offset: Intl.DateTimeFormat; wall: Intl.DateTimeFormat } | null>();

function formattersOf(zone: string) {
  let found = formatters.get(zone);
  if (found === undefined) {
    try {
      found = {
        offset: new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }),
        wall: new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
          weekday: 'long',
        }),
      };
    } catch {
      found = null;
    }
    // Zones come from arguments: the map is bounded, not a way to grow memory.
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(zone, found);
  }
  return found;
}

function isZone(zone: string): boolean {
  return formattersOf(zone) !== null;
}

/** Minutes east of UTC of `zone` at `instant` (from Intl's `longOffset`, e.g. `GMT+01:00`). */
function offsetMinutes(instant: number, zone: string): number {
  const name =
    formattersOf(zone)!
      .offset.formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function wallClock(instant: number, zone: string) {
  const parts = formattersOf(zone)!.wall.formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '0';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
    weekday: part('weekday'),
  };
}
