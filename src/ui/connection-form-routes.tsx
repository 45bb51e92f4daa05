import type { Context, Hono } from 'hono';
import { segment } from './api-client.js';
import { ConnectionFormPage, toFieldErrors, type ConnectionFormValues, type FieldErrors } from './connection-form-page.js';
import type { ConnectionView } from './connections-page.js';
import { connectionPath } from './memory-view.js';
import { apiOf, readForm, redirectWith, sessionOf } from './ui-context.js';

const emptyValues: ConnectionFormValues = { namespace: '', connectionId: '', name: '', server: '', mcpUrl: '', mock: false, metadata: '' };

/**
 * Creating a connection and editing one's name and metadata from the dashboard. Both are the API's
 * own `PUT /connect/{ns}/{id}`, so its validation is the only one: its errors come back beside the
 * field they name (connection-form-page.tsx). Only what a form cannot send as JSON (metadata that
 * is not JSON at all) is checked here.
 *
 * @example
 *   addConnectionFormRoutes(app); // on the sub-app mounted at /ui
 */
export function addConnectionFormRoutes(app: Hono): void {
  app.get('/connections/new', async (c) => {
    const namespaces = await namespacesOf(c);
    const namespace = c.req.query('namespace') ?? namespaces[0] ?? '';
    return showForm(c, 'create', { ...emptyValues, namespace, mock: true }, namespaces, {}, 200);
  });

  app.post('/connections/new', async (c) => {
    const form = await readForm(c);
    const values = toValues(form, { ...emptyValues, namespace: form.get('namespace') ?? '', connectionId: field(form, 'connectionId') });
    const namespaces = await namespacesOf(c);
    const again = (errors: FieldErrors) => showForm(c, 'create', values, namespaces, errors, 400);
    if (values.connectionId === '') return again({ connectionId: 'connectionId: is required' });
    const metadata = parseMetadata(values.metadata);
    if (metadata === undefined) return again({ metadata: metadataProblem });
    const path = `/connect/${segment(values.namespace)}/${segment(values.connectionId)}`;
    // PUT on a taken id would edit that connection: a create form refuses it instead, as "mock this server" does.
    if ((await apiOf(c).get(path)).ok)
      return again({
        connectionId: `"${values.connectionId}" is already a connection in ${values.namespace}; choose another id, or edit that one`,
      });
    const body = {
      ...(values.name === '' ? {} : { name: values.name }),
      ...(values.server === '' ? {} : { server: values.server }),
      ...(values.mcpUrl === '' ? {} : { mcpUrl: values.mcpUrl }),
      ...(values.mock ? { mock: { enabled: true } } : {}),
      ...(metadata === null ? {} : { metadata }),
    };
    const answer = await apiOf(c).put<ConnectionView>(path, body);
    if (!answer.ok) return again(toFieldErrors(answer));
    return redirectWith(
      c,
      connectionPath(values.namespace, values.connectionId),
      `Connection ${values.namespace}/${values.connectionId} created.`,
    );
  });

  app.get('/connections/:namespace/:id/edit', async (c) => {
    const { namespace, id } = c.req.param();
    const answer = await apiOf(c).get<ConnectionView>(`/connect/${segment(namespace)}/${segment(id)}`);
    const values: ConnectionFormValues = answer.ok
      ? {
          ...emptyValues,
          namespace,
          connectionId: id,
          name: answer.body.name,
          mock: answer.body.mock?.enabled === true,
          metadata: answer.body.metadata ? JSON.stringify(answer.body.metadata, null, 2) : '',
        }
      : { ...emptyValues, namespace, connectionId: id };
    return showForm(c, 'edit', values, [], answer.ok ? {} : toFieldErrors(answer), answer.ok ? 200 : toPageStatus(answer.status));
  });

  app.post('/connections/:namespace/:id/edit', async (c) => {
    const { namespace, id } = c.req.param();
    const path = `/connect/${segment(namespace)}/${segment(id)}`;
    const current = await apiOf(c).get<ConnectionView>(path);
    const form = await readForm(c);
    const values = toValues(form, { ...emptyValues, namespace, connectionId: id, mock: current.ok && current.body.mock?.enabled === true });
    const again = (errors: FieldErrors, status: PageStatus = 400) => showForm(c, 'edit', values, [], errors, status);
    // PUT creates what does not exist: an edit of a connection deleted meanwhile must not bring it back.
    if (!current.ok) return again(toFieldErrors(current), toPageStatus(current.status));
    const metadata = parseMetadata(values.metadata);
    if (metadata === undefined) return again({ metadata: metadataProblem });
    // An emptied metadata field clears it ({}); the name is sent as typed, so an empty one is the API's error.
    const answer = await apiOf(c).put<ConnectionView>(path, { name: values.name, metadata: metadata ?? {} });
    if (!answer.ok) return again(toFieldErrors(answer));
    return redirectWith(c, connectionPath(namespace, id), `Connection ${namespace}/${id} saved.`);
  });
}

type PageStatus = 200 | 400 | 404;

/** A failed read of the connection as the page's status: missing, or anything else the form cannot go on with. */
function toPageStatus(status: number): PageStatus {
  return status === 404 ? 404 : 400;
}

const metadataProblem = 'metadata: must be a JSON object, e.g. {"team": "sales"}';

/** The metadata field as JSON: null when empty, undefined when it is not JSON at all (the API judges the rest). */
function parseMetadata(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(form: ReadonlyMap<string, string>, name: string): string {
  return form.get(name)?.trim() ?? '';
}

function toValues(form: ReadonlyMap<string, string>, base: ConnectionFormValues): ConnectionFormValues {
  return {
    ...base,
    name: field(form, 'name'),
    server: field(form, 'server'),
    mcpUrl: field(form, 'mcpUrl'),
    mock: base.mock || form.get('mock') === 'on',
    metadata: form.get('metadata') ?? '',
  };
}

async function namespacesOf(c: Context): Promise<string[]> {
  const answer = await apiOf(c).get<{ namespaces: { name: string }[] }>('/namespaces?limit=100');
  return answer.ok ? answer.body.namespaces.map((namespace) => namespace.name) : [];
}

function showForm(
  c: Context,
  mode: 'create' | 'edit',
  values: ConnectionFormValues,
  namespaces: string[],
  errors: FieldErrors,
  status: PageStatus,
): Response | Promise<Response> {
  const page = <ConnectionFormPage csrf={sessionOf(c).csrf} mode={mode} values={values} namespaces={namespaces} errors={errors} />;
  return c.html(page, status);
}
