import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { DedicatedUpstream } from './upstream-session.js';

type NotificationHandler = Parameters<DedicatedUpstream['onNotification']>[0];
type RequestHandler = Parameters<DedicatedUpstream['onRequest']>[0];

/**
 * The handlers of a dedicated upstream client: `attach` sets them on the SDK client before it
 * connects (the client's own progress and cancel handling stays), and the session they serve
 * hands in where its messages go once it is open. Until then a server request is refused.
 *
 * @example
 *   const handlers = toDedicatedHandlers();
 *   handlers.attach(client);
 *   handlers.onNotification((method, params) => void peer.notify(method, params));
 */
export function toDedicatedHandlers() {
  let notified: NotificationHandler = () => {};
  let asked: RequestHandler | null = null;
  return {
    attach(client: Client): void {
      client.fallbackNotificationHandler = async ({ method, params }) => notified(method, params);
      client.fallbackRequestHandler = async ({ method, params }, extra) => {
        if (!asked) throw new McpError(ErrorCode.MethodNotFound, `${method} reached a session that is not open yet`);
        return asked(method, params as Record<string, unknown> | undefined, extra.signal);
      };
    },
    onNotification(handler: NotificationHandler): void {
      notified = handler;
    },
    onRequest(handler: RequestHandler): void {
      asked = handler;
    },
  };
}
