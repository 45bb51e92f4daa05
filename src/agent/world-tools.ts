import { z } from 'zod';
import { entityCorrectionsSchema, toolOverrideSchema } from '../domain/mock-settings.js';
import type { ToolDefinition } from '../domain/registry.js';
import type { WorldState } from '../domain/memory-log.js';
import { readServer, type ReadOptions } from '../reading/read-server.js';
import { defineAgentTool, destructive, idempotentWrite, readOnly, type AgentContext } from './agent-tool.js';
import {
  confirmInput,
  connectionIdInput,
  entitiesInput,
  jsonRecord,
  namespaceInput,
  toConnectPath,
  toControlPath,
  worldOutput,
} from './shared-schemas.js';

interface Simulation {
  world: WorldState;
  tools: Record<string, unknown>;
  [part: string]: unknown;
}

/** The largest call sequence the API takes as `since` (15 digits): asking past every call reads the world alone. */
const pastEveryCall = 999_999_999_999_999;

async function readWorld({ api }: AgentContext, namespace: string, connectionId: string): Promise<WorldState> {
  const memory = await api.request<{ world: WorldState }>('GET', `${toControlPath(namespace, connectionId)}/memory`, {
    query: { since: pastEveryCall },
  });
  return memory.world;
}

const connectionInput = { namespace: namespaceInput, connectionId: connectionIdInput };

export const explainConnection = defineAgentTool({
  name: 'explain_connection',
  title: 'Explain how a mock reads its server',
  description:
    "Use this before seeding or testing a mock, and whenever a mock answers oddly: how mcpsim's no-model simulator reads each tool " +
    '(operation, entity type, id argument, list filters, the next id a create makes, and why). Fix a wrong reading with correct_tools.',
  input: z.strictObject(connectionInput),
  output: z.strictObject({
    entityTypes: z.array(z.looseObject({ name: z.string(), idField: z.string(), idExample: z.string(), parents: z.array(z.string()) })),
    tools: z.array(jsonRecord),
  }),
  annotations: readOnly,
  async run({ namespace, connectionId }, context) {
    const path = toConnectPath(namespace, connectionId);
    const [connection, listed, simulation, world] = await Promise.all([
      context.api.request<{ name: string; server?: string }>('GET', path),
      context.api.request<{ tools: ToolDefinition[] }>('GET', `${path}/.tools`),
      context.api.request<Simulation>('GET', `${toControlPath(namespace, connectionId)}/simulation`),
      readWorld(context, namespace, connectionId),
    ]);
    const model = readServer(listed.tools, {
      serverNames: [connection.name],
      corrections: simulation.tools as Record<string, z.infer<typeof toolOverrideSchema>>,
      entities: simulation.entities as ReadOptions['entities'],
    });
    return {
      entityTypes: [...model.entityTypes.values()].map((type) => ({
        name: type.name,
        idField: type.idField,
        idExample: type.idFormat.example,
        parents: type.parents.map((parent) => `${parent.type} (argument ${parent.argument})`),
        tools: type.tools,
      })),
      tools: model.readingsIn(world).map((reading) => ({ ...reading })),
    };
  },
});

export const correctTools = defineAgentTool({
  name: 'correct_tools',
  title: "Correct a mock's reading of tools",
  description:
    'Use this when explain_connection shows a tool read wrongly (e.g. a create read as an update, or the wrong entity or id ' +
    'argument): sets per-tool corrections, kept with the mock. Tools not named keep their corrections.',
  input: z.strictObject({
    ...connectionInput,
    corrections: z.record(z.string(), toolOverrideSchema).describe('by tool name: {"operation":"create","entity":"ticket","id":"key"}'),
  }),
  output: z.strictObject({ corrections: z.record(z.string(), jsonRecord) }),
  annotations: idempotentWrite,
  async run({ namespace, connectionId, corrections }, { api }) {
    const path = `${toControlPath(namespace, connectionId)}/simulation`;
    const simulation = await api.request<Simulation>('GET', path);
    const changed = await api.request<Simulation>('PUT', path, { body: { ...simulation, tools: { ...simulation.tools, ...corrections } } });
    return { corrections: changed.tools as Record<string, Record<string, unknown>> };
  },
});

