/**
 * Where an entity keeps its state and how the server spells each state: the `status` or `state`
 * property the entity's tools show or take, and the value of its enum (or of the states its
 * description names) a lifecycle verb stands for. `cancel` sets `canceled` where the enum spells
 * it so, `complete` sets `done` where the states are `todo | in_progress | done`.
 */
import { stateSpellings, toVerbMeaning } from '../../reading/tool-verbs.js';
import { isControlArgument, selectsAll, toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { describedStateList } from '../../reading/described-state-words.js';
import { describedStates } from '../../reading/described-state-names.js';
import { isRecord } from '../../domain/json-record.js';

type Schema = Record<string, unknown>;

const stateNames = ['status', 'state'];

/**
 * The property schemas the entity's tools show or take, by name: the input properties of its
 * creates and updates, and the output properties of all its tools (the object itself, the object
 * wrapped in a property named for the entity, or a list's items).
 */
export function entityProperties(input: AnswerInput): Record<string, Schema> {
  const found: Record<string, Schema> = {};
  const add = (properties: unknown) => {
    if (!isRecord(properties)) return;
    for (const [name, schema] of Object.entries(properties)) if (isRecord(schema) && !(name in found)) found[name] = schema;
  };
  for (const tool of [input.tool, ...input.serverTools]) {
    const shape = input.shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    if (tool !== input.tool && !choices.some((choice) => choice.entity === input.shape.entity)) continue;
    const output = tool.outputSchema;
    if (output && isRecord(output.properties)) {
      for (const value of Object.values(output.properties)) {
        if (!isRecord(value)) continue;
        if (isRecord(value.properties)) add(value.properties);
        if (isRecord(value.items) && isRecord(value.items.properties)) add(value.items.properties);
      }
      add(output.properties);
    }
    if (choices.some((choice) => choice.operation === 'create' || choice.operation === 'update')) add(tool.inputSchema.properties);
  }
  return found;
}

/**
 * The field a state verb writes: the entity's own `status` or `state`, else the one its schemas
 * name, else the fallback (`state` for `close`, as trackers say; `status` for a named transition).
 *
 * @example
 *   toStateField(input, { status: 'open' }); // 'status'
 */
export function toStateField(input: AnswerInput, fields: Readonly<Record<string, unknown>>, fallback = 'state'): string {
  const own = Object.keys(fields).find((name) => stateNames.includes(toNormalName(name)));
  if (own) return own;
  const properties = entityProperties(input);
  const named = Object.keys(properties).filter((name) => stateNames.includes(toNormalName(name)));
  return (
    named.find((name) => Array.isArray(properties[name]!.enum)) ??
    named[0] ??
    sortedStateName(input) ??
    describedStateName(input) ??
    fallback
  );
}

/** `status` or `state`, whichever a sort argument of the entity's tools offers (`sort: createdAt | status | ...` lists its fields). */
function sortedStateName(input: AnswerInput): string | null {
  for (const tool of [input.tool, ...input.serverTools]) {
    if (tool !== input.tool && input.shapes.get(tool.name)?.entity !== input.shape.entity) continue;
    for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, unknown>)) {
      if (!isControlArgument(name) || !isRecord(schema) || !Array.isArray(schema.enum)) continue;
      const state = schema.enum.find((value) => typeof value === 'string' && stateNames.includes(toNormalName(value)));
      if (typeof state === 'string') return state;
    }
  }
  return null;
}

/** `status` or `state`, whichever the descriptions of the entity's tools speak of (Okta: users "in STAGED status"). */
function describedStateName(input: AnswerInput): string | null {
  const text = entityDescriptions(input);
  if (/\bstatus\b/i.test(text)) return 'status';
  if (/\bstate\b/i.test(text)) return 'state';
  return null;
}

/** The descriptions of the entity's tools and of their arguments, where states are often named. */
function entityDescriptions(input: AnswerInput): string {
  const texts: string[] = [];
  for (const tool of [input.tool, ...input.serverTools]) {
    const shape = input.shapes.get(tool.name);
    if (tool !== input.tool && shape?.entity !== input.shape.entity) continue;
    if (tool.description) texts.push(tool.description);
    for (const schema of Object.values((tool.inputSchema.properties ?? {}) as Record<string, unknown>))
      if (isRecord(schema) && typeof schema.description === 'string') texts.push(schema.description);
  }
  return texts.join('\n');
}

/**
 * The state a create's verb argument asks for (`create_user({ activate: true })` starts active),
 * under the entity's state field, spelled as the server spells states.
 */
export function requestedState(input: AnswerInput): { name: string; value: unknown } | null {
  for (const [name, value] of Object.entries(input.args)) {
    const state = value === true ? toVerbMeaning(name)?.sets?.state : undefined;
    if (typeof state !== 'string') continue;
    const field = toStateField(input, {}, 'status');
    return { name: field, value: spellState(state, stateSchema(input, field), undefined) };
  }
  return null;
}

