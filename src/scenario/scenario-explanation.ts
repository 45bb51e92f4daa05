/**
 * How the simulator reads the tools of a scenario's mock connections (`mcpsim explain`, `mcpsim
 * check --explain`): each connection's server tools (declared in the scenario or from the demo
 * catalog), with the scenario's `tools:` corrections and the connection's `mock.tools` applied, and
 * ids as a create in its seed world would make them.
 */
import type { WorldState } from '../domain/memory-log.js';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer, type EntityType, type ServiceModel } from '../reading/read-server.js';
import type { ToolReading } from '../reading/tool-reading.js';
import { toStartingIdWorld } from '../reading/starting-ids.js';
import { toDescribedWorld } from '../reading/described-world.js';
import { loadDemoCatalog } from '../store/demo-catalog.js';
import type { Scenario } from './scenario-schema.js';
import { toolsByServer, toServerKey } from './scenario-tool-checks.js';
// The CLI prints explanations and imports no reading of its own: the label comes with them.
export { toOperationLabel } from '../reading/tool-reading.js';

/** One mock connection's service model, explained: its entity types first, then each tool's reading. */
export interface ConnectionExplanation {
  /** `<namespace>/<connection id>`, or the server's name when no connection is involved. */
  connection: string;
  server: string;
  entityTypes: EntityType[];
  tools: ToolReading[];
  /** The names its description lists by type, which it starts from when no world is given (reading/described-world.ts); absent when none. */
  described?: Record<string, string[]>;
}

/**
 * Every mock connection of the scenario whose server's tools are known, in file order.
 *
 * @example
 *   explainScenario(scenario)[0]; // { connection: 'triage/tracker', server: '@qa/tracker', tools: [{ tool: 'get_issue', operation: 'read', ... }] }
 */
export function explainScenario(scenario: Scenario): ConnectionExplanation[] {
  const byServer = toolsByServer(scenario);
  const explained: ConnectionExplanation[] = [];
  for (const namespace of scenario.namespaces) {
    for (const connection of namespace.connections) {
      if (!connection.mock || !connection.server) continue;
      const tools = byServer.get(toServerKey(connection.server));
      if (!tools) continue;
      const mock = typeof connection.mock === 'object' ? connection.mock : {};
      const model = readServer(tools, {
        serverNames: [connection.server],
        corrections: { ...scenario.tools, ...mock.tools },
        entities: { ...scenario.entities, ...mock.entities },
      });
      // As the platform does: with no world given, a mock described in words starts from what its words name.
      const text = typeof connection.mock === 'string' ? connection.mock : mock.scenario;
      const given = scenario.world !== undefined || mock.world !== undefined;
      const world = given || !text ? mergeWorlds(scenario.world, mock.world) : toDescribedWorld(model, text);
      const described = given ? {} : toDescribedNames(model, world);
      explained.push({
        connection: `${namespace.name}/${connection.id}`,
        server: connection.server,
        ...toExplained(model, world),
        ...(Object.keys(described).length > 0 ? { described } : {}),
      });
    }
  }
  return explained;
}

/**
 * A demo catalog server's tools, explained as a fresh mock connection would read them (no
 * corrections, ids after the examples a new mock starts with); null for a name the catalog lacks.
 *
 * @example
 *   explainCatalogServer('@github/github-mcp-server')?.tools.length; // 40
 */
export function explainCatalogServer(qualifiedName: string): ConnectionExplanation | null {
  const entry = loadDemoCatalog().find((candidate) => toServerKey(candidate.qualifiedName) === toServerKey(qualifiedName));
  return entry
    ? {
        connection: entry.qualifiedName,
        server: entry.qualifiedName,
        ...toExplainedAsNewMock(readServer(entry.tools, { serverNames: [entry.qualifiedName, entry.displayName] })),
      }
    : null;
}

/** The names of the demo catalog's servers, for a message about one it lacks. */
export function listCatalogServers(): string[] {
  return loadDemoCatalog().map((entry) => entry.qualifiedName);
}

/**
 * Tools given as a file of their own (`{"tools": [...]}` or a list), explained like a catalog server.
 *
 * @example
 *   explainToolList('@acme/desk', [{ name: 'get_ticket', inputSchema: { type: 'object' } }]);
 */
export function explainToolList(server: string, tools: readonly ToolDefinition[]): ConnectionExplanation {
  return { connection: server, server, ...toExplainedAsNewMock(readServer(tools, { serverNames: [server] })) };
}

/** The service model each explanation was made from, by its `tools` list (kept through the spreads that build it). */
const explainedModels = new WeakMap<readonly ToolReading[], ServiceModel>();

/**
 * The service model an explanation shows, for what reads the server further (`explain --model`);
 * the explanation itself stays plain data, as `--json` prints it.
 *
 * @example
 *   serviceModelOf(explainToolList('@acme/desk', tools))?.shapes.get('get_ticket')?.entity; // 'ticket'
 */
export function serviceModelOf(explanation: ConnectionExplanation): ServiceModel | undefined {
  return explainedModels.get(explanation.tools);
}

/** The model's entity types and its tools' readings, with ids as a create in `world` would make them. */
function toExplained(model: ServiceModel, world?: WorldState): Pick<ConnectionExplanation, 'entityTypes' | 'tools'> {
  const tools = model.readingsIn(world);
  explainedModels.set(tools, model);
  return { entityTypes: [...model.entityTypes.values()], tools };
}

/** A server explained as a new mock of it reads it: ids after the examples its starting world holds (reading/starting-ids.ts). */
function toExplainedAsNewMock(model: ServiceModel): Pick<ConnectionExplanation, 'entityTypes' | 'tools'> {
  return toExplained(model, toStartingIdWorld(model));
}

type SeedWorld = Scenario['world'];

/** The names of a described world's entities, by type. */
/** The names a description gave each type, from the field the description wrote them to (`name`, `title`, `subject`). */
function toDescribedNames(model: ServiceModel, world: WorldState): Record<string, string[]> {
  const names: Record<string, string[]> = {};
  for (const [type, byId] of Object.entries(world.entities)) {
    const label = model.idTraitsOf(type).nameField;
    // `Ada has one paid order`: a thing seeded without a name shows its id and what the words gave it.
    names[type] = Object.entries(byId).map(([id, fields]) => {
      const name = fields[label] ?? fields.name ?? fields.title;
      if (name !== undefined) return String(name);
      const given = Object.entries(fields).filter(([field, value]) => String(value) !== id || field === 'name');
      return given.length > 0 ? `${id} (${given.map(([field, value]) => `${field} ${String(value)}`).join(', ')})` : id;
    });
  }
  return names;
}

function mergeWorlds(...worlds: SeedWorld[]): WorldState {
  const entities: WorldState['entities'] = {};
  for (const world of worlds) {
    for (const [type, byId] of Object.entries(world?.entities ?? {})) entities[type] = { ...entities[type], ...byId };
  }
  return { entities, facts: worlds.flatMap((world) => world?.facts ?? []) };
}
