/**
 * Things a parent keeps inside itself as a list of objects: an event's `attendees: [{ email }]`.
 * `add_attendee(calendarId, eventId, email)` adds `{ email }` to the event's attendees, and
 * `remove_attendee(…, email)` takes the one with that email out, where both made or looked for a
 * separate attendee the event never showed ("Attendee event_3 not found"). Only where the parent's
 * own create takes the list as objects, or the parent already holds one.
 */
import { toNormalName } from '../../domain/world-query.js';
import { toPlural } from '../../reading/entity-words.js';
import { toParentReferences } from '../../reading/tool-parents.js';
import { dataArguments, type Answer, type AnswerInput } from './world-conventions.js';
import { toLabel, toWordsOf } from './world-views.js';

/**
 * The answer of a create or delete of an item its parent embeds, or null for any other call.
 *
 * @example
 *   toEmbeddedWrite(addAttendee); // { value: { id: 'event_3', attendees: [{ email: 'ada@…' }, { email: 'grace@…' }] }, changes }
 */
export function toEmbeddedWrite(input: AnswerInput): Answer | null {
  const { shape, args, world } = input;
  if (shape.operation !== 'create' && shape.operation !== 'delete') return null;
  const references = toParentReferences(input.tool, shape, input.shapes);

  // A call that names its own thing by id, or a type the world keeps on its own, is no embedded item.
  if (shape.idArgument !== null && !references.some((reference) => reference.argument === shape.idArgument)) return null;
  if (Object.keys(world.entities[shape.entity] ?? {}).length > 0) return null;
  for (const reference of references) {
    const parentId = args[reference.argument];
    const parent = parentId === undefined ? undefined : world.entities[reference.entity]?.[String(parentId)];
    const field = parent === undefined ? null : embeddingField(input, reference.entity, parent);

    if (parent === undefined || field === null) continue;
    const held = Array.isArray(parent[field]) ? (parent[field] as unknown[]) : [];
    // Only where it lies is left out: the scope reading takes `email` for a place (reported), so it is not asked.
    const skip = new Set(references.map((found) => found.argument));
    const item = Object.fromEntries(Object.entries(dataArguments(input)).filter(([name]) => !skip.has(name)));
    if (Object.keys(item).length === 0) return null;
    const matches = (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      Object.entries(item).every(([name, value]) => (entry as Record<string, unknown>)[name] === value);
    let next: unknown[];
    if (shape.operation === 'create') {
      if (held.some(matches))
        return {
          error: `${toLabel(shape.entity)} ${JSON.stringify(item)} is already on ${toWordsOf(reference.entity)} ${String(parentId)}`,
        };
      next = [...held, item];
    } else {
      if (!held.some(matches))
        return {
          error: `${toLabel(shape.entity)} ${JSON.stringify(item)} not found on ${toWordsOf(reference.entity)} ${String(parentId)}`,
        };
      next = held.filter((entry) => !matches(entry));
    }
    return {
      value: { ...parent, [field]: next },
      changes: { upserts: [{ type: reference.entity, id: String(parentId), fields: { [field]: next } }] },
    };
  }
  return null;
}

/** The parent's field that embeds the entity (`attendees` of an event): held as a list, or taken as a list of objects by the parent's create. */
function embeddingField(input: AnswerInput, parentType: string, parent: Record<string, unknown>): string | null {
  const plural = toNormalName(toPlural(input.shape.entity));
  const held = Object.keys(parent).find((name) => toNormalName(name) === plural && Array.isArray(parent[name]));
  if (held !== undefined) return held;
  for (const tool of input.serverTools) {
    const shape = input.shapes.get(tool.name);
    if (shape?.entity !== parentType || shape.operation !== 'create') continue;
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown; items?: { type?: unknown } }>;
    const name = Object.keys(properties).find((key) => toNormalName(key) === plural);
    if (name !== undefined && properties[name]!.type === 'array' && properties[name]!.items?.type === 'object') return name;
  }
  return null;
}
