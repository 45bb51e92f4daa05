import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Connection } from '../domain/connection.js';
import type { ToolDefinition } from '../domain/registry.js';
import { sortKeys } from '../sim/canonical-json.js';
import type { Clock } from '../domain/clock.js';
import type { ResultOrigin } from '../domain/memory-log.js';
import { createSimulator } from '../sim/simulator.js';
import type { ToolResolution, ToolResultSource } from '../sim/tool-result-source.js';
import type { MemoryStore } from '../store/memory-store.js';
import type { RegistryStore } from '../store/registry-store.js';
import { createArgumentValidator } from './argument-validator.js';
import { createSerialQueue } from './serial-queue.js';
import { createFaultRules, type FaultRules, type FaultStatusChange } from './fault-rules.js';
import { checkConnectionReady } from './connection-gate.js';
import { parseJsonRpcMessage, toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from './json-rpc.js';
import { acceptedResponse, toMcpResponse } from './mcp-response.js';
import type { Relay, UpstreamLink } from './relay.js';

export type { ToolResultSource };

/** Where mock tool results come from when nobody says: fixtures in `./fixtures`. */
export const defaultFixturesDir = './fixtures';

export interface McpHandlerOptions {
  registry: Pick<RegistryStore, 'get' | 'revision'>;
  /** Relays requests of real HTTP connections to their upstream. */
  relay: Relay;
  /** Each mock connection's call log and world state. */
  memory: Pick<MemoryStore, 'load' | 'nextOccurrence' | 'append' | 'keyFor'>;
  /** Stamps the call log. */
  clock: Clock;
  /** Answers mock tool calls; default: the replay source over `fixturesDir`. */
  toolResults?: ToolResultSource;
  fixturesDir?: string;
  /** Faults put on connections (latency, errors, status changes); default: a fresh, empty set. */
  faults?: FaultRules;
  /** Told when a fault rule moves a connection to another status; the API layer stores it. */
  onStatusFault?: (connection: Connection, state: FaultStatusChange['state'], message: string | null) => void;
  /** Waits out a fault's latency (injectable so a test need not sleep); default: a timer. */
  sleep?: (ms: number) => Promise<void>;
}

export interface McpHandler {
  /**
   * Answers one POST to a connection's MCP endpoint (body as text, the request's Accept header).
   * A real HTTP connection needs `upstream`, the link to its upstream server.
   */
  handle(connection: Connection, body: string, accept: string | undefined, upstream?: UpstreamLink): Promise<Response>;
  /** The tools of a mock connection (its registry entry's), as `tools/list` answers them. */
  listTools(connection: Connection & { server: string }): ToolDefinition[];
  /**
   * Calls a tool of a mock connection exactly as `tools/call` does (validation, result source,
   * `_meta`); null when the connection has no tool of that name.
   */
  callTool(connection: Connection & { server: string }, name: string, args: Record<string, unknown>): Promise<CallToolResult | null>;
  /** The fault rules this handler applies to mock tool calls (the control API sets them). */
  faults: FaultRules;
}

interface ServerTools {
  revision: string;
  tools: ToolDefinition[];
  byName: Map<string, ToolDefinition>;
  /** What the simulator's prompt says about the server. */
  displayName: string;
  description: string;
}

/**
 * The MCP endpoint of a connection as a small stateless JSON-RPC handler: no session, no
 * `initialize` needed, one answer per POST. (An SDK Server and transport per request would cost
 * about 300 µs; this path is a parse, two lookups and the result source.)
 */
export function createMcpHandler({
  registry,
  relay,
  memory,
  clock,
  fixturesDir = defaultFixturesDir,
  toolResults = createSimulator({ fixturesDir }),
  faults = createFaultRules(),
  onStatusFault,
  sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}: McpHandlerOptions): McpHandler {
  const validate = createArgumentValidator();
  const queue = createSerialQueue();
  const toolsByServer = new Map<string, ServerTools>();

  /** The registry entry's tools, cached until the registry changes. */
  function toolsOf(server: string): ServerTools {
    const revision = registry.revision();
    const cached = toolsByServer.get(server);
    if (cached?.revision === revision) return cached;
    const entry = registry.get(server);
    const tools = entry?.tools ?? [];
    const fresh = { revision, tools, byName: new Map(tools.map((tool) => [tool.name, tool])), displayName: entry?.displayName ?? server, description: entry?.description ?? '' };
    toolsByServer.set(server, fresh);
    return fresh;
  }

  /**
   * Runs one tool call on a mock connection: argument validation, then the result source, with
   * `_meta`; the call and what it changed go into the connection's memory. Calls to one
   * memory run one at a time, in order (a memory is a sequence; connections sharing a world share
   * one). Fault rules apply inside that order: latency before answering, an injected error
   * instead of the answer, a status change after it. Null when the server has no such tool. The JSON-RPC `tools/call` and the REST `POST .../.tools/{toolPath}` both come here.
   */
  async function runTool(connection: Connection, server: string, name: string, args: Record<string, unknown>): Promise<CallToolResult | null> {
    const serverTools = toolsOf(server);
    const toolDefinition = serverTools.byName.get(name);
    if (!toolDefinition) return null;
    const connectionKey = connection.key;
    if (connectionKey === undefined) throw new Error(`connection "${connection.connectionId}" reached the MCP handler without its store key`);
    const key = memory.keyFor(connectionKey);
    return queue.run(key, async () => {
      const started = performance.now();
      const fault = faults.beforeCall(connectionKey, name);
      if (fault.latencyMs > 0) await sleep(fault.latencyMs);
      const { world, history, nextSequence: sequence } = memory.load(key);
      const canonical = sortKeys(args) as Record<string, unknown>;
      const argumentsKey = JSON.stringify(canonical);
      const occurrence = memory.nextOccurrence(key, name, argumentsKey);
      const invalid = validate(toolDefinition, args);
      const resolution: ToolResolution = fault.error !== null
        ? { source: 'fault', result: errorResult(fault.error) }
        : invalid
        ? { source: 'validation', result: errorResult(invalid) }
        : ((await toolResults.resolve({
            namespace: connection.namespace,
            connectionId: connection.connectionId,
            server,
            tool: name,
            arguments: canonical,
            argumentsKey,
            occurrence,
            sequence,
            context: {
              serverName: serverTools.displayName,
              serverDescription: serverTools.description,
              toolDefinition,
              scenario: connection.mock?.scenario ?? null,
              world,
              history,
            },
          })) ?? { source: 'none', result: errorResult(`no result source answered ${server}.${name} ${argumentsKey} (call ${occurrence})`) });
      const result: CallToolResult = { ...resolution.result, _meta: { ...resolution.result._meta, ...toMeta(resolution.source, sequence) } };
      memory.append(
        key,
        {
          sequence,
          tool: name,
          arguments: canonical,
          argumentsKey,
          occurrence,
          result,
          source: resolution.source,
          model: resolution.model ?? null,
          usage: resolution.usage ?? null,
          latencyMs: Math.round((performance.now() - started) * 1000) / 1000,
          at: clock.now().toISOString(),
        },
        resolution.worldChanges,
      );
      const statusChange = faults.afterCall(connectionKey, name);
      if (statusChange) onStatusFault?.(connection, statusChange.state, statusChange.message);
      return result;
    });
  }

  async function callTool(connection: Connection, server: string, request: JsonRpcRequest): Promise<unknown> {
    const parsed = CallToolRequestSchema.safeParse(request.message);
    if (!parsed.success) return invalidParams(request, parsed.error.issues);
    const { name, arguments: args = {} } = parsed.data.params;
    const result = await runTool(connection, server, name, args);
    if (!result) {
      return toJsonRpcError(request.id, ErrorCode.InvalidParams, `Unknown tool "${name}": ${server} (connection "${connection.connectionId}") has no such tool; tools/list names its tools`);
    }
    return toJsonRpcResult(request.id, result);
  }

  function initialize(connection: Connection, server: string, request: JsonRpcRequest): unknown {
    const parsed = InitializeRequestSchema.safeParse(request.message);
    if (!parsed.success) return invalidParams(request, parsed.error.issues);
    const requested = parsed.data.params.protocolVersion;
    const result: InitializeResult = {
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
      capabilities: { tools: { listChanged: false } },
      serverInfo: connection.serverInfo ?? { name: server, version: '0.0.0' },
    };
    return toJsonRpcResult(request.id, result);
  }

  async function answer(connection: Connection, server: string, request: JsonRpcRequest): Promise<unknown> {
    switch (request.method) {
      case 'initialize':
        return initialize(connection, server, request);
      case 'ping':
        return toJsonRpcResult(request.id, {});
      case 'tools/list':
        return toJsonRpcResult(request.id, { tools: toolsOf(server).tools });
      case 'tools/call':
        return callTool(connection, server, request);
      default:
        return toJsonRpcError(request.id, ErrorCode.MethodNotFound, `Method not found: "${request.method}"; this server offers initialize, ping, tools/list and tools/call`);
    }
  }

  return {
    faults,
    listTools: (connection) => toolsOf(connection.server).tools,
    callTool: (connection, name, args) => runTool(connection, connection.server, name, args),
    async handle(connection, body, accept, upstream) {
      const message = parseJsonRpcMessage(body);
      const refusal = checkConnectionReady(connection);
      if (refusal) {
        const id = message.kind === 'request' ? message.request.id : null;
        return toMcpResponse(toJsonRpcError(id, refusal.code, refusal.message, refusal.data), 'application/json', refusal.status);
      }
      if (message.kind === 'invalid') return toMcpResponse(message.error, 'application/json', 400);
      if (message.kind === 'accepted') return acceptedResponse();
      if (connection.mock) return toMcpResponse(await answer(connection, connection.server!, message.request), accept);
      if (!upstream) throw new Error('a real connection reached the MCP handler without its upstream link');
      const { payload, status } = await relay.answer(message.request, upstream);
      return toMcpResponse(payload, status === 200 ? accept : 'application/json', status);
    },
  };
}

function toMeta(source: ResultOrigin, sequence: number) {
  return { 'mcpsim/source': source, 'mcpsim/sequence': sequence };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function invalidParams(request: JsonRpcRequest, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const described = issues.map((issue) => `${issue.path.map(String).join('.') || 'message'}: ${issue.message}`).join('; ');
  return toJsonRpcError(request.id, ErrorCode.InvalidParams, `Invalid params for ${request.method}: ${described}`);
}
