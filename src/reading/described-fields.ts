/**
 * The values a description gives a named entity in parentheses after its name: `task "Fix login"
 * (status in progress, priority 2)` seeds `{status: 'in progress', priority: 2}`. Only fields the
 * type's own tools take (a create's or update's arguments) or its state field are read, each as
 * `field value`, `field: value` or `field = value`; a bare value is the state when it is one of
 * the type's known states (`(closed)`). Values take the argument's schema type: a number for a
 * number (a level word on the scale its description gives: `priority high` → 2), `true`/`false`
 * for a boolean, the enum's own spelling for an enum. Anything else in the
 * parentheses is left for a model; a bare email address goes to the type's email field, and
 * `id 41` names the entity's id (toDescribedId). Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import type { ServiceModel } from './read-server.js';
import { toScaleNumber } from './described-scale.js';
import { toWorkflowState } from './described-state-sentences.js';
import { typeStates } from './described-state-names.js';
import { toConstantState } from './described-state-constants.js';
import { toDescribedSpan } from './described-span.js';
import { toOwnBody } from './own-body.js';
import { toStateDate } from './described-state-dates.js';
import { toAdjectiveField } from './described-adjective.js';
import { toDescribedFlag } from './described-flag-words.js';
import { toDescribedAmount } from './described-amounts.js';
import { toFilterValue } from './described-filter-values.js';
import { toTransitionTarget } from './described-transition-target.js';
import { toPersonRole } from './described-person-role.js';

type Schema = Record<string, unknown>;
type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;

/** Arguments that name an entity rather than describe it: never a seeded value. */
const keyLike = /(?:^id$|_?id$|ids?$|^name$|^title$)/i;

/**
 * The fields a parenthesis gives an entity of `type`, or an empty object.
 *
 * @example
 *   toDescribedFields(model, 'task', 'status in progress, priority 2'); // { status: 'in progress', priority: 2 }
 */
