/**
 * Pending logins of the official CLI (`smithery auth login`, docs/decisions.md, "CLI login"): the CLI opens a
 * session, a person approves it on this server's page, and the CLI's next poll receives a new API
 * key of the approving account. Sessions live in memory (a restart only makes the CLI log in
 * again), at most `maxPending` at once, and expire 5 minutes after they were opened in real time:
 * the clock given here is the system clock, never the platform's virtual one, which a test may
 * freeze (a frozen clock would keep every pending login, and its id, alive forever).
 */
import { createApiKey, toStoredKey } from '../domain/api-key.js';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random.js';
import { apiError } from '../errors.js';
import type { Account, AccountStore } from '../store/account-store.js';

/** How long a login session waits for approval (the CLI polls for as long). */
export const cliLoginTtlMs = 5 * 60_000;

/** How many login sessions may wait at once: far more than people log in within 5 minutes, few enough to keep in memory. */
export const maxPendingCliLogins = 100;

/** The label of keys handed out by a CLI login. */
export const cliLoginKeyLabel = 'created by a CLI login';

/** What a poll learns. */
export type CliLoginPoll = { status: 'pending' } | { status: 'success'; apiKey: string; namespace?: string } | null;

export interface CliLogins {
  /** Opens a session; its id goes into the approve link and the poll URL. Throws 503 `server_busy` when `maxPending` are waiting. */
  open(): string;
  /** Whether the session exists and has not expired or been used. */
  isOpen(sessionId: string): boolean;
  /**
   * Approves the session for `account`: a new key of the account (labelled as made by a CLI
   * login) waits for the next poll. False when the session is gone.
   */
  approve(sessionId: string, account: Account, namespace: string | null): boolean;
  /** Pending, the key (once: the session then ends), or null when unknown or expired. */
  poll(sessionId: string): CliLoginPoll;
}

interface Session {
  expiresAt: number;
  handout: { apiKey: string; namespace: string | null } | null;
}

/**
 * @example
 *   const logins = createCliLogins({ accounts: stores.accounts, clock, random });
 *   const id = logins.open();
 *   logins.approve(id, stores.accounts.findLocal()!, 'demo');
 *   logins.poll(id); // { status: 'success', apiKey: 'mcpsim_sk_...', namespace: 'demo' }
 */
export function createCliLogins({
  accounts,
  clock,
  random,
  maxPending = maxPendingCliLogins,
}: {
  accounts: AccountStore;
  /** Real time: the system clock in a server (see above). */
  clock: Clock;
  random: RandomSource;
  maxPending?: number;
}): CliLogins {
  const sessions = new Map<string, Session>();

  /** The live session, forgetting expired ones as they are met (at most a few per person). */
  function live(sessionId: string): Session | null {
    const now = clock.now().getTime();
    for (const [id, session] of sessions) if (session.expiresAt <= now) sessions.delete(id);
    return sessions.get(sessionId) ?? null;
  }

  return {
    open() {
      const id = Buffer.from(random(18)).toString('base64url');
      live(id);
      // Refused rather than dropping the oldest: a flood of opens must not cancel a login a person is approving.
      if (sessions.size >= maxPending) {
        const oldest = sessions.values().next().value!;
        const seconds = Math.max(1, Math.ceil((oldest.expiresAt - clock.now().getTime()) / 1000));
        throw apiError(
          'server_busy',
          `${maxPending} CLI logins are waiting for approval, the most this server holds; try again in ${seconds} s (each expires 5 minutes after it was opened)`,
          { headers: { 'retry-after': String(seconds) } },
        );
      }
      sessions.set(id, { expiresAt: clock.now().getTime() + cliLoginTtlMs, handout: null });
      return id;
    },
    isOpen: (sessionId) => live(sessionId)?.handout === null,
    approve(sessionId, account, namespace) {
      const session = live(sessionId);
      if (!session || session.handout) return false;
      const apiKey = createApiKey();
      accounts.addKey(account.id, toStoredKey(apiKey), clock.now().toISOString(), cliLoginKeyLabel);
      session.handout = { apiKey, namespace };
      return true;
    },
    poll(sessionId) {
      const session = live(sessionId);
      if (!session) return null;
      if (!session.handout) return { status: 'pending' };
      sessions.delete(sessionId);
      const { apiKey, namespace } = session.handout;
      return { status: 'success', apiKey, ...(namespace === null ? {} : { namespace }) };
    },
  };
}
