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
import { createReplaySource } from '../sim/replay-source.js';
import type { ToolResultSource } from '../sim/tool-result-source.js';
import type { RegistryStore } from '../store/registry-store.js';
import { createArgumentValidator } from './argument-validator.js';
import { createCallCounter } from './call-counter.js';
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
  /** Answers mock tool calls; default: the replay source over `fixturesDir`. */
  toolResults?: ToolResultSource;
  fixturesDir?: string;
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
}

interface ServerTools {
  revision: string;
  tools: ToolDefinition[];
  byName: Map<string, ToolDefinition>;
}

/**
 * The MCP endpoint of a connection as a small stateless JSON-RPC handler: no session, no
 * `initialize` needed, one answer per POST. (An SDK Server and transport per request would cost
 * about 300 µs; this path is a parse, two lookups and the result source.)
 */
export function createMcpHandler({ registry, relay, fixturesDir = defaultFixturesDir, toolResults = createReplaySource({ directory: fixturesDir }) }: McpHandlerOptions): McpHandler {
  const validate = createArgumentValidator();
  const counter = createCallCounter();
  const toolsByServer = new Map<string, ServerTools>();

  /** The registry entry's tools, cached until the registry changes. */
  function toolsOf(server: string): ServerTools {
    const revision = registry.revision();
    const cached = toolsByServer.get(server);
    if (cached?.revision === revision) return cached;
    const tools = registry.get(server)?.tools ?? [];
    const fresh = { revision, tools, byName: new Map(tools.map((tool) => [tool.name, tool])) };
    toolsByServer.set(server, fresh);
    return fresh;
  }

  /**
   * Runs one tool call on a mock connection: argument validation, then the result source, with
   * `_meta`. Null when the server has no such tool. The JSON-RPC `tools/call` and the REST
   * `POST .../.tools/{toolPath}` both come here.
   */
  async function runTool(connection: Connection, server: string, name: string, args: Record<string, unknown>): Promise<CallToolResult | null> {
    const toolDefinition = toolsOf(server).byName.get(name);
    if (!toolDefinition) return null;
    const connectionKey = `${connection.namespace}/${connection.connectionId}`;
    const sequence = counter.nextSequence(connectionKey);
    const meta = (source: string) => ({ 'mcpsim/source': source, 'mcpsim/sequence': sequence });
    const invalid = validate(toolDefinition, args);
    if (invalid) return { content: [{ type: 'text', text: invalid }], isError: true, _meta: meta('validation') };
    const canonical = sortKeys(args) as Record<string, unknown>;
    const argumentsKey = JSON.stringify(canonical);
    const call = {
      namespace: connection.namespace,
      connectionId: connection.connectionId,
      server,
      tool: name,
      arguments: canonical,
      argumentsKey,
      occurrence: counter.nextOccurrence(connectionKey, name, argumentsKey),
    };
    const resolution = await toolResults.resolve(call);
    if (!resolution) {
      const text = `no result source answered ${server}.${name} ${argumentsKey} (call ${call.occurrence})`;
      return { content: [{ type: 'text', text }], isError: true, _meta: meta('none') };
    }
    const { result, source } = resolution;
    return { ...result, _meta: { ...result._meta, ...meta(source) } };
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

function invalidParams(request: JsonRpcRequest, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const described = issues.map((issue) => `${issue.path.map(String).join('.') || 'message'}: ${issue.message}`).join('; ');
  return toJsonRpcError(request.id, ErrorCode.InvalidParams, `Invalid params for ${request.method}: ${described}`);
}
