/**
 * Subscriptions to the agent's resources, kept by polling: over stdio the server is another process,
 * so the API is the only way to hear of new calls. Each subscribed URI is read at most once per
 * interval; a change of what `fingerprint` answers is told once. Bounded in count, and `close` ends it.
 */
export interface ResourceWatch {
  /** Resolves once the baseline is read, so any change after it is told. */
  subscribe(uri: string): Promise<void>;
  unsubscribe(uri: string): void;
  close(): void;
}

export interface ResourceWatchOptions {
  /** What identifies the resource's present content (e.g. the call log's next sequence); throws when it cannot be read. */
  fingerprint(uri: string): Promise<string>;
  /** Tells the client (`notifications/resources/updated`). */
  notify(uri: string): Promise<void>;
  intervalMs: number;
  /** Subscriptions held at once; one more is refused. */
  maxSubscriptions: number;
}

/**
 * @example
 *   const watch = createResourceWatch({ fingerprint, notify, intervalMs: 1000, maxSubscriptions: 32 });
 *   watch.subscribe('mcpsim://connections/agent/linear/calls');
 */
export function createResourceWatch({ fingerprint, notify, intervalMs, maxSubscriptions }: ResourceWatchOptions): ResourceWatch {
  /** The last fingerprint seen per URI; undefined until the first read. */
  const watched = new Map<string, string | undefined>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  async function pollOnce(): Promise<void> {
    for (const uri of [...watched.keys()]) {
      let now: string;
      try {
        now = await fingerprint(uri);
      } catch {
        // A connection deleted or a server briefly away: nothing to tell; the next round tries again.
        continue;
      }
      if (!watched.has(uri)) continue;
      const before = watched.get(uri);
      watched.set(uri, now);
      if (before !== undefined && before !== now) await notify(uri).catch(() => undefined);
    }
  }

  function schedule(): void {
    if (closed || timer !== undefined || watched.size === 0) return;
    timer = setTimeout(() => {
      void pollOnce().finally(() => {
        timer = undefined;
        schedule();
      });
    }, intervalMs);
    // A subscription alone does not keep the process alive: the transport does.
    (timer as { unref?: () => void }).unref?.();
  }

  return {
    async subscribe(uri) {
      if (closed) return;
      if (!watched.has(uri) && watched.size >= maxSubscriptions) {
        throw new Error(`at most ${maxSubscriptions} resources can be subscribed to at once; unsubscribe one first`);
      }
      if (!watched.has(uri)) {
        watched.set(uri, undefined);
        // The baseline, read before answering: a call made once the subscription is confirmed is told.
        const now = await fingerprint(uri).catch(() => undefined);
        if (watched.has(uri) && watched.get(uri) === undefined) watched.set(uri, now);
      }
      schedule();
    },
    unsubscribe(uri) {
      watched.delete(uri);
    },
    close() {
      closed = true;
      watched.clear();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
