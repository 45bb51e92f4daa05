/**
 * Questions the stateful simulator asks a world: the entities of a type in a stable order, which
 * of them match a call's arguments, one page of them, the next free id. Pure.
 */
import type { WorldState } from './memory-log.js';
import { orderedRecords } from './entity-order.js';
import { isRecord } from './json-record.js';
import { mailTermHolds } from './mail-search-terms.js';

/** One entity of a type, as the world holds it. */
export interface EntityRecord {
  id: string;
  fields: Record<string, unknown>;
}

/**
 * Arguments that shape an answer rather than select entities (paging, sorting, field lists,
 * formats), by their normalized name (`per_page` and `perPage` are both `perpage`).
 */
const controlNames = new Set([
  'page',
  'pagenumber',
  'perpage',
  'pagesize',
  'limit',
  // Prisma's and TypeORM's page size (`take: 10, skip: 20`), as Cal.com's API spells it.
  'take',
  'first',
  'last',
  'maxresults',
  'top',
  'numresults',
  'maxitems',
  'maxrecords',
  'maxrows',
  'maxhits',
  'offset',
  'skip',
  'cursor',
  'after',
  'before',
  'startcursor',
  'nextcursor',
  'pagetoken',
  'nextpagetoken',
  'continuationtoken',
  'sort',
  'sortby',
  'order',
  'orderby',
  'direction',
  'fields',
  'expand',
  'format',
  'responseformat',
  'minimaloutput',
  'verbose',
  'detail',
  'details',
  'output',
  'pretty',
  'dryrun',
  // `return_details: true` (Attio), `response_mode: 'summary'` (Shopify): how much the answer shows, never a field.
  'returndetails',
  'responsemode',
  'outputformat',
]);
const limitNames = [
  'perpage',
  'pagesize',
  'limit',
  'take',
  'first',
  'maxresults',
  'top',
  'numresults',
  'maxitems',
  'maxrecords',
  'maxrows',
  'maxhits',
];
const cursorNames = ['cursor', 'after', 'startcursor', 'nextcursor', 'pagetoken', 'nextpagetoken', 'continuationtoken'];
/** Arguments that carry a free-text query. */
const queryNames = new Set([
  'query',
  'q',
  'search',
  'searchquery',
  'searchterm',
  'searchtext',
  'searchstring',
  'term',
  'text',
  'keyword',
  'keywords',
  'prompt',
]);
/** Filter values that select everything (`state: all`). */
const anyValues = new Set(['all', 'any', '*', '']);
/** The most entities one answer lists when the call asks for no page size. */
export const maxPageSize = 100;

/** A name without case or separators, so `issue_number`, `issueNumber` and `IssueNumber` are one. */
export function toNormalName(name: string): string {
  // The simulator's most called function (every field of every listed record, per filter): a lookup costs a
  // fifth of the lowercasing and the replace. The names are a server's fields and arguments, so the table stays small;
  // it starts over when it is full, so a world of made-up keys cannot grow it without bound.
  let normal = normalNames.get(name);
  if (normal === undefined) {
    if (normalNames.size >= maxNormalNames) normalNames.clear();
    normalNames.set(name, (normal = name.toLowerCase().replace(/[^a-z0-9]/g, '')));
  }
  return normal;
}

const normalNames = new Map<string, string>();
const maxNormalNames = 4096;

/** Whether an argument shapes the answer (paging, sorting, fields) rather than selecting or setting data. */
export function isControlArgument(name: string): boolean {
  const normal = toNormalName(name);
  // `sortStart: 'desc'`, `sort_direction`, `orderBy`: how the answer is ordered (list-order.ts), never a field.
  return controlNames.has(normal) || normal.startsWith('include') || normal.startsWith('sort') || normal.startsWith('orderby');
}

/**
 * Whether an argument pages an answer (`limit`, `per_page`, `page`, `offset`, `cursor`...): a tool
 * that takes one answers one page, not the whole list.
 */
