import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Stores } from '../store/stores.js';
import { errorText, segment, type ApiClient } from './api-client.js';
import { CallResult, ConnectionPage, loadConnection, loadMemory, toolPath, type CallOutcome, type ToolView } from './connection-page.js';
import { Layout, Notice } from './layout.js';
import { connectionPath, MemoryView, TimelineRow, WorldView, type CallEntry } from './memory-view.js';
import { toArguments } from './schema-form.js';
import { accountOf, apiOf, readForm, redirectWith, sessionOf, takeFlash, wantsFragment, type UiContext } from './ui-context.js';

/** How often an idle event stream says it is alive, so proxies and browsers keep it open. */
const keepAliveMs = 15_000;

/**
 * The connection page and its actions: call a tool (the playground), the live timeline
 * (server-sent events), snapshots, reset and fork. Every action is the API's own operation,
 * called in process.
 *
 * @example
 *   addConnectionRoutes(app, context); // on the sub-app mounted at /ui
 */
export function addConnectionRoutes(app: Hono, context: UiContext): void {
  const { stores } = context;
  const controlPath = (namespace: string, id: string) => `/__mcpsim/connections/${segment(namespace)}/${segment(id)}`;

  app.get('/connections/:namespace/:id', async (c) => {
    const { namespace, id } = c.req.param();
    const before = /^\d{1,15}$/.test(c.req.query('before') ?? '') ? Number(c.req.query('before')) : null;
    const data = await loadConnection(apiOf(c), stores, accountOf(c), namespace, id, before);
    if (!data)
      return c.html(
        <Layout title="Not found" page="connections" csrf={sessionOf(c).csrf}>
          <Notice text={`Connection "${id}" not found in namespace "${namespace}".`} error />
          <p>
            <a href="/ui">All connections</a>
          </p>
        </Layout>,
        404,
      );
    return c.html(<ConnectionPage csrf={sessionOf(c).csrf} data={data} namespace={namespace} {...takeFlash(c)} />);
  });

  app.get('/connections/:namespace/:id/memory', async (c) => {
    const { namespace, id } = c.req.param();
    const memory = await loadMemory(apiOf(c), stores, accountOf(c), namespace, id, null);
    if (!memory) return c.html(<Notice text="This connection has no memory (not a mock connection, or gone)." error />, 404);
    return c.html(<MemoryView base={connectionPath(namespace, id)} csrf={sessionOf(c).csrf} {...memory} />);
  });

  app.post('/connections/:namespace/:id/call', async (c) => {
    const { namespace, id } = c.req.param();
    const form = await readForm(c);
    const outcome = await callTool(apiOf(c), stores, accountOf(c), namespace, id, form);
    if (wantsFragment(c)) return c.html(<CallResult outcome={outcome} />);
    const data = await loadConnection(apiOf(c), stores, accountOf(c), namespace, id, null);
    if (!data) return c.redirect('/ui', 303);
    return c.html(<ConnectionPage csrf={sessionOf(c).csrf} data={data} namespace={namespace} outcome={outcome} />);
  });

  app.get('/connections/:namespace/:id/events', (c) => {
    const { namespace, id } = c.req.param();
    const key = stores.memory.resolveKey(accountOf(c), namespace, id);
    if (key === null) return c.text('not a mock connection', 404);
    const session = sessionOf(c);
    return streamSSE(c, async (stream) => {
      const queue: { event: string; data: string }[] = [];
      let wake: (() => void) | null = null;
      const stop = stores.memory.subscribe((event) => {
        if (event.key !== key) return;
        if (event.kind === 'replaced') queue.push({ event: 'replaced', data: '{}' });
        else
          queue.push({
            event: 'call',
            data: JSON.stringify({
              sequence: event.entry.sequence,
              row: String(<TimelineRow entry={event.entry as CallEntry} />),
              world: String(<WorldView world={stores.memory.load(key).world} />),
            }),
          });
        wake?.();
      });
      let open = true;
      // Logging out, or the session's key being removed, ends the stream at once (not at the next keep-alive).
      const unwatch = context.sessions.watch(session.id, () => wake?.());
      stream.onAbort(() => {
        open = false;
        stop();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (open) {
        // The stream lives no longer than the session that opened it (expired, or logged out).
        const left = context.sessions.remainingMs(session.id);
        if (left === 0) {
          await stream.writeSSE({ event: 'expired', data: '{}' });
          break;
        }
        const next = queue.shift();
        if (next) {
          await stream.writeSSE(next);
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(keepAliveMs, left)).unref?.();
        });
        wake = null;
        if (open && queue.length === 0 && context.sessions.remainingMs(session.id) > 0) await stream.write(': alive\n\n');
      }
      stop();
      unwatch();
    });
  });

  app.post('/connections/:namespace/:id/snapshots', async (c) => {
    const { namespace, id } = c.req.param();
    const form = await readForm(c);
    const label = form.get('label')?.trim() ?? '';
    const answer = await apiOf(c).post<{ id: string; scope: string }>(
      `${controlPath(namespace, id)}/snapshots${scopeQuery(form)}`,
      label === '' ? {} : { label },
    );
    const of = answer.ok && answer.body.scope === 'connection' ? " of this connection's calls" : '';
    return redirectWith(
      c,
      connectionPath(namespace, id),
      answer.ok ? `Snapshot ${label || answer.body.id}${of} taken.` : errorText(answer),
      !answer.ok,
    );
  });

  app.post('/connections/:namespace/:id/snapshots/:snapshot/restore', async (c) => {
    const { namespace, id, snapshot } = c.req.param();
    const answer = await apiOf(c).post<{ calls: number; scope: string }>(
      `${controlPath(namespace, id)}/snapshots/${segment(snapshot)}/restore${scopeQuery(await readForm(c))}`,
    );
    const what =
      answer.ok && answer.body.scope === 'connection' ? "Restored this connection's calls: the shared memory" : 'Restored: the memory';
    return redirectWith(
      c,
      connectionPath(namespace, id),
      answer.ok ? `${what} holds ${answer.body.calls} calls again.` : errorText(answer),
      !answer.ok,
    );
  });

  app.post('/connections/:namespace/:id/snapshots/:snapshot/delete', async (c) => {
    const { namespace, id, snapshot } = c.req.param();
    const answer = await apiOf(c).delete(`${controlPath(namespace, id)}/snapshots/${segment(snapshot)}`);
    return redirectWith(c, connectionPath(namespace, id), answer.ok ? 'Snapshot deleted.' : errorText(answer), !answer.ok);
  });

  app.post('/connections/:namespace/:id/reset', async (c) => {
    const { namespace, id } = c.req.param();
    const answer = await apiOf(c).delete<{ scope: string; calls: number }>(
      `${controlPath(namespace, id)}/memory${scopeQuery(await readForm(c))}`,
    );
    const done =
      answer.ok && answer.body.scope === 'connection'
        ? `Reset this connection's calls: the shared memory holds ${answer.body.calls} calls of the others.`
        : 'Memory reset: the next call is call 1.';
    return redirectWith(c, connectionPath(namespace, id), answer.ok ? done : errorText(answer), !answer.ok);
  });

  app.post('/connections/:namespace/:id/fork', async (c) => {
    const { namespace, id } = c.req.param();
    const wanted = (await readForm(c)).get('connectionId')?.trim() ?? '';
    const answer = await apiOf(c).post<{ namespace: string; connectionId: string; calls: number }>(
      `${controlPath(namespace, id)}/fork`,
      wanted === '' ? {} : { connectionId: wanted },
    );
    if (!answer.ok) return redirectWith(c, connectionPath(namespace, id), errorText(answer), true);
    const fork = answer.body;
    return redirectWith(
      c,
      connectionPath(fork.namespace, fork.connectionId),
      `Forked from ${namespace}/${id} with ${fork.calls} calls: this is the fork.`,
    );
  });
}

