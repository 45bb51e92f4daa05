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
 * A request in flight as a cancellation names it: its connection, who sent it (`toRequester`) and
 * its JSON-RPC id (`1` and `"1"` are different ids).
 */
export interface RequestKey {
  readonly connection: number | string;
  readonly requester: string;
  readonly id: JsonRpcId;
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
  track(key: RequestKey, httpSignal?: AbortSignal | (() => AbortSignal | undefined)): TrackedRequest;
  /** Aborts the requests in flight under `key`; false when there is none (finished, or never seen). */
  cancel(key: RequestKey, reason: string): boolean;
}

/** One tracked request: its controller once its signal was read, else the reason it was cancelled with, if it was. */
interface Entry {
  key: RequestKey;
  controller: AbortController | undefined;
  cancelled: DOMException | undefined;
}

const sameSender = (a: RequestKey, b: RequestKey) => a.connection === b.connection && a.requester === b.requester;

/**
 * @example
 *   const cancellations = createRequestCancellations();
 *   const tracked = cancellations.track(toRequestKey(connection, requester, 7), () => request.signal);
 *   cancellations.cancel(toRequestKey(connection, requester, 7), 'the user pressed stop'); // true
 *   tracked.signal().aborted; // true
 */
export function createRequestCancellations(): RequestCancellations {
  // By JSON-RPC id alone, so tracking a call builds and hashes no string of its credential (a
  // Map tells 1 from "1"); the few requests of other senders that share an id are told apart by
  // their key only when a cancellation comes. One entry per id in the common case.
  const inFlight = new Map<JsonRpcId, Entry | Entry[]>();

  function forget(entry: Entry): void {
    const { id } = entry.key;
    const held = inFlight.get(id);
    if (held === entry) inFlight.delete(id);
    else if (Array.isArray(held)) {
      const index = held.indexOf(entry);
      if (index >= 0) held.splice(index, 1);
      if (held.length === 0) inFlight.delete(id);
    }
  }

  return {
    track(key, httpSignal) {
      const entry: Entry = { key, controller: undefined, cancelled: undefined };
      const held = inFlight.get(key.id);
      if (held === undefined) inFlight.set(key.id, entry);
      else if (Array.isArray(held)) held.push(entry);
      else inFlight.set(key.id, [held, entry]);
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
          forget(entry);
        },
      };
    },
    cancel(key, reason) {
      const held = inFlight.get(key.id);
      if (!held) return false;
      const named = (Array.isArray(held) ? held : [held]).filter((entry) => sameSender(entry.key, key));
      for (const entry of named) {
        const cancelled = new DOMException(reason, 'AbortError');
        if (entry.controller) entry.controller.abort(cancelled);
        else entry.cancelled ??= cancelled;
      }
      return named.length > 0;
    },
  };
}

/**
 * Who sent a request to the stateless endpoint, as far as it can tell: the credential and the
 * session header (the values of the `authorization` and `mcp-session-id` headers). Two clients
 * sharing both (and a JSON-RPC id) cannot be told apart.
 */
export function toRequester(authorization: string | null | undefined, sessionId: string | null | undefined): string {
  return `${authorization ?? ''}\u0000${sessionId ?? ''}`;
}

/** The key of one request: its connection, its sender and its id (`1` and `"1"` are different ids). */
export function toRequestKey(connection: number | string, requester: string, id: JsonRpcId): RequestKey {
  return { connection, requester, id };
}
