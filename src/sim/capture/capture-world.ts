/**
 * The seed world a capture implies: what the real server showed, as the stateful simulator's
 * world (`entities` by type and id), so unrecorded calls on the mock made from a capture answer
 * from the data the real server returned. The tools are read with the simulator's own inference
 * (reading/tool-operation.ts), so a type here is the type the simulator's answers use.
 */
import type { SeedWorld } from '../../domain/mock-settings.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { toSingular, toWords } from '../../reading/entity-words.js';
import { readServer } from '../../reading/read-server.js';
import { toCallShape, type ToolOverride, type ToolShape } from '../../reading/tool-operation.js';
import { propertiesOf, requiredOf } from '../../reading/tool-id-argument.js';
import { listItemSchema } from '../stateful/world-conventions.js';
import { fallbackIdKeys, shownObjects, toResultRoots } from '../source/shown-entities.js';
import { toCanonicalJson } from '../source/canonical-json.js';
import { toParentReferences } from '../../reading/tool-parents.js';
import { applyWorldChanges } from '../../domain/world-state.js';
import type { WorldChanges, WorldState } from '../../domain/memory-log.js';
import { isRecord } from '../../domain/json-record.js';

/** One recorded call, as the capture kept it (redacted). */
export interface RecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  result: Record<string, unknown>;
}

/**
 * Replays the recorded calls in order onto an empty world: what a create, read, list, search or
 * update showed is upserted (type: the tool's entity; id: its id field, else `id`, `number`,
 * `key`, `uuid` or `name`), what a delete named is removed. Error results change nothing.
 *
 * @example
 *   inferCapturedWorld(tools, [{ tool: 'create_issue', arguments: { title: 'Bug' }, result: { content: [{ type: 'text', text: '{"number":1,"title":"Bug"}' }] } }]);
 *   // { entities: { issue: { '1': { number: 1, title: 'Bug' } } }, facts: [] }
 */
export function inferCapturedWorld(
  tools: readonly ToolDefinition[],
  calls: readonly RecordedCall[],
  overrides: Readonly<Record<string, ToolOverride>> = {},
  serverNames: readonly string[] = [],
): SeedWorld {
  // Read as the mock will read it: the server's names and the same corrections.
  const { shapes } = readServer(tools, { serverNames, corrections: overrides });
  let world: WorldState = { entities: {}, facts: [] };
  for (const call of calls) {
    const known = shapes.get(call.tool);
    const tool = tools.find((candidate) => candidate.name === call.tool);
    if (!known || !tool || call.result.isError === true) continue;
    const shape = toCallShape(known, call.arguments);
    world = applyWorldChanges(world, toChanges(shape, call, { tool, shapes, world }));
  }
  return { entities: world.entities as SeedWorld['entities'], facts: [...world.facts] };
}

/**
 * Corrections of the inference that a captured server's own answers justify, so that its tools
 * share one world: a read, list or search whose outputSchema lists objects under `entities` acts
 * on `entity` (a knowledge graph's `search_nodes` finds what `create_entities` made); a read that
 * takes no id and answers a list is a list (`read_graph`); a delete the name says is one, whose
 * only required argument is a list of names or ids, deletes each (`delete_entities({ entityNames })`).
 * Only what differs from the inference is returned; the scenario writes it as `tools:`.
 *
 * @example
 *   inferCaptureOverrides(memoryServerTools);
 *   // { read_graph: { operation: 'list', entity: 'entity' }, search_nodes: { entity: 'entity' }, delete_entities: { operation: 'delete', id: 'entityNames' }, ... }
 */
export function inferCaptureOverrides(tools: readonly ToolDefinition[], serverNames: readonly string[] = []): Record<string, ToolOverride> {
  const { shapes } = readServer(tools, { serverNames });
  const overrides: Record<string, ToolOverride> = {};
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape) continue;
    const override: ToolOverride = {};
    const listed = listItemSchema(tool.outputSchema);
    if (
      (shape.operation === 'read' || shape.operation === 'list' || shape.operation === 'search') &&
      listed &&
      isObjectSchema(listed.schema)
    ) {
      const entity = toSingular(toWords(listed.property).join('_'));
      if (entity !== shape.entity && /^[a-z0-9][a-z0-9_]{0,63}$/.test(entity)) override.entity = entity;
      if (shape.operation === 'read' && shape.idArgument === null) override.operation = 'list';
    }
    const batch = shape.operation === 'other' && /^(delete|remove)[_-]/i.test(tool.name) ? toBatchIdArgument(tool) : null;
    if (batch) Object.assign(override, { operation: 'delete', id: batch });
    if (Object.keys(override).length > 0) overrides[tool.name] = override;
  }
  return overrides;
}

