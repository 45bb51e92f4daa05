/**
 * Which entities a list or search call's answer must hold, for the prompt: the simulator's
 * operation inference names the listed type, and the call's arguments filter it the way a model
 * reads them, more loosely than the stateful simulator's exact filters. A value matches a field
 * whole, by its words (`VPN` in `VPN drops`), as a prefix (the day `2026-03-03` in
 * `2026-03-03T10:00:00Z`), or as the bound of a range (`from: 2026-03-01`, `max_price: 20`).
 * An argument that matches no entity's field by name or value is not a filter here (a time zone,
 * a flag the world does not model), so it cannot hide what the answer needs. Pure.
 */
import type { WorldState } from '../../domain/memory-log.js';
import { toPlural, toSingular } from '../../reading/entity-words.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { readServer } from '../../reading/read-server.js';
import { toCallShape, type ToolOverride, type ToolShape } from '../../reading/tool-operation.js';
import {
  entitiesOf,
  fieldValue,
  isControlArgument,
  isQueryArgument,
  matchesQuery,
  selectsAll,
  toNormalName,
  valuesMatch,
  type EntityRecord,
} from '../../domain/world-query.js';

/** The entities a list call is about: every one of `type` its filters match (all of them when none applies). */
export interface ListFocus {
  type: string;
  ids: ReadonlySet<string>;
  /** The filters that applied, as the prompt says them: `day=2026-03-03`. */
  filters: string[];
}

interface FocusInput {
  tool: ToolDefinition;
  serverTools?: readonly ToolDefinition[] | undefined;
  toolOverrides?: Readonly<Record<string, ToolOverride>> | undefined;
  /** The server's qualified and display names: words a tool name repeats that say nothing of its entity. */
  serverNames?: readonly string[] | undefined;
  arguments: Readonly<Record<string, unknown>>;
  world: WorldState;
}

/** A tool as a server of its own (when the call names no server tools), the same list every time. */
const alone = new WeakMap<ToolDefinition, readonly ToolDefinition[]>();
const aloneList = (tool: ToolDefinition) => alone.get(tool) ?? alone.set(tool, [tool]).get(tool)!;

function shapeOf(input: FocusInput): ToolShape | undefined {
  const tools = input.serverTools && input.serverTools.length > 0 ? input.serverTools : aloneList(input.tool);
  const model = readServer(tools, { serverNames: input.serverNames, corrections: input.toolOverrides });
  const shape = model.shapes.get(input.tool.name);
  return shape && toCallShape(shape, input.arguments);
}

/**
 * The focus of a list or search call, or null for any other call (or a type the world lacks).
 *
 * @example
 *   toListFocus({ tool: listEvents, arguments: { day: '2026-03-03' }, world });
 *   // { type: 'event', ids: Set { 'evt_1001', 'evt_1007' }, filters: ['day=2026-03-03'] }
 */
