import type { JsonRpcId } from '../json-rpc.js';

/**
 * A request in flight. Plain functions, not a getter: an object literal with a getter costs more
 * than a microsecond to make, most of what laziness saves.
 */
export interface TrackedRequest {
  /**
   * Its signal, which aborts when the client cancels the request, or when the HTTP request's own
   * signal aborts because the client went away. Made on the first call: an `AbortSignal` costs
   * several µs, and a call answered from a fixture never asks for it (docs/decisions.md, "Cancellation").
   */
  signal: () => AbortSignal;
  /** Forgets the request (and stops listening to the HTTP request's signal, if it was read). */
  end: () => void;
}

/**
 * The requests a mock connection is answering, so that a client's `notifications/cancelled` (a
 * separate POST on the stateless endpoint) can abort the one it names. A request is known by its
 * connection, who sent it (the credential and the `mcp-session-id` header, when there is one)
 * and its JSON-RPC id (docs/decisions.md, "Cancellation").
 */
export interface RequestCancellations {
  /**
   * Registers a request in flight; `end()` forgets it. `httpSignal` is the HTTP request's own
   * signal, or a function that reads it, called only when the tracked signal is first asked for (the
   * Node adapter makes a request's signal when it is first read, too).
   */
  track(key: string, httpSignal?: AbortSignal | (() => AbortSignal | undefined)): TrackedRequest;
  /** Aborts the requests in flight under `key`; false when there is none (finished, or never seen). */
  cancel(key: string, reason: string): boolean;
}

/** One tracked request: its controller once its signal was read, else the reason it was cancelled with, if it was. */
interface Entry {
  controller: AbortController | undefined;
  cancelled: DOMException | undefined;
}

/**
 * @example
 *   const cancellations = createRequestCancellations();
 *   const tracked = cancellations.track(toRequestKey(connection, requester, 7), () => request.signal);
 *   cancellations.cancel(toRequestKey(connection, requester, 7), 'the user pressed stop'); // true
 *   tracked.signal().aborted; // true
 */
export function createRequestCancellations(): RequestCancellations {
  // One entry per key in the common case; a Set only when a client reuses an id while the first is in flight.
  const inFlight = new Map<string, Entry | Set<Entry>>();

  function forget(key: string, entry: Entry): void {
    const held = inFlight.get(key);
    if (held === entry) inFlight.delete(key);
    else if (held instanceof Set) {
      held.delete(entry);
      if (held.size === 0) inFlight.delete(key);
    }
  }

  return {
    track(key, httpSignal) {
      const entry: Entry = { controller: undefined, cancelled: undefined };
      const held = inFlight.get(key);
      if (held === undefined) inFlight.set(key, entry);
      else if (held instanceof Set) held.add(entry);
      else inFlight.set(key, new Set([held, entry]));
      let http: AbortSignal | undefined;
      let onHttpAbort: (() => void) | undefined;
      return {
        signal: () => {
          if (entry.controller) return entry.controller.signal;
          const controller = (entry.controller = new AbortController());
          if (entry.cancelled) controller.abort(entry.cancelled);
          http = typeof httpSignal === 'function' ? httpSignal() : httpSignal;
          if (http?.aborted) controller.abort(http.reason);
          else if (http) {
            const from = http;
            onHttpAbort = () => controller.abort(from.reason);
            from.addEventListener('abort', onHttpAbort, { once: true });
          }
          return controller.signal;
        },
        end: () => {
          if (onHttpAbort) http?.removeEventListener('abort', onHttpAbort);
          forget(key, entry);
        },
      };
    },
    cancel(key, reason) {
      const held = inFlight.get(key);
      if (!held) return false;
      for (const entry of held instanceof Set ? held : [held]) {
        const cancelled = new DOMException(reason, 'AbortError');
        if (entry.controller) entry.controller.abort(cancelled);
        else entry.cancelled ??= cancelled;
      }
      return true;
    },
  };
}

/**
 * Who sent a request to the stateless endpoint, as far as it can tell: the credential and the
 * session header. Two clients sharing both (and a JSON-RPC id) cannot be told apart.
 */
export function toRequester(headers: Headers | undefined): string {
  return `${headers?.get('authorization') ?? ''}\u0000${headers?.get('mcp-session-id') ?? ''}`;
}

/** The key of one request: its connection, its sender and its id (`1` and `"1"` are different ids). */
export function toRequestKey(connectionKey: number | string, requester: string, id: JsonRpcId): string {
  return `${connectionKey}\u0000${requester}\u0000${typeof id}:${id}`;
}
