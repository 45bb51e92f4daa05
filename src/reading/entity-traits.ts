/**
 * What a service model says of an entity type beyond its ids (read-server.ts): where it keeps its
 * state, the values that state takes and which tools move it, and the fields no two entities share.
 * Read from the type's tools only, so `mcpsim explain` can show them and a scenario's `entities:`
 * correct them.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toWords } from './entity-words.js';
import type { ToolShape } from './tool-shape.js';
import { namesStatusChange } from './status-change.js';

/** An entity type's state: the field, its values (enum and what the tools set) and the tools that move it (a lifecycle verb, an update that takes the field). */
export interface EntityState {
  field: string;
  values: string[];
  tools: string[];
}

type Schema = Record<string, unknown>;

const stateNames = new Set(['status', 'state']);
/** `statuses: ["open"]`, `states: ["In Progress"]`: a list's any-of filter names the state field by its plural. */
const statePlurals: Readonly<Record<string, string>> = { statuses: 'status', states: 'state' };
const filterObjects = new Set(['filter', 'filters', 'where']);

/**
 * The state of an entity type, or null when none of its tools shows or moves one.
 *
 * @example
 *   toEntityState(tools, shapes, 'ticket'); // { field: 'status', values: ['open', 'closed'], tools: ['close_ticket', 'update_ticket'] }
 */
export function toEntityState(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  entity: string,
): EntityState | null {
  const fields = new Map<string, string[]>();
  const moving: string[] = [];
  const set: [string, string][] = [];
  const filtered = new Map<string, string[]>();
  // A field a state verb writes by its enum (`stage` of `deals.markWon`, reading/state-enum-field.ts) is the state as much as `status`.
  const written = new Set<string>();
  // Whether a status change names no field: the simulator then writes `status` (world-answers.ts), so that is the state field.
  let transitioned = false;
  for (const shape of shapes.values())
    if (shape.entity === entity) for (const [name, value] of Object.entries(shape.sets)) if (typeof value === 'string') written.add(name);
  const isState = (name: string) => stateNames.has(name.toLowerCase()) || written.has(name);
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (shape?.entity !== entity) continue;
    const named = Object.entries({ ...propertiesOf(tool.inputSchema), ...outputProperties(tool.outputSchema) }).filter(([name]) =>
      isState(name),
    );
    const listed = shape.operation === 'list' || shape.operation === 'search';
    const plurals = listed
      ? Object.entries(propertiesOf(tool.inputSchema)).flatMap(([name, schema]) => {
          const singular = statePlurals[name.toLowerCase()];
          if (singular !== undefined && schema.type === 'array') return [[singular, (schema.items ?? {}) as Schema] as const];
          // `filter: { status: { eq, in } }`: a filter object's state entry, as GraphQL services (Linear, Hasura) take them.
          return filterObjects.has(name.toLowerCase())
            ? Object.keys(propertiesOf(schema)).flatMap((inner) =>
                stateNames.has(inner.toLowerCase()) ? [[inner, {} as Schema] as const] : [],
              )
            : [];
        })
      : [];
    for (const [name, schema] of plurals) {
      const values = filtered.get(name) ?? [];
      for (const value of Array.isArray(schema.enum) ? schema.enum : [])
        if (typeof value === 'string' && !values.includes(value)) values.push(value);
      filtered.set(name, values);
    }
    for (const [name, schema] of named) {
      const values = fields.get(name) ?? [];
      for (const value of Array.isArray(schema.enum) ? schema.enum : [])
        if (typeof value === 'string' && !values.includes(value)) values.push(value);
      fields.set(name, values);
    }
    const sets = Object.entries(shape.sets).filter(([name]) => isState(name));
    for (const [name, value] of sets) if (typeof value === 'string') set.push([name, value]);
    const takesState = shape.operation === 'update' && named.some(([name]) => name in propertiesOf(tool.inputSchema));
    // `transition_issue(issueKey, transitionId)`: a status change by its name moves the entity's life where no schema names the field.
    const changesStatus = shape.operation === 'update' && namesStatusChange(tool, entity);
    if (changesStatus && named.length === 0) transitioned = true;
    // A lifecycle verb that sets a flag (`archive` → `archived: true`) moves the entity's life all the same.
    if (Object.keys(shape.sets).length > 0 || takesState || changesStatus) moving.push(tool.name);
  }
  // Only a type no tool shows a state of keeps it where its lists filter (`statuses` beside `state` is that state).
  if (fields.size === 0) for (const [name, values] of filtered) fields.set(name, values);
  if (fields.size === 0 && moving.length === 0) return null;
  // The field with an enum wins (it spells the values), then `status` over `state`, as the simulator writes (state-fields.ts).
  const names = [...fields.keys()];
  const field =
    names.find((name) => fields.get(name)!.length > 0) ??
    names.find((name) => name.toLowerCase() === 'status') ??
    names[0] ??
    (transitioned ? 'status' : 'state');
  const values = [...(fields.get(field) ?? [])];
  // `state` stands for `status` or `state`; a field a verb writes by name keeps its own values.
  const onField = (name: string) => name === field || (stateNames.has(name.toLowerCase()) && stateNames.has(field.toLowerCase()));
  for (const [name, value] of set)
    if (onField(name) && !values.some((known) => known.toLowerCase() === value.toLowerCase())) values.push(value);
  return { field, values, tools: moving };
}

