import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a dashboard session lasts after login (real time: moving the virtual clock does not log anyone out). */
export const sessionTtlMs = 12 * 60 * 60 * 1000;

/** The name of the session cookie. */
export const sessionCookie = 'mcpsim_session';

export interface Session {
  id: string;
  /** The CSRF token every state-changing request of this session carries. */
  csrf: string;
  expiresAt: number;
  /** A message for the next page (after a form post redirects). */
  flash?: { text: string; error: boolean } | undefined;
}

/**
 * The dashboard's cookie sessions, in memory (a restart logs everyone out), and the login token
 * of this process: the `?token=` of the login link the banner prints. The token is exchanged for a
 * session at once and never stored in a cookie, and only once: a link that leaked (shell history,
 * a screenshot, a shared terminal) cannot open another session. A browser that already has a
 * session keeps getting in with it (dashboard.tsx checks the cookie first).
 *
 * @example
 *   const sessions = createSessions();
 *   const session = sessions.login(sessions.loginToken); // a new session, or null for a wrong token
 *   sessions.find(session!.id); // the session until it expires
 */
export function createSessions({ now = Date.now, ttlMs = sessionTtlMs }: { now?: () => number; ttlMs?: number } = {}) {
  const loginToken = randomBytes(24).toString('base64url');
  const sessions = new Map<string, Session>();
  let loginTokenUsed = false;

  function open(): Session {
    // Expired sessions are dropped on the way, so the map stays as small as the live sessions.
    for (const [id, session] of sessions) if (session.expiresAt <= now()) sessions.delete(id);
    const session = { id: randomBytes(24).toString('base64url'), csrf: randomBytes(24).toString('base64url'), expiresAt: now() + ttlMs };
    sessions.set(session.id, session);
    return session;
  }

  return {
    loginToken,
    /** A new session for the right login token the first time it is given, else null (compared in constant time). */
    login(token: string): Session | null {
      if (!sameText(token, loginToken) || loginTokenUsed) return null;
      loginTokenUsed = true;
      return open();
    },
    /** A new session for a caller who proved it another way (the API key in the login form). */
    open,
    find(id: string | undefined): Session | null {
      if (id === undefined) return null;
      const session = sessions.get(id);
      if (!session) return null;
      if (session.expiresAt > now()) return session;
      sessions.delete(id);
      return null;
    },
    /** How long the session has left, in ms: 0 once it has expired or ended (logged out). */
    remainingMs(id: string): number {
      const session = sessions.get(id);
      return session ? Math.max(0, session.expiresAt - now()) : 0;
    },
    end(id: string): void {
      sessions.delete(id);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/** Whether two texts are equal, in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
