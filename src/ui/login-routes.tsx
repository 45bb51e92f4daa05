import type { Context, Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { digestsEqual, hashApiKey } from '../domain/api-key.js';
import { toCredential } from '../domain/credential.js';
import type { AccountStore } from '../store/account-store.js';
import { Layout, Notice } from './layout.js';
import { sessionCookie, type Session, type SessionCredential, type Sessions } from './sessions.js';
import { readForm, sessionOf } from './ui-context.js';

/** Why a login form's key opens no session, or the credential it opens one with. */
export type LoginVerdict = { kind: 'ready'; credential: SessionCredential } | { kind: 'refused'; message: string };

/**
 * What a key typed into the login form opens (docs/decisions.md, "Dashboard accounts"): a session
 * of the account whose API key it is, acting with that key. The text is read by the one
 * credential parser (domain/credential.ts), so whitespace around a service token never passes it
 * off as a key; a service token opens nothing, since a session can do all its account can.
 *
 * @example
 *   const verdict = toLoginVerdict(stores.accounts, form.get('key') ?? '');
 *   if (verdict.kind === 'ready') sessions.open(verdict.credential);
 */
export function toLoginVerdict(accounts: AccountStore, given: string): LoginVerdict {
  const notAKey: LoginVerdict = { kind: 'refused', message: 'That is not an API key of this server.' };
  const credential = toCredential(given);
  if (credential === null) return notAKey;
  if (credential.kind === 'service_token')
    return {
      kind: 'refused',
      message: 'A service token cannot open a dashboard session (a session can do everything its account can): log in with an API key.',
    };
  const keyHash = hashApiKey(credential.text);
  const found = accounts.findByKeyHash(keyHash);
  if (!found || !digestsEqual(found.keyHash, keyHash)) return notAKey;
  return { kind: 'ready', credential: { account: { id: found.id, name: found.name }, apiKey: credential.text, keyHash } };
}

/**
 * `/ui/login` (the form: an API key of any account opens a session of that account) and
 * `/ui/logout`, on the sub-app mounted at /ui.
 *
 * @example
 *   addLoginRoutes(app, { accounts: stores.accounts, sessions, startSession });
 */
export function addLoginRoutes(
  app: Hono,
  {
    accounts,
    sessions,
    startSession,
  }: { accounts: AccountStore; sessions: Sessions; startSession: (c: Context, session: Session) => void },
): void {
  app.get('/login', (c) => c.html(<LoginPage error={null} />));
  app.post('/login', async (c) => {
    const verdict = toLoginVerdict(accounts, (await readForm(c)).get('key') ?? '');
    if (verdict.kind === 'refused') return c.html(<LoginPage error={verdict.message} />, 401);
    startSession(c, sessions.open(verdict.credential));
    return c.redirect('/ui', 303);
  });
  app.post('/logout', (c) => {
    sessions.end(sessionOf(c).id);
    deleteCookie(c, sessionCookie, { path: '/' });
    return c.redirect('/ui/login', 303);
  });
}

/** The login page: the way in with the printed link, or with an API key. */
export function LoginPage({ error }: { error: string | null }) {
  return (
    <Layout title="Log in" page={null} csrf={null}>
      <Notice text={error} error />
      <p>
        Open the login link that <code>mcpsim serve</code> printed when it started, or enter an API key: the dashboard then acts as the
        account of that key.
      </p>
      <form method="post" action="/ui/login" class="card">
        <label for="key">API key</label>
        <input id="key" name="key" type="password" autocomplete="current-password" required />
        <button type="submit">Log in</button>
      </form>
    </Layout>
  );
}
