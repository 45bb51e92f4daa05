/**
 * The MCP sessions of one platform (docs/decisions.md, "MCP endpoint"): opened by a client's
 * `initialize`, found by the `Mcp-Session-Id` they were issued with, bounded in number (per
 * account and in all) and in idle time, and all closed when the platform closes.
 */
import { randomUUID } from 'node:crypto';
import { defaultMcpSessionStoreLimits, type McpSessionStoreLimits } from '../../domain/mcp-limits.js';
import { mcpErrorCodes } from '../connection-gate.js';
import { toJsonRpcError } from '../json-rpc.js';
import { openMcpSession, type McpSession, type OpenSessionOptions, type SessionOwner } from './mcp-session.js';
import type { SessionRefusal } from './session-handler.js';
import type { SessionLease } from './session-lease.js';

export interface SessionLimits extends McpSessionStoreLimits {
  /** A session nobody used for this long (no request, no stream held open) is closed, in ms. */
  idleMs: number;
  /** Sessions one account may hold; opening another closes its least recently used one. */
  perAccount: number;
  /** Sessions in all; beyond it a new one is refused (503) until one ends. */
  total: number;
}

export const defaultSessionLimits: SessionLimits = { idleMs: 30 * 60_000, perAccount: 100, total: 1000, ...defaultMcpSessionStoreLimits };

/** How often every session's lease is checked, in ms. */
const leaseTickMs = 500;

/** Every id mcpsim issues starts so: an id without it was not issued here (`smithery-stateless`), and is ignored. */
const idPrefix = 'mcpsim-';

export interface McpSessions {
  /** Whether `id` has the form of an id mcpsim issues (it may have ended since). */
  isIssued(id: string): boolean;
  /** The live session `id` of this owner, or null (ended, expired, or another account's or connection's). */
  find(id: string, owner: SessionOwner): McpSession | null;
  /** Opens a session for an `initialize` POST and answers it; a refusal when the endpoint or the bound says no. */
  open(
    owner: SessionOwner,
    options: Pick<OpenSessionOptions, 'request' | 'body' | 'openHandler'> & { lease?: SessionLease | undefined },
  ): Promise<{ session: McpSession; response: Response } | SessionRefusal>;
  /** Ends every session whose connection or credential is gone (also done on a tick, and by `find`). */
  checkLeases(): void;
  /** The live sessions of a connection (its row). */
  ofConnection(connectionKey: number): McpSession[];
  /** Closes every session (the platform is closing). */
  close(): Promise<void>;
}

/**
 * @example
 *   const sessions = createMcpSessions({ askTimeoutMs: 60_000 });
 *   const session = sessions.find(request.headers.get('mcp-session-id')!, { accountId, connectionKey });
 */
export function createMcpSessions({
  limits: given = {},
  now = () => performance.now(),
  askTimeoutMs,
  retryMs = 1000,
}: {
  limits?: Partial<SessionLimits> | undefined;
  /** A real-time clock in ms: sessions guard the server, so a virtual platform clock never moves them. */
  now?: () => number;
  askTimeoutMs: number;
  retryMs?: number;
}): McpSessions {
  const limits = { ...defaultSessionLimits, ...given };
  const sessions = new Map<string, McpSession>();
  const leases = new Map<McpSession, SessionLease>();
  let closing = false;

  /** Whether the session's connection and credential are still there; ends it (streams, upstream, calls) when not. */
  function holds(session: McpSession): boolean {
    const lease = leases.get(session);
    if (!lease || lease() === null) return true;
    void session.close();
    return false;
  }
  function checkLeases(): void {
    for (const session of sessions.values()) holds(session);
  }
  // Its own tick, twice a second: a deleted connection or an expired token ends its sessions within a second, busy or not.
  const leaseTicker = setInterval(checkLeases, leaseTickMs);
  leaseTicker.unref();

  function sweep(): void {
    const cutoff = now() - limits.idleMs;
    for (const session of sessions.values()) if (session.lastActive < cutoff && !session.busy()) void session.close();
  }
  const sweeper = setInterval(sweep, Math.max(1000, Math.min(limits.idleMs / 2, 60_000)));
  sweeper.unref();

  return {
    isIssued: (id) => id.startsWith(idPrefix),
    find(id, owner) {
      const session = sessions.get(id);
      if (!session || session.owner.accountId !== owner.accountId || session.owner.connectionKey !== owner.connectionKey) return null;
      if (!holds(session)) return null;
      // Between two sweeps an expired session may still be in the table: it is closed when found.
      if (session.lastActive < now() - limits.idleMs && !session.busy()) {
        void session.close();
        return null;
      }
      return session;
    },
    async open(owner, options) {
      sweep();
      if (closing || sessions.size >= limits.total) return { refused: { payload: tooMany(options.body, limits.total), status: 503 } };
      const own = [...sessions.values()].filter((session) => session.owner.accountId === owner.accountId);
      if (own.length >= limits.perAccount) {
        const oldest = own.reduce((a, b) => (b.lastActive < a.lastActive ? b : a));
        await oldest.close();
      }
      const id = `${idPrefix}${randomUUID()}`;
      const { lease, ...sessionOptions } = options;
      const opened = await openMcpSession({
        ...sessionOptions,
        id,
        owner,
        now,
        askTimeoutMs,
        retryMs,
        storeLimits: limits,
        onClosed: (session) => {
          leases.delete(session);
          if (sessions.get(session.id) === session) sessions.delete(session.id);
        },
      });
      if ('session' in opened) {
        if (closing) await opened.session.close();
        else {
          sessions.set(id, opened.session);
          if (lease) leases.set(opened.session, lease);
        }
      }
      return opened;
    },
    checkLeases,
    ofConnection: (connectionKey) => [...sessions.values()].filter((session) => session.owner.connectionKey === connectionKey),
    async close() {
      closing = true;
      clearInterval(sweeper);
      clearInterval(leaseTicker);
      await Promise.all([...sessions.values()].map((session) => session.close()));
      sessions.clear();
    },
  };
}

function tooMany(body: Record<string, unknown>, total: number) {
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null;
  return toJsonRpcError(
    id,
    mcpErrorCodes.requestRefused,
    `mcpsim holds ${total} MCP sessions, the most it keeps at once; end sessions you no longer use (DELETE with their Mcp-Session-Id) or try again later`,
  );
}
