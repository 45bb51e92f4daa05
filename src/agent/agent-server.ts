import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isApiError } from '../errors.js';
import { version } from '../version.js';
import type { AgentContext } from './agent-tool.js';
import { agentTools } from './agent-tools.js';
import { registerAgentPrompts } from './agent-prompts.js';
import { fingerprintResource, parseResourceUri, registerAgentResources } from './agent-resources.js';
import { createResourceWatch } from './resource-watch.js';

export interface AgentServerOptions {
  /**
   * How often subscribed resources are read for changes. Without it (the stateless HTTP path, whose
   * server lives for one request) resources can be read but not subscribed to.
   */
  watchIntervalMs?: number;
}

/** Subscriptions one session holds at once. */
const maxSubscriptions = 32;

/**
 * The MCP server of `mcpsim mcp`: the agent's tools, resources and prompts, each acting through `context.api` only. One
 * is made per stdio process, and one per request on the HTTP path (stateless, nothing kept).
 *
 * @example
 *   const server = createAgentServer({ api, baseUrl: 'http://127.0.0.1:4010' });
 *   await server.connect(new StdioServerTransport());
 */
export function createAgentServer(context: AgentContext, { watchIntervalMs }: AgentServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'mcpsim', version },
    {
      instructions:
        'mcpsim mocks MCP servers for testing MCP clients and agents. Typical loop: find_servers -> mock_server -> explain_connection -> ' +
        'seed_world -> point the client under test at the returned endpoint -> read_calls / verify_calls -> reset_connection.',
    },
  );
  // Over HTTP there is no project directory, so the tools on files are not offered at all (docs/agents.md).
  for (const tool of agentTools.filter((candidate) => candidate.files !== true || context.project !== undefined)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations, openWorldHint: false },
      },
      async (input: unknown): Promise<CallToolResult> => {
        try {
          const output = (await tool.run(input as never, context)) as Record<string, unknown>;
          return { content: [{ type: 'text', text: JSON.stringify(output, null, 2) }], structuredContent: output };
        } catch (error) {
          // A failing tool is a result with isError (docs/architecture.md, "Errors"): the API's own message.
          const message = isApiError(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
          return { isError: true, content: [{ type: 'text', text: message }] };
        }
      },
    );
  }
  registerAgentResources(server, context);
  registerAgentPrompts(server);
  if (watchIntervalMs !== undefined) watchResources(server, context, watchIntervalMs);
  return server;
}

/** Serves resources/subscribe and unsubscribe, telling `notifications/resources/updated` as calls change a connection. */
function watchResources(server: McpServer, context: AgentContext, intervalMs: number): void {
  const watch = createResourceWatch({
    fingerprint: (uri) => fingerprintResource(uri, context),
    notify: (uri) => server.server.sendResourceUpdated({ uri }),
    intervalMs,
    maxSubscriptions,
  });
  server.server.registerCapabilities({ resources: { subscribe: true } });
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    parseResourceUri(request.params.uri);
    await watch.subscribe(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    watch.unsubscribe(request.params.uri);
    return {};
  });
  const closing = server.server.onclose;
  server.server.onclose = () => {
    watch.close();
    closing?.();
  };
}