/** The one required argument of a tool when it is a list of strings or numbers named like ids or names (`entityNames`, `ids`). */
function toBatchIdArgument(tool: ToolDefinition): string | null {
  const required = [...requiredOf(tool)];
  if (required.length !== 1) return null;
  const name = required[0]!;
  const schema = propertiesOf(tool)[name] as { type?: unknown; items?: { type?: unknown } } | undefined;
  const words = toWords(name);
  const last = words[words.length - 1];
  return schema?.type === 'array' &&
    (schema.items?.type === 'string' || schema.items?.type === 'number' || schema.items?.type === 'integer') &&
    (last === 'names' || last === 'ids' || last === 'keys')
    ? name
    : null;
}

function isObjectSchema(schema: Record<string, unknown>): boolean {
  return schema.type === 'object' || typeof schema.properties === 'object';
}

interface ReplayState {
  tool: ToolDefinition;
  shapes: ReadonlyMap<string, ToolShape>;
  world: WorldState;
}

function toChanges(shape: ToolShape, call: RecordedCall, state: ReplayState): WorldChanges {
  if (shape.operation === 'delete') {
    const given = shape.idArgument === null ? undefined : call.arguments[shape.idArgument];
    const ids = (Array.isArray(given) ? given : [given]).filter((id) => typeof id === 'string' || typeof id === 'number');
    return { deletes: ids.map((id) => ({ type: shape.entity, id: String(id) })) };
  }
  if (shape.operation === 'other') return {};
  const idKeys = [shape.idField, ...fallbackIdKeys.filter((key) => key !== shape.idField)];
  // A comment created (or listed) under issue 7 keeps `issue_number: 7`, as the simulator stores it.
  const parents = toParentReferences(state.tool, shape, state.shapes).filter(({ argument }) => isScalar(call.arguments[argument]));
  const withParents = (fields: Record<string, unknown>) => {
    const added = parents.filter(({ argument }) => fields[argument] === undefined);
    return added.length === 0
      ? fields
      : { ...fields, ...Object.fromEntries(added.map(({ argument }) => [argument, call.arguments[argument]])) };
  };
  const upserts = shownObjects(call.result, idKeys).map(({ id, fields }) => ({ type: shape.entity, id, fields: withParents(fields) }));
  return { upserts: [...upserts, ...toUnnamedUpserts(call.result, idKeys, shape, state.world)] };
}

/**
 * The objects a result lists that have no id (a knowledge graph's relations: `{from, to,
 * relationType}`), each kept as an entity of the type its list is named for, under the key the
 * simulator would give it (`relation_1`, `relation_2`); one the world holds already (the same
 * fields) keeps its key.
 */
function toUnnamedUpserts(
  result: Record<string, unknown>,
  idKeys: readonly string[],
  shape: ToolShape,
  world: WorldState,
): NonNullable<WorldChanges['upserts']> {
  const upserts: NonNullable<WorldChanges['upserts']> = [];
  const lists: [string, unknown[]][] = [];
  for (const root of toResultRoots(result)) {
    if (Array.isArray(root)) lists.push([shape.entity, root]);
    else if (isRecord(root))
      for (const [name, value] of Object.entries(root)) if (Array.isArray(value)) lists.push([toSingular(toWords(name).join('_')), value]);
  }
  for (const [type, items] of lists) {
    if (!/^[a-z0-9][a-z0-9_]{0,63}$/.test(type)) continue;
    const held = Object.entries(world.entities[type] ?? {});
    for (const item of items) {
      if (!isRecord(item) || idKeys.some((key) => isScalar(item[key]))) continue;
      const text = toCanonicalJson(item);
      const same = [...held, ...upserts.filter((upsert) => upsert.type === type).map((upsert) => [upsert.id, upsert.fields] as const)].find(
        ([, fields]) => toCanonicalJson(fields) === text,
      );
      if (same) continue;
      let number = held.length + 1;
      while (Object.hasOwn(world.entities[type] ?? {}, `${type}_${number}`) || upserts.some((upsert) => upsert.id === `${type}_${number}`))
        number++;
      upserts.push({ type, id: `${type}_${number}`, fields: item });
    }
  }
  return upserts;
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}
