// A small stdio MCP server (the real SDK) for tests that pair a local server with an uplink
// connection: `smithery mcp add -- node test/support/stdio-mcp-server.mjs`. Tools: echo, add.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'stdio-test-server', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'echo',
      description: 'Echoes the text back.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    {
      name: 'add',
      description: 'Adds two numbers.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
  const args = params.arguments ?? {};
  if (params.name === 'echo') return { content: [{ type: 'text', text: `echo: ${String(args.text)}` }] };
  if (params.name === 'add')
    return {
      content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }],
      structuredContent: { sum: Number(args.a) + Number(args.b) },
    };
  return { content: [{ type: 'text', text: `Unknown tool ${params.name}` }], isError: true };
});
await server.connect(new StdioServerTransport());
