import type { Hono } from 'hono';
import { errorText, segment } from './api-client.js';
import { askToConfirm } from './confirm-page.js';
import { apiOf, readForm, redirectWith } from './ui-context.js';

/**
 * Creating and deleting namespaces, and deleting connections, from the connections page: each is
 * the API's own operation (`PUT /namespaces/{name}`, `DELETE /namespaces/{name}`,
 * `DELETE /connect/{namespace}/{connectionId}`), and a delete asks first (confirm-page.tsx).
 *
 * @example
 *   addNamespaceRoutes(app); // on the sub-app mounted at /ui
 */
export function addNamespaceRoutes(app: Hono): void {
  app.post('/namespaces', async (c) => {
    const name = (await readForm(c)).get('name')?.trim() ?? '';
    const answer = await apiOf(c).put(`/namespaces/${segment(name)}`);
    if (!answer.ok) return redirectWith(c, '/ui', `Could not create namespace "${name}": ${errorText(answer)}`, true);
    return redirectWith(c, '/ui', answer.status === 201 ? `Namespace ${name} created.` : `Namespace ${name} already exists.`);
  });

  app.post('/namespaces/:namespace/delete', async (c) => {
    const { namespace } = c.req.param();
    const form = await readForm(c);
    if (form.get('confirm') !== 'yes')
      return askToConfirm(c, form, {
        cancelHref: '/ui',
        title: `Delete the namespace ${namespace}?`,
        consequence: 'The namespace is deleted with every connection in it, their memories and their snapshots.',
        confirmLabel: 'Yes, delete the namespace',
      });
    const answer = await apiOf(c).delete(`/namespaces/${segment(namespace)}`);
    return redirectWith(c, '/ui', answer.ok ? `Namespace ${namespace} deleted.` : errorText(answer), !answer.ok);
  });

  app.post('/connections/:namespace/:id/delete', async (c) => {
    const { namespace, id } = c.req.param();
    const form = await readForm(c);
    if (form.get('confirm') !== 'yes')
      return askToConfirm(c, form, {
        cancelHref: '/ui',
        title: `Delete the connection ${namespace}/${id}?`,
        consequence: 'The connection is deleted with its memory (every call and its world) and its snapshots.',
        confirmLabel: 'Yes, delete the connection',
      });
    const answer = await apiOf(c).delete(`/connect/${segment(namespace)}/${segment(id)}`);
    return redirectWith(c, '/ui', answer.ok ? `Connection ${namespace}/${id} deleted.` : errorText(answer), !answer.ok);
  });
}
