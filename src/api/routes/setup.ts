/**
 * The setup page behind a connection's `setupUrl`: a person opens it in a browser, types the
 * headers or query values the connection lacks (or the credentials its upstream asked for with a
 * 401), and submits. mcpsim stores them (headers encrypted), then probes the upstream again and
 * shows the outcome. The link is the credential (see setup-links.ts); it never shows a stored value.
 * A simulated connection (a mock, or a hosted server URL) has no upstream: the page stores what
 * it is given and completes the simulated flow without sending anything anywhere.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Connection, HttpProfile } from '../../domain/connection.js';
import { findMissingInputs } from '../../domain/connection-rules.js';
import type { Stores } from '../../store/stores.js';
import { isSimulated } from '../../domain/hosted-server.js';
import { maskQueryValues } from '../../domain/secrets.js';
import type { AppDependencies, AppServices } from '../context.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { readBodyText } from '../http/read-json-body.js';
import { pageHeaders } from '../pages/page-shell.js';
import { foreignOrigin, readNonce, readOrMakeNonce } from '../pages/setup-guard.js';
import {
  SetupLinkRefusal,
  SetupPage,
  SetupSubmitRefusal,
  toSetupFields,
  type SetupField,
  type SetupPageModel,
} from '../pages/setup-page.js';

const tag = 'mcpsim';
const params = z.object({ ticket: z.string().min(1) });
const html = (description: string) => ({ description, contentTypes: ['text/html'] });
/** Header names are RFC 9110 tokens; values may not break the header line. */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerValue = /^[^\r\n\0]*$/;
const maxFormBytes = 64 * 1024;

type SetupDependencies = Pick<AppDependencies, 'stores' | 'clock' | 'random'> &
  Pick<AppServices, 'setupLinks' | 'upstream'> & { publicUrl: () => string };

export function setupOperations({ stores, clock, random, publicUrl }: AppDependencies, { setupLinks, upstream }: AppServices): Operation[] {
  const setup = { stores, clock, random, setupLinks, upstream, publicUrl };
  return [getSetupPage(setup), postSetupForm(setup)];
}

/** `GET /__mcpsim/setup/{ticket}`: the form, with which values are already set (never the values). */
function getSetupPage(setup: SetupDependencies): Operation {
  const { stores, random, setupLinks, publicUrl } = setup;
  return defineOperation({
    method: 'GET',
    path: '/__mcpsim/setup/{ticket}',
    tag,
    public: true,
    summary:
      "A connection's setup page (its setupUrl): a form for the headers and query values it needs. The link itself is the credential, valid for one hour and for this connection only",
    params,
    responses: {
      200: html('The setup form'),
      404: html('Not a valid setup link, or the connection is gone'),
      410: html('The setup link has expired'),
    },
    handle(c, { params: { ticket } }) {
      const opened = open(setup, ticket);
      if (opened === null || !('connection' in opened)) return refusalPage(c, opened);
      const { nonce, setCookie } = readOrMakeNonce(c, random, publicUrl());
      const model = toModel(
        stores,
        opened.connection,
        stores.connections.getHeaders(opened.namespaceId, opened.connection.connectionId),
        setupLinks.csrfToken(ticket, nonce),
      );
      return page(c, SetupPage(model), 200, setCookie ? { 'set-cookie': setCookie } : {});
    },
  });
}

