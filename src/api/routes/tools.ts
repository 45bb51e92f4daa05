/**
 * The REST view of a connection's tools (decisions.md §1, §4): list, look up by path, call, and
 * the tools of every connection in a namespace. Mock connections answer through the same
 * McpHandler as the MCP endpoint, so a REST call and a `tools/call` are one pipeline.
 */
import { z } from 'zod';
import type { Connection } from '../../domain/connection.js';
import type { ToolDefinition } from '../../domain/registry.js';
import { apiError, type ApiError } from '../../errors.js';
import { checkConnectionReady } from '../../mcp/connection-gate.js';
import type { McpHandler } from '../../mcp/mcp-handler.js';
import { canSeeConnection, checkConnectionAccess, type Caller, type Permission } from '../access.js';
import type { AppDependencies } from '../app.js';
import { defineOperation, type Operation } from '../operation.js';
import { connectionId, errorSchema, namespaceName, validationErrorSchema } from '../schemas.js';
import { callToolResultSchema, namespaceToolsQuerySchema, namespaceToolsSchema, toolArgumentsSchema, toolListSchema } from '../tool-schemas.js';
import { toolSchema } from '../server-schemas.js';
import { connectionNotFound, readMetadataFilters } from './connections.js';
import { namespaceNotFound } from './namespaces.js';

const tag = 'tools';
const connectionParams = z.object({ namespace: namespaceName, connectionId });
const toolParams = z.object({ namespace: namespaceName, connectionId, toolPath: z.string().min(1) });
const readEach: Permission = { resource: 'connections', operation: 'read', each: 'connection' };
const executeEach: Permission = { resource: 'connections', operation: 'execute', each: 'connection' };
const notFound = { description: 'Namespace, connection or tool not found (or not visible to the token)', schema: errorSchema };
const forbidden = { description: 'A service token whose scope does not allow this', schema: errorSchema };
const refusals = {
  401: { description: 'auth_required: the connection needs authorization (a missing or bad credential gets unauthorized)', schema: errorSchema },
  409: { description: 'input_required: the connection lacks required headers or query parameters', schema: errorSchema },
  502: { description: 'upstream_unavailable: not a mock connection; relaying to real upstream servers is not implemented yet', schema: errorSchema },
};
/** The largest page the store serves; the namespace listing reads every page. */
const pageSize = 100;

type MockConnection = Connection & { server: string };