/**
 * The state as the server spells it: the enum value (or a state the field's description quotes)
 * that one of the state's spellings names, else the state in the case the current value uses.
 *
 * @example
 *   spellState('cancelled', { enum: ['active', 'canceled'] }, 'active'); // 'canceled'
 */
export function spellState(state: string, schema: Schema | undefined, current: unknown): string {
  const allowed = allowedStates(schema);
  const spellings = stateSpellings[state] ?? [state];
  for (const spelling of spellings) {
    const match = allowed.find((value) => toNormalName(value) === toNormalName(spelling));
    if (match !== undefined) return match;
  }
  if (typeof current === 'string' && current === current.toUpperCase() && current !== current.toLowerCase()) return state.toUpperCase();
  // States named in capitals (`ACTIVE`, `DEPROVISIONED`) are all spelled so.
  if (allowed.length > 0 && allowed.every((value) => value === value.toUpperCase())) return state.toUpperCase();
  return state;
}

/** The state a new entity starts in, from an output schema's enum of its state field: its default, else its first value. */
export function initialState(input: AnswerInput): { name: string; value: unknown } | null {
  const properties = entityProperties(input);
  for (const [name, schema] of Object.entries(properties)) {
    if (!stateNames.includes(toNormalName(name)) || !Array.isArray(schema.enum)) continue;
    const candidates = schema.enum.filter((value) => !selectsAll(value));
    const value = schema.default !== undefined && !selectsAll(schema.default) ? schema.default : candidates[0];
    if (value !== undefined) return { name, value };
  }
  return null;
}

/** The state field's schema among the entity's properties. */
export function stateSchema(input: AnswerInput, field: string): Schema | undefined {
  const properties = entityProperties(input);
  const name = Object.keys(properties).find((key) => toNormalName(key) === toNormalName(field));
  if (name !== undefined) return properties[name];
  // No schema names the field: the states the tools' descriptions name (`status is not "DEPROVISIONED"`, `in STAGED status`).
  // `… in the JIRA Data Center edition instance`: the service's name, which every tool's name begins with, is no state.
  const prefixes = new Set(input.serverTools.map((tool) => tool.name.split(/[_\-.]/)[0]!.toLowerCase()));
  const brand = prefixes.size === 1 && input.serverTools.length > 1 ? [...prefixes][0] : undefined;
  const states = describedStates(entityDescriptions(input), field).filter((state) => state.toLowerCase() !== brand);
  if (states.length > 0) return { enum: states };
  // `list_orders(status: "Filter by status (Draft, To Bill, Cancelled)")`: the states a state argument lists (described-state-words.ts).
  const listed = stateArgumentDescriptions(input, field).flatMap(describedStateList);
  return listed.length > 0 ? { enum: [...new Set(listed)] } : undefined;
}

/** The descriptions of the state argument `field` of the entity's tools. */
function stateArgumentDescriptions(input: AnswerInput, field: string): string[] {
  const texts: string[] = [];
  for (const tool of [input.tool, ...input.serverTools]) {
    if (tool !== input.tool && input.shapes.get(tool.name)?.entity !== input.shape.entity) continue;
    for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, unknown>))
      if (toNormalName(name) === toNormalName(field) && isRecord(schema) && typeof schema.description === 'string')
        texts.push(schema.description);
  }
  return texts;
}

function allowedStates(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (Array.isArray(schema.enum)) return schema.enum.filter((value): value is string => typeof value === 'string');
  const description = typeof schema.description === 'string' ? schema.description : '';
  return [...description.matchAll(/[`'"]([A-Za-z][A-Za-z_ -]{1,30})[`'"]/g)].map((match) => match[1]!);
}

/**
 * The start of a field a state verb of the entity's tools writes other than `status`/`state`
 * (`financial_status` of `mark_order_paid`, read from `list_orders`' enum; reading/state-enum-field.ts):
 * its enum's default, else its first value (`pending`), wherever a tool of the entity offers the enum.
 */
export function setFieldStart(input: AnswerInput): { name: string; value: unknown } | null {
  const fields = new Set<string>();
  for (const shape of input.shapes.values())
    if (shape.entity === input.shape.entity) for (const name of Object.keys(shape.sets)) if (name !== 'state') fields.add(name);
  if (fields.size === 0) return null;
  for (const tool of [input.tool, ...input.serverTools]) {
    if (input.shapes.get(tool.name)?.entity !== input.shape.entity) continue;
    for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, unknown>)) {
      if (!fields.has(name) || !isRecord(schema) || !Array.isArray(schema.enum)) continue;
      const candidates = schema.enum.filter((value) => !selectsAll(value));
      const value = schema.default !== undefined && !selectsAll(schema.default) ? schema.default : candidates[0];
      if (value !== undefined) return { name, value };
    }
  }
  return null;
}
