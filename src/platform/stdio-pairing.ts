import { createStdioChannel, describeExit, type StdioCommand } from '../mcp/upstream/stdio-channel.js';
import type { Platform } from './platform.js';

/** A local stdio server paired with an uplink connection. */
export interface StdioPairing {
  /** Resolves once the server is connected; rejects when the connection is not an uplink one or the server failed to initialize. */
  ready: Promise<void>;
  /** Settles with how the process ended (exit code, last stderr lines). */
  ended: Promise<string>;
  /** Ends the pairing and the process (the connection then reads `disconnected`). */
  stop(): void;
}

/**
 * Starts a local stdio MCP server and pairs it with the local account's uplink connection
 * `namespace/connectionId` (`mcpsim uplink`, `serve --uplink`, a scenario's `uplink:`). Kept off
 * `Platform` so that the root export never loads the stdio transport; no process is started for
 * a connection that is not an uplink one.
 *
 * @example
 *   const pairing = pairStdioServer(platform, { namespace: 'local', connectionId: 'memory' }, { command: 'node', args: ['server.js'], env: {} });
 *   await pairing.ready;
 */
export function pairStdioServer(
  platform: Platform,
  target: { namespace: string; connectionId: string },
  command: StdioCommand,
): StdioPairing {
  let channel: ReturnType<typeof createStdioChannel> | null = null;
  const ready = platform.pairUplink(target, () => (channel = createStdioChannel(command)));
  const started = channel as ReturnType<typeof createStdioChannel> | null;
  if (started === null) return { ready, ended: Promise.resolve('it was not started'), stop: () => {} };
  return { ready, ended: started.exited.then((exit) => describeExit(command.command, exit)), stop: () => started.end(1000, 'stopped') };
}