/** `GET/POST /connect/{ns}/{id}/.tools[/{toolPath}]` and `GET /connect/{ns}/.tools`. */
export function toolOperations({ stores }: AppDependencies, mcp: McpHandler): Operation[] {
  /** The connection, visible to the caller for `operation` and ready to answer tools, else the error to throw. */
  function readyConnection(caller: Caller, accountId: string, namespace: string, id: string, operation: 'read' | 'execute'): MockConnection {
    const connection = stores.connections.getInNamespace(accountId, namespace, id);
    const missing = () => (stores.namespaces.get(accountId, namespace) ? connectionNotFound(id, namespace) : namespaceNotFound(namespace));
    if (!connection) throw missing();
    checkConnectionAccess(caller, operation, connection, missing);
    const refusal = checkConnectionReady(connection);
    if (refusal) throw toRefusalError(refusal.status, refusal.message);
    return connection as MockConnection;
  }

  return [
    defineOperation({
      method: 'GET',
      path: '/connect/{namespace}/.tools',
      tag,
      summary: 'The tools of every connection in the namespace, one envelope each with exactly one of tools or error; same filters as the connection list (name, mcpUrl, metadata.{key})',
      permission: readEach,
      params: z.object({ namespace: namespaceName }),
      query: namespaceToolsQuerySchema,
      responses: {
        200: { description: 'One envelope per connection the caller may see, oldest first', schema: namespaceToolsSchema },
        400: { description: 'A filter breaks a rule', schema: validationErrorSchema },
        403: forbidden,
        404: { description: 'Namespace not found or access denied', schema: errorSchema },
      },
      handle(c, { account, caller, params, query, searchParams }) {
        const namespace = stores.namespaces.get(account.id, params.namespace);
        if (!namespace) throw namespaceNotFound(params.namespace);
        const filters = {
          limit: pageSize,
          ...(query.name === undefined ? {} : { name: query.name }),
          ...(query.mcpUrl === undefined ? {} : { mcpUrl: query.mcpUrl }),
          metadata: readMetadataFilters(searchParams),
        };
        const keep = caller.chain.length === 0 ? undefined : (connection: Connection) => canSeeConnection(caller, connection);
        const connections: Connection[] = [];
        for (let afterSeq: number | null = 0; afterSeq !== null; ) {
          const page = stores.connections.list(namespace.id, { ...filters, afterSeq }, keep);
          connections.push(...page.connections);
          afterSeq = page.nextSeq;
        }
        return c.json({ connections: connections.map((connection) => toEnvelope(connection, mcp)) });
      },
    }),
    defineOperation({
      method: 'GET',
      path: '/connect/{namespace}/{connectionId}/.tools',
      tag,
      summary: "The connection's tools",
      permission: readEach,
      params: connectionParams,
      responses: { 200: { description: 'Every tool of the connection', schema: toolListSchema }, ...refusals, 403: forbidden, 404: notFound },
      handle(c, { account, caller, params }) {
        const connection = readyConnection(caller, account.id, params.namespace, params.connectionId, 'read');
        return c.json({ tools: mcp.listTools(connection) });
      },
    }),
    defineOperation({
      method: 'GET',
      path: '/connect/{namespace}/{connectionId}/.tools/{toolPath}',
      honoPath: '/connect/:namespace/:connectionId/.tools/:toolPath{.+}',
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
      handle(c, { account, caller, params }) {
        const connection = readyConnection(caller, account.id, params.namespace, params.connectionId, 'read');
        const tools = mcp.listTools(connection);
        const tool = findTool(tools, params.toolPath);
        if (tool) return c.json(tool);
        const prefix = `${toToolName(params.toolPath)}.`;
        const category = tools.filter((candidate) => candidate.name.startsWith(prefix));
        if (category.length === 0) throw unknownTool(params.toolPath, connection);
        return c.json({ tools: category });
      },
    }),
    defineOperation({
      method: 'POST',
      path: '/connect/{namespace}/{connectionId}/.tools/{toolPath}',
      honoPath: '/connect/:namespace/:connectionId/.tools/:toolPath{.+}',
      tag,
      summary: 'Call a tool: the body is its JSON arguments, the answer the MCP CallToolResult (same pipeline as tools/call on the MCP endpoint)',
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
      async handle(c, { account, caller, params, body }) {
        const connection = readyConnection(caller, account.id, params.namespace, params.connectionId, 'execute');
        const tool = findTool(mcp.listTools(connection), params.toolPath);
        if (!tool) throw unknownTool(params.toolPath, connection);
        const result = await mcp.callTool(connection, tool.name, body);
        if (!result) throw unknownTool(params.toolPath, connection);
        return c.json(result);
      },
    }),
  ];
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
  return apiError('not_found', `Tool "${toolPath}" not found on connection "${connection.connectionId}" (no tool "${toToolName(toolPath)}" and no category under it); GET /connect/${connection.namespace}/${connection.connectionId}/.tools lists its tools`);
}

function toRefusalError(status: 401 | 409 | 502, message: string): ApiError {
  return apiError(status === 401 ? 'auth_required' : status === 409 ? 'input_required' : 'upstream_unavailable', message);
}

/** A connection's envelope in the namespace listing; refused connections get no upstream call. */
function toEnvelope(connection: Connection, mcp: McpHandler) {
  const base = { connectionId: connection.connectionId, name: connection.name, status: connection.status };
  const refusal = checkConnectionReady(connection);
  if (!refusal) return { ...base, tools: mcp.listTools(connection as MockConnection) };
  const code = refusal.status === 401 ? 'auth_required' : refusal.status === 409 ? 'input_required' : 'not_implemented';
  return { ...base, error: { code, message: refusal.message } };
}
