/**
 * What is paired to each uplink connection (docs/decisions.md, "Uplink pairing"): at most one local MCP server per
 * connection, reached through an `UplinkChannel` (a WebSocket from the official CLI, or a stdio
 * process). mcpsim is the MCP client on the channel: it initializes, then the relay forwards MCP
 * requests, REST tool calls and namespace listings through the same session an HTTP upstream would
 * give, bounded by the same timeouts. The connection's stored status follows the pairing:
 * `connected` with the local server's `serverInfo` once it has initialized, `disconnected` when
 * the channel closes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { Connection, ConnectionStatus } from '../../domain/connection.js';
import { scrubJsonSecrets } from '../../domain/secrets.js';
import { toServerInfo } from '../../domain/server-info.js';
import type { Stores } from '../../store/stores.js';
import { version } from '../../version.js';
import type { UplinkChannel } from './uplink-channel.js';
import { scrubFailure, toUpstreamError, UpstreamError } from './upstream-failure.js';
import { createUplinkRouter, type UplinkRouter } from './uplink-router.js';
import { toUpstreamSession, withDeadline, type DedicatedUpstream, type UpstreamSession } from './upstream-session.js';

/** The parts of a stored uplink connection that pairing needs. */
export type UplinkConnection = Pick<Connection, 'key' | 'namespaceKey' | 'namespace' | 'connectionId' | 'createdAt'>;

export interface UplinkPairings {
  /** Whether a local server is paired (or pairing) with the connection now. */
  isPaired(connection: UplinkConnection): boolean;
  /**
   * Pairs `channel` with the connection and initializes the local server (within the timeout);
   * resolves once it is connected. An existing pairing is replaced when `force` (it is ended with
   * 1001 `replaced`), else this one is refused: ended, and an `UplinkConflictError` thrown. A failed
   * initialize ends the channel and throws the `UpstreamError`.
   */
  pair(connection: UplinkConnection, channel: UplinkChannel, options: { force: boolean }): Promise<void>;
  /** The session of the paired local server, or an `UpstreamError` when none is paired. */
  session(connection: UplinkConnection): Promise<UpstreamSession>;
  /**
   * The paired local server's session as one client's MCP session sees it: what the server sends
   * besides answers goes to that session when it is the one calling (uplink-router.ts); a
   * `roots/list` asked outside any call goes to the last session whose client declared `roots`.
   */
  dedicated(connection: UplinkConnection, capabilities: ClientCapabilities): Promise<DedicatedUpstream>;
  /** The values to scrub from what the paired local server says (its environment), or none when nothing is paired. */
  secrets(connection: UplinkConnection): readonly string[];
  /** Ends the connection's pairing, if any (e.g. the connection was deleted). */
  unpair(connection: UplinkConnection, reason: string): void;
  /** Ends every pairing (the server is stopping; call before closing the stores): their connections read `disconnected`. */
  close(): void;
}

/** A second pairing of a connection that is already paired, without `force`. */
export class UplinkConflictError extends Error {
  override name = 'UplinkConflictError';
}

interface Pairing {
  connection: UplinkConnection;
  channel: UplinkChannel;
  /** Set once the local server has initialized. */
  session: UpstreamSession | null;
  /** Settles when initialize has finished: the session, or null when it failed. */
  ready: Promise<UpstreamSession | null>;
  /** Shares the session among the clients' MCP sessions. */
  router?: UplinkRouter;
}

const clientInfo = { name: 'mcpsim', version };

/**
 * The pairing registry of one platform, keyed by the connection's row (a re-created connection
 * with the same id is another row, and never sees an old pairing).
 *
 * @example
 *   const uplinks = createUplinkPairings({ stores, timeoutMs: 5000 });
 *   await uplinks.pair(connection, createSocketChannel(socket), { force: false });
 *   const tools = await (await uplinks.session(connection)).request('tools/list', undefined, 5000);
 */
