import { apiError } from '../errors.js';
import type { CallLogEntry } from '../domain/memory-log.js';
import type { MemoryEvent, MemoryKey, MemoryStore } from '../store/memory-store.js';

/** How many live timeline streams may be open: per dashboard session, and in all. */
export interface StreamLimits {
  perSession: number;
  total: number;
}

/** A browser holds at most 6 connections to a host; 8 leaves room for a reload, 100 for a dozen people. */
export const defaultStreamLimits: StreamLimits = { perSession: 8, total: 100 };

/** How long the events of a memory gather before they go out together: unnoticeable on a page, and one write per stream. */
export const timelineBatchMs = 50;

interface View {
  streams: Set<(chunk: Uint8Array) => void>;
  /** Calls since the last delivery (a replace drops the ones before it). */
  calls: CallLogEntry[];
  replaced: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

const encoder = new TextEncoder();

/**
 * The dashboard's live timeline streams, one hub for all: a single listener on the memory log
 * gathers each memory's events for `timelineBatchMs`, renders them once (`render` makes the
 * server-sent events of the calls) and hands the same encoded bytes to every stream of that
 * memory. Each stream used to listen, render the whole world and format its own events, so 2,000
 * streams made a call take a second. Streams are capped per session and in total: beyond, `open`
 * throws 429 `too_many_requests` (close a tab) or 503 `server_busy` (with retry-after).
 *
 * @example
 *   const hub = createTimelineStreams({ memory: stores.memory, render: (key, calls) => calls.map(toEvent).join('') });
 *   const close = hub.open(session.id, key, (chunk) => queue.push(chunk));
 */
export function createTimelineStreams({
  memory,
  render,
  limits = defaultStreamLimits,
  batchMs = timelineBatchMs,
}: {
  memory: Pick<MemoryStore, 'subscribe'>;
  /** The server-sent events (`event: call\ndata: ...\n\n` each) of calls to `key`, made once per batch whatever the number of streams. */
  render: (key: MemoryKey, calls: readonly CallLogEntry[]) => string;
  limits?: StreamLimits;
  batchMs?: number;
}) {
  const views = new Map<MemoryKey, View>();
  const perSession = new Map<string, number>();
  let total = 0;
  let stopListening: (() => void) | null = null;

  function deliver(key: MemoryKey, view: View): void {
    view.timer = null;
    const text = (view.replaced ? 'event: replaced\ndata: {}\n\n' : '') + (view.calls.length > 0 ? render(key, view.calls) : '');
    view.calls = [];
    view.replaced = false;
    const chunk = encoder.encode(text);
    for (const stream of view.streams) stream(chunk);
  }

  function tell(event: MemoryEvent): void {
    const view = views.get(event.key);
    if (!view) return;
    if (event.kind === 'replaced') {
      // The page reads the memory again: the calls before the replace are in it.
      view.calls = [];
      view.replaced = true;
    } else view.calls.push(event.entry);
    view.timer ??= setTimeout(() => deliver(event.key, view), batchMs);
  }

  return {
    /** Opens a stream of `key`'s events for the session; returns its close (call it once, whatever ended the stream). */
    open(sessionId: string, key: MemoryKey, stream: (chunk: Uint8Array) => void): () => void {
      const mine = perSession.get(sessionId) ?? 0;
      if (mine >= limits.perSession)
        throw apiError(
          'too_many_requests',
          `This dashboard session already has ${mine} live timeline streams open (the most per session); close a dashboard tab and reload`,
        );
      if (total >= limits.total)
        throw apiError('server_busy', `${total} live timeline streams are open on this server (the most it keeps); try again later`, {
          headers: { 'retry-after': '30' },
        });
      perSession.set(sessionId, mine + 1);
      total++;
      let view = views.get(key);
      if (!view) views.set(key, (view = { streams: new Set(), calls: [], replaced: false, timer: null }));
      view.streams.add(stream);
      // The memory log is listened to only while a stream is open: with none, telling costs nothing.
      stopListening ??= memory.subscribe(tell);
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        view.streams.delete(stream);
        if (view.streams.size === 0) {
          if (view.timer) clearTimeout(view.timer);
          views.delete(key);
        }
        const left = perSession.get(sessionId)! - 1;
        if (left === 0) perSession.delete(sessionId);
        else perSession.set(sessionId, left);
        total--;
        if (total === 0) {
          stopListening?.();
          stopListening = null;
        }
      };
    },
    /** How many streams are open. */
    get count(): number {
      return total;
    },
  };
}

export type TimelineStreams = ReturnType<typeof createTimelineStreams>;
