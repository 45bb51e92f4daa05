import type { Stores } from '../store/stores.js';
import { errorText, segment, type ApiClient } from './api-client.js';
import { Badge, Csrf, Json, Layout, Notice } from './layout.js';
import {
  connectionPath,
  formatMs,
  MemoryView,
  ResultView,
  timelinePage,
  type CallEntry,
  type SnapshotView,
  type WorldState,
} from './memory-view.js';
import { SchemaFields } from './schema-form.js';
import { StatusBadge, toKindLabel, type ConnectionView } from './connections-page.js';

export interface ToolView {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface MemoryData {
  calls: CallEntry[];
  world: WorldState;
  nextSequence: number;
  /** The oldest call the log still holds (retention drops the oldest); `nextSequence` when it is empty. */
  firstSequence: number;
  before: number | null;
  snapshots: SnapshotView[];
  /** Whether the connection shares its world (then reset, snapshot and restore offer a scope). */
  shared: boolean;
}

/**
 * The path of a tool under `.tools/`: `a.b` is `a/b`.
 *
 * @example
 *   toolPath('issues.list'); // 'issues/list'
 */
export function toolPath(name: string): string {
  return name.split('.').map(segment).join('/');
}

/**
 * Reads what the connection page shows through the API: the connection, its tools, and for a
 * mock connection one page of its memory (newest first, or the page before `before`) and its
 * snapshots. Null when the connection is not found.
 *
 * @example
 *   const data = await loadConnection(api, stores, accountId, 'demo', 'time', null); // the newest page
 */
export async function loadConnection(
  api: ApiClient,
  stores: Stores,
  accountId: string,
  namespace: string,
  id: string,
  before: number | null,
) {
  const path = `/connect/${segment(namespace)}/${segment(id)}`;
  const found = await api.get<ConnectionView>(path);
  if (!found.ok) return null;
  const tools = await api.get<{ tools: ToolView[] }>(`${path}/.tools`);
  const memory = found.body.mock?.enabled ? await loadMemory(api, stores, accountId, namespace, id, before) : null;
  return { connection: found.body, tools: tools.ok ? tools.body.tools : [], toolsError: tools.ok ? null : errorText(tools), memory };
}

/**
 * One page of a mock connection's memory, through `GET .../memory?since&limit`, and its
 * snapshots. Where the log ends is read from the store's cache (`nextSequence`), so the page is
 * one window of the log, never all of it.
 *
 * @example
 *   const older = await loadMemory(api, stores, accountId, 'demo', 'time', 5000); // calls 4950 to 4999
 */
export async function loadMemory(
  api: ApiClient,
  stores: Stores,
  accountId: string,
  namespace: string,
  id: string,
  before: number | null,
): Promise<MemoryData | null> {
  const base = `/__mcpsim/connections/${segment(namespace)}/${segment(id)}`;
  const member = stores.memory.resolveMember(accountId, namespace, id);
  if (member === null) return null;
  const { key, shared } = member;
  // Sequences ascend (with gaps after a connection-scope reset) from the first call the log still
  // holds (retention drops the oldest), so the page before `before` (or the newest) is a since/limit window.
  const { nextSequence, history } = stores.memory.load(key);
  const firstSequence = history[0]?.sequence ?? nextSequence;
  const end = before === null ? nextSequence : Math.min(before, nextSequence);
  const since = Math.max(firstSequence - 1, end - 1 - timelinePage);
  const limit = Math.max(1, end - 1 - since);
  const page = await api.get<{ calls: CallEntry[]; world: WorldState; nextSequence: number }>(
    `${base}/memory?since=${since}&limit=${limit}`,
  );
  const snapshots = await api.get<{ snapshots: SnapshotView[] }>(`${base}/snapshots`);
  if (!page.ok) return null;
  return {
    calls: page.body.calls.filter((call) => call.sequence < end),
    world: page.body.world,
    nextSequence: page.body.nextSequence,
    firstSequence,
    before,
    snapshots: snapshots.ok ? snapshots.body.snapshots : [],
    shared,
  };
}

export interface CallOutcome {
  tool: string;
  result?: CallEntry['result'] & { _meta?: Record<string, unknown> };
  error?: string;
  latencyMs?: number;
  entry?: CallEntry | null;
}

/** What the playground shows after a call: the result, its source badge, latency and token usage. */
export function CallResult({ outcome }: { outcome: CallOutcome }) {
  if (outcome.error !== undefined) return <Notice text={`${outcome.tool}: ${outcome.error}`} error />;
  const result = outcome.result!;
  const source =
    outcome.entry?.source ?? (typeof result._meta?.['mcpsim/source'] === 'string' ? (result._meta['mcpsim/source'] as string) : 'upstream');
  const usage = outcome.entry?.usage;
  return (
    <div role="status" aria-live="polite">
      <p>
        <strong>{outcome.tool}</strong> <Badge kind={source} />
        {result.isError ? (
          <>
            {' '}
            <Badge kind="iserror" text="isError" />
          </>
        ) : null}{' '}
        {formatMs(outcome.entry?.latencyMs ?? outcome.latencyMs ?? 0)} ms
        {outcome.entry?.model ? ` · ${outcome.entry.model}` : ''}
        {usage ? ` · ${usage.inputTokens} in / ${usage.outputTokens} out tokens` : ''}
        {outcome.entry ? ` · call ${outcome.entry.sequence}` : ''}
      </p>
      <ResultView result={result} />
    </div>
  );
}

/** The playground of one tool: a form built from its input schema, plus a raw JSON editor. */
function Playground({ base, csrf, tool, open }: { base: string; csrf: string; tool: ToolView; open: boolean }) {
  const id = tool.name.replace(/[^a-zA-Z0-9_-]/g, '-');
  return (
    <details open={open}>
      <summary>
        <code>{tool.name}</code> <span class="muted">{tool.description ?? ''}</span>
      </summary>
      <form method="post" action={`${base}/call`} data-target={`#result-${id}`} aria-label={`Call ${tool.name}`}>
        <Csrf token={csrf} />
        <input type="hidden" name="tool" value={tool.name} />
        <SchemaFields schema={tool.inputSchema} prefix="arg" idPrefix={`f-${id}`} />
        <details>
          <summary>Raw JSON arguments (instead of the fields)</summary>
          <label for={`raw-${id}`}>Arguments as a JSON object</label>
          <textarea id={`raw-${id}`} name="_raw" rows={4} placeholder="{}"></textarea>
        </details>
        <button type="submit">Call {tool.name}</button>
      </form>
      <div id={`result-${id}`} tabindex={-1}></div>
    </details>
  );
}

/** The page of one connection: what it is, its tools with a playground, and (mock) its memory, snapshots and fork. */
export function ConnectionPage(props: {
  csrf: string;
  data: NonNullable<Awaited<ReturnType<typeof loadConnection>>>;
  namespace: string;
  notice?: string | null;
  error?: string | null;
  outcome?: CallOutcome | null;
}) {
  const { csrf, data, namespace, notice, error, outcome } = props;
  const { connection, tools, memory } = data;
  const base = connectionPath(namespace, connection.connectionId);
  const live = memory
    ? { 'data-live': `${base}/events`, 'data-memory': `${base}/memory`, 'data-first': memory.before === null ? '1' : '0' }
    : {};
  return (
    <Layout title={connection.name} page="connections" csrf={csrf}>
      <Notice text={notice} />
      <Notice text={error} error />
      <section class="card" aria-label="Connection" {...live}>
        <p>
          <StatusBadge connection={connection} />{' '}
          <code>
            {namespace}/{connection.connectionId}
          </code>{' '}
          · {toKindLabel(connection)}
        </p>
        <p class="muted">
          {connection.serverInfo ? `${connection.serverInfo.name} ${connection.serverInfo.version}` : ''} {connection.mcpUrl ?? ''}
        </p>
        {connection.metadata ? <Json value={connection.metadata} /> : null}
        <p>
          MCP endpoint: <code>{`/connect/${namespace}/${connection.connectionId}/mcp`}</code>
        </p>
      </section>
      <section class="card" aria-labelledby="tools-title">
        <h2 id="tools-title">Tools and playground</h2>
        {data.toolsError ? <Notice text={data.toolsError} error /> : null}
        {tools.length === 0 && !data.toolsError ? <p class="muted">No tools.</p> : null}
        {tools.map((tool, index) => (
          <Playground base={base} csrf={csrf} tool={tool} open={outcome ? outcome.tool === tool.name : index === 0} />
        ))}
        {outcome ? (
          <div id="result-page">
            <CallResult outcome={outcome} />
          </div>
        ) : null}
      </section>
      {memory ? (
        <>
          <div id="memory">
            <MemoryView base={base} csrf={csrf} {...memory} />
          </div>
          <section class="card" aria-labelledby="fork-title">
            <h2 id="fork-title">Fork</h2>
            <p class="muted">
              A new mock connection whose calls and world start as a copy of this one: try two futures of the same state side by side.
            </p>
            <form method="post" action={`${base}/fork`}>
              <Csrf token={csrf} />
              <label for="fork-id">New connection id (optional)</label>
              <input id="fork-id" name="connectionId" placeholder={`${connection.connectionId}-fork`} />
              <button type="submit">Fork this connection</button>
            </form>
          </section>
        </>
      ) : null}
    </Layout>
  );
}
