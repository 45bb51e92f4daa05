/**
 * A capture as a ready scenario file (docs/scenarios.md): the captured servers with their
 * tools, one mock connection per captured connection (same namespace and id) seeded with the
 * world the capture implies, the fixtures, and one step per recorded call, in order, expecting
 * what the real server answered. `mcpsim test` passes on it at once.
 */
import type { SeedWorld } from '../../domain/mock-settings.js';
import type { ToolDefinition } from '../../domain/registry.js';
import type { ServerInfo } from '../../domain/connection.js';
import type { ToolOverride } from '../../reading/tool-operation.js';
import type { RecordedCall } from './capture-world.js';
import type { CapturedSurface } from './capture-surface.js';

export interface CapturedScenarioServer {
  qualifiedName: string;
  namespace: string;
  connectionId: string;
  description: string;
  /** Its serverInfo as it sent it (redacted): the mock answers initialize with it. */
  serverInfo: ServerInfo;
  /** The MCP protocol version it negotiated (`mcpsim verify` compares it); absent when the relay did not know it. */
  protocolVersion?: string | undefined;
  tools: readonly ToolDefinition[];
  /** Its resources, resource templates and prompts, with the contents and messages seen. */
  surface: CapturedSurface;
  world: SeedWorld;
  /** Corrections of the operation inference the capture made (`mock.tools`). */
  overrides: Readonly<Record<string, ToolOverride>>;
  calls: readonly (RecordedCall & { sequence: number })[];
}

/** A result text longer than this is checked by its start (`contains`) rather than whole (`equals`), to keep the file readable. */
const maxEqualsLength = 4000;
const containsLength = 200;

/**
 * The scenario as plain data, ready for YAML; fields in the order a reader expects.
 *
 * @example
 *   stringify(toCaptureScenario({ name: 'capture-memory', description: '...', fixtures: './fixtures', servers }));
 */
export function toCaptureScenario({
  name,
  description,
  fixtures,
  servers,
}: {
  name: string;
  description: string;
  fixtures: string;
  servers: readonly CapturedScenarioServer[];
}): Record<string, unknown> {
  const namespaces = new Map<string, Record<string, unknown>[]>();
  for (const server of servers) {
    const connections = namespaces.get(server.namespace) ?? namespaces.set(server.namespace, []).get(server.namespace)!;
    const world = Object.keys(server.world.entities).length > 0 || server.world.facts.length > 0 ? { world: server.world } : {};
    const tools = Object.keys(server.overrides).length > 0 ? { tools: server.overrides } : {};
    connections.push({ id: server.connectionId, server: server.qualifiedName, mock: { ...world, ...tools } });
  }
  const steps = servers
    .flatMap((server) => server.calls.map((call) => ({ server, call })))
    .sort((a, b) => a.call.sequence - b.call.sequence)
    .map(({ server, call }) => ({
      name: `call ${call.sequence}: ${call.tool}`,
      call: `${server.namespace}/${server.connectionId}.${call.tool}`,
      arguments: call.arguments,
      expect: toExpectation(call.result),
    }));
  return {
    name,
    description,
    fixtures,
    servers: servers.map((server) => ({
      qualifiedName: server.qualifiedName,
      description: server.description,
      serverInfo: server.serverInfo,
      ...(server.protocolVersion ? { protocolVersion: server.protocolVersion } : {}),
      tools: server.tools.map(({ name: tool, title, description: about, inputSchema, outputSchema, annotations }) => ({
        name: tool,
        ...(title === undefined ? {} : { title }),
        ...(about === undefined ? {} : { description: about }),
        inputSchema,
        ...(outputSchema === undefined ? {} : { outputSchema }),
        ...(annotations === undefined ? {} : { annotations }),
      })),
      ...server.surface,
    })),
    namespaces: [...namespaces].map(([namespace, connections]) => ({ name: namespace, connections })),
    steps,
  };
}

/** What the real server answered, as an expectation: its error flag and its text (whole, or its start when long). */
function toExpectation(result: Record<string, unknown>): Record<string, unknown> {
  const text = (Array.isArray(result.content) ? result.content : [])
    .filter(
      (part): part is { type: string; text: string } =>
        (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string',
    )
    .map((part) => part.text)
    .join('\n');
  const expectation: Record<string, unknown> = { isError: result.isError === true };
  if (text.length <= maxEqualsLength) expectation.equals = text;
  else expectation.contains = text.slice(0, containsLength);
  return expectation;
}