export function toListFocus(input: FocusInput): ListFocus | null {
  const shape = shapeOf(input);
  if (!shape || (shape.operation !== 'list' && shape.operation !== 'search')) return null;
  const type = worldTypeFor(input.world, shape.entity);
  if (!type) return null;
  const entities = entitiesOf(input.world, type);
  const filters: string[] = [];
  let matching = entities;
  for (const [name, value] of Object.entries(input.arguments)) {
    if (value === undefined || value === null || isControlArgument(name) || selectsAll(value) || name === shape.dispatch?.argument)
      continue;
    const test = toFilter(name, value, entities);
    if (!test) continue;
    filters.push(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    matching = matching.filter(test);
  }
  return { type, ids: new Set(matching.map((entity) => entity.id)), filters };
}

/** The world's type for an inferred entity: the same name, its plural, or a type whose singular it is. */
function worldTypeFor(world: WorldState, entity: string): string | undefined {
  const wanted = new Set([entity, toPlural(entity)].map(toNormalName));
  return Object.keys(world.entities).find((type) => wanted.has(toNormalName(type)) || wanted.has(toNormalName(toSingular(type))));
}

type EntityTest = (entity: EntityRecord) => boolean;

/**
 * What each filter said of an entity, by its fields object (the memory replaces an entity it
 * changes, never edits it): a long session lists the same few filters over a world that grows
 * by a few entities a call, so each entity is read once per filter, not on every list (issue 30).
 */
const verdicts = new WeakMap<object, Map<string, boolean>>();
const maxVerdicts = 32;

function remembered(key: string, test: (fields: Record<string, unknown>) => boolean): (entity: EntityRecord) => boolean {
  return ({ fields }) => {
    let byKey = verdicts.get(fields);
    if (!byKey) verdicts.set(fields, (byKey = new Map()));
    let verdict = byKey.get(key);
    if (verdict === undefined) {
      // Bounded: a session of ever new searches keeps only the last few verdicts of an entity.
      if (byKey.size >= maxVerdicts) byKey.clear();
      byKey.set(key, (verdict = test(fields)));
    }
    return verdict;
  };
}

/** How one argument filters the entities, or null when it is no filter this world can apply. */
function toFilter(name: string, value: unknown, entities: readonly EntityRecord[]): EntityTest | null {
  const key = `${name}\u0000${JSON.stringify(value)}`;
  if (isQueryArgument(name) && typeof value === 'string') return remembered(`q${key}`, (fields) => matchesQuery(fields, value));
  const range = toRange(name, value);
  if (range) {
    const test = remembered(`r${key}`, (fields) => {
      const field = range.field ? fieldValue(fields, range.field) : undefined;
      const candidates = field !== undefined ? [field] : Object.values(fields);
      return candidates.some((candidate) => inRange(candidate, range));
    });
    return entities.some(test) || entities.some((entity) => Object.values(entity.fields).some((field) => comparable(field, range.bound)))
      ? test
      : null;
  }
  if (entities.some(remembered(`h${name}`, (fields) => fieldValue(fields, name) !== undefined))) {
    // A field of that name: compared with it (an entity without the field is not ruled out).
    return remembered(`f${key}`, (fields) => {
      const field = fieldValue(fields, name);
      return field === undefined || valuesMatch(field, value) || looselyMatches(field, value);
    });
  }
  // No such field: the value must appear in one of the entity's fields, if it appears anywhere.
  const inFields = remembered(`v${key}`, (fields) => Object.values(fields).some((field) => looselyMatches(field, value)));
  const test: EntityTest = (entity) => entity.id === String(value) || inFields(entity);
  return entities.some(test) ? test : null;
}

/**
 * Whether a field value matches an argument value the way a reader would: equal, every word of
 * the value among the field's words, or the value a prefix of the field (a day of a date-time).
 */
export function looselyMatches(field: unknown, value: unknown): boolean {
  if (Array.isArray(field)) return field.some((item) => looselyMatches(item, value));
  if (Array.isArray(value)) return value.some((item) => looselyMatches(field, item));
  if (field === null || typeof field === 'object' || value === null || typeof value === 'object') return false;
  const [fieldText, valueText] = [String(field).toLowerCase(), String(value).toLowerCase().trim()];
  if (valueText === '') return false;
  if (fieldText === valueText || fieldText.startsWith(valueText)) return true;
  // The value's words in a row among the field's (`VPN` in `VPN drops`; `2026-03-03` is not in `2026-03-02T03:00`).
  const [words, wanted] = [toWords(fieldText), toWords(valueText)];
  if (wanted.length === 0) return false;
  for (let start = 0; start + wanted.length <= words.length; start++)
    if (wanted.every((word, offset) => words[start + offset] === word)) return true;
  return false;
}

const toWords = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

interface Range {
  /** The field the bound is on, when the argument names one (`start_after` → `start`). */
  field: string | null;
  lower: boolean;
  bound: string | number;
}

const lowerWords = ['from', 'since', 'after', 'min', 'start', 'begin', 'gte', 'gt'];
const upperWords = ['to', 'until', 'before', 'max', 'end', 'lte', 'lt'];

/** `from`, `start_date`, `created_after`, `min_price`... with a date or a number: a bound. */
function toRange(name: string, value: unknown): Range | null {
  const bound = typeof value === 'number' ? value : typeof value === 'string' && isDateLike(value) ? value : null;
  if (bound === null) return null;
  const words = name
    .split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== '');
  const lower = words.some((word) => lowerWords.includes(word));
  const upper = words.some((word) => upperWords.includes(word));
  if (lower === upper) return null;
  const rest = words.filter((word) => !lowerWords.includes(word) && !upperWords.includes(word) && word !== 'date' && word !== 'time');
  return { field: rest.length > 0 ? rest.join('_') : null, lower, bound };
}

const isDateLike = (text: string) => /^\d{4}-\d{2}-\d{2}/.test(text);

function comparable(field: unknown, bound: string | number): boolean {
  return typeof bound === 'number' ? typeof field === 'number' : typeof field === 'string' && isDateLike(field);
}

function inRange(field: unknown, range: Range): boolean {
  if (!comparable(field, range.bound)) return false;
  if (typeof range.bound === 'number') return range.lower ? (field as number) >= range.bound : (field as number) <= range.bound;
  // Dates as text: a day bound covers the whole day (`to: 2026-03-03` holds `2026-03-03T18:00Z`).
  const text = field as string;
  return range.lower ? text >= range.bound : text.slice(0, range.bound.length) <= range.bound;
}
