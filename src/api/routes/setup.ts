/**
 * The setup page behind a connection's `setupUrl`: a person opens it in a browser, types the
 * headers or query values the connection lacks (or the credentials its upstream asked for with a
 * 401), and submits. mcpsim stores them (headers encrypted), then probes the upstream again and
 * shows the outcome. The link is the credential (see setup-links.ts); it never shows a stored value.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Connection, HttpProfile } from '../../domain/connection.js';
import { findMissingInputs } from '../../domain/connection-rules.js';
import type { Stores } from '../../store/stores.js';
import type { AppDependencies, AppServices } from '../context.js';
import { defineOperation, type Operation } from '../operation.js';
import { readBodyText } from '../read-json-body.js';
import { renderSetupPage, toSetupFields, type SetupField, type SetupPageModel } from '../setup-page.js';

const tag = 'mcpsim';
const params = z.object({ ticket: z.string().min(1) });
const html = (description: string) => ({ description, contentTypes: ['text/html'] });
/** Header names are RFC 9110 tokens; values may not break the header line. */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerValue = /^[^\r\n\0]*$/;
const maxFormBytes = 64 * 1024;

type SetupDependencies = Pick<AppDependencies, 'stores' | 'clock'> & Pick<AppServices, 'setupLinks' | 'upstream'>;

export function setupOperations({ stores, clock }: AppDependencies, { setupLinks, upstream }: AppServices): Operation[] {
  const setup = { stores, clock, setupLinks, upstream };
  return [getSetupPage(setup), postSetupForm(setup)];
}

/** `GET /__mcpsim/setup/{ticket}`: the form, with which values are already set (never the values). */
function getSetupPage(setup: SetupDependencies): Operation {
  const { stores } = setup;
  return defineOperation({
    method: 'GET',
    path: '/__mcpsim/setup/{ticket}',
    tag,
    public: true,
    summary: "A connection's setup page (its setupUrl): a form for the headers and query values it needs. The link itself is the credential",
    params,
    responses: { 200: html('The setup form'), 404: html('Not a valid setup link, or the connection is gone') },
    handle(c, { params: { ticket } }) {
      const opened = open(setup, ticket);
      if (!opened) return notFoundPage(c);
      return c.html(renderSetupPage(toModel(stores, opened.connection, stores.connections.getHeaders(opened.namespaceId, opened.connection.connectionId))));
    },
  });
}

/** `POST /__mcpsim/setup/{ticket}`: stores what the form gives, then probes when nothing is missing any more. */
function postSetupForm(setup: SetupDependencies): Operation {
  const { stores, clock, upstream } = setup;
  return defineOperation({
    method: 'POST',
    path: '/__mcpsim/setup/{ticket}',
    tag,
    public: true,
    summary: 'Submit the setup form (application/x-www-form-urlencoded: header:<name>, query:<name>, custom:name, custom:value); stores the values, probes the upstream, and shows the outcome',
    params,
    rawBody: { contentType: 'application/x-www-form-urlencoded', description: 'The form fields; empty fields keep what is stored', schema: z.record(z.string(), z.string()) },
    responses: { 200: html('The setup page with the outcome'), 400: html('A header name or value that cannot be sent'), 404: html('Not a valid setup link, or the connection is gone') },
    async handle(c, { params: { ticket } }) {
      const opened = open(setup, ticket);
      if (!opened) return notFoundPage(c);
      const { connection, namespaceId, accountId } = opened;
      const stored = stores.connections.getHeaders(namespaceId, connection.connectionId);
      const { headers, url, problems } = readSetupForm(new URLSearchParams(await readBodyText(c, maxFormBytes)), stored, connection.mcpUrl!);
      if (problems.length > 0) {
        return c.html(renderSetupPage(toModel(stores, connection, stored, { tone: 'problem', text: `Nothing was saved: ${problems.join('; ')}.` })), 400);
      }
      const place = { accountId, namespaceId, origin: new URL(c.req.url).origin };
      const profile = profileOf(stores, connection);
      const missing = findMissingInputs(profile, headers, url.toString());
      const stillMissing = [...missing.headers.map((name) => `header ${name}`), ...missing.query.map((name) => `query parameter ${name}`)];
      const status: Connection['status'] =
        stillMissing.length > 0 ? { state: 'input_required', http: profile, missing, setupUrl: upstream.setupUrl(place, connection) } : { state: 'disconnected' };
      const next: Connection = { ...connection, mcpUrl: url.toString(), status };
      const newHeaders = Object.keys(headers).length > 0 ? headers : null;
      if (!stores.connections.setTarget(namespaceId, next, newHeaders, clock.now().toISOString())) return notFoundPage(c);
      if (stillMissing.length > 0) {
        return c.html(renderSetupPage(toModel(stores, next, newHeaders, { tone: 'problem', text: `Saved, but still missing: ${stillMissing.join(', ')}.` })));
      }
      const probed = await upstream.probe(place, next, newHeaders);
      return c.html(renderSetupPage(toModel(stores, probed, newHeaders, toProbeNotice(probed))));
    },
  });
}

