import { addConnectionFormRoutes } from './connection-form-routes.js';
import { addNamespaceRoutes } from './namespace-routes.js';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { hashApiKey } from '../domain/api-key.js';
import type { Account } from '../store/account-store.js';
import type { Stores } from '../store/stores.js';
import { createApiClient, type ApiAccess } from './api-client.js';
import { clientScript } from './client-script.js';
import { addConnectionRoutes, renderCallEvents } from './connection-routes.js';
import { ConnectionsPage, loadConnections } from './connections-page.js';
import { isOwnOrigin } from './own-origin.js';
import { addLoginRoutes, LoginPage } from './login-routes.js';
import { addPageRoutes } from './page-routes.js';
import { createSessions, sameText, sessionCookie, sessionTtlMs, type Session, type SessionCredential, type Sessions } from './sessions.js';
import { stylesheet } from '../api/pages/stylesheet.js';
import { createTimelineStreams, defaultStreamLimits, type StreamLimits } from './timeline-streams.js';
import { apiOf, readForm, sessionOf, takeFlash, type ScenarioCatalog, type UiContext } from './ui-context.js';

/** How the dashboard reaches the platform API in process: its fetch, and a key of the local account (for the login link's sessions). */
export interface ApiDoor {
  fetch: ApiAccess['fetch'];
  /** An API key of the local account: the credential of a session the printed login link opens. */
  localKey(): string;
}

export interface DashboardOptions {
  stores: Stores;
  /** The platform API, called in process for every action, with the session's own key. */
  api: ApiDoor;
  /** The base URL of links the server hands out (the login link among them). */
  publicUrl: () => string;
  scenarios?: ScenarioCatalog | null;
  /** How many live timeline streams may be open, per session and in all (default `defaultStreamLimits`). */
  streamLimits?: Partial<StreamLimits> | undefined;
}

export interface Dashboard {
  /** The pages under `/ui`. */
  app: Hono;
  /** `GET /` for a browser: logs in with `?token=` (once; a browser with a session goes on with it), then sends it to `/ui`. */
  answerRoot(c: Context): Response | Promise<Response>;
  /** The one-click login URL the banner prints (`<public URL>/?token=...`). */
  loginUrl(): string;
  sessions: Sessions;
  /** The account of the dashboard session a request's cookie names (live, not expired), or null. */
  accountOf(c: Context): Account | null;
  /** Lets the CLI hand over the scenario files it loaded, once it has. */
  setScenarios(scenarios: ScenarioCatalog | null): void;
}

const assetHeaders = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };

/**
 * The dashboard: server-rendered pages under `/ui` with a cookie session made from the login
 * link (the local account) or an API key (that key's account), for this origin only. A session
 * acts as its account and nothing more: every API call it makes carries its own key
 * (docs/decisions.md, "Dashboard accounts"). Posts must come from this origin and carry the
 * session's CSRF token. (A request whose Host is not one this server answers to never gets here:
 * the API's host guard, installed before the dashboard, refuses it; api/http/host-guard.ts.)
 *
 * @example
 *   const dashboard = createDashboard({ stores, api: { fetch: (r) => app.fetch(r), apiKey }, publicUrl: () => url });
 *   console.log(dashboard.loginUrl());
 */
export function createDashboard(options: DashboardOptions): Dashboard {
  const { accounts } = options.stores;
  const sessions = createSessions({
    keyExists: (keyHash) => accounts.findByKeyHash(keyHash) !== null,
    onKeysRemoved: (listener) => accounts.onKeysRemoved(listener),
  });
  /** The login link opens a session of the local account, acting with its key. */
  const localCredential = (): SessionCredential => {
    const apiKey = options.api.localKey();
    const local = accounts.findLocal()!;
    return { account: { id: local.id, name: local.name }, apiKey, keyHash: hashApiKey(apiKey) };
  };
  const context: UiContext = {
    sessions,
    streams: createTimelineStreams({
      memory: options.stores.memory,
      render: renderCallEvents(options.stores),
      limits: { ...defaultStreamLimits, ...options.streamLimits },
    }),
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
    c.set('api' as never, createApiClient({ fetch: options.api.fetch, apiKey: () => session.apiKey }) as never);
    return next();
  });

  app.get('/assets/dashboard.css', (c) => c.body(stylesheet, 200, { ...assetHeaders, 'content-type': 'text/css; charset=utf-8' }));
  app.get('/assets/dashboard.js', (c) => c.body(clientScript, 200, { ...assetHeaders, 'content-type': 'text/javascript; charset=utf-8' }));

  addLoginRoutes(app, { accounts, sessions, startSession });

  app.get('/', async (c) => {
    const name = c.req.query('name') ?? '';
    const meta = c.req.query('meta') ?? '';
    const data = await loadConnections(apiOf(c), name, meta);
    return c.html(<ConnectionsPage csrf={sessionOf(c).csrf} name={name} meta={meta} data={data} {...takeFlash(c)} />);
  });
  addConnectionRoutes(app, context);
  addNamespaceRoutes(app);
  addConnectionFormRoutes(app);
  addPageRoutes(app, context);

  // `/ui/` (a trailing slash people type) is the connections page too.
  const root = new Hono().route('/ui', app);
  root.get('/ui/', (c) => c.redirect('/ui', 301));
  return {
    app: root,
    sessions,
    accountOf(c) {
      const session = sessions.find(getCookie(c, sessionCookie));
      return session ? accounts.findById(session.account.id) : null;
    },
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
        const session = sessions.login(token, localCredential());
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
