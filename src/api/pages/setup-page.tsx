import type { Connection, HttpInputField } from '../../domain/connection.js';
import { Notice, PageShell } from './page-shell.js';

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
  /** Whether mcpsim plays the server itself (a mock or a hosted server URL): the flow is simulated, nothing is sent. */
  simulated?: boolean;
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
 * so it works in any browser; hono/jsx escapes every value it is given, and no stored value is
 * ever shown.
 *
 * @example
 *   c.html(<SetupPage connection={connection} fields={fields} offerCustomHeader csrf={csrf} />, 200, pageHeaders);
 */
export function SetupPage({ connection, fields, offerCustomHeader, notice, csrf, simulated = false }: SetupPageModel) {
  const { status } = connection;
  const connected = status.state === 'connected';
  return (
    <PageShell title={`Set up “${connection.name}”`}>
      <p>
        Connection <code>{`${connection.namespace}/${connection.connectionId}`}</code> → <code>{connection.mcpUrl ?? '(no URL)'}</code>
      </p>
      <p id="state">
        Status:{' '}
        <strong class={`badge ${status.state}`} data-state={status.state}>
          {status.state.replaceAll('_', ' ')}
        </strong>
        {status.state === 'error' ? ` ${status.message}` : null}
        {connected && connection.serverInfo ? ` (${connection.serverInfo.name} ${connection.serverInfo.version})` : null}
      </p>
      {notice ? <Notice {...notice} /> : null}
      {simulated ? (
        <p id="simulated">
          This connection is simulated: mcpsim plays its server, so any value completes this step, and nothing is sent anywhere.
        </p>
      ) : null}
      <form method="post" class="card">
        <input type="hidden" name="csrf" value={csrf} />
        {fields.map((field, index) => (
          <Field field={field} id={`field-${index}`} />
        ))}
        {offerCustomHeader ? (
          <fieldset>
            <legend>Another header</legend>
            <label for="custom-name">Header name</label>
            <input id="custom-name" name="custom:name" autocomplete="off" placeholder="X-Api-Key" />
            <label for="custom-value">Header value</label>
            <input id="custom-value" name="custom:value" type="password" autocomplete="off" />
          </fieldset>
        ) : null}
        <div>
          <button type="submit">{connected ? 'Save' : 'Save and connect'}</button>
        </div>
      </form>
      <p class="muted">
        Values are stored encrypted by this mcpsim server and are never shown again. Leave a field empty to keep what is stored.
      </p>
    </PageShell>
  );
}

function Field({ field, id }: { field: SetupField; id: string }) {
  const required = field.required && !field.isSet;
  const status = field.isSet ? ' (set; leave empty to keep it)' : field.required ? ' (required)' : ' (optional)';
  return (
    <>
      <label for={id}>
        {field.label}
        {required ? (
          <span class="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={toFieldName(field)}
        type={field.kind === 'header' ? 'password' : 'text'}
        autocomplete="off"
        required={required}
        aria-describedby={`${id}-help`}
      />
      <p class="help" id={`${id}-help`}>
        {field.kind === 'header' ? 'header' : 'query parameter'} <code>{field.name}</code>
        {status}
        {field.description ? ` · ${field.description}` : null}
      </p>
    </>
  );
}

/**
 * The page of a setup link that opens nothing: expired (with when), or not valid (forged, edited,
 * or its connection is gone).
 *
 * @example
 *   c.html(<SetupLinkRefusal expiredAt={null} />, 404, pageHeaders);
 */
export function SetupLinkRefusal({ expiredAt }: { expiredAt: Date | null }) {
  const fresh = (
    <>
      Get a fresh <code>setupUrl</code> from <code>{'GET /connect/{namespace}/{connectionId}'}</code>.
    </>
  );
  if (expiredAt) {
    return (
      <PageShell title="This setup link has expired">
        <p>
          It was valid until {expiredAt.toISOString()}. {fresh}
        </p>
      </PageShell>
    );
  }
  return (
    <PageShell title="This setup link is not valid">
      <p>The connection it was made for no longer exists, or the link was changed. {fresh}</p>
    </PageShell>
  );
}

/** The page of a submit that did not come from its setup page: nothing was saved, and `why`. */
export function SetupSubmitRefusal({ why }: { why: string }) {
  return (
    <PageShell title="This form was not sent from its setup page">
      <p>Nothing was saved: {why}. Open the setup link again and submit the form there.</p>
    </PageShell>
  );
}