/** The connection a ticket opens, or null (bad ticket, deleted connection, nothing to set up). */
function open({ stores, setupLinks }: Pick<SetupDependencies, 'stores' | 'setupLinks'>, ticket: string) {
  const target = setupLinks.readTicket(ticket);
  if (!target) return null;
  const namespace = stores.namespaces.get(target.accountId, target.namespace);
  const connection = namespace ? stores.connections.get(namespace.id, target.connectionId) : null;
  if (!namespace || !connection || connection.mock || connection.transport !== 'http' || connection.mcpUrl === null) return null;
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
    else if (field.startsWith('query:')) url.searchParams.set(field.slice('query:'.length), value);
  }
  const customName = form.get('custom:name')?.trim() ?? '';
  const customValue = form.get('custom:value')?.trim() ?? '';
  if (customName !== '' && customValue !== '') setHeader(customName, customValue);
  return { headers, url, problems };
}

/** What the page says after the probe. */
function toProbeNotice(probed: Connection): SetupPageModel['notice'] {
  return probed.status.state === 'connected'
    ? { tone: 'ok', text: `Connected${probed.serverInfo ? ` to ${probed.serverInfo.name} ${probed.serverInfo.version}` : ''}. You can close this page.` }
    : probed.status.state === 'auth_required'
      ? { tone: 'problem', text: 'Saved, but the server still answers 401 Unauthorized: check the credentials.' }
      : { tone: 'problem', text: `Saved, but connecting failed: ${probed.status.state === 'error' ? probed.status.message : probed.status.state}.` };
}

/** What the connection may send: the registry entry's profile, or what its input_required status declares. */
function profileOf(stores: Stores, connection: Connection): HttpProfile {
  if (connection.status.state === 'input_required') return connection.status.http;
  return (connection.server ? stores.registry.findTarget(connection.server)?.config : undefined) ?? {};
}

function toModel(stores: Stores, connection: Connection, headers: Record<string, string> | null, notice?: SetupPageModel['notice']): SetupPageModel {
  const profile = profileOf(stores, connection);
  const headerNames = new Set(Object.keys(headers ?? {}).map((name) => name.toLowerCase()));
  const url = new URL(connection.mcpUrl!);
  const fields: SetupField[] = [
    ...toSetupFields('header', profile.headers, (name) => headerNames.has(name.toLowerCase())),
    ...toSetupFields('query', profile.query, (name) => url.searchParams.has(name)),
  ];
  if (!fields.some((field) => field.kind === 'header')) {
    const required = connection.status.state === 'auth_required' && !headerNames.has('authorization');
    fields.unshift({ kind: 'header', name: 'Authorization', label: 'Authorization', description: 'e.g. Bearer <token>', required, isSet: headerNames.has('authorization') });
  }
  return { connection, fields, offerCustomHeader: true, ...(notice ? { notice } : {}) };
}

function notFoundPage(c: Context) {
  return c.html('<!doctype html><title>Setup link not valid · mcpsim</title><h1>This setup link is not valid</h1><p>The connection it was made for no longer exists, or the link was changed. Get a fresh <code>setupUrl</code> from <code>GET /connect/{namespace}/{connectionId}</code>.</p>', 404);
}
