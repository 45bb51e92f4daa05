import { createHmac, timingSafeEqual } from 'node:crypto';

/** The connection a setup link opens. */
export interface SetupTarget {
  accountId: string;
  namespace: string;
  connectionId: string;
}

export interface SetupLinks {
  /** The `setupUrl` of a connection: on the public URL when one is known, else on the origin the client reached mcpsim at. */
  toSetupUrl(origin: string, target: SetupTarget): string;
  /** The connection a ticket names, or null when the ticket is not one of ours. */
  readTicket(ticket: string): SetupTarget | null;
}

export const setupPathPrefix = '/__mcpsim/setup/';

/**
 * Setup links: a person opens them in a browser, where no bearer credential is sent, so the link
 * itself is the credential. The ticket names the connection and carries an HMAC under the data
 * dir's token key; only this server can make one, and a forged or edited ticket opens nothing.
 *
 * @example
 *   links.toSetupUrl('http://127.0.0.1:4010', { accountId, namespace: 'demo', connectionId: 'notion' })
 *   // 'http://127.0.0.1:4010/__mcpsim/setup/WyJhY2N0Ii...<mac>'
 */
export function createSetupLinks(key: Uint8Array, publicUrl: () => string | null = () => null): SetupLinks {
  const mac = (payload: string) => createHmac('sha256', key).update(`mcpsim setup link\n${payload}`).digest().subarray(0, 18).toString('base64url');
  return {
    toSetupUrl(origin, { accountId, namespace, connectionId }) {
      const payload = Buffer.from(JSON.stringify([accountId, namespace, connectionId])).toString('base64url');
      return `${publicUrl() ?? origin}${setupPathPrefix}${payload}.${mac(payload)}`;
    },
    readTicket(ticket) {
      const [payload, signature, ...rest] = ticket.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const [accountId, namespace, connectionId] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as string[];
        if (typeof accountId !== 'string' || typeof namespace !== 'string' || typeof connectionId !== 'string') return null;
        return { accountId, namespace, connectionId };
      } catch {
        return null;
      }
    },
  };
}