export function toDescribedFields(model: Model, type: string, details: string, now = '2026-01-01T00:00:00.000Z'): Record<string, unknown> {
  const schemas = writableFields(model, type);
  const state = model.entityTypes.get(type)?.state ?? null;
  const fields: Record<string, unknown> = {};
  // `12,500 USD`: the commas that group a number's digits part no pieces.
  details = details.replace(/(?<=\d),(?=\d{3}(?!\d))/g, '');
  // `tags shop, nightly`: the list field the piece before gave, which a bare word after a comma goes on.
  let listed: string | undefined;
  for (const piece of toPieces(details, schemas)) {
    const text = piece.trim();
    if (text === '') continue;
    const following = listed;
    listed = undefined;
    // A field named as written first (`status open` where `statuses` is a list too), then a list named in the singular.
    const opens = (pattern: string) => new RegExp(String.raw`^${pattern}\s*(?::|=|\bis\b)?\s+\S`, 'i').test(text);
    const names = [...schemas.keys()];
    const exact = names.find((name) => opens(wordsPattern(name)));
    const known = exact ?? names.find((name) => opens(fieldPattern(name, schemas.get(name)!)));
    if (known !== undefined) {
      const pattern = exact === undefined ? fieldPattern(known, schemas.get(known)!) : wordsPattern(known);
      const value = text.replace(new RegExp(String.raw`^${pattern}\s*(?::|=|\bis\b)?\s+`, 'i'), '');
      fields[known] = typed(value, schemas.get(known)!);
      if (Array.isArray(fields[known])) listed = known;
      continue;
    }
    // `assigned to Lars Berg`: the person a record is assigned to, as trackers keep it (described-person-role.ts).
    const role = toPersonRole(schemas.keys(), text);
    if (role !== undefined && !Object.hasOwn(fields, role.field)) {
      fields[role.field] = role.value;
      continue;
    }
    // `Start Progress (transition 11, to In Progress)`: the state a transition leads to (described-transition-target.ts).
    const target = toTransitionTarget(type, text);
    if (target !== undefined) {
      Object.assign(fields, target);
      continue;
    }
    // `from 1 March 2026 to 30 April 2026`: where it starts and ends, in the fields the writes take for them (described-span.ts).
    const span = toDescribedSpan(schemas, text, now);
    if (Object.keys(span).length > 0) {
      Object.assign(fields, span);
      continue;
    }
    // `due 2026-03-05`: a date after the first word of the one date field that begins with it (`due_date` beside `due_string`).
    const dated = datedField(schemas, text);
    if (dated !== undefined) {
      fields[dated.field] = dated.value;
      continue;
    }
    // `resolved on 2026-05-01`, `triggered on 2026-05-04 at 09:12`: the state and when the record took it (described-state-dates.ts).
    const stateDate = toStateDate(model, type, text, now);
    if (stateDate !== undefined) {
      Object.assign(fields, stateDate);
      continue;
    }
    // `high urgency`: an enum value before its field's name (described-adjective.ts).
    const adjective = toAdjectiveField(schemas, text);
    if (adjective !== undefined && !Object.hasOwn(fields, adjective.field)) {
      fields[adjective.field] = adjective.value;
      continue;
    }
    const stateValue = state?.values.find((value) => value.toLowerCase() === text.toLowerCase());
    // `"notebook-4090" (EXITED)` where only the descriptions name the states ("`EXITED` and `ERROR` allow `start`").
    const named = state ? undefined : typeStates(model, type);
    if (named?.values.includes(text)) {
      fields[named.field] = text;
      continue;
    }
    // `pod web-7f9c (image nginx:1.27, Running)`: a constant spelled as the states the server lists (described-state-constants.ts).
    const constant = state?.values.length ? undefined : toConstantState(model.tools, text);
    if (constant !== undefined && !Object.hasOwn(fields, state?.field ?? 'status')) {
      fields[state?.field ?? 'status'] = constant;
      continue;
    }
    // `INV-0041 for Harbor Bakery, 1200 USD`: an amount of money and its currency (described-amounts.ts).
    const money = toDescribedAmount(schemas.keys(), text);
    if (money !== undefined) {
      Object.assign(fields, money);
      continue;
    }
    // `1x NVIDIA A100 80GB`: so many of a kind, the one object field that takes a count and an id (`gpu: {id, count}`).
    const counted = countedField(schemas, text);
    if (counted !== undefined && !Object.hasOwn(fields, counted.field)) {
      fields[counted.field] = counted.value;
      continue;
    }
    // `"datasets" (200 GB)`: a quantity goes to the one number field whose description gives its unit.
    const measured = measuredField(schemas, text);
    if (measured !== undefined && !Object.hasOwn(fields, measured.field)) {
      fields[measured.field] = measured.value;
      continue;
    }
    // `(in progress)` where the status takes any text: a workflow's common state (described-state-sentences.ts).
    const workflow = toWorkflowState(model, type, text);
    const flag = toDescribedFlag(model.tools, text);
    if (state && stateValue !== undefined) fields[state.field] = stateValue;
    else if (workflow) fields[workflow.field] = workflow.value;
    // `(closed)`, `(pinned)` where no state field takes the word: the yes/no flag of its name (described-flag-words.ts).
    else if (flag !== undefined) fields[flag.field] ??= flag.value;
    else if (following !== undefined && /^[\w-]+$/.test(text)) {
      (fields[following] as unknown[]).push(text);
      listed = following;
    }
    // `Ada Lovelace (ada@example.com)`: a bare address is the one email field the type's writes take, else its `email`
    // (`Users: Marco Ruiz (marco@…)` where no tool writes users).
    else if (emailLike.test(text)) {
      const field = [...schemas.keys()].find((name) => /e-?mail$/i.test(name) || schemas.get(name)!.format === 'email');
      if (field !== undefined && !Object.hasOwn(fields, field)) fields[field] = text;
      else if (field === undefined && !Object.hasOwn(fields, 'email')) fields.email = text;
    }
    // `Marco Ruiz (…, admin)` where the users' list filters by `role` "(admin, user, etc.)" (described-filter-values.ts).
    else {
      const filtered = toFilterValue(model, type, text);
      if (filtered !== undefined && !Object.hasOwn(fields, filtered.field)) fields[filtered.field] = filtered.value;
    }
  }
  return fields;
}

