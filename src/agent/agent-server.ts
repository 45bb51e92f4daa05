import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isApiError } from '../errors.js';
import { version } from '../version.js';
import type { AgentContext } from './agent-tool.js';
import { agentTools } from './agent-tools.js';

/**
 * The MCP server of `mcpsim mcp`: the agent's tools, each acting through `context.api` only. One
 * is made per stdio process, and one per request on the HTTP path (stateless, nothing kept).
 *
 * @example
 *   const server = createAgentServer({ api, baseUrl: 'http://127.0.0.1:4010' });
 *   await server.connect(new StdioServerTransport());
 */
export function createAgentServer(context: AgentContext): McpServer {
  const server = new McpServer(
    { name: 'mcpsim', version },
    {
      instructions:
        'mcpsim mocks MCP servers for testing MCP clients and agents. Typical loop: find_servers -> mock_server -> explain_connection -> ' +
        'seed_world -> point the client under test at the returned endpoint -> read_calls / verify_calls -> reset_connection.',
    },
  );
  for (const tool of agentTools) {
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
  return server;
}
