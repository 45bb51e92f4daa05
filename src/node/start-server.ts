import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { UpgradeEnv } from '../api/uplink-upgrade.js';
import { attachSocketUpgrades } from './socket-upgrade.js';

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Serves a fetch handler over HTTP on `host:port` (port 0 picks a free port). WebSocket upgrade
 * requests go to the same handler with a `SocketUpgrade` in the env (uplink pairing).
 *
 * @example
 *   const server = await startServer({ fetch: platform.app.fetch, port: 0 });
 *   await fetch(`${server.url}/health`);
 *   await server.close();
 */
export function startServer(options: { fetch: (request: Request, env?: UpgradeEnv | object) => Response | Promise<Response>; port: number; host?: string }): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch: options.fetch, port: options.port, hostname: host }, (info: AddressInfo) => {
      const urlHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({ url: `http://${urlHost}:${info.port}`, port: info.port, close: (graceMs) => closeServer(server, graceMs) });
    });
    attachSocketUpgrades(server as import('node:http').Server, options.fetch);
    server.once('error', reject);
  });
}

function closeServer(server: ServerType, graceMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const http = server as import('node:http').Server;
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