/**
 * The pieces of a parenthesis or clause, at its commas, semicolons and `and`s, except the `and` inside a list field's value
 * (`tags shipping and damaged` stays one piece where `tags` takes an array).
 */
function toPieces(details: string, schemas: ReadonlyMap<string, Schema>): string[] {
  const lists = [...schemas].filter(([, schema]) => isList(schema));
  return details
    .split(/\s*[,;]\s*/)
    .flatMap((piece) =>
      lists.some(([name, schema]) => new RegExp(String.raw`^${fieldPattern(name, schema)}\s*(?::|=)?\s+\S`, 'i').test(piece.trim()))
        ? [piece]
        : piece.split(/\s+and\s+/),
    );
}

/**
 * `due 2026-03-05` where the type's writes take `due_date`: the field named by that word and `date`
 * (`dueDate`, `due_date`, `due_on`), its value as the schema keeps a date (milliseconds or seconds
 * where it is a number its description says so of).
 */
function datedField(schemas: ReadonlyMap<string, Schema>, text: string): { field: string; value: unknown } | undefined {
  const match = /^([a-z]+)\s*:?\s+(?:on\s+)?(\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?)$/i.exec(text);
  if (!match) return undefined;
  const [, word, date] = match as unknown as [string, string, string];
  const field = [...schemas.keys()].find((name) =>
    new RegExp(String.raw`^${word}[\s_-]?(?:date|on|at)$`, 'i').test(name.replace(/([a-z])([A-Z])/g, '$1_$2')),
  );
  if (field === undefined) return undefined;
  const schema = schemas.get(field)!;
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (!types.includes('number') && !types.includes('integer')) return { field, value: date };
  const at = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  return { field, value: /milli/i.test(String(schema.description ?? '')) ? at : Math.floor(at / 1000) };
}

/**
 * `200 GB` where one number field of the type's writes is described "in GB" (`size`: "Storage to allocate in GB"): that field
 * and the number. Units are words a description writes after "in" or in parentheses; none is guessed.
 */
function measuredField(schemas: ReadonlyMap<string, Schema>, text: string): { field: string; value: number } | undefined {
  const match = /^(-?\d+(?:\.\d+)?)\s*([A-Za-z]{1,12})$/.exec(text);
  if (!match) return undefined;
  const [, amount, unit] = match as unknown as [string, string, string];
  const unitPattern = new RegExp(String.raw`(?:\bin\s+|\()${unit}\b`, 'i');
  const fields = [...schemas].filter(([, schema]) => {
    const types = ([] as unknown[]).concat(schema.type ?? []);
    return (types.includes('number') || types.includes('integer')) && unitPattern.test(String(schema.description ?? ''));
  });
  return fields.length === 1 ? { field: fields[0]![0], value: Number(amount) } : undefined;
}

/**
 * `1x NVIDIA A100 80GB`, `2 x H100`: a count and what is counted, as cloud services write hardware, where exactly one object
 * field of the type's writes takes a `count` and an `id` (Runpod's `gpu: {id: "GPU type identifier", count}`).
 */
function countedField(schemas: ReadonlyMap<string, Schema>, text: string): { field: string; value: Record<string, unknown> } | undefined {
  const match = /^(\d{1,4})\s*[x×]\s+(\S.*)$/i.exec(text);
  if (!match) return undefined;
  const takes = (schema: Schema) => {
    const inner = (schema.properties ?? {}) as Record<string, unknown>;
    return Object.hasOwn(inner, 'count') && Object.hasOwn(inner, 'id');
  };
  const fields = [...schemas].filter(([, schema]) => takes(schema));
  return fields.length === 1 ? { field: fields[0]![0], value: { id: match[2]!.trim(), count: Number(match[1]) } } : undefined;
}

const emailLike = /^[^\s@()]+@[^\s@()]+\.[A-Za-z]{2,}$/;

