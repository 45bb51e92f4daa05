/**
 * The second baseline of bench/mcp.ts: a stock MCP SDK server in stateless mode, built per request
 * exactly as the SDK's simpleStatelessStreamableHttp example does (a new McpServer and a new
 * StreamableHTTPServerTransport for every POST, JSON responses), on bare node:http. One static tool.
 */
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'stock-bench', version: '1.0.0' });
  server.registerTool('lookup', { description: 'Look up an item.', inputSchema: { i: z.number() } }, async () => ({
    content: [{ type: 'text', text: 'ok' }],
  }));
  return server;
}

const httpServer = createServer((request, response) => {
  if (request.method !== 'POST') return void response.writeHead(405).end();
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', async () => {
    const server = createMcpServer();
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch (error) {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    }
  });
});
httpServer.listen(0, '127.0.0.1', () => {
  const address = httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('unexpected server address');
  process.stdout.write(`stock MCP server is listening at http://127.0.0.1:${address.port}\n`);
});
const stop = () => httpServer.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
