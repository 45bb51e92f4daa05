/**
 * Login of the official CLI (`smithery auth login` with `SMITHERY_URL=<base>`, docs/decisions.md, "CLI login"):
 * the CLI opens a session and polls it; a person opens the session's `authUrl`, a page on this
 * server built from its public URL (never a request's Host header), and approves; the next poll
 * hands the CLI a new API key of the approving account. Who approves:
 *
 * - a dashboard session's account, when the browser has one;
 * - else the local account with one click, only when all of these hold: the caller is on this
 *   machine (the socket's remote address is loopback; `app.fetch` in process has no socket and
 *   never counts), the public URL is a loopback address, and the local account's key is the
 *   development key (no secret key configured, so nothing is lost by handing one out);
 * - else the account whose API key the form carries.
 *
 * The page goes out with the pages' security headers (page-shell.tsx).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { developmentApiKey, digestsEqual, hashApiKey, isLoopbackHost } from '../../domain/api-key.js';
import { systemClock } from '../../domain/clock.js';
import { toCredential } from '../../domain/credential.js';
import type { Account } from '../../store/account-store.js';
import { createCliLogins, type CliLogins } from '../cli-logins.js';
import { CliLoginPage, type KnownApprover } from '../pages/cli-login-page.js';
import type { AppDependencies, ClientEnv } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { pageHeaders } from '../pages/page-shell.js';
import { readBodyText } from '../http/read-json-body.js';
import { foreignOrigin, readNonce, readOrMakeNonce } from '../pages/setup-guard.js';
import { errorSchema } from '../schemas/connection-schemas.js';

const tag = 'mcpsim';
const sessionParams = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a session id from POST /api/auth/cli/session'),
});
const html = (description: string) => ({ description, contentTypes: ['text/html'] });
const maxFormBytes = 4 * 1024;
/** Where the approve page's CSRF cookie is sent: the approve pages only. */
const loginPagesPath = '/api/auth/cli/approve/';

const sessionRequestSchema = z
  .object({ organizationId: z.string().optional().describe('ignored: mcpsim has one account per key') })
  .meta({ id: 'CliSessionRequest' });
const sessionResponseSchema = z
  .object({ sessionId: z.string(), authUrl: z.string().describe('the page on this server where a person approves the login') })
  .meta({ id: 'CliSession' });
const pollResponseSchema = z
  .union([
    z.object({ status: z.literal('pending') }),
    z.object({
      status: z.literal('success'),
      apiKey: z.string().describe('a new key of the approving account, labelled "created by a CLI login"'),
      namespace: z.string().optional(),
    }),
  ])
  .meta({ id: 'CliPoll' });

