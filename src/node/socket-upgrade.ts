/**
 * WebSocket upgrades at the socket door (uplink pairing: docs/decisions.md, "Uplink pairing"). The app decides: the
 * upgrade request goes through the same `fetch` as any other, with a `SocketUpgrade` in its env;
 * when the app accepts, the door completes the upgrade with `ws` and hands the socket back, else
 * it writes the app's answer (a 401, 404 or 409 with the platform's error body) and closes.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ClientEnv } from '../api/context.js';
import type { MessageSocket, UpgradeEnv } from '../api/uplink-upgrade.js';

type Fetch = (request: Request, env?: UpgradeEnv & ClientEnv) => Response | Promise<Response>;

/** Largest frame accepted from an uplink (one JSON-RPC message). */
const maxFrameBytes = 16 * 1024 * 1024;

/**
 * Answers `upgrade` events of `server` through `fetch`.
 *
 * @example
 *   attachSocketUpgrades(server, platform.app.fetch);
 */
export function attachSocketUpgrades(server: Server, fetch: Fetch): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  server.on('upgrade', (incoming: IncomingMessage, raw: Duplex, head: Buffer) => {
    raw.on('error', () => raw.destroy());
    void answerUpgrade(sockets, fetch, incoming, raw, head).catch(() => raw.destroy());
  });
  server.on('close', () => sockets.close());
}

async function answerUpgrade(sockets: WebSocketServer, fetch: Fetch, incoming: IncomingMessage, raw: Duplex, head: Buffer): Promise<void> {
  let onSocket: ((socket: MessageSocket) => void) | null = null;
  const response = await fetch(toRequest(incoming), {
    socketUpgrade: { accept: (listener) => void (onSocket = listener) },
    ...(incoming.socket.remoteAddress === undefined ? {} : { clientAddress: incoming.socket.remoteAddress }),
  });
  const accepted = onSocket as ((socket: MessageSocket) => void) | null;
  if (accepted && !raw.destroyed) {
    sockets.handleUpgrade(incoming, raw, head, (socket) => accepted(toMessageSocket(socket)));
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const status = accepted ? 400 : response.status;
  const headers = [
    `HTTP/1.1 ${status} ${statusText(status)}`,
    `content-type: ${response.headers.get('content-type') ?? 'application/json'}`,
    `content-length: ${body.length}`,
    'connection: close',
  ];
  raw.end(Buffer.concat([Buffer.from(`${headers.join('\r\n')}\r\n\r\n`), body]));
}

function toRequest(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`), {
    method: incoming.method ?? 'GET',
    headers,
  });
}

function toMessageSocket(socket: WebSocket): MessageSocket {
  // A frame `ws` refuses (invalid UTF-8, over maxPayload, a reserved bit set) is emitted as
  // 'error' after `ws` has sent the close frame with its code (1007, 1009, 1002) and begun
  // closing; without a listener that emit threw out of the socket's data handler and ended the
  // whole server. The 'close' that follows ends the pairing (status disconnected).
  socket.on('error', () => {});
  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    onMessage: (listener) => void socket.on('message', (data, isBinary) => void (isBinary ? undefined : listener(data.toString()))),
    onClose: (listener) => void socket.on('close', (code, reason) => listener(code, reason.toString())),
  };
}

function statusText(status: number): string {
  return (
    ({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' } as Record<number, string>)[status] ??
    'Error'
  );
}
