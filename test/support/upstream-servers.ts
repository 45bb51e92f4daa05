/**
 * Real upstream MCP servers on 127.0.0.1 for tests and benches: one that works (the real MCP SDK
 * server, stateless, JSON responses) and the ways a real one fails (hangs, 401, garbage, drops the
 * socket), plus a URL on which nothing listens. The error each failure surfaces in the SDK client
 * is recorded in test/upstream-servers.test.ts.
 *
 * @example
 *   const upstream = await startUpstream('healthy');
 *   const client = new Client({ name: 'test', version: '1.0.0' });
 *   await client.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
 *   await client.listTools(); // echo, add
 *   await client.close();
 *   await upstream.close();
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';

export type UpstreamKind = 'healthy' | 'hanging' | 'unauthorized' | 'garbage' | 'socket-close' | 'echoing';

/** A tool of a healthy upstream: its MCP description and what a call answers. */
export interface UpstreamTool {
  name: string;
  description?: string;
  inputSchema?: Tool['inputSchema'];
  outputSchema?: Tool['outputSchema'];
  call?: (args: Record<string, unknown>) => CallToolResult | Promise<CallToolResult>;
}

export interface UpstreamOptions {
  /** healthy: serverInfo.name (default `upstream-healthy`). */
  name?: string;
  /** healthy: serverInfo.version (default `1.2.3`). */
  version?: string;
  /** healthy: the tools (default `echo` and `add`). */
  tools?: UpstreamTool[];
  /** healthy: answer 401 unless this header has this value (header names are case-insensitive). */
  requireHeader?: { name: string; value: string };
  /** healthy: answer 401 unless this query parameter has this value. */
  requireQuery?: { name: string; value: string };
  /** garbage: what the 200 `application/json` body holds (default `bad-json`). */
  variant?: 'html' | 'bad-json' | 'not-jsonrpc';
}

export interface Upstream {
  /** The MCP URL, `http://127.0.0.1:PORT/mcp`. */
  url: string;
  /** HTTP requests received so far, on any path and method. */
  readonly requests: number;
  /** Stops listening and destroys every open socket (hanging requests included). */
  close(): Promise<void>;
}

/** `echo {text}` answers the text; `add {a, b}` answers `structuredContent: {sum}`. */
export const defaultUpstreamTools: UpstreamTool[] = [
  {
    name: 'echo',
    description: 'Echoes the text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    call: (args) => ({ content: [{ type: 'text', text: String(args.text) }] }),
  },
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    call: (args) => {
      const sum = Number(args.a) + Number(args.b);
      return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum } };
    },
  },
];

const garbageBodies = {
  html: '<html><body><h1>502 Bad Gateway</h1></body></html>',
  'bad-json': '{"hello":',
  'not-jsonrpc': '{"hello":"world"}',
} as const;

const unauthorizedHeaders = { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="upstream"' };

/**
 * Starts an upstream of the given kind on 127.0.0.1 and a free port.
 *
 * @example
 *   const locked = await startUpstream('healthy', { requireHeader: { name: 'x-api-key', value: 'k' } });
 *   const hanging = await startUpstream('hanging'); // connect(transport, { timeout: 300 }) rejects
 */
export async function startUpstream(kind: UpstreamKind, options: UpstreamOptions = {}): Promise<Upstream> {
  let requests = 0;
  const sockets = new Set<Socket>();
  const handle = toListener(kind, options);
  const server = createHttpServer((request, response) => {
    requests++;
    handle(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/**
 * An MCP URL on 127.0.0.1 on which nothing listens: a port the OS just handed out and that was
 * closed again (another process could take it in between, which is unlikely within a test).
 */
export async function refusedUrl(): Promise<string> {
  const server = createNetServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/mcp`;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

function toListener(kind: UpstreamKind, options: UpstreamOptions): Listener {
  switch (kind) {
    case 'healthy':
      return getRequestListener((request) => answerMcp(request, options));
    case 'hanging':
      // Read the request, never answer: only close() ends it.
      return (request) => void request.resume();
    case 'unauthorized':
      return (request, response) => {
        request.resume();
        response.writeHead(401, unauthorizedHeaders).end(jsonRpcError(-32000, 'Unauthorized: this upstream accepts no credentials'));
      };
    case 'garbage': {
      const body = garbageBodies[options.variant ?? 'bad-json'];
      return (request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      };
    }
    case 'socket-close':
      return (request) => void request.socket.destroy();
    case 'echoing':
      // An error page that echoes the request, credentials included, as careless servers do.
      return (request, response) => {
        request.resume();
        response
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`rejected authorization=${request.headers.authorization ?? ''} url=${request.url}`);
      };
  }
}

/** The healthy upstream's fetch handler: a new SDK server and stateless transport per POST. */
async function answerMcp(request: Request, options: UpstreamOptions): Promise<Response> {
  if (new URL(request.url).pathname !== '/mcp')
    return new Response(jsonRpcError(-32000, 'Not found: the MCP endpoint is /mcp'), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  const required = options.requireHeader;
  if (required && request.headers.get(required.name) !== required.value) {
    return new Response(jsonRpcError(-32000, `Unauthorized: send the ${required.name} header`), {
      status: 401,
      headers: unauthorizedHeaders,
    });
  }
  const query = options.requireQuery;
  if (query && new URL(request.url).searchParams.get(query.name) !== query.value) {
    return new Response(jsonRpcError(-32000, `Unauthorized: send the ${query.name} query parameter`), {
      status: 401,
      headers: unauthorizedHeaders,
    });
  }
  // Stateless routes answer GET and DELETE with 405, else the client re-opens its SSE stream forever (stack.md pitfall 5).
  if (request.method !== 'POST')
    return new Response(jsonRpcError(-32000, 'Method not allowed.'), {
      status: 405,
      headers: { 'content-type': 'application/json', allow: 'POST' },
    });
  const server = createMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // JSON mode: the response is complete, so the per-request pair can go (stack.md pitfall 6).
    await transport.close();
    await server.close();
  }
}

/** The healthy upstream's SDK server, for any transport (the uplink tests pair it over a WebSocket). */
export function createMcpServer(options: UpstreamOptions): Server {
  const tools = options.tools ?? defaultUpstreamTools;
  const server = new Server(
    { name: options.name ?? 'upstream-healthy', version: options.version ?? '1.2.3' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, description, inputSchema, outputSchema }) => ({
      name,
      ...(description === undefined ? {} : { description }),
      inputSchema: inputSchema ?? { type: 'object' },
      ...(outputSchema === undefined ? {} : { outputSchema }),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool)
      return {
        content: [{ type: 'text', text: `Unknown tool "${request.params.name}"; tools: ${tools.map((t) => t.name).join(', ')}` }],
        isError: true,
      };
    return tool.call ? await tool.call(request.params.arguments ?? {}) : { content: [{ type: 'text', text: 'ok' }] };
  });
  return server;
}

function jsonRpcError(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}
