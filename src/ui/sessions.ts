import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a dashboard session lasts after login (real time: moving the virtual clock does not log anyone out). */
export const sessionTtlMs = 12 * 60 * 60 * 1000;

/** The name of the session cookie. */
export const sessionCookie = 'mcpsim_session';

/**
 * Who a session acts as, and with what: the account whose API key opened it, and that key
 * (docs/decisions.md, "Dashboard accounts"). The key stays in this process's memory, never in the
 * cookie; the session ends when the key is removed.
 */
export interface SessionCredential {
  account: { id: string; name: string };
  /** The API key every in-process API call of the session carries. */
  apiKey: string;
  /** Its SHA-256, as the account store keeps it. */
  keyHash: string;
}

export interface Session extends SessionCredential {
  id: string;
  /** The CSRF token every state-changing request of this session carries. */
  csrf: string;
  expiresAt: number;
  /** A message for the next page (after a form post redirects). */
  flash?: { text: string; error: boolean } | undefined;
}

export interface SessionsOptions {
  now?: () => number;
  ttlMs?: number;
  /** Whether a key (by its hash) still exists; a session whose key is gone is over. */
  keyExists?: (keyHash: string) => boolean;
  /** Subscribes to key removals in this process (the account store's `onKeysRemoved`), so sessions end at once. */
  onKeysRemoved?: (listener: () => void) => () => void;
}

/**
 * The dashboard's cookie sessions, in memory (a restart logs everyone out), and the login token
 * of this process: the `?token=` of the login link the banner prints. The token is exchanged for a
 * session at once and never stored in a cookie, and only once: a link that leaked (shell history,
 * a screenshot, a shared terminal) cannot open another session. A browser that already has a
 * session keeps getting in with it (dashboard.tsx checks the cookie first).
 *
 * A session ends when it expires, when it logs out, or when the API key it acts with is removed;
 * `watch` hears of the end (a live stream closes then).
 *
 * @example
 *   const sessions = createSessions({ keyExists: (hash) => stores.accounts.findByKeyHash(hash) !== null });
 *   const session = sessions.login(sessions.loginToken, localCredential()); // a new session, or null for a wrong token
 *   sessions.find(session!.id); // the session until it expires, logs out or loses its key
 */
export function createSessions({ now = Date.now, ttlMs = sessionTtlMs, keyExists = () => true, onKeysRemoved }: SessionsOptions = {}) {
  const loginToken = randomBytes(24).toString('base64url');
  const sessions = new Map<string, Session>();
  const watchers = new Map<string, Set<() => void>>();
  let loginTokenUsed = false;

  function end(id: string): void {
    sessions.delete(id);
    const ending = watchers.get(id);
    watchers.delete(id);
    for (const watcher of ending ?? []) watcher();
  }

  /** Whether the session may go on: not expired, and its key still exists (else it ends now). */
  function alive(session: Session): boolean {
    if (session.expiresAt > now() && keyExists(session.keyHash)) return true;
    end(session.id);
    return false;
  }

  onKeysRemoved?.(() => {
    for (const session of [...sessions.values()]) alive(session);
  });

  function open(credential: SessionCredential): Session {
    // Expired sessions are dropped on the way, so the map stays as small as the live sessions.
    for (const [id, session] of sessions) if (session.expiresAt <= now()) end(id);
    const session: Session = {
      id: randomBytes(24).toString('base64url'),
      csrf: randomBytes(24).toString('base64url'),
      expiresAt: now() + ttlMs,
      account: credential.account,
      apiKey: credential.apiKey,
      keyHash: credential.keyHash,
    };
    sessions.set(session.id, session);
    return session;
  }

  return {
    loginToken,
    /** A new session acting with `credential` (the local account's) for the right login token the first time it is given, else null (compared in constant time). */
    login(token: string, credential: SessionCredential): Session | null {
      if (!sameText(token, loginToken) || loginTokenUsed) return null;
      loginTokenUsed = true;
      return open(credential);
    },
    /** A new session for a caller who proved it another way (an API key in the login form). */
    open,
    find(id: string | undefined): Session | null {
      if (id === undefined) return null;
      const session = sessions.get(id);
      return session && alive(session) ? session : null;
    },
    /** How long the session has left, in ms: 0 once it has expired or ended (logged out, its key removed). */
    remainingMs(id: string): number {
      const session = sessions.get(id);
      return session && alive(session) ? session.expiresAt - now() : 0;
    },
    /** Calls `onEnd` once when the session ends (logged out, its key removed, or found expired); returns the unsubscribe. */
    watch(id: string, onEnd: () => void): () => void {
      let set = watchers.get(id);
      if (!set) watchers.set(id, (set = new Set()));
      set.add(onEnd);
      return () => void watchers.get(id)?.delete(onEnd);
    },
    end,
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/** Whether two texts are equal, in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