/**
 * The fields of an entity type that its creates and updates call unique, in an argument's
 * description (`Email address; must be unique`) or the tool's (`Handles must be unique`, `a unique email`).
 *
 * @example
 *   toUniqueFields([createUser], shapes, 'user'); // ['email']
 */
export function toUniqueFields(tools: readonly ToolDefinition[], shapes: ReadonlyMap<string, ToolShape>, entity: string): string[] {
  const unique: string[] = [];
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (shape?.entity !== entity || (shape.operation !== 'create' && shape.operation !== 'update')) continue;
    const description = typeof tool.description === 'string' ? tool.description : '';
    for (const [name, schema] of Object.entries(propertiesOf(tool.inputSchema)))
      if (!unique.includes(name) && (isUniqueText(schema.description) || saysUnique(description, name))) unique.push(name);
  }
  return unique;
}

/**
 * Whether an argument's description calls its values unique (`Email address; must be unique`). A
 * unique id or identifier (Twilio's "The unique ID of the Conversation for this message", "A unique
 * string identifier for the conversation participant") says what the value points at, not that no
 * two of the type share it: many messages have one conversation.
 */
function isUniqueText(text: unknown): boolean {
  return (
    typeof text === 'string' && /\bunique\b/i.test(text.replace(/\bunique\s+(?:\w+\s+)?(?:id|ids|identifier|identifiers|sid)\b/gi, ''))
  );
}

/** Whether a tool's description says a field is unique: `Handles must be unique`, `a unique email`. */
function saysUnique(description: string, name: string): boolean {
  if (!/\bunique\b/i.test(description)) return false;
  const words = toWords(name).join('[ _-]?');
  return new RegExp(`\\bunique\\s+${words}\\b|\\b${words}(?:e?s)?\\b[^.;]{0,40}\\bunique\\b`, 'i').test(description);
}

function propertiesOf(schema: unknown): Record<string, Schema> {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, Schema>) : {};
}

/** The output's own properties and those of an object or list it wraps (`{ ticket: {...} }`, `{ tickets: [...] }`). */
export function outputProperties(schema: unknown): Record<string, Schema> {
  const found: Record<string, Schema> = {};
  for (const [name, value] of Object.entries(propertiesOf(schema))) {
    found[name] ??= value;
    const inner = { ...propertiesOf(value), ...propertiesOf((value as { items?: unknown }).items) };
    for (const [innerName, innerValue] of Object.entries(inner)) found[innerName] ??= innerValue;
  }
  return found;
}
