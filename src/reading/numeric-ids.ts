/**
 * Ids that are numbers where the service's tools take or show them as numbers. A list or a create
 * reads no id argument of its own, so its shape cannot tell; the other tools can:
 * `get_districts(cityId: integer)` says a city's id is a number, so `get_cities()` shows `34`, not
 * `city_1` that `get_districts` would refuse; and `get_ticket`'s output schema, whose `comments`
 * hold `id: integer`, says a comment's id is a number, so `add_comment` answers `id: 48213` and the
 * ticket's read shows the same comment with the same id.
 */
import { toPlural, toWords } from './entity-words.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { ToolShape } from './tool-shape.js';

/** Whether most of the types given are numbers. */
export function isMostlyNumbers(types: readonly unknown[]): boolean {
  // Most places, not all: a generated server types a path or query value as text where its body takes a number.
  const numbers = types.filter((type) => type === 'integer' || type === 'number').length;
  return numbers * 2 > types.length;
}

/**
 * The types the server's tools give the entity's id, one per place; none where no tool types it. The places: the arguments
 * that take its id, and in output schemas the `id` of the entity's own answers, of its objects under its name
 * (`comments: [{ id }]`) and `<entity>_id` fields. Read once per service model and type (id-traits.ts, which takes the id
 * for a number where most are: `isMostlyNumbers`). An argument that names the entity by another of its keys
 * (`otherKeys`: `get_user(username)`) says nothing of its id.
 *
 * @example
 *   idTypesOf(tools, shapes, 'comment'); // ['integer'] where get_ticket's outputSchema has comments: [{ id: integer }]
 */
export function idTypesOf(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  entity: string,
  otherKeys: readonly string[] = [],
): unknown[] {
  const types: unknown[] = [];
  const names = new Set([entity, toPlural(entity)].map((name) => toWords(name).join('_')));
  for (const tool of tools) {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown } | undefined>;
    const shape = shapes.get(tool.name);
    const choices = shape?.dispatch ? Object.values(shape.dispatch.choices) : shape ? [shape] : [];
    for (const choice of choices)
      if (
        choice.entity === entity &&
        choice.idArgument !== null &&
        choice.operation !== 'create' &&
        !otherKeys.includes(choice.idField) &&
        properties[choice.idArgument]
      )
        types.push(properties[choice.idArgument]!.type);
    for (const [name, schema] of Object.entries(properties)) if (namesIdOf(name, entity)) types.push(schema?.type);
    const output = (tool as { outputSchema?: unknown }).outputSchema;
    if (output === undefined) continue;
    const own = choices.some((choice) => choice.entity === entity && choice.operation !== 'other');
    collectOutputIds(output, entity, names, own, types, 0);
  }
  return types;
}

/** `comment_id`, `commentId`: an argument or field that holds the entity's id. */
function namesIdOf(name: string, entity: string): boolean {
  const words = toWords(name);
  return words.length > 1 && words[words.length - 1] === 'id' && words.slice(0, -1).join('_') === entity;
}

/** How deep into an output schema ids are looked for: an answer's entity, its wrapper, a list, a child list. */
const maxDepth = 6;

/**
 * Adds the types the output schema gives the entity's id: the `id` of an object that is the
 * entity (the tool's own answer when `own`, else one under the entity's name), and `<entity>_id`
 * fields anywhere.
 */
function collectOutputIds(
  schema: unknown,
  entity: string,
  names: ReadonlySet<string>,
  own: boolean,
  types: unknown[],
  depth: number,
): void {
  if (depth > maxDepth || schema === null || typeof schema !== 'object') return;
  const { properties, items } = schema as { properties?: unknown; items?: unknown };
  if (items !== undefined) collectOutputIds(items, entity, names, own, types, depth + 1);
  if (properties === null || typeof properties !== 'object') return;
  const fields = properties as Record<string, unknown>;
  const idType = (fields.id as { type?: unknown } | undefined)?.type;
  if (own && idType !== undefined) types.push(idType);
  for (const [name, field] of Object.entries(fields)) {
    if (namesIdOf(name, entity)) types.push((field as { type?: unknown } | null)?.type);
    // The entity's own objects under its name are it; any other object is another entity (or a wrapper, looked into).
    const word = toWords(name).join('_');
    const wrapped = own && idType === undefined && wrapperNames.has(word);
    collectOutputIds(field, entity, names, names.has(word) || wrapped, types, depth + 1);
  }
}

/** `{ results: [...], total }`: the names an answer wraps its entity's objects under, besides the entity's own. */
const wrapperNames = new Set(['items', 'results', 'data', 'records', 'entries', 'nodes', 'values']);
