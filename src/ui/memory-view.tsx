import { Badge, Json, TableHead } from './layout.js';
import { SnapshotsSection, type SnapshotView } from './snapshots-section.js';
import { WorldView } from './world-view.js';

export type { SnapshotView } from './snapshots-section.js';

/** How many calls one timeline page shows; older pages are links (the log is never loaded whole into a page). */
export const timelinePage = 50;

export interface CallEntry {
  sequence: number;
  tool: string;
  arguments: Record<string, unknown>;
  result: { content: unknown[]; structuredContent?: unknown; isError?: boolean };
  source: string;
  model: string | null;
  usage: { inputTokens: number; outputTokens: number; cachedInputTokens?: number } | null;
  latencyMs: number;
  at: string;
  changes?: {
    upserts?: { type: string; id: string; fields: Record<string, unknown> }[];
    deletes?: { type: string; id: string }[];
    facts?: string[];
  };
}

export interface WorldState {
  entities: Record<string, Record<string, Record<string, unknown>>>;
  facts: string[];
}

/**
 * Where a connection's pages live under `/ui`.
 *
 * @example
 *   connectionPath('demo', 'time'); // '/ui/connections/demo/time'
 */
export function connectionPath(namespace: string, connectionId: string): string {
  return `/ui/connections/${encodeURIComponent(namespace)}/${encodeURIComponent(connectionId)}`;
}

/** One call of the timeline: newest first, its details folded. */
export function TimelineRow({ entry }: { entry: CallEntry }) {
  return (
    <tr id={`call-${entry.sequence}`}>
      <td>{entry.sequence}</td>
      <td>
        <time datetime={entry.at}>{entry.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}</time>
      </td>
      <td>
        <code>{entry.tool}</code>
      </td>
      <td>
        <Badge kind={entry.source} />
        {entry.result.isError ? (
          <>
            {' '}
            <Badge kind="iserror" text="isError" />
          </>
        ) : null}
      </td>
      <td>
        {formatMs(entry.latencyMs)} ms
        {entry.model ? <span class="help">{entry.model}</span> : null}
        {entry.usage ? <span class="help">{toTokenText(entry.usage)}</span> : null}
      </td>
      <td>
        <details>
          <summary>arguments, result{entry.changes ? ', changes' : ''}</summary>
          <Json value={entry.arguments} />
          <ResultView result={entry.result} />
          {entry.changes ? <Json value={entry.changes} /> : null}
        </details>
      </td>
    </tr>
  );
}

/** `900 in (600 cached) / 30 out tokens`. */
export function toTokenText(usage: { inputTokens: number; outputTokens: number; cachedInputTokens?: number }): string {
  const cached = usage.cachedInputTokens ? ` (${usage.cachedInputTokens} cached)` : '';
  return `${usage.inputTokens} in${cached} / ${usage.outputTokens} out tokens`;
}

/** Milliseconds to one decimal. */
export function formatMs(ms: number): string {
  return (Math.round(ms * 10) / 10).toString();
}

/** A tool result: its text content as text, structured content pretty-printed. */
export function ResultView({ result }: { result: CallEntry['result'] }) {
  const texts = result.content.filter((part): part is { type: 'text'; text: string } => isText(part));
  const others = result.content.filter((part) => !isText(part));
  return (
    <div>
      {texts.map((part) => (
        <pre tabindex={0}>{part.text}</pre>
      ))}
      {others.length > 0 ? <Json value={others} /> : null}
      {result.structuredContent === undefined ? null : (
        <>
          <span class="help">structuredContent</span>
          <Json value={result.structuredContent} />
        </>
      )}
    </div>
  );
}

function isText(part: unknown): part is { type: 'text'; text: string } {
  return (
    typeof part === 'object' &&
    part !== null &&
    (part as { type?: unknown }).type === 'text' &&
    typeof (part as { text?: unknown }).text === 'string'
  );
}

interface MemoryViewProps {
  /** The connection's page (see `connectionPath`): links and forms go below it. */
  base: string;
  csrf: string;
  /** One timeline page, oldest first. */
  calls: CallEntry[];
  world: WorldState;
  nextSequence: number;
  /** The oldest call the memory still keeps. */
  firstSequence: number;
  /** The page's `?before=` (null: the newest page, which live events extend). */
  before: number | null;
  snapshots: SnapshotView[];
  shared: boolean;
  usage: SessionUsage;
}

/** Model tokens over the calls the memory keeps. */
export interface SessionUsage {
  /** Calls a model was billed for. */
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, read from the provider's prompt cache. */
  cachedInputTokens: number;
}

/**
 * The timeline, world and snapshots of a mock connection: the part of the page a `replaced` event
 * reloads. In a shared world (`shared`), reset, snapshot and restore offer both scopes: the whole
 * shared world or only this connection's calls.
 *
 * @example
 *   <MemoryView base={connectionPath('demo', 'time')} csrf={session.csrf} {...memory} />
 */
export function MemoryView({ base, csrf, world, snapshots, shared, ...timeline }: MemoryViewProps) {
  return (
    <>
      <TimelineSection base={base} {...timeline} />
      <section class="card" aria-labelledby="world-title">
        <h2 id="world-title">World state</h2>
        <div id="world">
          <WorldView world={world} />
        </div>
      </section>
      <SnapshotsSection base={base} csrf={csrf} snapshots={snapshots} shared={shared} />
    </>
  );
}

type TimelineProps = Pick<MemoryViewProps, 'base' | 'calls' | 'nextSequence' | 'firstSequence' | 'before' | 'usage'>;

/** The timeline card: what the memory keeps, one page of calls newest first, links to newer and older pages. */
function TimelineSection({ base, calls, nextSequence, firstSequence, before, usage }: TimelineProps) {
  const oldest = calls[0]?.sequence ?? firstSequence;
  return (
    <section class="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Memory timeline</h2>
      <p class="muted">
        {/* The latest sequence, not a count: a reset of one connection's calls leaves gaps. */}
        Latest call #<span id="call-count">{nextSequence - 1}</span>
        {firstSequence > 1
          ? `; calls before #${firstSequence} are no longer kept (dropped by memory retention, MCPSIM_MEMORY_MAX_CALLS, or by a reset of one connection's calls)`
          : ''}
        {before === null ? '; new calls appear here as they happen.' : '.'} <span id="live-status" role="status"></span>
      </p>
      {usage.calls > 0 ? (
        <p id="session-tokens" class="muted">
          {`Model tokens this session (when the page loaded): ${toTokenText(usage).replace(' tokens', '')} over ${usage.calls} model call${usage.calls === 1 ? '' : 's'}, ${Math.round(usage.inputTokens / usage.calls)} in / ${Math.round(usage.outputTokens / usage.calls)} out per call (every attempt counted, failed calls too).`}
        </p>
      ) : null}
      <table>
        <TableHead columns={['#', 'time', 'tool', 'source', 'latency, model', 'details']} />
        <tbody id="timeline-rows">
          {[...calls].reverse().map((entry) => (
            <TimelineRow entry={entry} />
          ))}
        </tbody>
      </table>
      {calls.length === 0 ? (
        <p id="timeline-empty" class="muted">
          No calls yet: call a tool above, or from any MCP client.
        </p>
      ) : null}
      <p>
        {before !== null ? <a href={base}>Newest calls</a> : null}{' '}
        {oldest > firstSequence && calls.length > 0 ? <a href={`${base}?before=${oldest}`}>Older calls</a> : null}
      </p>
    </section>
  );
}
