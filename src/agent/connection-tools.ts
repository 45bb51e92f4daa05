import { apiError } from '../errors.js';
import { z } from 'zod';
import { additiveWrite, defineAgentTool, destructive, readOnly, type AgentContext } from './agent-tool.js';
import { confirmInput, connectionIdInput, jsonRecord, namespaceInput, toConnectPath } from './shared-schemas.js';

const toolDefinitionInput = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: jsonRecord.describe('JSON Schema of the arguments, {"type":"object",...}'),
  outputSchema: jsonRecord.optional(),
  annotations: jsonRecord.optional(),
});

interface ConnectionBody {
  connectionId: string;
  name: string;
  mcpUrl: string | null;
  mock?: { enabled: boolean };
  status?: { state: string; message?: string };
}

const connectionOutput = z.looseObject({
  namespace: z.string(),
  connectionId: z.string(),
  name: z.string(),
  mock: z.boolean(),
  state: z.string(),
  endpoint: z.string().describe('the MCP endpoint an MCP client under test connects to (Streamable HTTP, same API key)'),
});

function toConnectionSummary(namespace: string, connection: ConnectionBody, { baseUrl }: AgentContext) {
  return {
    namespace,
    connectionId: connection.connectionId,
    name: connection.name,
    mock: connection.mock?.enabled === true,
    state: connection.status?.state ?? 'unknown',
    ...(connection.status?.message ? { message: connection.status.message } : {}),
    endpoint: `${baseUrl}${toConnectPath(namespace, connection.connectionId)}/mcp`,
  };
}

/** The metadata key under which mock_server notes the registry server a mock plays. */
export const mockedServerKey = 'mcpsim/server';

/** `@acme/issue-tracker` -> `acme-issue-tracker`: a readable connection id from a server name. */
function toConnectionId(qualifiedName: string): string {
  return (
    qualifiedName
      .replace(/^@/, '')
      .replace(/[^a-zA-Z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 64) || 'mock'
  );
}

export const mockServer = defineAgentTool({
  name: 'mock_server',
  title: 'Mock an MCP server',
  description:
    'Use this first when you need a fake MCP server to build or test an MCP client or agent against: it creates a mock connection ' +
    'simulated with no model (worlds, ids and state kept between calls). Give exactly one of: `server` (a registry name found with ' +
    'find_servers), `url` (a real MCP server: its tools are read once, then it is mocked and never called again) or `tools` (MCP tool ' +
    'definitions you paste, registered under `serverName`). Returns the `endpoint` to point the client under test at.',
  input: z.strictObject({
    server: z.string().optional().describe('a registry qualified name, e.g. "@acme/tracker"'),
    url: z.url().optional().describe('a real MCP server URL (Streamable HTTP) whose tools to mock'),
    tools: z.array(toolDefinitionInput).min(1).max(500).optional().describe('MCP tool definitions to mock'),
    serverName: z
      .string()
      .regex(/^@?[a-zA-Z0-9][a-zA-Z0-9_-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9_-]*)?$/)
      .optional()
      .describe('the registry name for `tools` or `url` (default "@local/<connectionId>"); your own entry, created or replaced'),
    namespace: namespaceInput,
    connectionId: connectionIdInput.optional().describe('the id to give the connection (default derived from the server name)'),
  }),
  output: connectionOutput.extend({ server: z.string(), tools: z.array(z.string()) }),
  annotations: additiveWrite,
  async run({ server, url, tools, serverName, namespace, connectionId }, context) {
    const { api } = context;
    const given = [server, url, tools].filter((value) => value !== undefined).length;
    if (given !== 1) throw apiError('validation_error', 'mock_server needs exactly one of `server`, `url` or `tools`');
    await api.request('PUT', `/namespaces/${encodeURIComponent(namespace)}`);
    const id = connectionId ?? toConnectionId(server ?? serverName ?? 'mock');
    let qualifiedName = server;
    if (qualifiedName === undefined) {
      qualifiedName = serverName ?? `@local/${toConnectionId(id)}`;
      const definitions = tools ?? (await readUpstreamTools(context, namespace, `${id}-upstream`, url!));
      await api.request('PUT', `/servers/${encodeURIComponent(qualifiedName)}`, {
        body: { displayName: qualifiedName, description: `Mocked by mcpsim mcp${url ? ` from ${url}` : ''}`, tools: definitions },
      });
    }
    const created = await api.request<ConnectionBody>('PUT', toConnectPath(namespace, id), {
      // The server's name is kept where the API shows it (its wire form has no `server`), so freeze_calls can write it.
      body: { name: id, server: qualifiedName, mock: { enabled: true }, metadata: { [mockedServerKey]: qualifiedName } },
    });
    const listed = await api.request<{ tools: { name: string }[] }>('GET', `${toConnectPath(namespace, id)}/.tools`);
    return { ...toConnectionSummary(namespace, created, context), server: qualifiedName, tools: listed.tools.map((tool) => tool.name) };
  },
});

