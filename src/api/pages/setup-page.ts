import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Connection, HttpInputField } from '../../domain/connection.js';
import { renderPage } from './page-shell.js';

/** One input of the setup form: a header or a query parameter the connection may send. */
export interface SetupField {
  kind: 'header' | 'query';
  name: string;
  label: string;
  description?: string;
  required: boolean;
  /** Whether the connection already has a value (never shown: values are secrets). */
  isSet: boolean;
}

export interface SetupPageModel {
  connection: Pick<Connection, 'connectionId' | 'name' | 'namespace' | 'mcpUrl' | 'status' | 'serverInfo'>;
  fields: SetupField[];
  /** Whether to offer a free header name/value pair (for upstreams that declare nothing). */
  offerCustomHeader: boolean;
  /** A line about what just happened (after a submit). */
  notice?: { tone: 'ok' | 'problem'; text: string };
  /** The form's CSRF token (setup-guard.ts). */
  csrf: string;
}

/** The form names of a field's input: `header:<name>` or `query:<name>`. */
export const toFieldName = (field: Pick<SetupField, 'kind' | 'name'>) => `${field.kind}:${field.name}`;

/** Fields of a profile (headers or query parameters) as the form shows them. */
export function toSetupFields(
  kind: SetupField['kind'],
  fields: Record<string, HttpInputField> | undefined,
  isSet: (name: string) => boolean,
): SetupField[] {
  return Object.entries(fields ?? {}).map(([name, field]) => ({
    kind,
    name,
    label: field.label || name,
    ...(field.description ? { description: field.description } : {}),
    required: field.required === true,
    isSet: isSet(name),
  }));
}

/**
 * The setup page: what the connection needs and a form to supply it. Plain HTML with no script,
 * so it works in any browser; `hono/html` escapes every value it is given, and no stored value is
 * ever shown.
 */
export function renderSetupPage({ connection, fields, offerCustomHeader, notice, csrf }: SetupPageModel): HtmlEscapedString {
  const { status } = connection;
  const state = status.state === 'error' ? `error: ${status.message}` : status.state.replaceAll('_', ' ');
  const connected = status.state === 'connected';
  const serverInfo = connected && connection.serverInfo ? ` (${connection.serverInfo.name} ${connection.serverInfo.version})` : '';
  const custom = offerCustomHeader
    ? html`<fieldset><legend>Another header</legend>
  <label for="custom-name">Header name</label><input id="custom-name" name="custom:name" autocomplete="off" placeholder="X-Api-Key">
  <label for="custom-value">Header value</label><input id="custom-value" name="custom:value" type="password" autocomplete="off">
</fieldset>`
    : '';
  return renderPage(
    `Set up “${connection.name}”`,
    html`<h1>Set up “${connection.name}”</h1>
<p>Connection <code>${connection.namespace}/${connection.connectionId}</code> → <code>${connection.mcpUrl ?? '(no URL)'}</code></p>
<p id="state">Status: <strong data-state="${status.state}">${state}</strong>${serverInfo}</p>
${notice ? html`<p class="notice ${notice.tone}" role="status" id="notice">${notice.text}</p>` : ''}
<form method="post">
<input type="hidden" name="csrf" value="${csrf}">
${fields.map(renderField)}
${custom}
<button type="submit">${connected ? 'Save' : 'Save and connect'}</button>
</form>
<p class="hint">Values are stored encrypted by this mcpsim server and are never shown again. Leave a field empty to keep what is stored.</p>`,
  );
}

function renderField(field: SetupField, index: number): HtmlEscapedString {
  const id = `field-${index}`;
  const what = field.kind === 'header' ? 'header' : 'query parameter';
  const status = field.isSet ? ' (set; leave empty to keep it)' : field.required ? ' (required)' : ' (optional)';
  return html`<label for="${id}">${field.label}</label>
<input id="${id}" name="${toFieldName(field)}" type="${field.kind === 'header' ? 'password' : 'text'}" autocomplete="off"${field.required && !field.isSet ? raw(' required') : ''}>
<p class="hint">${what} <code>${field.name}</code>${status}${field.description ? html` · ${field.description}` : ''}</p>
` as HtmlEscapedString;
}