/** The CLI login routes; `logins` is made from the stores (on real time) when not given. */
export function cliAuthOperations(
  dependencies: AppDependencies,
  logins: CliLogins = createCliLogins({ accounts: dependencies.stores.accounts, clock: systemClock, random: dependencies.random }),
): Operation[] {
  const { stores, publicUrl } = dependencies;
  /** Every page answer goes out with the pages' security headers (no frames: approving is one click). */
  const page = (c: Context, body: string | Promise<string>, status: 200 | 401 | 403 | 404 = 200, setCookie?: string) =>
    c.html(body, status, setCookie ? { ...pageHeaders, 'set-cookie': setCookie } : pageHeaders);
  const local = () => stores.accounts.findLocal()!;
  /** Whether the local account's (only unlabelled) key is the development key: a configured key replaces it. */
  const onDevelopmentKey = () => stores.accounts.findByKeyHash(hashApiKey(developmentApiKey))?.id === local().id;
  const fromThisMachine = (c: Context) => {
    const address = (c.env as ClientEnv | undefined)?.clientAddress;
    return address !== undefined && isLoopbackHost(address);
  };
  /** Who approves without a key, or null when the form must carry one (see the file's comment). */
  const approverOf = (c: Context): (KnownApprover & { account: Account }) | null => {
    const session = dependencies.dashboard?.accountOf(c) ?? null;
    if (session) return { account: session, via: 'session' };
    if (fromThisMachine(c) && isLoopbackHost(new URL(publicUrl()).hostname) && onDevelopmentKey())
      return { account: local(), via: 'loopback' };
    return null;
  };
  /** The account of the API key a form carries, read by the one credential parser; null for anything else (a service token too). */
  const accountOfKey = (given: string): Account | null => {
    const credential = toCredential(given);
    if (credential?.kind !== 'api_key') return null;
    const keyHash = hashApiKey(credential.text);
    const found = stores.accounts.findByKeyHash(keyHash);
    if (!found || !digestsEqual(found.keyHash, keyHash)) return null;
    const { keyHash: _keyHash, ...account } = found;
    return account;
  };
  /** The namespace the CLI will use: the account's first one, when it has any. */
  const firstNamespace = (accountId: string) => stores.namespaces.list(accountId)[0]?.name ?? null;
  const gone = (c: Context) =>
    page(
      c,
      CliLoginPage({
        approver: null,
        open: false,
        notice: { tone: 'problem', text: 'This login link has expired or was already used. Run smithery auth login again.' },
      }),
      404,
    );

  return [
    defineOperation({
      method: 'POST',
      path: '/api/auth/cli/session',
      tag,
      public: true,
      summary: 'Open a CLI login session (smithery auth login): its id, and the authUrl where a person approves it within 5 minutes',
      body: { schema: sessionRequestSchema, required: false },
      responses: {
        200: { description: 'The session', schema: sessionResponseSchema },
        503: { description: '100 logins are already waiting for approval (server_busy, with retry-after)', schema: errorSchema },
      },
      handle(c) {
        const sessionId = logins.open();
        return c.json({ sessionId, authUrl: `${publicUrl()}/api/auth/cli/approve/${sessionId}` });
      },
    }),
    defineOperation({
      method: 'GET',
      path: '/api/auth/cli/poll/{sessionId}',
      tag,
      public: true,
      summary: 'Poll a CLI login session: pending until approved, then once the new API key (the session ends)',
      params: sessionParams,
      responses: {
        200: { description: 'Pending, or the key', schema: pollResponseSchema },
        404: { description: 'Unknown, expired (5 minutes) or already used', schema: errorSchema },
      },
      handle(c, { params: { sessionId } }) {
        const answer = logins.poll(sessionId);
        if (!answer)
          return c.json(
            {
              error: 'not_found' as const,
              // The id is a credential until it is used: it is never echoed (nor logged).
              message: 'This login session is unknown, expired (5 minutes) or already used; run smithery auth login again',
            },
            404,
          );
        return c.json(answer);
      },
    }),
    defineOperation({
      method: 'GET',
      path: '/api/auth/cli/approve/{sessionId}',
      tag,
      public: true,
      summary:
        "A CLI login's authUrl: says which account's key the CLI will get; one click for a dashboard session, or on this machine with the development key; else it asks for an API key",
      params: sessionParams,
      responses: { 200: html('The approve page'), 404: html('The session is unknown, expired or used') },
      handle(c, { params: { sessionId } }) {
        if (!logins.isOpen(sessionId)) return gone(c);
        const { nonce, setCookie } = readOrMakeNonce(c, dependencies.random, publicUrl(), loginPagesPath);
        return page(c, CliLoginPage({ approver: approverOf(c), open: true, csrf: nonce }), 200, setCookie);
      },
    }),
    defineOperation({
      method: 'POST',
      path: '/api/auth/cli/approve/{sessionId}',
      tag,
      public: true,
      summary:
        'Approve a CLI login: a new API key of the approving account, labelled as created by a CLI login, goes to the next poll. Without a dashboard session or one-click approval (a caller on this machine, a loopback public URL and the development key) the form must carry an API key of the account (apiKey)',
      params: sessionParams,
      rawBody: {
        contentType: 'application/x-www-form-urlencoded',
        description:
          'csrf=<the token the approve page gave, with its cookie>; unless the approver is known, also apiKey=<an API key of the account>',
        schema: z.object({ csrf: z.string(), apiKey: z.string().optional() }),
      },
      responses: {
        200: html('Approved'),
        401: html('No known approver, and no API key of an account in the form'),
        403: html('Not submitted from the approve page itself (another origin, or no CSRF token and cookie)'),
        404: html('The session is unknown, expired or used'),
      },
      async handle(c, { params: { sessionId } }) {
        const form = new URLSearchParams(await readBodyText(c, maxFormBytes));
        if (!logins.isOpen(sessionId)) return gone(c);
        const approver = approverOf(c);
        // Only the page itself may submit (a cross-site form post arrives with another Origin, or
        // without the SameSite cookie its token must match).
        const foreign = foreignOrigin(c, publicUrl());
        const nonce = readNonce(c);
        if (foreign || nonce === '' || form.get('csrf') !== nonce) {
          const why = foreign ?? 'the form was not the one this page served (open the link from the CLI again)';
          return page(c, CliLoginPage({ approver, open: false, notice: { tone: 'problem', text: `Nothing was approved: ${why}.` } }), 403);
        }
        const account = approver ? approver.account : accountOfKey(form.get('apiKey') ?? '');
        if (!account)
          return page(
            c,
            CliLoginPage({
              approver: null,
              open: true,
              csrf: nonce,
              notice: { tone: 'problem', text: 'That is not an API key of this server; nothing was approved.' },
            }),
            401,
          );
        if (!logins.approve(sessionId, account, firstNamespace(account.id))) return gone(c);
        return page(
          c,
          CliLoginPage({
            approver: { account, via: approver?.via ?? 'key' },
            open: false,
            notice: { tone: 'ok', text: 'Approved. The CLI receives its key on its next poll; you can close this page.' },
          }),
        );
      },
    }),
  ];
}