export function isPagingArgument(name: string): boolean {
  const normal = toNormalName(name);
  return limitNames.includes(normal) || cursorNames.includes(normal) || ['page', 'pagenumber', 'offset', 'skip'].includes(normal);
}

/** Whether an argument carries a free-text query (`query`, `q`, `search_term`). */
export function isQueryArgument(name: string): boolean {
  return queryNames.has(toNormalName(name));
}

/**
 * The entities of `type`, numeric ids in number order before the others in the order they came
 * into the world (`entity-order.ts`).
 *
 * @example
 *   entitiesOf({ entities: { issue: { '10': {}, '9': {} } }, facts: [] }, 'issue').map((entity) => entity.id); // ['9', '10']
 */
export function entitiesOf(world: WorldState, type: string): EntityRecord[] {
  if (!Object.hasOwn(world.entities, type)) return [];
  return orderedRecords(world.entities[type]!);
}

/** Numbers in number order first, then text in code-point order: the same on every machine. */
export function compareIds(a: string, b: string): number {
  return compareClassified(a, /^\d+$/.test(a), b, /^\d+$/.test(b));
}

function compareClassified(a: string, numberA: boolean, b: string, numberB: boolean): number {
  if (numberA && numberB) return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
  if (numberA !== numberB) return numberA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The value of a field named like `name` (`issueNumber` finds `issue_number`), or undefined. */
export function fieldValue(fields: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(fields, name)) return fields[name];
  const normal = toNormalName(name);
  for (const [key, value] of Object.entries(fields)) if (toNormalName(key) === normal) return value;
  return undefined;
}

/**
 * Whether a field value matches an argument value: equal as text, case-insensitively; a list
 * field contains the value (every value of a list argument); a list argument holds the field value.
 *
 * @example
 *   valuesMatch(['bug', 'ui'], 'BUG'); // true
 *   valuesMatch('open', ['open', 'closed']); // true
 */
export function valuesMatch(field: unknown, argument: unknown): boolean {
  const same = (a: unknown, b: unknown) => toText(a) === toText(b);
  if (Array.isArray(field)) {
    const values = Array.isArray(argument) ? argument : [argument];
    return values.every((value) =>
      field.some((item) => same(item, value) || (isRecord(item) && Object.values(item).some((inner) => same(inner, value)))),
    );
  }
  if (Array.isArray(argument)) return argument.length === 0 || argument.some((value) => same(field, value));
  if (isRecord(field)) return Object.values(field).some((inner) => same(inner, argument));
  return same(field, argument);
}

/** Whether an argument value selects everything (`all`, `any`, an empty list). */
export function selectsAll(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'string' && anyValues.has(value.trim().toLowerCase());
}

/**
 * Whether an entity's fields contain every word of a free-text query (case-insensitive), and
 * satisfy its `field:value` qualifiers (`is:open` checks the state; `tag:billing` a `tags` list).
 * A qualifier on a field the entity lacks holds, unless `known` says its type has that field on
 * other entities: then the entity is not one the qualifier picks (`tag:billing` leaves out the
 * tickets without tags), while a qualifier no entity has a field for (`sort:created`) picks all.
 *
 * @example
 *   matchesQuery({ title: 'Crash on empty config', state: 'open' }, 'crash is:open'); // true
 */
