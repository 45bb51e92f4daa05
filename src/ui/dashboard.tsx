import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Stores } from '../store/stores.js';
import { createApiClient, type ApiAccess } from './api-client.js';
import { clientScript } from './client-script.js';
import { addConnectionRoutes } from './connection-routes.js';
import { ConnectionsPage, loadConnections } from './connections-page.js';
import { isOwnOrigin } from './own-origin.js';
import { Layout, Notice } from './layout.js';
import { addPageRoutes } from './page-routes.js';
import { createSessions, sameText, sessionCookie, sessionTtlMs, type Session, type Sessions } from './sessions.js';
import { stylesheet } from '../api/pages/stylesheet.js';
import { readForm, sessionOf, takeFlash, type ScenarioCatalog, type UiContext } from './ui-context.js';

export interface DashboardOptions {
  stores: Stores;
  /** The platform API, called in process for every action. */
  api: ApiAccess;
  /** The base URL of links the server hands out (the login link among them). */
  publicUrl: () => string;
  scenarios?: ScenarioCatalog | null;
}

export interface Dashboard {
  /** The pages under `/ui`. */
  app: Hono;
  /** `GET /` for a browser: logs in with `?token=` (once; a browser with a session goes on with it), then sends it to `/ui`. */
  answerRoot(c: Context): Response | Promise<Response>;
  /** The one-click login URL the banner prints (`<public URL>/?token=...`). */
  loginUrl(): string;
  sessions: Sessions;
  /** Lets the CLI hand over the scenario files it loaded, once it has. */
  setScenarios(scenarios: ScenarioCatalog | null): void;
}

const assetHeaders = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };

/**
 * The dashboard: server-rendered pages under `/ui` with a cookie session made from the login
 * link, for this origin only. Posts must come from this origin and carry the session's CSRF
 * token. (A request whose Host is not one this server answers to never gets here: the API's
 * host guard, installed before the dashboard, refuses it; api/http/host-guard.ts.)
 *
 * @example
 *   const dashboard = createDashboard({ stores, api: { fetch: (r) => app.fetch(r), apiKey }, publicUrl: () => url });
 *   console.log(dashboard.loginUrl());
 */
export function createDashboard(options: DashboardOptions): Dashboard {
  const sessions = createSessions();
  const context: UiContext = {
    api: createApiClient(options.api),
    sessions,
    stores: options.stores,
    publicUrl: options.publicUrl,
    scenarios: options.scenarios ?? null,
  };
  const app = new Hono();

  const startSession = (c: Context, session: Session) => {
    setCookie(c, sessionCookie, session.id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: Math.floor(sessionTtlMs / 1000),
      secure: options.publicUrl().startsWith('https:'),
    });
  };

  app.use('*', async (c, next) => {
    c.header('x-frame-options', 'DENY');
    // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on form posts.
    c.header('referrer-policy', 'same-origin');
    // base-uri: an injected <base> must not move the pages' relative links and form targets elsewhere.
    c.header(
      'content-security-policy',
      "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    );
    const path = c.req.path.slice('/ui'.length);
    if (path.startsWith('/assets/')) return next();
    const stateChanging = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if (stateChanging && !isOwnOrigin(c.req.header('origin'), c.req.header('host'), options.publicUrl()))
      return c.text('Refused: this request came from another origin', 403);
    if (path === '/login') return next();
    const session = sessions.find(getCookie(c, sessionCookie));
    if (!session)
      return stateChanging
        ? c.text('Your dashboard session has expired: log in again with the link the server printed', 401)
        : c.redirect('/ui/login', 303);
    if (stateChanging) {
      const token = c.req.header('x-csrf-token') || (await readForm(c)).get('_csrf') || '';
      if (!sameText(token, session.csrf)) return c.text('Refused: missing or wrong CSRF token; reload the page and try again', 403);
    }
    c.set('session' as never, session as never);
    return next();
  });

  app.get('/assets/dashboard.css', (c) => c.body(stylesheet, 200, { ...assetHeaders, 'content-type': 'text/css; charset=utf-8' }));
  app.get('/assets/dashboard.js', (c) => c.body(clientScript, 200, { ...assetHeaders, 'content-type': 'text/javascript; charset=utf-8' }));

  app.get('/login', (c) => c.html(<LoginPage error={null} />));
  app.post('/login', async (c) => {
    const key = (await readForm(c)).get('key') ?? '';
    const refused = () => c.html(<LoginPage error="That is not an API key of this server." />, 401);
    // A key is non-space text a header can carry: anything else (a line break, a character above
    // U+00FF) is no key, and building the check's request with it would throw, the key in the error.
    if (!isHeaderToken(key)) return refused();
    const check = await options.api.fetch(new Request('http://127.0.0.1/namespaces', { headers: { authorization: `Bearer ${key}` } }));
    // Only an API key of the account opens a session (a service token is narrower than the dashboard).
    if (!check.ok || key.startsWith('mcps_')) return refused();
    startSession(c, sessions.open());
    return c.redirect('/ui', 303);
  });
  app.post('/logout', (c) => {
    sessions.end(sessionOf(c).id);
    deleteCookie(c, sessionCookie, { path: '/' });
    return c.redirect('/ui/login', 303);
  });

  app.get('/', async (c) => {
    const name = c.req.query('name') ?? '';
    const meta = c.req.query('meta') ?? '';
    const data = await loadConnections(context.api, name, meta);
    return c.html(<ConnectionsPage csrf={sessionOf(c).csrf} name={name} meta={meta} data={data} {...takeFlash(c)} />);
  });
  addConnectionRoutes(app, context);
  addPageRoutes(app, context);

  // `/ui/` (a trailing slash people type) is the connections page too.
  const root = new Hono().route('/ui', app);
  root.get('/ui/', (c) => c.redirect('/ui', 301));
  return {
    app: root,
    sessions,
    loginUrl: () => `${options.publicUrl()}/?token=${sessions.loginToken}`,
    setScenarios(scenarios) {
      context.scenarios = scenarios;
    },
    answerRoot(c) {
      // A browser with a session goes on with it, even when it follows the (used) login link again.
      if (sessions.find(getCookie(c, sessionCookie))) return c.redirect('/ui', 303);
      const token = c.req.query('token');
      if (token !== undefined) {
        // The token is exchanged once, at once, and the redirect takes it out of the address bar.
        const session = sessions.login(token);
        if (!session)
          return c.html(
            <LoginPage error="This login link is not valid: each link logs in once, and the server prints a new one each time it starts. Log in with the API key." />,
            401,
          );
        startSession(c, session);
        return c.redirect('/ui', 303);
      }
      return c.redirect('/ui/login', 303);
    },
  };
}

/** Visible ASCII and Latin-1, no space: what a key may be and a header value can carry. */
function isHeaderToken(text: string): boolean {
  return /^[\x21-\x7e\xa1-\xff]{1,256}$/.test(text);
}

function LoginPage({ error }: { error: string | null }) {
  return (
    <Layout title="Log in" page={null} csrf={null}>
      <Notice text={error} error />
      <p>
        Open the login link that <code>mcpsim serve</code> printed when it started, or enter the API key.
      </p>
      <form method="post" action="/ui/login" class="card">
        <label for="key">API key</label>
        <input id="key" name="key" type="password" autocomplete="current-password" required />
        <button type="submit">Log in</button>
      </form>
    </Layout>
  );
}
