/**
 * A stdio MCP server whose `work` tool reports progress and a log message, then asks the client
 * for elicitation before it answers (the stdio twin of streaming-upstream.ts's `work`), and whose
 * `count` tool reports progress and answers at once, so its last report and its result reach
 * stdout together.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'stdio-streaming-server', version: '1.0.0' }, { capabilities: { logging: {} } });
server.registerTool(
  'work',
  { description: 'Reports progress and a log message, then asks the client.', inputSchema: { steps: z.number() } },
  async ({ steps }, extra) => {
    const token = extra._meta?.progressToken;
    for (let step = 1; step <= steps; step++)
      if (token !== undefined)
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps } });
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'working' } });
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      },
      z.looseObject({ action: z.string(), content: z.record(z.string(), z.unknown()).optional() }),
    );
    return { content: [{ type: 'text', text: `hello ${String(answer.content?.name)}` }] };
  },
);
server.registerTool(
  'count',
  { description: 'Reports progress, then answers at once.', inputSchema: { steps: z.number() } },
  async ({ steps }, extra) => {
    const token = extra._meta?.progressToken;
    for (let step = 1; step <= steps; step++)
      if (token !== undefined)
        void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: steps } });
    return { content: [{ type: 'text', text: `counted ${steps}` }] };
  },
);
await server.connect(new StdioServerTransport());
