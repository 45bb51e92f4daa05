import type { ApiAnswer } from './api-client.js';
import { errorText } from './api-client.js';
import { Csrf, Layout, Notice } from './layout.js';

/** The fields of the connection form, as typed (kept when the form comes back with errors). */
export interface ConnectionFormValues {
  namespace: string;
  connectionId: string;
  name: string;
  server: string;
  mcpUrl: string;
  mock: boolean;
  metadata: string;
}

/** Problems by form field (`form` for those that belong to no one field). */
export type FieldErrors = Partial<Record<keyof ConnectionFormValues | 'form', string>>;

const fieldOfPath: Record<string, keyof ConnectionFormValues> = {
  namespace: 'namespace',
  connectionId: 'connectionId',
  name: 'name',
  server: 'server',
  mcpUrl: 'mcpUrl',
  mock: 'mock',
  metadata: 'metadata',
};

/**
 * An API error answer split by the field it names, so each problem shows beside its input: a
 * `validation_error` message is `path: rule; path: rule` (api/http/validation-message.ts), and a
 * part whose path is no field of the form, or any other error, belongs to the whole form.
 *
 * @example
 *   toFieldErrors(answer); // { name: 'name: must be at least 1 character long' }
 */
export function toFieldErrors(answer: ApiAnswer): FieldErrors {
  const message = errorText(answer);
  const errors: FieldErrors = {};
  if ((answer.body as { error?: string } | null)?.error !== 'validation_error') return { form: message };
  for (const part of message.split(/; (?=[\w.]+: )/)) {
    const field = fieldOfPath[/^(\w+)[\w.]*: /.exec(part)?.[1] ?? ''] ?? 'form';
    errors[field] = errors[field] ? `${errors[field]}; ${part}` : part;
  }
  return errors;
}

/** The id, name and ARIA ties of a field's input: its help and, when it has one, its error. */
function inputAttributes(id: keyof ConnectionFormValues, help: string | undefined, error: string | undefined): Record<string, string> {
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attributes: Record<string, string> = { id: `connection-${id}`, name: id };
  if (described) attributes['aria-describedby'] = described;
  if (error) attributes['aria-invalid'] = 'true';
  return attributes;
}

/** A labelled input with its help and its error beside it. */
function Field({
  id,
  label,
  help,
  error,
  children,
}: {
  id: keyof ConnectionFormValues;
  label: string;
  help?: string | undefined;
  error: string | undefined;
  children?: unknown;
}) {
  return (
    <div>
      <label for={`connection-${id}`}>{label}</label>
      {help ? (
        <span class="help" id={`${id}-help`}>
          {help}
        </span>
      ) : null}
      {children}
      {error ? (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const idHelp = 'letters, digits and . _ ~ @ : + - (no slash)';
const serverHelp = 'a registry qualified name such as @qa/weather';
const urlHelp = 'or the URL of a real MCP server (a mock needs a registry server instead)';
const metadataHelp = 'a JSON object, e.g. {"team": "sales"}';

/**
 * The form that creates a connection (`mode: 'create'`: namespace, id, registry server or MCP URL,
 * mock, name, metadata) or edits one (`mode: 'edit'`: name and metadata; the mock setting is shown,
 * since the platform keeps it as it was created). Both post to the dashboard, which calls
 * `PUT /connect/{ns}/{id}`.
 */
export function ConnectionFormPage({
  csrf,
  mode,
  values,
  namespaces,
  errors,
}: {
  csrf: string;
  mode: 'create' | 'edit';
  values: ConnectionFormValues;
  namespaces: string[];
  errors: FieldErrors;
}) {
  const create = mode === 'create';
  const nameHelp = create ? 'optional: the id when empty' : undefined;
  const title = create ? 'New connection' : `Edit ${values.namespace}/${values.connectionId}`;
  const action = create
    ? '/ui/connections/new'
    : `/ui/connections/${encodeURIComponent(values.namespace)}/${encodeURIComponent(values.connectionId)}/edit`;
  return (
    <Layout title={title} page="connections" csrf={csrf}>
      <Notice text={errors.form} error />
      <form method="post" action={action} class="card" aria-label={title} novalidate>
        <Csrf token={csrf} />
        {create ? (
          <>
            <Field id="namespace" label="Namespace" error={errors.namespace}>
              <select {...inputAttributes('namespace', undefined, errors.namespace)}>
                {namespaces.map((name) => (
                  <option value={name} selected={name === values.namespace}>
                    {name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="connectionId" label="Connection id" help={idHelp} error={errors.connectionId}>
              <input {...inputAttributes('connectionId', idHelp, errors.connectionId)} value={values.connectionId} autocomplete="off" />
            </Field>
          </>
        ) : null}
        <Field id="name" label="Name" help={nameHelp} error={errors.name}>
          <input {...inputAttributes('name', nameHelp, errors.name)} value={values.name} autocomplete="off" />
        </Field>
        {create ? (
          <>
            <Field id="server" label="Registry server" help={serverHelp} error={errors.server}>
              <input {...inputAttributes('server', serverHelp, errors.server)} value={values.server} autocomplete="off" />
            </Field>
            <Field id="mcpUrl" label="MCP URL" help={urlHelp} error={errors.mcpUrl}>
              <input {...inputAttributes('mcpUrl', urlHelp, errors.mcpUrl)} value={values.mcpUrl} autocomplete="off" inputmode="url" />
            </Field>
            <div>
              <label>
                <input type="checkbox" value="on" checked={values.mock} {...inputAttributes('mock', undefined, errors.mock)} /> Mock: the
                simulator answers its tools (needs a registry server)
              </label>
              {errors.mock ? (
                <p class="field-error" id="mock-error">
                  {errors.mock}
                </p>
              ) : null}
            </div>
          </>
        ) : (
          <p>
            {values.mock ? 'A mock connection.' : 'Not a mock connection.'}{' '}
            <span class="help">
              The mock setting is fixed when a connection is created (the platform keeps it on updates); to change it, delete this
              connection and create it again.
            </span>
          </p>
        )}
        <Field id="metadata" label="Metadata" help={metadataHelp} error={errors.metadata}>
          <textarea {...inputAttributes('metadata', metadataHelp, errors.metadata)} rows={3}>
            {values.metadata}
          </textarea>
        </Field>
        <button type="submit">{create ? 'Create connection' : 'Save changes'}</button>
      </form>
    </Layout>
  );
}
