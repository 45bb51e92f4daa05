import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { ClientEnv } from '../api/context.js';
import type { UpgradeEnv } from '../api/uplink-upgrade.js';
import { apiError, toErrorBody, type ApiError } from '../errors.js';
import { attachSocketUpgrades } from './socket-upgrade.js';

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /**
   * Stops accepting connections, ends the event streams it is serving (an MCP session's GET
   * stream never finishes on its own), lets other requests in flight finish (up to `graceMs`),
   * then resolves.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Serves a fetch handler over HTTP on `host:port` (port 0 picks a free port). Every request goes
 * with the socket's remote address in its env (`clientAddress`, see `ClientEnv`): only this door
 * knows who connected (a CLI login approves with one click only for this machine). WebSocket
 * upgrade requests go to the same handler with a `SocketUpgrade` in the env (uplink pairing).
 *
 * @example
 *   const server = await startServer({ fetch: platform.app.fetch, port: 0 });
 *   await fetch(`${server.url}/health`);
 *   await server.close();
 */
export function startServer(options: {
  fetch: (request: Request, env?: (UpgradeEnv & ClientEnv) | ClientEnv) => Response | Promise<Response>;
  port: number;
  host?: string;
}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    // autoCleanupIncoming off: the node server's own cleanup reads at most 64 MiB for 500 ms of a
    // body nobody read (an early 401 or 413) and then closes the socket, so a client still
    // sending got a reset instead of the answer. Node itself discards the rest of the body after
    // the answer, bounded by its request timeout.
    const server: ServerType = serve(
      {
        fetch: (request, env) => options.fetch(request, new DoorEnv(env.incoming, env.outgoing)),
        port: options.port,
        hostname: host,
        autoCleanupIncoming: false,
      },
      (info: AddressInfo) => {
        const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({ url: `http://${urlHost}:${info.port}`, port: info.port, close: (graceMs) => closeServer(server, graceMs) });
      },
    );
    attachSocketUpgrades(server as Server, options.fetch);
    trackResponses(server as Server);
    server.once('error', reject);
    server.on('clientError', answerClientError);
  });
}

/**
 * The door's env: node-server's bindings, and the socket's remote address, read only when a route
 * asks (`clientAddress`, a CLI login's approval): reading it costs a system call, which every
 * other request is spared. Undefined when Node no longer knows it (a destroyed socket).
 */
class DoorEnv implements ClientEnv {
  constructor(
    readonly incoming: { readonly socket: { readonly remoteAddress?: string | undefined } },
    readonly outgoing: unknown,
  ) {}
  get clientAddress(): string | undefined {
    return this.incoming.socket.remoteAddress;
  }
}

/**
 * What Node answers itself, before the app sees a request (a request line or headers it cannot
 * parse, headers over its 16 KiB limit, a request that timed out): the platform's JSON error body
 * instead of Node's empty one. Like Node, it writes only when no answer has started on the socket.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy(error);
    return;
  }
  const failure = toClientFailure(error);
  const body = JSON.stringify(toErrorBody(failure));
  socket.end(
    `HTTP/1.1 ${failure.status} ${reasons[failure.status] ?? 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const reasons: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

function toClientFailure(error: Error & { code?: string }): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return apiError('headers_too_large', 'The request headers are larger than the server accepts (16 KiB); send fewer or shorter headers');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return apiError('request_timeout', 'The request did not arrive in time; send it again');
  return apiError(
    'validation_error',
    `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}: ${error.message}); send a well-formed request`,
  );
}

/** The event streams each server is writing now (GETs that asked for one), so closing can end them. */
const streamsOf = new WeakMap<Server, Set<ServerResponse>>();

function trackResponses(server: Server): void {
  const streams = new Set<ServerResponse>();
  streamsOf.set(server, streams);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Hono's Node adapter writes headers in one writeHead, so the response's type cannot be read back: the request's is used.
    if (request.method !== 'GET' || !(request.headers.accept ?? '').includes('text/event-stream')) return;
    streams.add(response);
    response.once('close', () => streams.delete(response));
  });
}

function closeServer(server: ServerType, graceMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const http = server as Server;
    for (const response of streamsOf.get(http) ?? []) response.destroy();
    const timer = setTimeout(() => http.closeAllConnections(), graceMs);
    timer.unref();
    http.close((error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    });
    http.closeIdleConnections();
  });
}