/** `POST /__mcpsim/setup/{ticket}`: stores what the form gives, then probes when nothing is missing any more. */
function postSetupForm(setup: SetupDependencies): Operation {
  const { stores, clock, upstream, setupLinks, publicUrl } = setup;
  return defineOperation({
    method: 'POST',
    path: '/__mcpsim/setup/{ticket}',
    tag,
    public: true,
    summary:
      'Submit the setup form (application/x-www-form-urlencoded: csrf, header:<name>, query:<name>, custom:name, custom:value) from the page itself: same origin, with the CSRF token and cookie the page gave. Stores the values (headers and typed query values encrypted; mcpUrl shows the query values as ***), probes the upstream, and shows the outcome',
    params,
    rawBody: {
      contentType: 'application/x-www-form-urlencoded',
      description: 'The form fields; empty fields keep what is stored',
      schema: z.record(z.string(), z.string()),
    },
    responses: {
      200: html('The setup page with the outcome'),
      400: html('A header name or value that cannot be sent'),
      403: html('The submit did not come from the setup page (another origin, or no valid CSRF token)'),
      404: html('Not a valid setup link, or the connection is gone'),
      410: html('The setup link has expired'),
    },
    async handle(c, { params: { ticket } }) {
      const opened = open(setup, ticket);
      if (opened === null || !('connection' in opened)) return refusalPage(c, opened);
      const foreign = foreignOrigin(c, publicUrl());
      const form = new URLSearchParams(await readBodyText(c, maxFormBytes));
      const nonce = readNonce(c);
      if (foreign || !setupLinks.checkCsrf(ticket, nonce, form.get('csrf') ?? '')) {
        const why = foreign ?? 'it carries no valid form token (it did not come from this page, or the page is stale)';
        return page(c, SetupSubmitRefusal({ why }), 403);
      }
      const csrf = setupLinks.csrfToken(ticket, nonce);
      const { connection, namespaceId, accountId } = opened;
      const stored = stores.connections.getHeaders(namespaceId, connection.connectionId);
      const { headers, url, typedQuery, problems } = readSetupForm(form, stored, connection.mcpUrl!);
      if (problems.length > 0) {
        return page(
          c,
          SetupPage(toModel(stores, connection, stored, csrf, { tone: 'problem', text: `Nothing was saved: ${problems.join('; ')}.` })),
          400,
        );
      }
      const place = { accountId, namespaceId };
      const profile = profileOf(stores, connection);
      const missing = findMissingInputs(profile, headers, url.toString());
      const stillMissing = [...missing.headers.map((name) => `header ${name}`), ...missing.query.map((name) => `query parameter ${name}`)];
      const status: Connection['status'] =
        stillMissing.length > 0
          ? { state: 'input_required', http: profile, missing, setupUrl: upstream.setupUrl(place, connection) }
          : { state: 'disconnected' };
      // Typed query values are secrets like headers: the URL shows them as ***, the values are sealed apart.
      const typedNames = Object.keys(typedQuery);
      const next: Connection = { ...connection, mcpUrl: maskQueryValues(url.toString(), typedNames), status };
      const newHeaders = Object.keys(headers).length > 0 ? headers : null;
      const query =
        typedNames.length > 0
          ? { ...(stores.connections.getSecretQuery(namespaceId, connection.connectionId) ?? {}), ...typedQuery }
          : undefined;
      if (!stores.connections.setTarget(namespaceId, next, { headers: newHeaders, ...(query ? { query } : {}) }, clock.now().toISOString()))
        return refusalPage(c, null);
      if (stillMissing.length > 0) {
        return page(
          c,
          SetupPage(
            toModel(stores, next, newHeaders, csrf, { tone: 'problem', text: `Saved, but still missing: ${stillMissing.join(', ')}.` }),
          ),
        );
      }
      const probed = await upstream.probe(place, next, newHeaders);
      return page(c, SetupPage(toModel(stores, probed, newHeaders, csrf, toProbeNotice(probed))));
    },
  });
}

/**
 * The connection a ticket opens; else why not: null (not our ticket, the connection is gone or
 * re-created, or has nothing to set up) or the expiry it passed.
 */
function open({ stores, setupLinks }: Pick<SetupDependencies, 'stores' | 'setupLinks'>, ticket: string) {
  const reading = setupLinks.readTicket(ticket);
  if (reading === null || 'expiredAt' in reading) return reading;
  const { target } = reading;
  const namespace = stores.namespaces.get(target.accountId, target.namespace);
  const connection = namespace ? stores.connections.get(namespace.id, target.connectionId) : null;
  // Another generation (deleted and created again under the same id) is another connection: its old links open nothing.
  if (!namespace || !connection || connection.key !== target.generation) return null;
  // A mock (or hosted) connection waits here only when a scenario or the control API simulates the flow: the page completes it.
  if (connection.transport !== 'http' || connection.mcpUrl === null) return null;
  return { accountId: target.accountId, namespaceId: namespace.id, connection };
}

