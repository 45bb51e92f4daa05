/**
 * A real MCP server over Streamable HTTP on 127.0.0.1, stateful as the SDK's examples are: each
 * `initialize` opens a session with a server of its own (`createServer()`), later requests find
 * it by `Mcp-Session-Id`, anything else is a 404. Used by the relay tests and the streamed bench row.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

export interface SessionHttpServer {
  /** `http://127.0.0.1:<port>/mcp` */
  url: string;
  /** Closes every session, then the listener. */
  close(): Promise<void>;
}

/**
 * Listens on a free port and serves one `createServer()` per session.
 *
 * @example
 *   const upstream = await serveMcpSessions(() => new McpServer({ name: 'x', version: '1.0.0' }));
 */
export async function serveMcpSessions(createMcpServer: () => McpServer, { eventStreamDelayMs = 0 } = {}): Promise<SessionHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && eventStreamDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, eventStreamDelayMs));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const id = request.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? transports.get(id) : undefined;
    if (!transport && isInitializeRequest(body)) {
      const opened = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (sid) => void transports.set(sid, opened),
      });
      transport = opened;
      await createMcpServer().connect(opened);
    }
    if (!transport) return void response.writeHead(404).end();
    await transport.handleRequest(request, response, body);
  }
  const http = createServer((request, response) => void handle(request, response).catch(() => response.destroy()));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    async close() {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
