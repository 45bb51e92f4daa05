import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities, Implementation } from '@modelcontextprotocol/sdk/types.js';
import { toDedicatedHandlers } from './dedicated-handlers.js';
import { watchEventStream } from '../session/event-stream-opened.js';
import { version } from '../../version.js';
import { relayHopHeader, relayHopValue } from './relay-hop.js';
import { toUpstreamError } from './upstream-failure.js';
import { toUpstreamSession, withDeadline, type DedicatedUpstream, type UpstreamSession } from './upstream-session.js';

/** A real MCP server and what to send it: the connection's URL (with its query config) and stored headers. */
export interface UpstreamTarget {
  url: string;
  headers: Record<string, string> | null;
}

export type { UpstreamSession };

export interface UpstreamPoolOptions {
  /** Bound on connecting (initialize) and on listing tools, in ms (default 5000). */
  timeoutMs?: number;
  /** Most sessions kept open at once; the least recently used is closed first (default 256). */
  maxSessions?: number;
  /** The fetch the MCP client uses (default: the global one). */
  fetch?: typeof fetch;
}

export interface UpstreamPool {
  readonly timeoutMs: number;
  /** Runs `initialize` against the target, then closes: the server's info, or an UpstreamError. */
  probe(target: UpstreamTarget): Promise<{ serverInfo: Implementation }>;
  /** A connected session for the target: reused while it works, made (and initialized) when needed. */
  session(target: UpstreamTarget): Promise<UpstreamSession>;
  /**
   * A session of its own (not pooled) for one client's MCP session, declaring that client's
   * capabilities; what the upstream sends besides answers is handed to its handlers.
   */
  dedicated(target: UpstreamTarget, capabilities: ClientCapabilities): Promise<DedicatedUpstream>;
  /** Closes the target's session, e.g. after it failed or its connection changed. */
  drop(target: UpstreamTarget): Promise<void>;
  close(): Promise<void>;
}

const clientInfo = { name: 'mcpsim', version };

/** Longest wait for a dedicated upstream's session event stream to be answered (event-stream-opened.ts). */
const eventStreamBoundMs = 1500;

/**
 * Clients of real upstream MCP servers (Streamable HTTP, through the MCP SDK's own Client), kept
 * per target (URL + headers) so a stateful upstream keeps one session and a listing does not pay
 * an `initialize` every time. Every wait is bounded; a failure is always an `UpstreamError` that
 * names what failed (DNS, refused, timeout, closed socket, not MCP, 401).
 */
export function createUpstreamPool({ timeoutMs = 5000, maxSessions = 256, fetch: fetchImpl }: UpstreamPoolOptions = {}): UpstreamPool {
  const sessions = new Map<string, Promise<OpenSession>>();

  async function open(
    target: UpstreamTarget,
    deadlineMs: number,
    onBroken: () => void = () => {},
    capabilities: ClientCapabilities = {},
    prepare: (client: Client) => void = () => {},
    eventStreamBoundMs = 0,
  ): Promise<OpenSession> {
    const watched = eventStreamBoundMs > 0 ? watchEventStream(fetchImpl) : undefined;
    const fetching = watched?.fetch ?? fetchImpl;
    const transport = new StreamableHTTPClientTransport(new URL(target.url), {
      // The hop marker goes last, so no stored header can remove it (relay-hop.ts).
      requestInit: { headers: { ...(target.headers ?? {}), [relayHopHeader]: relayHopValue } },
      ...(fetching ? { fetch: fetching } : {}),
    });
    const client = new Client(clientInfo, { capabilities });
    prepare(client);
    // Errors of the background GET stream (405 from stateless servers) are not request failures. But
    // when a response stream broke and the SDK's attempt to resume it failed (the upstream stopped),
    // the requests waiting on it would wait until their timeout: close the session so they fail now.
    client.onerror = (error) => {
      if (/^(Failed to reconnect SSE stream|Maximum reconnection attempts)/.test(error.message)) {
        onBroken();
        void client.close().catch(() => {});
      }
    };
    try {
      await withDeadline(client.connect(transport, { timeout: deadlineMs }), deadlineMs, target.url);
      await watched?.opened(eventStreamBoundMs);
    } catch (error) {
      await client.close().catch(() => {});
      throw toUpstreamError(error, target.url, deadlineMs);
    }
    return { client, target };
  }

  function toSession({ client, target }: OpenSession, key: string): UpstreamSession {
    return toUpstreamSession(client, {
      label: target.url,
      serverInfo: client.getServerVersion() ?? { name: new URL(target.url).host, version: 'unknown' },
      protocolVersion: (client.transport as StreamableHTTPClientTransport | undefined)?.protocolVersion ?? '',
      // The session may be broken (or expired upstream): the next request opens a new one.
      onFailure: () => void forget(key),
    });
  }

  async function forget(key: string): Promise<void> {
    const pending = sessions.get(key);
    if (!pending) return;
    sessions.delete(key);
    const open = await pending.catch(() => null);
    await open?.client.close().catch(() => {});
  }

  async function session(target: UpstreamTarget): Promise<UpstreamSession> {
    const key = toKey(target);
    let pending = sessions.get(key);
    if (pending) {
      // Most recently used last: a Map keeps insertion order.
      sessions.delete(key);
      sessions.set(key, pending);
    } else {
      const opened: Promise<OpenSession> = open(target, timeoutMs, () => void (sessions.get(key) === opened && sessions.delete(key)));
      pending = opened;
      sessions.set(key, pending);
      pending.catch(() => sessions.get(key) === pending && sessions.delete(key));
      while (sessions.size > maxSessions) void forget(sessions.keys().next().value!);
    }
    return toSession(await pending, key);
  }

  return {
    timeoutMs,
    async probe(target) {
      const { client } = await open(target, timeoutMs);
      try {
        return { serverInfo: client.getServerVersion() ?? { name: new URL(target.url).host, version: 'unknown' } };
      } finally {
        await client.close().catch(() => {});
      }
    },
    session,
    async dedicated(target, capabilities) {
      const handlers = toDedicatedHandlers();
      // What the upstream asks on its session stream must find it open: wait for the GET's answer.
      const opened = await open(target, timeoutMs, () => {}, capabilities, handlers.attach, Math.min(timeoutMs, eventStreamBoundMs));
      return {
        session: toSession(opened, ''),
        isOpen: () => opened.client.transport !== undefined,
        onNotification: handlers.onNotification,
        onRequest: handlers.onRequest,
        async close() {
          // The upstream is told the session is over (DELETE), as the spec asks of a client that leaves, then the client closes.
          const transport = opened.client.transport;
          if (transport instanceof StreamableHTTPClientTransport)
            await withDeadline(transport.terminateSession(), timeoutMs, target.url).catch(() => {});
          await opened.client.close().catch(() => {});
        },
      };
    },
    drop: (target) => forget(toKey(target)),
    async close() {
      await Promise.all([...sessions.keys()].map(forget));
    },
  };
}

interface OpenSession {
  client: Client;
  target: UpstreamTarget;
}

/** Targets with the same URL and headers share a session; the key never holds the headers in clear. */
function toKey(target: UpstreamTarget): string {
  const headers = Object.entries(target.headers ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([target.url, headers]))
    .digest('base64url');
}
