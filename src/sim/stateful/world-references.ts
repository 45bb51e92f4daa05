/**
 * Made-up references that point at the world. Where a result must show a reference the world
 * holds nothing for (an incident's `service`, an on-call's `user`, a `team_id`), the value names
 * one of the records of the type the property is named for (`service`, `escalation_policy`, a
 * person role such as `assignee` or `created_by` for the world's users), chosen by the value's
 * seed so it stays the same; and a reference's `type` is spelled as the server's own schemas
 * spell reference types (`user_reference` → `service_reference`), else as the referenced type.
 */
import type { ToolDefinition } from '../../domain/registry.js';
import type { WorldState } from '../../domain/memory-log.js';
import { entitiesOf, type EntityRecord } from '../../domain/world-query.js';
import { toSingular, toWords } from '../../reading/entity-words.js';
import { createSeededRandom } from '../../domain/random.js';
import { isRecord } from '../../domain/json-record.js';
import { isPersonEntity } from './field-kind.js';
import { toLinkedIds } from './membership-lists.js';

/** A record of the world that a made-up reference names. */
export interface WorldReference {
  type: string;
  id: string;
  /** What the record is called (`name`, `title`, `summary`, `email`), when it has one. */
  label: string | undefined;
}

/** What made-up values may know of the world they point into. */
export interface ReferenceBook {
  /** A record of the type `property` names (`service`, `service_id`, `assignee`), chosen by `seed`; undefined when the world holds none. */
  recordFor(property: string, seed: string): WorldReference | undefined;
  /** The record of the type `property` names with this id, when the world holds it. */
  recordById(property: string, id: string): WorldReference | undefined;
  /** The `type` a reference under `property` shows (`service_reference`, else `service`). */
  referenceType(property: string): string;
  /** The ids of the records of the type `property` names that the world's links tie this record to (membership-lists.ts). */
  linkedIds(type: string, id: string, property: string): string[] | undefined;
}

/** Reference types spelled with this suffix in a server's schemas (`user_reference`). */
const suffixes = new WeakMap<readonly ToolDefinition[], string>();

/**
 * The book of the world's records for one answer.
 *
 * @example
 *   toReferenceBook({ entities: { service: { P1: { name: 'Checkout API' } } }, facts: [] }, tools).recordFor('service', 'seed');
 *   // { type: 'service', id: 'P1', label: 'Checkout API' }
 */
export function toReferenceBook(world: WorldState, tools: readonly ToolDefinition[]): ReferenceBook {
  const typeOf = (property: string) => namedType(world, property);
  return {
    recordFor(property, seed) {
      const type = typeOf(property);
      if (type === undefined) return undefined;
      const records = entitiesOf(world, type);
      if (records.length === 0) return undefined;
      const bytes = createSeededRandom(`${seed}|reference`)(4);
      const record = records[Buffer.from(bytes).readUInt32BE(0) % records.length]!;
      return { type, id: record.id, label: labelOf(record) };
    },
    recordById(property, id) {
      const type = typeOf(property);
      const fields = type === undefined ? undefined : world.entities[type]?.[id];
      return type !== undefined && fields ? { type, id, label: labelOf({ id, fields }) } : undefined;
    },
    referenceType(property) {
      const type = typeOf(property) ?? singularOf(property);
      return `${type}${referenceSuffix(tools)}`;
    },
    linkedIds(type, id, property) {
      const other = typeOf(property);
      return other === undefined || other === type ? undefined : toLinkedIds(world, { type, id }, other);
    },
  };
}

/**
 * Whether an object schema is a reference to another record: it has an `id` and a `type` and
 * little else (`{id, type, summary, self, html_url}`), as JSON:API and PagerDuty-style APIs write them.
 */
export function isReferenceSchema(properties: Readonly<Record<string, unknown>>): boolean {
  return Object.hasOwn(properties, 'id') && Object.hasOwn(properties, 'type') && Object.keys(properties).length <= 6;
}

/**
 * `made` with the parts that were made up (those not in `given`) pointing at a world record: its
 * `id`, its `summary`/`name` where the schema has one, and a `type` with no enum spelled as a
 * reference type. Unchanged when `property` names no type the world holds records of.
 */
export function pointAtWorld(
  made: Record<string, unknown>,
  properties: Readonly<Record<string, unknown>>,
  property: string,
  seed: string,
  book: ReferenceBook | undefined,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  if (!book || !isReferenceSchema(properties) || property === '') return made;
  const result = { ...made };
  const madeUp = (key: string) => Object.hasOwn(result, key) && (given[key] === undefined || given[key] === null);
  const givenId = given.id === undefined || given.id === null ? undefined : String(given.id);
  const record = givenId === undefined ? book.recordFor(property, seed) : book.recordById(property, givenId);
  if (record && madeUp('id')) result.id = typeof result.id === 'number' && /^\d{1,15}$/.test(record.id) ? Number(record.id) : record.id;
  for (const key of ['summary', 'name'])
    if (record?.label !== undefined && Object.hasOwn(properties, key) && given[key] === undefined) result[key] = record.label;
  const typeSchema = properties.type;
  if (madeUp('type') && isRecord(typeSchema) && !('const' in typeSchema) && !Array.isArray(typeSchema.enum))
    result.type = book.referenceType(property);
  return result;
}

/** The world type a property is named for: `service`, `service_id`, `escalation_policy`, `teams`; a person role (`assignee`) for the world's people. */
function namedType(world: WorldState, property: string): string | undefined {
  const base = singularOf(property);
  if (base === '') return undefined;
  if (entitiesOf(world, base).length > 0) return base;
  const last = base.split('_').pop() ?? base;
  if (last !== base && entitiesOf(world, last).length > 0) return last;
  if (isPersonEntity(last) || last === 'by') {
    const people = Object.keys(world.entities).filter((type) => isPersonEntity(type) && entitiesOf(world, type).length > 0);
    return people.includes('user') ? 'user' : people.sort()[0];
  }
  return undefined;
}

/** The type a property names, in the singular and without an `_id` ending: `assigned_team_ids` → `assigned_team`. */
function singularOf(property: string): string {
  const words = toWords(property);
  while (words.length > 1 && ['id', 'ids', 'ref', 'reference'].includes(words[words.length - 1]!)) words.pop();
  if (words.length === 0 || (words.length === 1 && words[0] === 'id')) return '';
  words[words.length - 1] = toSingular(words[words.length - 1]!);
  return words.join('_');
}

function labelOf(record: EntityRecord): string | undefined {
  for (const key of ['name', 'title', 'summary', 'display_name', 'email', 'login']) {
    const value = record.fields[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** `_reference` when the server's schemas spell some type that way (`const: "user_reference"`), else nothing. */
function referenceSuffix(tools: readonly ToolDefinition[]): string {
  let suffix = suffixes.get(tools);
  if (suffix === undefined) {
    const text = JSON.stringify(tools.map((tool) => [tool.inputSchema, tool.outputSchema]));
    suffix = /"const":"[a-z][a-z_]*_reference"|"enum":\[[^\]]*"[a-z][a-z_]*_reference"/.test(text) ? '_reference' : '';
    suffixes.set(tools, suffix);
  }
  return suffix;
}
