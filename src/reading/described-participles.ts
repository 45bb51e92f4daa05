/**
 * A thing a description says was booked, scheduled, reserved or ordered: `Alex Kim has an upcoming
 * Therapy session booked for 3 December at 10:00` seeds a booking (the noun of the verb, where the
 * server keeps that type) of the event type "Therapy session", for Alex Kim, starting on that day
 * at that time. A date without a year takes the year of the scenario's clock, the next such day on
 * or after it. Only a type the server keeps and only a thing of a type the description already
 * named are read. Pure: ids come from the caller's `newId`.
 */
import type { Mention, SeededWorld } from './described-holdings.js';
import { toParentKeys } from './parent-keys.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;

/** The nouns a participle names the thing of (`booked` → `booking`). */
const participles: Record<string, string[]> = {
  booked: ['booking', 'appointment', 'reservation'],
  scheduled: ['schedule', 'appointment', 'meeting', 'event', 'booking'],
  reserved: ['reservation', 'booking'],
  ordered: ['order'],
};
const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Roles a person holds in a thing booked for them: where their name goes. */
const personRoles = /^(?:attendees?|guests?|invitees?|customers?|clients?|participants?)$/i;
/** Fields a booked thing starts at. */
const startFields = /^(?:start|starts_?at|start_?time|start_?date|scheduled_?at|date)$/i;

/**
 * The things the sentences say were booked for someone, seeded.
 *
 * @example
 *   seedParticiples(model, world, ['Alex Kim has an upcoming Therapy session booked for 3 December at 10:00.'], '2026-03-01T00:00:00Z');
 *   // a booking { eventTypeId: 1, attendee: { name: 'Alex Kim' }, start: '2026-12-03T10:00:00Z', status: 'upcoming' }
 */
export function seedParticiples(model: Model, world: SeededWorld, sentences: readonly string[], now: string): Mention[] {
  const mentions: Mention[] = [];
  sentences.forEach((sentence, index) => {
    const match =
      /^\s*(?<who>.+?)\s+(?:has|have)\s+(?:a|an|one)\s+(?<what>.+?)\s+(?<verb>booked|scheduled|reserved|ordered)\s+(?:for|on)\s+(?<when>.+?)[.!;]?\s*$/i.exec(
        sentence,
      );
    const type = match ? participles[match.groups!.verb!.toLowerCase()]!.find((noun) => model.entityTypes.has(noun)) : undefined;
    if (!match || type === undefined) return;
    const { who, what, when } = match.groups as { who: string; what: string; when: string };
    const fields: Record<string, unknown> = { [model.entityTypes.get(type)?.idField ?? 'id']: world.newId(type) };
    // `an upcoming Therapy session`: the named thing it is of, its parent, and a state word before it.
    for (const keys of toParentKeys(model, type)) {
      const named = [...(world.seeded.get(keys.type) ?? [])].find(([name]) => what.toLowerCase().endsWith(name.toLowerCase()));
      if (!named) continue;
      for (const argument of keys.idArguments) fields[argument] = Number.isNaN(Number(named[1])) ? named[1] : Number(named[1]);
      const state = model.entityTypes.get(type)?.state;
      const word = what
        .slice(0, what.length - named[0].length)
        .trim()
        .toLowerCase();
      const value = state?.values.find((candidate) => candidate.toLowerCase() === word);
      if (state && value !== undefined) fields[state.field] = value;
    }
    const created = createProperties(model, type);
    const role = created.find(([name]) => personRoles.test(name));
    if (role) fields[role[0]] = role[1] === 'array' ? [{ name: who }] : role[1] === 'object' ? { name: who } : who;
    const start = created.find(([name]) => startFields.test(name))?.[0];
    const at = toDateTime(when, now);
    if (start !== undefined && at !== undefined) fields[start] = at;
    (world.entities[type] ??= {})[String(Object.values(fields)[0])] = fields;
    mentions.push({ type, fields, where: [index] });
  });
  return mentions;
}

/**
 * `3 December at 10:00`, `December 3`, `2026-12-03 at 10:00`: the ISO time it names (09:00 where
 * it names no time); a day with no year in the year of `now`, or the next one where that day has
 * passed.
 *
 * @example
 *   toDateTime('3 December at 10:00', '2026-03-01T00:00:00Z'); // '2026-12-03T10:00:00Z'
 */
export function toDateTime(text: string, now: string): string | undefined {
  const time = /\bat\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i.exec(text);
  let hour = time ? Number(time[1]) % 12 : 9;
  if (time && (time[3]?.toLowerCase() === 'pm' || (time[3] === undefined && Number(time[1]) >= 12))) hour += 12;
  const clock = `${String(hour).padStart(2, '0')}:${time?.[2] ?? '00'}:00Z`;
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}T${clock}`;
  const dayFirst = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)(?:\s+(\d{4}))?/i.exec(text);
  const monthFirst = /\b([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?/i.exec(text);
  const [day, monthName, year] =
    dayFirst && months.includes(dayFirst[2]!.toLowerCase())
      ? [dayFirst[1]!, dayFirst[2]!, dayFirst[3]]
      : monthFirst && months.includes(monthFirst[1]!.toLowerCase())
        ? [monthFirst[2]!, monthFirst[1]!, monthFirst[3]]
        : [];
  if (day === undefined || monthName === undefined) return undefined;
  const month = String(months.indexOf(monthName.toLowerCase()) + 1).padStart(2, '0');
  const date = (at: string) => `${at}-${month}-${day.padStart(2, '0')}T${clock}`;
  if (year !== undefined) return date(year);
  const thisYear = now.slice(0, 4);
  return date(thisYear) >= now ? date(thisYear) : date(String(Number(thisYear) + 1));
}

/** The properties a type's creates take anywhere in their schemas (a body part, a `$defs` input), with their JSON types. */
function createProperties(model: Model, type: string): [string, string][] {
  const found: [string, string][] = [];
  const walk = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    if (Array.isArray(schema)) return schema.forEach(walk);
    const properties = (schema as Record<string, unknown>).properties;
    if (typeof properties === 'object' && properties !== null)
      for (const [name, property] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
        const kind = property.type ?? (property.allOf || property.$ref ? 'object' : 'string');
        if (!found.some(([known]) => known === name)) found.push([name, String(kind)]);
      }
    Object.values(schema).forEach(walk);
  };
  for (const tool of model.tools)
    if (model.shapes.get(tool.name)?.entity === type && model.shapes.get(tool.name)?.operation === 'create') walk(tool.inputSchema);
  return found;
}
