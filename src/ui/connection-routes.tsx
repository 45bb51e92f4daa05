import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { CallLogEntry } from '../domain/memory-log.js';
import type { MemoryKey } from '../store/memory-store.js';
import type { Stores } from '../store/stores.js';
import { errorText, segment, type ApiClient } from './api-client.js';
import { askToConfirm } from './confirm-page.js';
import { CallResult, ConnectionPage, loadConnection, loadMemory, toolPath, type CallOutcome, type ToolView } from './connection-page.js';
import { Layout, Notice } from './layout.js';
import { connectionPath, MemoryView, TimelineRow, type CallEntry } from './memory-view.js';
import { WorldView } from './world-view.js';
import { toArguments } from './schema-form.js';
import { accountOf, apiOf, readForm, redirectWith, sessionOf, takeFlash, wantsFragment, type UiContext } from './ui-context.js';

/** How often an idle event stream says it is alive, so proxies and browsers keep it open. */
const keepAliveMs = 15_000;

/** Batches of events a stream may have waiting (about 10 s of them) before it is told to read the memory again. */
const maxQueuedChunks = 200;
const replacedEvent = new TextEncoder().encode('event: replaced\ndata: {}\n\n');

/**
 * The connection page and its actions: call a tool (the playground), the live timeline
 * (server-sent events through the one hub, `context.streams`), snapshots, reset and fork. Every action is the API's own operation,
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
    let queue: Uint8Array[] = [];
    let wake: (() => void) | null = null;
    // Opened before the answer starts, so a refusal (too many streams) is a status with a JSON body.
    const close = context.streams.open(session.id, key, (chunk) => {
      // A stream that fell this far behind (a stalled tab) is told to read the memory again instead.
      if (queue.length < maxQueuedChunks) queue.push(chunk);
      else queue = [replacedEvent];
      wake?.();
    });
    return streamSSE(c, async (stream) => {
      let open = true;
      // Logging out, or the session's key being removed, ends the stream at once.
      let ended = false;
      // A timer fired: say the stream is alive, and look at the session again (has it expired?).
      let due = false;
      const unwatch = context.sessions.watch(session.id, () => ((ended = true), wake?.()));
      const tell = () => ((due = true), wake?.());
      const keepAlive = setInterval(tell, keepAliveMs);
      const expiry = setTimeout(tell, context.sessions.remainingMs(session.id));
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      try {
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (open) {
          // The stream lives no longer than the session that opened it (expired, logged out, its key removed).
          if (ended || (due && context.sessions.remainingMs(session.id) === 0)) {
            await stream.writeSSE({ event: 'expired', data: '{}' });
            break;
          }
          if (queue.length > 0) {
            // What gathered while the last write went out leaves in one write.
            const chunks = queue;
            queue = [];
            await stream.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
            continue;
          }
          if (due) {
            due = false;
            await stream.write(': alive\n\n');
            continue;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        clearInterval(keepAlive);
        clearTimeout(expiry);
        close();
        unwatch();
      }
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
    const form = await readForm(c);
    if (form.get('confirm') !== 'yes')
      return askToConfirm(c, form, {
        cancelHref: connectionPath(namespace, id),
        title: `Restore a snapshot of ${namespace}/${id}?`,
        consequence:
          form.get('scope') === 'connection'
            ? "This connection's calls go back to what the snapshot holds; what it did since is lost. The other connections' calls stay."
            : 'The memory goes back to what the snapshot holds: every call made since, and what it changed in the world, is lost.',
        confirmLabel: 'Yes, restore the snapshot',
      });
    const answer = await apiOf(c).post<{ calls: number; scope: string }>(
      `${controlPath(namespace, id)}/snapshots/${segment(snapshot)}/restore${scopeQuery(form)}`,
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
    const form = await readForm(c);
    if (form.get('confirm') !== 'yes')
      return askToConfirm(c, form, {
        cancelHref: connectionPath(namespace, id),
        title: `Delete a snapshot of ${namespace}/${id}?`,
        consequence: 'The snapshot is deleted for good: the memory cannot go back to it any more.',
        confirmLabel: 'Yes, delete the snapshot',
      });
    const answer = await apiOf(c).delete(`${controlPath(namespace, id)}/snapshots/${segment(snapshot)}`);
    return redirectWith(c, connectionPath(namespace, id), answer.ok ? 'Snapshot deleted.' : errorText(answer), !answer.ok);
  });

  app.post('/connections/:namespace/:id/reset', async (c) => {
    const { namespace, id } = c.req.param();
    const form = await readForm(c);
    if (form.get('confirm') !== 'yes')
      return askToConfirm(c, form, {
        cancelHref: connectionPath(namespace, id),
        title: `Reset the memory of ${namespace}/${id}?`,
        consequence:
          form.get('scope') === 'connection'
            ? "This connection's calls, and what they changed in the shared world, are forgotten. Take a snapshot first to keep them."
            : 'Every call is forgotten and the world goes back to what it started from. Take a snapshot first to keep them.',
        confirmLabel: 'Yes, reset the memory',
      });
    const answer = await apiOf(c).delete<{ scope: string; calls: number }>(`${controlPath(namespace, id)}/memory${scopeQuery(form)}`);
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

/**
 * The live timeline's `call` events for calls to one memory: each call's timeline row, and with
 * the last one the world after it, as HTML; rendered once for every stream of the memory
 * (timeline-streams.ts). The data is one line of JSON, so each event is one `data:` line.
 *
 * @example
 *   createTimelineStreams({ memory: stores.memory, render: renderCallEvents(stores) });
 */
export function renderCallEvents(stores: Stores): (key: MemoryKey, calls: readonly CallLogEntry[]) => string {
  return (key, calls) => {
    const world = String(<WorldView world={stores.memory.load(key).world} />);
    return calls
      .map((entry, index) => {
        const data = {
          sequence: entry.sequence,
          row: String(<TimelineRow entry={entry as CallEntry} />),
          ...(index === calls.length - 1 ? { world } : {}),
        };
        return `event: call\ndata: ${JSON.stringify(data)}\n\n`;
      })
      .join('');
  };
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
