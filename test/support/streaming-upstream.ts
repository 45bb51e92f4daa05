/**
 * A real MCP server over Streamable HTTP, stateful (a session per client), whose tools use
 * everything beside the answer: progress, log messages, elicitation and sampling inside a call, a
 * call that waits to be cancelled, and resource subscriptions. The relay tests point connections
 * at it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { serveMcpSessions } from './session-http-server.js';

export interface StreamingUpstream {
  url: string;
  /** What the server saw: cancellations of calls, and the answers its requests to the client got. */
  cancelled: string[];
  close(): Promise<void>;
}

function createMcp(seen: { cancelled: string[] }): McpServer {
  const server = new McpServer(
    { name: 'streaming-upstream', version: '1.0.0' },
    { capabilities: { logging: {}, resources: { subscribe: true } } },
  );
  server.registerTool(
    'work',
    { description: 'Reports progress and a log message, then asks the client.', inputSchema: { steps: z.number() } },
    async ({ steps }, extra) => {
      const token = extra._meta?.progressToken;
      for (let step = 1; step <= steps; step++)
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: steps },
          });
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
    'ask_at_once',
    { description: 'Asks the client on the session stream (no related request), as the conformance reference server does.' },
    async () => {
      const answer = await server.server.request(
        { method: 'elicitation/create', params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } } },
        z.looseObject({ action: z.string() }),
      );
      return { content: [{ type: 'text', text: `answered ${answer.action}` }] };
    },
  );
  server.registerTool(
    'wait',
    { description: 'Waits until cancelled.' },
    (extra) =>
      new Promise((resolve) => {
        extra.signal.addEventListener('abort', () => {
          seen.cancelled.push(String(extra.requestId));
          resolve({ content: [{ type: 'text', text: 'cancelled' }] });
        });
      }),
  );
  server.registerResource('note', 'note://one', { mimeType: 'text/plain' }, async () => ({
    contents: [{ uri: 'note://one', text: 'one' }],
  }));
  server.server.setRequestHandler(
    z.object({ method: z.literal('resources/subscribe'), params: z.object({ uri: z.string() }) }),
    async (request) => {
      // Tell the subscriber at once that it changed, on the session's GET stream.
      setTimeout(() => void server.server.sendResourceUpdated({ uri: request.params.uri }), 50);
      return {};
    },
  );
  return server;
}

/** With `eventStreamDelayMs`, each session's GET event stream is answered that late. */
export async function startStreamingUpstream(options: { eventStreamDelayMs?: number } = {}): Promise<StreamingUpstream> {
  const seen = { cancelled: [] as string[] };
  const served = await serveMcpSessions(() => createMcp(seen), options);
  return { url: served.url, cancelled: seen.cancelled, close: served.close };
}
