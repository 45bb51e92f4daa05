import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import type { Connection } from '../domain/connection.js';
import { setupPathPrefix } from './http/route-path.js';

/** The connection a setup link opens: one generation of it (its store key), so the link dies with it. */
export interface SetupTarget {
  accountId: string;
  namespace: string;
  connectionId: string;
  /** The connection's store key (`connections.seq`, never reused): a re-created connection is another generation. */
  generation: number;
}

/** What a ticket says: its connection, that it expired (and when), or null when it is not one of ours. */
export type TicketReading = { target: SetupTarget } | { expiredAt: Date } | null;

export interface SetupLinks {
  /** The `setupUrl` of a connection: on the public URL, valid for `ttlMs` from about now. */
  toSetupUrl(target: SetupTarget): string;
  readTicket(ticket: string): TicketReading;
  /**
   * The connection as a client sees it: a status that waits for a person (`auth_required`,
   * `input_required`) gets a current setup link (made now on the public URL, for this
   * generation), whether or not one was stored with it, so a link read from an old status can
   * never be stale, nor point at a host someone else chose, and no waiting connection lacks one.
   */
  present(accountId: string, connection: Connection): Connection;
  /** The form's CSRF token for this ticket and the browser's nonce cookie. */
  csrfToken(ticket: string, nonce: string): string;
  /** Whether `token` is the CSRF token of this ticket and nonce (constant time). */
  checkCsrf(ticket: string, nonce: string, token: string): boolean;
}

/** How long a setup link is valid: long enough for a person to open it, short enough that one found in a log is dead. */
export const setupLinkTtlMs = 60 * 60 * 1000;
/** Expiries are rounded up to this step, so links made a moment apart are the same text (stable GETs, replays). */
const expiryStepMs = 5 * 60 * 1000;

/**
 * Setup links: a person opens them in a browser, where no bearer credential is sent, so the link
 * itself is the credential. The ticket names one generation of one connection and an expiry on
 * the injected clock, and carries an HMAC under the data dir's token key: only this server makes
 * one, a forged or edited ticket opens nothing, and a ticket dies with its connection (a new
 * connection under the same id is another generation) or at its expiry. Links are always built on
 * the configured public URL, never on a request's Host header.
 *
 * @example
 *   const links = createSetupLinks({ key, clock, publicUrl: () => 'http://127.0.0.1:4010' });
 *   links.toSetupUrl({ accountId, namespace: 'demo', connectionId: 'notion', generation: 7 });
 *   // 'http://127.0.0.1:4010/__mcpsim/setup/WyJhY2N0Ii...<mac>'
 */
export function createSetupLinks({ key, clock, publicUrl }: { key: Uint8Array; clock: Clock; publicUrl: () => string }): SetupLinks {
  const mac = (purpose: string, payload: string) =>
    createHmac('sha256', key).update(`mcpsim ${purpose}\n${payload}`).digest().subarray(0, 18).toString('base64url');
  const same = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  function toSetupUrl({ accountId, namespace, connectionId, generation }: SetupTarget): string {
    const expiresAt = Math.ceil((clock.now().getTime() + setupLinkTtlMs) / expiryStepMs) * expiryStepMs;
    const payload = Buffer.from(JSON.stringify([accountId, namespace, connectionId, generation, expiresAt / 1000])).toString('base64url');
    return `${publicUrl()}${setupPathPrefix}${payload}.${mac('setup link', payload)}`;
  }

  return {
    toSetupUrl,
    readTicket(ticket) {
      const [payload, signature, ...rest] = ticket.split('.');
      if (!payload || !signature || rest.length > 0 || !same(signature, mac('setup link', payload))) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 5) return null;
      const [accountId, namespace, connectionId, generation, expiresAtSeconds] = fields as unknown[];
      if (typeof accountId !== 'string' || typeof namespace !== 'string' || typeof connectionId !== 'string') return null;
      if (!Number.isSafeInteger(generation) || !Number.isSafeInteger(expiresAtSeconds)) return null;
      const expiresAt = (expiresAtSeconds as number) * 1000;
      if (clock.now().getTime() >= expiresAt) return { expiredAt: new Date(expiresAt) };
      return { target: { accountId, namespace, connectionId, generation: generation as number } };
    },
    present(accountId, connection) {
      const { status } = connection;
      if ((status.state !== 'auth_required' && status.state !== 'input_required') || connection.key === undefined) return connection;
      const setupUrl = toSetupUrl({
        accountId,
        namespace: connection.namespace,
        connectionId: connection.connectionId,
        generation: connection.key,
      });
      return { ...connection, status: { ...status, setupUrl } };
    },
    csrfToken: (ticket, nonce) => mac('setup form', `${ticket}\n${nonce}`),
    checkCsrf: (ticket, nonce, token) => nonce !== '' && same(token, mac('setup form', `${ticket}\n${nonce}`)),
  };
}