/** A real server's tools, read through a relay connection made for the purpose and deleted after. */
async function readUpstreamTools({ api }: AgentContext, namespace: string, relayId: string, url: string): Promise<unknown[]> {
  const path = toConnectPath(namespace, relayId);
  try {
    const relay = await api.request<ConnectionBody>('PUT', path, { body: { name: relayId, mcpUrl: url } });
    if (relay.status?.state !== 'connected') {
      throw apiError(
        'upstream_unavailable',
        `${url} is not reachable as an MCP server (${relay.status?.state}: ${relay.status?.message ?? 'no message'})`,
      );
    }
    const { tools } = await api.request<{ tools: unknown[] }>('GET', `${path}/.tools`);
    return tools;
  } finally {
    await api.request('DELETE', path).catch(() => undefined);
  }
}

export const listConnections = defineAgentTool({
  name: 'list_connections',
  title: 'List connections',
  description: 'Use this to see which mocks (and real connections) exist in a namespace, with their MCP endpoints and states.',
  input: z.strictObject({ namespace: namespaceInput }),
  output: z.strictObject({ connections: z.array(connectionOutput) }),
  annotations: readOnly,
  async run({ namespace }, context) {
    const connections: ConnectionBody[] = [];
    let cursor: string | null = null;
    // Bounded: ten pages of the API's largest page.
    for (let page = 0; page < 10; page++) {
      const listed: { connections: ConnectionBody[]; nextCursor: string | null } = await context.api.request(
        'GET',
        `/connect/${encodeURIComponent(namespace)}`,
        { query: { limit: 100, cursor: cursor ?? undefined } },
      );
      connections.push(...listed.connections);
      cursor = listed.nextCursor;
      if (cursor === null) break;
    }
    return { connections: connections.map((connection) => toConnectionSummary(namespace, connection, context)) };
  },
});

export const getConnection = defineAgentTool({
  name: 'get_connection',
  title: 'Get a connection',
  description: "Use this to read one connection: whether it is a mock, its state, its MCP endpoint and its tools' names.",
  input: z.strictObject({ namespace: namespaceInput, connectionId: connectionIdInput }),
  output: connectionOutput.extend({ tools: z.array(z.string()) }),
  annotations: readOnly,
  async run({ namespace, connectionId }, context) {
    const path = toConnectPath(namespace, connectionId);
    const connection = await context.api.request<ConnectionBody>('GET', path);
    const listed = await context.api.request<{ tools: { name: string }[] }>('GET', `${path}/.tools`).catch(() => ({ tools: [] }));
    return { ...toConnectionSummary(namespace, connection, context), tools: listed.tools.map((tool) => tool.name) };
  },
});

export const deleteConnection = defineAgentTool({
  name: 'delete_connection',
  title: 'Delete a connection',
  description:
    'Destructive: deletes a connection with its call log and world. Use it to clean up a mock you no longer need; it needs `confirm: true`.',
  input: z.strictObject({ namespace: namespaceInput, connectionId: connectionIdInput, confirm: confirmInput }),
  output: z.strictObject({ deleted: z.string() }),
  annotations: destructive,
  async run({ namespace, connectionId }, { api }) {
    await api.request('DELETE', toConnectPath(namespace, connectionId));
    return { deleted: `${namespace}/${connectionId}` };
  },
});
