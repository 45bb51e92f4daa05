import type { JsonRpcId } from './json-rpc.js';

/**
 * The requests a mock connection is answering, so that a client's `notifications/cancelled` (a
 * separate POST on the stateless endpoint) can abort the one it names. A request is known by its
 * connection, who sent it (the credential and the `mcp-session-id` header, when there is one)
 * and its JSON-RPC id (docs/decisions.md, "Cancellation").
 */
export interface RequestCancellations {
  /**
   * Registers a request in flight. Its signal aborts when the client cancels it, or when
   * `httpSignal` (the HTTP request's own) aborts because the client went away; `end()` forgets it.
   */
  track(key: string, httpSignal?: AbortSignal): { signal: AbortSignal; end(): void };
  /** Aborts the requests in flight under `key`; false when there is none (finished, or never seen). */
  cancel(key: string, reason: string): boolean;
}

/**
 * @example
 *   const cancellations = createRequestCancellations();
 *   const tracked = cancellations.track(toRequestKey(connection, requester, 7), request.signal);
 *   cancellations.cancel(toRequestKey(connection, requester, 7), 'the user pressed stop'); // true
 */
export function createRequestCancellations(): RequestCancellations {
  const inFlight = new Map<string, Set<AbortController>>();
  return {
    track(key, httpSignal) {
      const controller = new AbortController();
      const onHttpAbort = () => controller.abort(httpSignal?.reason);
      if (httpSignal?.aborted) onHttpAbort();
      else httpSignal?.addEventListener('abort', onHttpAbort, { once: true });
      let controllers = inFlight.get(key);
      if (!controllers) inFlight.set(key, (controllers = new Set()));
      controllers.add(controller);
      return {
        signal: controller.signal,
        end() {
          httpSignal?.removeEventListener('abort', onHttpAbort);
          controllers.delete(controller);
          if (controllers.size === 0 && inFlight.get(key) === controllers) inFlight.delete(key);
        },
      };
    },
    cancel(key, reason) {
      const controllers = inFlight.get(key);
      if (!controllers) return false;
      for (const controller of controllers) controller.abort(new DOMException(reason, 'AbortError'));
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
