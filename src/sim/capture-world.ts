/**
 * The seed world a capture implies: what the real server showed, as the stateful simulator's
 * world (`entities` by type and id), so unrecorded calls on the mock made from a capture answer
 * from the data the real server returned. The tools are read with the simulator's own inference
 * (domain/tool-operation.ts), so a type here is the type the simulator's answers use.
 */
import type { SeedWorld } from '../domain/mock-settings.js';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes, toCallShape, type ToolOverride, type ToolShape } from '../domain/tool-operation.js';
import { applyWorldChanges } from '../domain/world-state.js';
import type { WorldChanges, WorldState } from '../domain/memory-log.js';

/** One recorded call, as the capture kept it (redacted). */
export interface RecordedCall {
  tool: string;
  arguments: Record<string, unknown>;
  result: Record<string, unknown>;
}

/** Keys that name an entity in a result, after the tool's own id field; `name` last (a knowledge graph's entities have only a name). */
const fallbackIdKeys = ['id', 'number', 'key', 'uuid', 'name'];
/** A result deeper than this is not searched for entities. */
const maxDepth = 4;

/**
 * Replays the recorded calls in order onto an empty world: what a create, read, list, search or
 * update showed is upserted (type: the tool's entity; id: its id field, else `id`, `number`,
 * `key`, `uuid` or `name`), what a delete named is removed. Error results change nothing.
 *
 * @example
 *   inferCapturedWorld(tools, [{ tool: 'create_issue', arguments: { title: 'Bug' }, result: { content: [{ type: 'text', text: '{"number":1,"title":"Bug"}' }] } }]);
 *   // { entities: { issue: { '1': { number: 1, title: 'Bug' } } }, facts: [] }
 */
export function inferCapturedWorld(tools: readonly ToolDefinition[], calls: readonly RecordedCall[], overrides: Readonly<Record<string, ToolOverride>> = {}): SeedWorld {
  const shapes = inferServerShapes(tools, overrides);
  let world: WorldState = { entities: {}, facts: [] };
  for (const call of calls) {
    const known = shapes.get(call.tool);
    if (!known || call.result.isError === true) continue;
    world = applyWorldChanges(world, toChanges(toCallShape(known, call.arguments), call));
  }
  return { entities: world.entities as SeedWorld['entities'], facts: [...world.facts] };
}

function toChanges(shape: ToolShape, call: RecordedCall): WorldChanges {
  if (shape.operation === 'delete') {
    const id = shape.idArgument === null ? undefined : call.arguments[shape.idArgument];
    return typeof id === 'string' || typeof id === 'number' ? { deletes: [{ type: shape.entity, id: String(id) }] } : {};
  }
  if (shape.operation === 'other') return {};
  const idKeys = [shape.idField, ...fallbackIdKeys.filter((key) => key !== shape.idField)];
  return { upserts: shownObjects(call.result, idKeys).map(({ id, fields }) => ({ type: shape.entity, id, fields })) };
}

/** The objects with an id that a result shows (structuredContent, else JSON text), outermost first; an entity's own inner objects are not separate entities. */
function shownObjects(result: Record<string, unknown>, idKeys: readonly string[]): { id: string; fields: Record<string, unknown> }[] {
  const roots: unknown[] = [];
  if (result.structuredContent !== undefined) roots.push(result.structuredContent);
  else {
    for (const part of Array.isArray(result.content) ? result.content : []) {
      const text = (part as { type?: unknown; text?: unknown }).text;
      if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) continue;
      try {
        roots.push(JSON.parse(text));
      } catch {
        // Not JSON: it shows no entity.
      }
    }
  }
  const found: { id: string; fields: Record<string, unknown> }[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > maxDepth || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return void value.forEach((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    const key = idKeys.find((name) => typeof record[name] === 'string' || typeof record[name] === 'number');
    // A top-level object with an id is the entity; a wrapper ({ issues: [...] }) is looked into.
    if (key !== undefined) found.push({ id: String(record[key]), fields: record });
    else for (const child of Object.values(record)) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return found;
}
