/**
 * The reference server as a stdio server, for pairing with an uplink connection: a stdio MCP
 * server that passes every message on to the Streamable HTTP server at argv[2] and back (requests,
 * notifications, progress and cancellation both ways), so the conformance suite can run through a
 * stdio uplink against the same reference.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const loose = z.looseObject({});
const client = new Client({ name: 'stdio-bridge', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {} } });
let server = null;
client.fallbackNotificationHandler = async (notification) => server?.notification(notification);
client.fallbackRequestHandler = async ({ method, params }, extra) => server.request({ method, params }, loose, { signal: extra.signal });
await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[2])));

server = new Server(client.getServerVersion(), { capabilities: client.getServerCapabilities() ?? {} });
server.fallbackRequestHandler = async ({ method, params }, extra) => {
  const token = params?._meta?.progressToken;
  // Progress goes out in order, and before the result it preceded.
  let sent = Promise.resolve();
  const onprogress =
    token === undefined
      ? undefined
      : (progress) =>
          void (sent = sent.then(() =>
            extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken: token } }),
          ));
  const result = await client.request({ method, params }, loose, {
    signal: extra.signal,
    timeout: 60_000,
    ...(onprogress ? { onprogress } : {}),
  });
  await sent;
  return result;
};
server.fallbackNotificationHandler = async (notification) => client.notification(notification);
server.onclose = () => void client.close().then(() => process.exit(0));
await server.connect(new StdioServerTransport());
