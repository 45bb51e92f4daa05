/**
 * A world a description seeds (reading/described-world.ts) holds what its words name: names, and the
 * values given in parentheses. An entity the words leave without a state starts where a create would
 * put it (`status: open`), so the list that asks for that state shows it, as the service would.
 */
import type { WorldState } from '../../domain/memory-log.js';
import type { ServiceModel } from '../../reading/read-server.js';
import { toNormalName } from '../../domain/world-query.js';
import type { AnswerInput } from './world-conventions.js';
import { toStartState } from './start-state.js';
import { toFlagFields } from './flag-states.js';

/**
 * `world` with each entity that has no state in the state its type's create starts one in (the
 * same rule a create answers with); entities that have one, and types with no state, are kept as
 * they are. A new world: `world` is not changed.
 *
 * @example
 *   withStartStates(model, { entities: { ticket: { t1: { id: 't1', name: 'VPN down' } } }, facts: [] }).entities.ticket.t1;
 *   // { id: 't1', name: 'VPN down', status: 'open' }
 */
export function withStartStates(model: ServiceModel, world: WorldState): WorldState {
  const entities: WorldState['entities'] = {};
  for (const [type, byId] of Object.entries(world.entities)) {
    const state = startState(model, world, type);
    if (!state) {
      entities[type] = byId;
      continue;
    }
    const has = (fields: Readonly<Record<string, unknown>>) =>
      Object.keys(fields).some((field) => toNormalName(field) === toNormalName(state.name));
    // `"Order sync" (active)` on n8n: `active: true`, the yes/no field its tools carry the state in (flag-states.ts).
    entities[type] = Object.fromEntries(
      Object.entries(byId).map(([id, given]) => {
        const fields = toFlagFields(model, type, given);
        return [id, has(fields) ? fields : { ...fields, [state.name]: state.value }];
      }),
    );
  }
  return { ...world, entities };
}

/** The state a create of `type` starts an entity in, read from the tools as a create's answer reads it. */
function startState(model: ServiceModel, world: WorldState, type: string): { name: string; value: unknown } | null {
  const shapes = [...model.shapes.values()].filter((shape) => shape.entity === type);
  const shape = shapes.find((candidate) => candidate.operation === 'create') ?? shapes[0];
  const tool = shape && model.tools.find((candidate) => candidate.name === shape.tool);
  if (!shape || !tool) return null;
  const input: AnswerInput = {
    shape,
    tool,
    serverTools: model.tools,
    shapes: model.shapes,
    model,
    args: {},
    argumentsKey: '',
    world,
    now: '',
    sequence: 0,
    seed: `start|${type}`,
  };
  return toStartState(input);
}
