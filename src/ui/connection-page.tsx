import type { WorldState as DomainWorld } from '../domain/memory-log.js';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from '../reading/read-server.js';
import { toOperationLabel, type ToolReading as ToolReadingData } from '../reading/tool-reading.js';
import type { ToolOverride } from '../reading/tool-operation.js';
import type { EntityCorrection } from '../domain/tool-override.js';
import type { Stores } from '../store/stores.js';
import { errorText, segment, type ApiClient } from './api-client.js';
import { Badge, Csrf, Json, Layout, Notice } from './layout.js';
import {
  connectionPath,
  formatMs,
  MemoryView,
  toTokenText,
  type SessionUsage,
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
  /** The model tokens of every call the memory keeps (the session), each call's attempts all counted. */
  usage: SessionUsage;
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
  const listed = tools.ok ? tools.body.tools : [];
  const readings = found.body.mock?.enabled
    ? await loadReadings(api, toServerNames(stores, accountId, namespace, id), namespace, id, listed)
    : new Map<string, ToolReadingData>();
  return { connection: found.body, tools: listed, readings, toolsError: tools.ok ? null : errorText(tools), memory };
}

/**
 * How the simulator reads each tool of a mock connection (with its corrections and seed world),
 * by tool name: what `mcpsim explain` prints, shown beside each tool of the playground.
 */
async function loadReadings(api: ApiClient, serverNames: string[], namespace: string, id: string, tools: readonly ToolView[]) {
  const simulation = await api.get<{
    world: DomainWorld;
    tools: Record<string, ToolOverride>;
    entities?: Record<string, EntityCorrection>;
  }>(`/__mcpsim/connections/${segment(namespace)}/${segment(id)}/simulation`);
  const definitions = tools.map((tool) => ({ ...tool, inputSchema: tool.inputSchema ?? { type: 'object' } }) as ToolDefinition);
  const model = readServer(definitions, {
    serverNames,
    corrections: simulation.ok ? simulation.body.tools : {},
    entities: simulation.ok ? simulation.body.entities : undefined,
  });
  const explained = model.readingsIn(simulation.ok ? simulation.body.world : undefined);
  return new Map(explained.map((explanation) => [explanation.tool, explanation]));
}

/** The names the simulator reads a connection's server with: its qualified name and its display name. */
function toServerNames(stores: Stores, accountId: string, namespace: string, id: string): string[] {
  const server = stores.connections.getInNamespace(accountId, namespace, id)?.server;
  if (!server) return [];
  return [server, stores.registry.get(server)?.displayName ?? ''];
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
  const usage = { calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  for (const entry of history) {
    if (!entry.usage) continue;
    usage.calls++;
    usage.inputTokens += entry.usage.inputTokens;
    usage.outputTokens += entry.usage.outputTokens;
    usage.cachedInputTokens += entry.usage.cachedInputTokens ?? 0;
  }
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
    usage,
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
        {usage ? ` · ${toTokenText(usage)}` : ''}
        {outcome.entry ? ` · call ${outcome.entry.sequence}` : ''}
      </p>
      <ResultView result={result} />
    </div>
  );
}

/** The playground of one tool: a form built from its input schema, plus a raw JSON editor. */
function Playground(props: { base: string; csrf: string; tool: ToolView; open: boolean; reading: ToolReadingData | undefined }) {
  const { base, csrf, tool, open, reading } = props;
  const id = tool.name.replace(/[^a-zA-Z0-9_-]/g, '-');
  return (
    <details open={open}>
      <summary>
        <code>{tool.name}</code> {reading ? <span class="badge">{`${toOperationLabel(reading)} ${reading.entity}`}</span> : null}{' '}
        <span class="muted">{tool.description ?? ''}</span>
      </summary>
      {reading ? <ToolReading reading={reading} /> : null}
      <form method="post" action={`${base}/call`} data-target={`#result-${id}`} aria-label={`Call ${tool.name}`}>
        <Csrf token={csrf} />
        <input type="hidden" name="tool" value={tool.name} />
        <SchemaFields schema={tool.inputSchema} prefix="arg" idPrefix={`f-${id}`} />
        <button type="submit">Call {tool.name}</button>
      </form>
      {/* A form of its own: the fields' required rules do not hold it back, and it sends only the JSON. */}
      <details>
        <summary>Raw JSON arguments (instead of the fields)</summary>
        <form method="post" action={`${base}/call`} data-target={`#result-${id}`} aria-label={`Call ${tool.name} with JSON arguments`}>
          <Csrf token={csrf} />
          <input type="hidden" name="tool" value={tool.name} />
          <label for={`raw-${id}`}>Arguments as a JSON object</label>
          <textarea id={`raw-${id}`} name="_raw" rows={4} placeholder="{}" required></textarea>
          <button type="submit">Call {tool.name} with this JSON</button>
        </form>
      </details>
      <div id={`result-${id}`} tabindex={-1}></div>
    </details>
  );
}

/** What the simulator infers about a tool, and why (docs/simulator.md, "Seeing how a tool is read"). */
function ToolReading({ reading }: { reading: ToolReadingData }) {
  const rows: [string, string, string][] = [
    ['Operation', reading.operation, reading.why.operation],
    ['Answered as', reading.kind, reading.why.kind],
    ['Entity', reading.entity, reading.why.entity],
    ['Id argument', reading.idArgument ?? 'none', reading.why.id],
    ['Filters', reading.filters.length > 0 ? reading.filters.map((filter) => filter.argument).join(', ') : 'none', reading.why.filters],
    ['Id format', reading.nextId === null ? 'no new ids' : `next new id ${reading.nextId}`, reading.why.idFormat],
  ];
  return (
    <details class="tool-reading">
      <summary>How the simulator reads it</summary>
      <dl>
        {rows.map(([label, value, why]) => (
          <>
            <dt>{label}</dt>
            <dd>
              <code>{value}</code> <span class="muted">{why}</span>
            </dd>
          </>
        ))}
      </dl>
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
          <Playground
            base={base}
            csrf={csrf}
            tool={tool}
            reading={data.readings.get(tool.name)}
            open={outcome ? outcome.tool === tool.name : index === 0}
          />
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
