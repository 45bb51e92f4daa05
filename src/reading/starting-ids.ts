/**
 * Which example entities a new mock starts with, and their ids: one of each kind of thing the
 * server keeps a collection of (what its create or list tools act on), up to six. The starting
 * world (sim/stateful/starting-world.ts) fills their fields; `mcpsim explain` of a server foretells
 * the ids a new mock's creates make after them, so what it says is what the mock answers (`note_2`
 * after the example `note_1`).
 */
import type { WorldState } from '../domain/memory-log.js';
import { isCallerEntity } from './caller-entity.js';
import { toNewId } from './id-format.js';
import type { ServiceModel } from './read-server.js';
import type { ToolShape } from './tool-shape.js';

/** Enough to look lived in, small enough to read in the dashboard at a glance. */
const maxTypes = 6;

/** One example entity a new mock starts with: its type, its id, and the shape of the first tool that makes or lists it. */
export interface StartingId {
  entity: string;
  id: string;
  shape: ToolShape;
}

/**
 * The example entities of a new mock, in the order of the server's tools.
 *
 * @example
 *   toStartingIds(readServer(notesTools)); // [{ entity: 'note', id: 'note_1', shape: { tool: 'create_note', ... } }]
 */
export function toStartingIds(model: Pick<ServiceModel, 'shapes' | 'idSchemasOf'>): StartingId[] {
  const byEntity = new Map<string, ToolShape[]>();
  for (const shape of model.shapes.values()) {
    if (!['create', 'list', 'search'].includes(shape.operation) || shape.entity === 'item' || isCallerEntity(shape.entity)) continue;
    byEntity.set(shape.entity, [...(byEntity.get(shape.entity) ?? []), shape]);
  }
  // A type only searched (`web_search`, `search_code`) is a query, not a collection the server keeps.
  const collections = [...byEntity].filter(([, ofEntity]) => ofEntity.some((shape) => shape.operation !== 'search'));
  return collections.slice(0, maxTypes).map(([entity, ofEntity]) => {
    const first = ofEntity[0]!;
    const id = first.numericId
      ? '1'
      : toNewId({
          type: entity,
          existing: [],
          numeric: false,
          field: first.idField,
          ...model.idSchemasOf(entity),
          args: {},
          seed: `start|${entity}`,
        });
    return { entity, id, shape: first };
  });
}

/**
 * The ids of a new mock's world, as a world to read ids against (`ServiceModel.readingsIn`).
 *
 * @example
 *   readServer(notesTools).readingsIn(toStartingIdWorld(model))[0]?.nextId; // 'note_2'
 */
export function toStartingIdWorld(model: Pick<ServiceModel, 'shapes' | 'idSchemasOf'>): WorldState {
  const entities: WorldState['entities'] = {};
  for (const { entity, id, shape } of toStartingIds(model)) entities[entity] = { [id]: { [shape.idField]: shape.numericId ? 1 : id } };
  return { entities, facts: [] };
}