export const correctEntities = defineAgentTool({
  name: 'correct_entities',
  title: "Correct a mock's reading of entity types",
  description:
    'Use this when explain_connection shows an entity type read wrongly: the format of new ids (e.g. Linear\'s "LIN-123", Stripe\'s ' +
    '"cus_..."), its parent type, the states it goes through, or fields no two share. Kept with the mock; types not named keep theirs.',
  input: z.strictObject({
    ...connectionInput,
    corrections: entityCorrectionsSchema.describe('by entity type: {"issue":{"id":{"example":"LIN-123"},"states":["Todo","Done"]}}'),
  }),
  output: z.strictObject({ corrections: z.record(z.string(), jsonRecord) }),
  annotations: idempotentWrite,
  async run({ namespace, connectionId, corrections }, { api }) {
    const path = `${toControlPath(namespace, connectionId)}/simulation`;
    const simulation = await api.request<Simulation>('GET', path);
    const entities = { ...((simulation.entities as Record<string, unknown> | undefined) ?? {}), ...corrections };
    const changed = await api.request<Simulation>('PUT', path, { body: { ...simulation, entities } });
    return { corrections: (changed.entities ?? {}) as Record<string, Record<string, unknown>> };
  },
});

export const getWorld = defineAgentTool({
  name: 'get_world',
  title: "Read a mock's world",
  description:
    'Use this to see the state a mock holds now (entities by type and id, and facts), e.g. to check what a client under test created or changed.',
  input: z.strictObject({ ...connectionInput, type: z.string().optional().describe('only entities of this type') }),
  output: z.strictObject({ world: worldOutput, counts: z.record(z.string(), z.number()) }),
  annotations: readOnly,
  async run({ namespace, connectionId, type }, context) {
    const world = await readWorld(context, namespace, connectionId);
    const entities = type === undefined ? world.entities : { [type]: world.entities[type] ?? {} };
    const counts = Object.fromEntries(Object.entries(entities).map(([name, byId]) => [name, Object.keys(byId).length]));
    return { world: { entities, facts: world.facts }, counts };
  },
});

/** The world of `mode`: the given entities alone, or laid over the starting world (an entity's fields merged). */
function toSeedWorld(start: WorldState, entities: z.infer<typeof entitiesInput>, facts: string[] | undefined, merge: boolean): WorldState {
  if (!merge) return { entities, facts: facts ?? [] };
  const merged: Record<string, Record<string, Record<string, unknown>>> = structuredClone(start.entities);
  for (const [type, byId] of Object.entries(entities)) {
    const into = (merged[type] ??= {});
    for (const [id, fields] of Object.entries(byId)) into[id] = { ...into[id], ...fields };
  }
  return { entities: merged, facts: [...start.facts, ...(facts ?? [])] };
}

export const seedWorld = defineAgentTool({
  name: 'seed_world',
  title: "Seed a mock's world",
  description:
    'Destructive: sets the world a mock starts from (entities by type, then id: their fields; the type names are those explain_connection ' +
    'shows) and resets the mock to it, dropping its call log. Use it to give a test realistic data before the client under test runs. ' +
    '`mode: "merge"` lays the entities over the present starting world instead of replacing it. Needs `confirm: true`.',
  input: z.strictObject({
    ...connectionInput,
    entities: entitiesInput.describe('e.g. {"issue": {"ISS-1": {"id": "ISS-1", "title": "Login fails", "status": "open"}}}'),
    facts: z.array(z.string()).max(1000).optional().describe('free-text facts the mock keeps'),
    mode: z.enum(['replace', 'merge']).default('replace'),
    confirm: confirmInput,
  }),
  output: z.strictObject({ world: worldOutput }),
  annotations: destructive,
  async run({ namespace, connectionId, entities, facts, mode }, { api }) {
    const control = toControlPath(namespace, connectionId);
    const simulation = await api.request<Simulation>('GET', `${control}/simulation`);
    const world = toSeedWorld(simulation.world, entities, facts, mode === 'merge');
    await api.request('PUT', `${control}/simulation`, { body: { ...simulation, world } });
    // A reset makes the new starting world the live one, whether or not the mock had calls.
    await api.request('DELETE', `${control}/memory`, { query: { scope: 'world' } });
    return { world };
  },
});

export const resetConnection = defineAgentTool({
  name: 'reset_connection',
  title: 'Reset a mock',
  description:
    "Destructive: drops a mock's call log and puts its world back to the starting world. Use it between test runs. Needs `confirm: true`.",
  input: z.strictObject({
    ...connectionInput,
    scope: z.enum(['world', 'connection']).default('world').describe("connection: only this connection's calls in a shared world"),
    confirm: confirmInput,
  }),
  output: z.strictObject({
    scope: z.string(),
    callsLeft: z.number().describe("calls still in the log (other connections' in a shared world)"),
  }),
  annotations: destructive,
  async run({ namespace, connectionId, scope }, { api }) {
    const reset = await api.request<{ scope: string; calls: number }>('DELETE', `${toControlPath(namespace, connectionId)}/memory`, {
      query: { scope },
    });
    return { scope: reset.scope, callsLeft: reset.calls };
  },
});