export function createUplinkPairings({ stores, timeoutMs }: { stores: Pick<Stores, 'connections'>; timeoutMs: number }): UplinkPairings {
  const pairings = new Map<number, Pairing>();
  let closing = false;

  const labelOf = (connection: UplinkConnection) => `the local server paired with ${connection.namespace}/${connection.connectionId}`;

  function writeStatus(connection: UplinkConnection, status: ConnectionStatus, serverInfo?: Connection['serverInfo']): void {
    if (closing) return;
    stores.connections.setStatus(
      connection.namespaceKey!,
      { connectionId: connection.connectionId, createdAt: connection.createdAt, mcpUrl: null, status },
      serverInfo ?? undefined,
    );
  }

  async function pair(connection: UplinkConnection, channel: UplinkChannel, { force }: { force: boolean }): Promise<void> {
    const key = connection.key!;
    const label = labelOf(connection);
    // What the server says is stored and shown only with the values it was given scrubbed.
    const secrets = channel.secrets ?? [];
    const existing = pairings.get(key);
    if (existing && !force) {
      channel.end(1008, 'already paired');
      throw new UplinkConflictError(
        `Connection "${connection.connectionId}" in namespace "${connection.namespace}" is already paired with a local server; pair with ?force=1 to replace it`,
      );
    }
    let settle: (session: UpstreamSession | null) => void = () => {};
    const pairing: Pairing = { connection, channel, session: null, ready: new Promise((resolve) => (settle = resolve)) };
    pairings.set(key, pairing);
    existing?.channel.end(1001, 'replaced');

    let protocolVersion = '';
    const setProtocolVersion = channel.transport.setProtocolVersion;
    channel.transport.setProtocolVersion = (negotiated) => {
      protocolVersion = negotiated;
      setProtocolVersion?.call(channel.transport, negotiated);
    };
    // It may ask its clients for sampling, elicitation and their roots: a client in an MCP session
    // gets the request, any other answers "Method not found" (uplink-router.ts). It is started
    // before any client connects, so it is told all a relayed client may do: a server shows some
    // tools only to clients that can answer them (server-everything's get-roots-list).
    const client = new Client(clientInfo, { capabilities: { sampling: {}, elicitation: {}, roots: {} } });
    pairing.router = createUplinkRouter(client);
    client.onerror = () => {};
    client.onclose = () => {
      if (pairings.get(key) !== pairing) return;
      pairings.delete(key);
      settle(null);
      if (pairing.session) writeStatus(connection, { state: 'disconnected' });
    };
    try {
      await withDeadline(client.connect(channel.transport, { timeout: timeoutMs }), timeoutMs, label);
    } catch (error) {
      const failure = scrubFailure(toUpstreamError(error, label, timeoutMs), secrets);
      channel.end(1011, 'initialize failed'); // usually already closed (1000) by the SDK client giving up
      const reason = await channel.endReason?.();
      // Still ours, or already dropped by the close of a process that died while initializing (not replaced).
      const current = pairings.get(key);
      if (current === pairing || current === undefined) {
        pairings.delete(key);
        writeStatus(connection, {
          state: 'error',
          message: `The local server paired over the uplink failed to initialize: ${failure.message}${reason ? ` (${reason})` : ''}`,
        });
      }
      settle(null);
      throw failure;
    }
    const serverInfo = client.getServerVersion() ?? { name: connection.connectionId, version: 'unknown' };
    pairing.session = withChannelFailures(toUpstreamSession(client, { label, serverInfo, protocolVersion }), channel);
    settle(pairing.session);
    // Replaced or gone while it initialized: the newer pairing (or the close) decides the status.
    if (pairings.get(key) === pairing)
      writeStatus(connection, { state: 'connected' }, scrubJsonSecrets(toServerInfo(serverInfo, connection.connectionId), secrets));
  }

  async function sessionOf(connection: UplinkConnection): Promise<UpstreamSession> {
    const pairing = pairings.get(connection.key!);
    const session = pairing ? (pairing.session ?? (await pairing.ready)) : null;
    if (!session) {
      throw new UpstreamError(
        'refused',
        `no local server is paired with uplink connection "${connection.namespace}/${connection.connectionId}"; pair one (mcpsim uplink or smithery mcp add -- <command>) and try again`,
      );
    }
    return session;
  }

  return {
    isPaired: (connection) => pairings.has(connection.key!),
    pair,
    session: sessionOf,
    async dedicated(connection, capabilities) {
      const shared = await sessionOf(connection);
      const pairing = pairings.get(connection.key!)!;
      return pairing.router!.attach(shared, () => pairings.get(connection.key!) === pairing, capabilities);
    },
    secrets: (connection) => pairings.get(connection.key!)?.channel.secrets ?? [],
    unpair(connection, reason) {
      pairings.get(connection.key!)?.channel.end(1000, reason);
    },
    close() {
      for (const [key, pairing] of pairings) {
        pairings.delete(key);
        if (pairing.session) writeStatus(pairing.connection, { state: 'disconnected' });
        pairing.channel.end(1001, 'server shutting down');
      }
      closing = true;
    },
  };
}

/**
 * The session, with a request that failed because the channel closed saying how it ended (a stdio
 * process's exit code and last stderr lines), so a call in flight when the server died says why;
 * and with the channel's secrets scrubbed from every failure (a server's error that echoes its API
 * key), before the relay stores or shows it.
 */
function withChannelFailures(session: UpstreamSession, channel: UplinkChannel): UpstreamSession {
  if (!channel.endReason && !channel.secrets?.length) return session;
  return {
    ...session,
    async request(method, params, timeoutMs, options) {
      try {
        return await session.request(method, params, timeoutMs, options);
      } catch (error) {
        const reason = error instanceof UpstreamError && error.kind === 'closed' ? await channel.endReason?.() : null;
        const failure = reason ? new UpstreamError('closed', `${(error as Error).message}: ${reason}`, { cause: error }) : error;
        throw failure instanceof UpstreamError ? scrubFailure(failure, channel.secrets ?? []) : failure;
      }
    },
  };
}
