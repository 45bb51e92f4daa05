/**
 * The REST view of a connection's tools (docs/decisions.md, "Tool routes" and "Namespace tool
 * listing"): list, look up by path, call, and the tools of every connection in a namespace. Every
 * route reaches a connection's tools through the same endpoint as the MCP endpoint
 * (`ConnectionEndpoints`): the mock tool pipeline for a mock connection, the relay to its upstream
 * for a real one, so a REST call and a `tools/call` are one pipeline.
 */
import { z } from 'zod';
import type { Connection } from '../../domain/connection.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { apiError, type ApiError } from '../../errors.js';
import { canSeeConnection, type Caller, type Permission } from '../http/access.js';
import type { AppDependencies, AppServices } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { requireReadyEndpoint, upstreamCall } from '../ready-endpoint.js';
import type { ConnectionResolver } from '../../mcp/resolve-connection.js';
import type { Account } from '../../store/account-store.js';
import { connectionId, errorSchema, namespaceName, validationErrorSchema } from '../schemas/connection-schemas.js';
import {
  callToolResultSchema,
  namespaceToolsQuerySchema,
  namespaceToolsSchema,
  toolArgumentsSchema,
  toolListSchema,
} from '../schemas/tool-schemas.js';
import { toolSchema } from '../schemas/server-schemas.js';
import { readMetadataFilters, requireNamespace, toPlace } from '../lookups.js';
import { toToolEnvelopes } from '../tool-envelopes.js';

const tag = 'tools';
const connectionParams = z.object({ namespace: namespaceName, connectionId });
const toolParams = z.object({ namespace: namespaceName, connectionId, toolPath: z.string().min(1) });
const readEach: Permission = { resource: 'connections', operation: 'read', each: 'connection' };
const executeEach: Permission = { resource: 'connections', operation: 'execute', each: 'connection' };
const notFound = { description: 'Namespace, connection or tool not found (or not visible to the token)', schema: errorSchema };
const forbidden = { description: 'A service token whose scope does not allow this', schema: errorSchema };
const refusals = {
  401: {
    description: 'auth_required: the connection needs authorization (a missing or bad credential gets unauthorized)',
    schema: errorSchema,
  },
  409: { description: 'input_required: the connection lacks required headers or query parameters', schema: errorSchema },
  502: {
    description: 'upstream_unavailable: the upstream MCP server failed (the message says how), or an uplink connection has nothing to ask',
    schema: errorSchema,
  },
};
/** The largest page the store serves; the namespace listing reads every page. */
const pageSize = 100;

/** `GET/POST /connect/{ns}/{id}/.tools[/{toolPath}]` and `GET /connect/{ns}/.tools`. */
export function toolOperations({ stores }: AppDependencies, { resolver, upstreamTimeoutMs, setupLinks }: AppServices): Operation[] {
  return [
    listNamespaceTools({ stores, resolver, setupLinks }, upstreamTimeoutMs),
    listTools(resolver),
    getTool(resolver),
    callTool(resolver),
  ];
}

/** The caller's request for the connection an operation's path names. */
function toRequest({ account, caller, params }: { account: Account; caller: Caller; params: { namespace: string; connectionId: string } }) {
  return { accountId: account.id, chain: caller.chain, namespace: params.namespace, connectionId: params.connectionId };
}

/** `GET /connect/{namespace}/.tools`: every connection the caller may see, each with its tools or its error. */
function listNamespaceTools(
  { stores, resolver, setupLinks }: Pick<AppDependencies, 'stores'> & Pick<AppServices, 'resolver' | 'setupLinks'>,
  timeoutMs: number,
): Operation {
  return defineOperation({
    method: 'GET',
    path: '/connect/{namespace}/.tools',
    tag,
    summary:
      'The tools of every connection in the namespace, one envelope each with exactly one of tools or error; same filters as the connection list (name, mcpUrl, metadata.{key})',
    permission: readEach,
    params: z.object({ namespace: namespaceName }),
    query: namespaceToolsQuerySchema,
    responses: {
      200: { description: 'One envelope per connection the caller may see, oldest first', schema: namespaceToolsSchema },
      400: { description: 'A filter breaks a rule', schema: validationErrorSchema },
      403: forbidden,
      404: { description: 'Namespace not found or access denied', schema: errorSchema },
    },
    async handle(c, { account, caller, params, query, searchParams }) {
      const namespace = requireNamespace(stores, account.id, params.namespace);
      const filters = {
        limit: pageSize,
        ...(query.name === undefined ? {} : { name: query.name }),
        ...(query.mcpUrl === undefined ? {} : { mcpUrl: query.mcpUrl }),
        metadata: readMetadataFilters(searchParams),
      };
      const keep = caller.chain.length === 0 ? undefined : (connection: Connection) => canSeeConnection(caller, connection);
      const connections: Connection[] = [];
      for (let afterSeq: number | null = 0; afterSeq !== null;) {
        const page = stores.connections.list(namespace.id, { ...filters, afterSeq }, keep);
        // Statuses (and refusals) name setup links: current ones.
        for (const connection of page.connections) connections.push(setupLinks.present(account.id, connection));
        afterSeq = page.nextSeq;
      }
      const place = toPlace(account.id, namespace.id);
      return c.json({
        connections: await toToolEnvelopes(connections, (connection) => resolver.toReadiness(connection, place), timeoutMs),
      });
    },
  });
}