/**
 * The id a parenthesis gives a named entity (`Pixel Tools (id 41)`, `(ID: ws_9)`), or undefined.
 *
 * @example
 *   toDescribedId('id 41, priority 2'); // '41'
 */
export function toDescribedId(details: string | undefined, idField = 'id'): string | undefined {
  // `(sid CH…01)`, `(room_id 123)`: the type's own id field names it as much as `id` does.
  const field = idField === 'id' ? 'id' : `(?:id|${idField.replace(/[^\w]/g, '')})`;
  return new RegExp(String.raw`(?:^|[,;(]\s*)${field}\s*[:=#]?\s*["'\`]?([\w.:/@-]+?)["'\`]?\s*(?:$|[,;)])`, 'i').exec(details ?? '')?.[1];
}

/** The arguments the type's creates and updates take, by name, with their schemas (keys and parents left out), and its state field. */
function writableFields(model: Model, type: string): Map<string, Schema> {
  const fields = new Map<string, Schema>();
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type || (shape.operation !== 'create' && shape.operation !== 'update')) continue;
    for (const [name, schema] of Object.entries(toOwnProperties(tool.inputSchema as Schema, type)))
      if (!keyLike.test(name) && !fields.has(name)) fields.set(name, schema);
  }
  const state = model.entityTypes.get(type)?.state;
  if (state && !fields.has(state.field)) fields.set(state.field, { type: 'string' });
  return fields;
}

/**
 * The arguments of a create or update as the entity's fields: its properties, or those of the one
 * object argument named for the entity (`create_incident(incident: {title, urgency})`).
 */
export function toOwnProperties(inputSchema: Schema, type: string): Record<string, Schema> {
  const body = toOwnBody(inputSchema, type);
  return (body.properties ?? {}) as Record<string, Schema>;
}

/** Whether the field's description names `unit` (singular or plural) as what it is kept in. */
function inUnitOf(unit: string, schema: Schema): boolean {
  const singular = unit.toLowerCase().replace(/s$/, '');
  return new RegExp(String.raw`\b${singular}s?\b`, 'i').test(String(schema.description ?? ''));
}

/** `dueDate` or `due_date` as the words a person writes: `due date`, `due-date`, `dueDate`. */
/** A field's words, and for a list named in the plural its singular too: `tag finance` gives `tags` one item. */
function fieldPattern(name: string, schema: Schema): string {
  const words = wordsPattern(name);
  return isList(schema) && /s$/.test(words) ? `${words.slice(0, -1)}s?` : words;
}

function isList(schema: Schema): boolean {
  return ([] as unknown[]).concat(schema.type ?? []).includes('array');
}

function wordsPattern(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return words.join(String.raw`[\s_-]?`);
}

/** The value as its schema types it: numbers, booleans, an enum's spelling; else the text. */
function typed(value: string, schema: Schema): unknown {
  const text = value.trim().replace(/^["'“‘](.*)["'”’]$/, '$1');
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if ((types.includes('number') || types.includes('integer')) && /^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  // `5000 cents` where the schema says `budget in account currency cents`: a measure in the unit the field is kept in is its number.
  const measure = /^(-?\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text);
  if ((types.includes('number') || types.includes('integer')) && measure && inUnitOf(measure[2]!, schema)) return Number(measure[1]);
  // `priority high` where the schema says `priority (1-4), where 1 is urgent`: the number of that level (described-scale.ts).
  const scaled =
    (types.includes('number') || types.includes('integer')) && typeof schema.description === 'string'
      ? toScaleNumber(text, schema.description)
      : undefined;
  if (scaled !== undefined) return scaled;
  if (types.includes('boolean') && /^(true|false|yes|no)$/i.test(text)) return /^(true|yes)$/i.test(text);
  const choices = Array.isArray(schema.enum) ? schema.enum : [];
  const choice = choices.find((option) => typeof option === 'string' && toNormalName(option) === toNormalName(text));
  if (choice !== undefined) return choice;
  // `tags shipping and damaged`: a list field takes every item its value lists.
  if (types.includes('array')) return text.split(/\s*,\s*|\s+and\s+/).filter((item) => item !== '');
  return text;
}