/** Calls a tool with the arguments of a playground form, through `POST .../.tools/{tool}`. */
async function callTool(
  api: ApiClient,
  stores: Stores,
  accountId: string,
  namespace: string,
  id: string,
  form: Map<string, string>,
): Promise<CallOutcome> {
  const tool = form.get('tool') ?? '';
  const base = `/connect/${segment(namespace)}/${segment(id)}/.tools`;
  const described = await api.get<ToolView>(`${base}/${toolPath(tool)}`);
  if (!described.ok) return { tool, error: errorText(described) };
  let args: Record<string, unknown>;
  try {
    args = toArguments(described.body.inputSchema, form, form.get('_raw') ?? '');
  } catch (error) {
    return { tool, error: (error as Error).message };
  }
  const started = performance.now();
  const answer = await api.post<CallOutcome['result']>(`${base}/${toolPath(tool)}`, args);
  const latencyMs = Math.round(performance.now() - started);
  if (!answer.ok) return { tool, error: errorText(answer) };
  // The log entry of this call (a mock connection's), for its source, model, usage and latency.
  const key = stores.memory.resolveKey(accountId, namespace, id);
  const entry =
    key === null ? null : ((stores.memory.load(key).history.findLast((call) => call.tool === tool) as CallEntry | undefined) ?? null);
  return { tool, result: answer.body!, latencyMs, entry };
}

/** `?scope=…` from a dashboard form's scope choice (the API checks the value), or nothing. */
function scopeQuery(form: Map<string, string>): string {
  const scope = form.get('scope');
  return scope === undefined || scope === '' ? '' : `?scope=${encodeURIComponent(scope)}`;
}
