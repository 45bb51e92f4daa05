import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { DedicatedUpstream, UpstreamSession } from './upstream-session.js';

type NotificationHandler = Parameters<DedicatedUpstream['onNotification']>[0];
type RequestHandler = Parameters<DedicatedUpstream['onRequest']>[0];

interface Route {
  inFlight: number;
  lastCall: number;
  notified: NotificationHandler;
  asked: RequestHandler | null;
  /** What its client declared in initialize. */
  capabilities: ClientCapabilities;
  /** When it attached: the latest that can answer is asked what is asked outside any call. */
  attachedAt: number;
}

export interface UplinkRouter {
  /** One MCP session's view of the shared session; `isOpen` says whether the pairing still stands; `capabilities` are its client's. */
  attach(session: UpstreamSession, isOpen: () => boolean, capabilities?: ClientCapabilities): DedicatedUpstream;
}

/**
 * Shares a paired local server's one client session among the MCP sessions of its clients
 * (docs/api.md, "The MCP endpoint"). Progress and cancellation belong to a request, so the SDK
 * routes them; what else the server sends goes to the session with a call in flight (the one that
 * called last when several are), and a notification sent outside any call to every session. A
 * `roots/list` asked outside any call (a server asks it once initialized, and on
 * `notifications/roots/list_changed`) goes to the session that attached last among those whose
 * client declared `roots`.
 *
 * @example
 *   const router = createUplinkRouter(client); // before client.connect
 *   const dedicated = router.attach(session, () => pairings.get(key) === pairing);
 */
export function createUplinkRouter(client: Client): UplinkRouter {
  const routes = new Set<Route>();
  let calls = 0;
  const busiest = () => [...routes].filter((route) => route.inFlight > 0).sort((a, b) => b.lastCall - a.lastCall)[0];

  client.fallbackNotificationHandler = async ({ method, params }) => {
    const route = busiest();
    for (const target of route ? [route] : routes) target.notified(method, params);
  };
  const rootsHolder = () =>
    [...routes].filter((route) => route.asked && route.capabilities.roots).sort((a, b) => b.attachedAt - a.attachedAt)[0];
  let attached = 0;

  client.fallbackRequestHandler = async ({ method, params }, extra) => {
    const asked = (busiest() ?? (method === 'roots/list' ? rootsHolder() : undefined))?.asked;
    if (!asked) throw new McpError(ErrorCode.MethodNotFound, `${method}: no client with a call in flight in an MCP session can answer it`);
    return asked(method, params as Record<string, unknown> | undefined, extra.signal);
  };

  return {
    attach(session: UpstreamSession, isOpen: () => boolean, capabilities: ClientCapabilities = {}): DedicatedUpstream {
      const route: Route = { inFlight: 0, lastCall: 0, notified: () => {}, asked: null, capabilities, attachedAt: ++attached };
      routes.add(route);
      return {
        session: {
          ...session,
          async request(method, params, timeoutMs, options) {
            route.inFlight++;
            route.lastCall = ++calls;
            try {
              return await session.request(method, params, timeoutMs, options);
            } finally {
              route.inFlight--;
            }
          },
        },
        isOpen,
        onNotification: (handler) => void (route.notified = handler),
        onRequest: (handler) => void (route.asked = handler),
        close: async () => void routes.delete(route),
      };
    },
  };
}
