/**
 * A state and the time a record took it, as people write a record's history: `triggered on
 * 2026-05-04 at 09:12`, `acknowledged by Ana Costa on 2026-05-03`, `resolved on 2026-05-01`. The
 * word is the record's state where it is one of its type's states; the date goes to the time the
 * record was made for the state a record starts in (`created_at`), else to the field the record
 * keeps for that state (`resolved_at`, `acknowledgedAt`) where its schemas have one. Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import { outputProperties } from './entity-traits.js';
import type { ServiceModel } from './read-server.js';
import { toDateTime } from './described-participles.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;

const stateOnDate = /^([a-z][\w -]*?)(?:\s+by\s+[^,;]+?)?\s+on\s+(\d{4}-\d{2}-\d{2})(?:\s+at\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/i;

/**
 * The state and time fields a piece gives a record of `type`, or undefined.
 *
 * @example
 *   toStateDate(model, 'incident', 'resolved on 2026-05-01'); // { status: 'resolved', resolved_at: '2026-05-01T00:00:00Z' }
 */
export function toStateDate(model: Model, type: string, text: string, now?: string): Record<string, unknown> | undefined {
  const state = model.entityTypes.get(type)?.state;
  const match = stateOnDate.exec(text.trim()) ?? (now === undefined ? null : onWrittenDay(text.trim(), now));
  if (!state || !match) return undefined;
  const [, word, date, hours, minutes, seconds] = match as unknown as [string, string, string, string?, string?, string?];
  const value = state.values.find((candidate) => toNormalName(candidate) === toNormalName(word));
  if (value === undefined) return undefined;
  const at = `${date}T${(hours ?? '0').padStart(2, '0')}:${minutes ?? '00'}:${seconds ?? '00'}Z`;
  const fields = recordFields(model, type);
  const wanted = value === startState(model, type, state.values) ? ['created_at', 'created'] : [`${value}_at`, `${value}_on`];
  const field = fields.find((name) => wanted.some((candidate) => toNormalName(candidate) === toNormalName(name)));
  return field === undefined ? { [state.field]: value } : { [state.field]: value, [field]: at };
}

/**
 * `sent on March 3`, `paid on 10 March`: a state taken on a day written in words, as the match of an ISO one. A state is
 * taken in the past, so a day without a year is the last such day up to `now`.
 */
function onWrittenDay(text: string, now: string): string[] | null {
  const match = /^([a-z][\w -]*?)(?:\s+by\s+[^,;]+?)?\s+on\s+(\d{1,2}\s+[a-z]+|[a-z]+\s+\d{1,2})(?:st|nd|rd|th)?(,?\s+\d{4})?$/i.exec(text);
  const day = match ? toDateTime(`${match[2]!}${match[3] ?? ''}`, now)?.slice(0, 10) : undefined;
  if (!match || day === undefined) return null;
  const past = match[3] === undefined && day > now.slice(0, 10) ? `${Number(day.slice(0, 4)) - 1}${day.slice(4)}` : day;
  return [match[0], match[1]!, past];
}

/** The state a new record of the type is in: the one its create sets, else the first its schemas list. */
function startState(model: Model, type: string, values: readonly string[]): string | undefined {
  for (const shape of model.shapes.values())
    if (shape.entity === type && shape.operation === 'create')
      for (const value of Object.values(shape.sets)) if (typeof value === 'string' && values.includes(value)) return value;
  return values[0];
}

/** The fields the type's tools show a record with (their output schemas' properties, and those one level in). */
function recordFields(model: Model, type: string): string[] {
  const names = new Set<string>();
  for (const tool of model.tools)
    if (model.shapes.get(tool.name)?.entity === type) for (const name of Object.keys(outputProperties(tool.outputSchema))) names.add(name);
  return [...names];
}