export function matchesQuery(fields: Readonly<Record<string, unknown>>, query: string, known?: { has(name: string): boolean }): boolean {
  const text = JSON.stringify(fields).toLowerCase();
  for (const token of query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)) {
    const colon = token.indexOf(':');
    if (colon > 0) {
      const [name, value] = [token.slice(0, colon), token.slice(colon + 1).replace(/^"|"$/g, '')];
      // `is:unread` on a message labelled UNREAD, `after:2026/06/01` on its date (mail-search-terms.ts).
      const mail = ['open', 'closed', 'merged'].includes(value) ? undefined : mailTermHolds(fields, name, value);
      if (mail === false) return false;
      if (mail === true) continue;
      const field =
        name === 'is'
          ? (fieldValue(fields, 'state') ?? fieldValue(fields, 'status'))
          : (fieldValue(fields, name) ?? fieldValue(fields, `${name}s`));
      if (field === undefined) {
        if (name !== 'is' && known !== undefined && (known.has(name) || known.has(`${name}s`))) return false;
        continue;
      }
      if (!(name === 'is' && !['open', 'closed', 'merged'].includes(value)) && !toText(field).includes(value) && !valuesMatch(field, value))
        return false;
      continue;
    }
    // The text is JSON: a quote or backslash inside a word (`up{job="node"}`) is written escaped there.
    const word = token.replace(/^"|"$/g, '');
    if (!text.includes(word) && !text.includes(JSON.stringify(word).slice(1, -1))) return false;
  }
  return true;
}

/** Where one page starts and how long it is, from a call's paging arguments. */
export interface PageRequest {
  offset: number;
  size: number;
  /** Which argument moves to the next page: a cursor, a page number, an offset, or none. */
  style: 'cursor' | 'page' | 'offset' | 'none';
}

/**
 * The page a call asks for: `page` (from 1) with `perPage`/`per_page`/`pageSize`/`limit`;
 * `offset`/`skip`; or a cursor (`cursor`, `after`, `start_cursor`, ...) this simulator handed out
 * (the offset as text). `defaults` are the schema's defaults for those arguments.
 *
 * @example
 *   toPageRequest({ page: 2, perPage: 10 }); // { offset: 10, size: 10, style: 'page' }
 */
export function toPageRequest(args: Readonly<Record<string, unknown>>, defaults: Readonly<Record<string, unknown>> = {}): PageRequest {
  const byName = new Map<string, unknown>();
  for (const source of [defaults, args])
    for (const [name, value] of Object.entries(source)) if (value !== undefined) byName.set(toNormalName(name), value);
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value)
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : undefined;
  const sizeName = limitNames.find((name) => number(byName.get(name)) !== undefined);
  const size = Math.max(1, Math.min(maxPageSize, sizeName ? number(byName.get(sizeName))! : maxPageSize));
  const cursorName = cursorNames.find((name) => Object.keys(args).some((key) => toNormalName(key) === name));
  if (cursorName) {
    const value = byName.get(cursorName);
    return { offset: typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 0, size, style: 'cursor' };
  }
  const page = number(byName.get('page')) ?? number(byName.get('pagenumber'));
  if (page !== undefined && Object.keys(args).some((key) => ['page', 'pagenumber'].includes(toNormalName(key))))
    return { offset: (Math.max(1, page) - 1) * size, size, style: 'page' };
  const offset = number(byName.get('offset')) ?? number(byName.get('skip'));
  if (offset !== undefined) return { offset, size, style: 'offset' };
  return { offset: 0, size, style: 'none' };
}

/** Fields that name an entity for people: a lookup by one finds it as a person would. */
export const nameFields = new Set(['name', 'title', 'displayname', 'fullname', 'label', 'subject']);

/**
 * The entity whose name or title is the text: exactly, then ignoring case, then containing it. `nameField`
 * is the field the service names the type by (the service model's, `summary` of an event), a name too.
 */
export function findByName(entities: readonly EntityRecord[], text: string, nameField?: string): EntityRecord | undefined {
  const names = (entity: EntityRecord) =>
    Object.entries(entity.fields)
      .filter(([key, value]) => (key === nameField || nameFields.has(toNormalName(key))) && typeof value === 'string')
      .map(([, value]) => value as string);
  const wanted = text.trim().toLowerCase();
  return (
    entities.find((entity) => names(entity).includes(text)) ??
    entities.find((entity) => names(entity).some((name) => name.toLowerCase() === wanted)) ??
    (wanted.length >= 3 ? entities.find((entity) => names(entity).some((name) => name.toLowerCase().includes(wanted))) : undefined)
  );
}

function toText(value: unknown): string {
  return (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).trim().toLowerCase();
}