/**
 * The headers and URL the form asks for: the stored headers with the form's non-empty values set
 * over them (a header name in any case replaces the stored one), and the problems that keep them
 * from being sent.
 */
function readSetupForm(form: URLSearchParams, stored: Record<string, string> | null, mcpUrl: string) {
  const headers: Record<string, string> = { ...(stored ?? {}) };
  const url = new URL(mcpUrl);
  const typedQuery: Record<string, string> = {};
  const problems: string[] = [];
  const setHeader = (name: string, value: string) => {
    if (!headerName.test(name)) return void problems.push(`"${name}" is not a valid header name`);
    if (!headerValue.test(value)) return void problems.push(`the value of ${name} contains a line break`);
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    headers[name] = value;
  };
  for (const [field, raw] of form) {
    const value = raw.trim();
    if (value === '') continue;
    if (field.startsWith('header:')) setHeader(field.slice('header:'.length), value);
    else if (field.startsWith('query:')) {
      const name = field.slice('query:'.length);
      url.searchParams.set(name, value);
      typedQuery[name] = value;
    }
  }
  const customName = form.get('custom:name')?.trim() ?? '';
  const customValue = form.get('custom:value')?.trim() ?? '';
  if (customName !== '' && customValue !== '') setHeader(customName, customValue);
  return { headers, url, typedQuery, problems };
}

/** What the page says after the probe. */
function toProbeNotice(probed: Connection): SetupPageModel['notice'] {
  return probed.status.state === 'connected'
    ? {
        tone: 'ok',
        text: `Connected${probed.serverInfo ? ` to ${probed.serverInfo.name} ${probed.serverInfo.version}` : ''}. You can close this page.`,
      }
    : probed.status.state === 'auth_required'
      ? { tone: 'problem', text: 'Saved, but the server still answers 401 Unauthorized: check the credentials.' }
      : {
          tone: 'problem',
          text: `Saved, but connecting failed: ${probed.status.state === 'error' ? probed.status.message : probed.status.state}.`,
        };
}

/** What the connection may send: the registry entry's profile, or what its input_required status declares. */
function profileOf(stores: Stores, connection: Connection): HttpProfile {
  if (connection.status.state === 'input_required') return connection.status.http;
  return (connection.server ? stores.registry.findTarget(connection.server)?.config : undefined) ?? {};
}

function toModel(
  stores: Stores,
  connection: Connection,
  headers: Record<string, string> | null,
  csrf: string,
  notice?: SetupPageModel['notice'],
): SetupPageModel {
  const profile = profileOf(stores, connection);
  const headerNames = new Set(Object.keys(headers ?? {}).map((name) => name.toLowerCase()));
  const url = new URL(connection.mcpUrl!);
  const fields: SetupField[] = [
    ...toSetupFields('header', profile.headers, (name) => headerNames.has(name.toLowerCase())),
    ...toSetupFields('query', profile.query, (name) => url.searchParams.has(name)),
  ];
  if (!fields.some((field) => field.kind === 'header')) {
    const required = connection.status.state === 'auth_required' && !headerNames.has('authorization');
    fields.unshift({
      kind: 'header',
      name: 'Authorization',
      label: 'Authorization',
      description: 'e.g. Bearer <token>',
      required,
      isSet: headerNames.has('authorization'),
    });
  }
  return { connection, fields, offerCustomHeader: true, csrf, simulated: isSimulated(connection), ...(notice ? { notice } : {}) };
}

/** Every setup answer goes out with the pages' security headers (page-shell.tsx). */
function page(c: Context, body: string | Promise<string>, status: 200 | 400 | 403 | 404 | 410 = 200, headers: Record<string, string> = {}) {
  return c.html(body, status, { ...pageHeaders, ...headers });
}

/** The page of a link that opens nothing: 410 once expired, else 404 (forged, edited, or its connection is gone). */
function refusalPage(c: Context, reading: { expiredAt: Date } | null) {
  return page(c, SetupLinkRefusal({ expiredAt: reading?.expiredAt ?? null }), reading ? 410 : 404);
}