/** `GET /connect/{namespace}/{connectionId}/.tools`. */
function listTools(resolver: ConnectionResolver): Operation {
  return defineOperation({
    method: 'GET',
    path: '/connect/{namespace}/{connectionId}/.tools',
    tag,
    summary: "The connection's tools",
    permission: readEach,
    params: connectionParams,
    responses: { 200: { description: 'Every tool of the connection', schema: toolListSchema }, ...refusals, 403: forbidden, 404: notFound },
    async handle(c, input) {
      const { endpoint } = requireReadyEndpoint(resolver.resolve(toRequest(input), 'read'), input.params);
      return c.json({ tools: await upstreamCall(() => endpoint.listTools()) });
    },
  });
}

/** `GET /connect/{namespace}/{connectionId}/.tools/{toolPath}`: one tool, or the tools of a category. */
function getTool(resolver: ConnectionResolver): Operation {
  return defineOperation({
    method: 'GET',
    path: '/connect/{namespace}/{connectionId}/.tools/{toolPath}',
    tag,
    summary: 'One tool (tool a.b is at path a/b), or {tools} of the category a path prefixes',
    permission: readEach,
    params: toolParams,
    responses: {
      200: { description: 'The tool, or {tools} when the path is a slash category', schema: z.union([toolSchema, toolListSchema]) },
      ...refusals,
      403: forbidden,
      404: notFound,
    },
    async handle(c, input) {
      const { params } = input;
      const { connection, endpoint } = requireReadyEndpoint(resolver.resolve(toRequest(input), 'read'), params);
      const tools = await upstreamCall(() => endpoint.listTools());
      const tool = findTool(tools, params.toolPath);
      if (tool) return c.json(tool);
      const prefix = `${toToolName(params.toolPath)}.`;
      const category = tools.filter((candidate) => candidate.name.startsWith(prefix));
      if (category.length === 0) throw unknownTool(params.toolPath, connection);
      return c.json({ tools: category });
    },
  });
}

/** `POST /connect/{namespace}/{connectionId}/.tools/{toolPath}`: the same pipeline as `tools/call`. */
function callTool(resolver: ConnectionResolver): Operation {
  return defineOperation({
    method: 'POST',
    path: '/connect/{namespace}/{connectionId}/.tools/{toolPath}',
    tag,
    summary:
      'Call a tool: the body is its JSON arguments, the answer the MCP CallToolResult (same pipeline as tools/call on the MCP endpoint)',
    permission: executeEach,
    params: toolParams,
    body: { schema: toolArgumentsSchema, required: false },
    responses: {
      200: { description: 'The CallToolResult; a failing tool or invalid arguments give isError: true', schema: callToolResultSchema },
      400: { description: 'The body is not a JSON object', schema: validationErrorSchema },
      ...refusals,
      403: forbidden,
      404: notFound,
    },
    async handle(c, input) {
      const { params, body } = input;
      const { connection, endpoint } = requireReadyEndpoint(resolver.resolve(toRequest(input), 'execute'), params);
      const tool = findTool(await upstreamCall(() => endpoint.listTools()), params.toolPath);
      if (!tool) throw unknownTool(params.toolPath, connection);
      // The client going away aborts a model answering the call (it is logged cancelled).
      const result = await upstreamCall(() => endpoint.callTool(tool.name, body, c.req.raw.signal));
      if (!result) throw unknownTool(params.toolPath, connection);
      return c.json(result);
    },
  });
}

/** Tool `a.b` is at path `a/b`; a name that itself contains a slash is also found as written. */
function toToolName(toolPath: string): string {
  return toolPath.replaceAll('/', '.');
}

function findTool(tools: ToolDefinition[], toolPath: string): ToolDefinition | undefined {
  const name = toToolName(toolPath);
  return tools.find((tool) => tool.name === name) ?? tools.find((tool) => tool.name === toolPath);
}

function unknownTool(toolPath: string, connection: Connection): ApiError {
  return apiError(
    'not_found',
    `Tool "${toolPath}" not found on connection "${connection.connectionId}" (no tool "${toToolName(toolPath)}" and no category under it); GET /connect/${connection.namespace}/${connection.connectionId}/.tools lists its tools`,
  );
}
