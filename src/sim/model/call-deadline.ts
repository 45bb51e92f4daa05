/** A model call answers before an MCP client gives up on it (the MCP SDK's default request timeout is 60 s). */
export const defaultModelDeadlineMs = 45_000;
/** One attempt; a timed-out attempt is retried once, within what is left of the deadline. */
export const defaultModelTimeoutMs = 30_000;

/**
 * The time one model call may take, shared by all its attempts and the waits between them, and
 * the caller's cancellation. Every attempt gets a signal that aborts at the first of: its own
 * timeout, the call's deadline, the caller's cancellation.
 */
export interface CallDeadline {
  /** Milliseconds left before the deadline (0 once it passed). */
  remainingMs(): number;
  /** The caller cancelled the call (an MCP `notifications/cancelled`, or its HTTP request went away). */
  cancelled(): boolean;
  /** One attempt's signal; call `end()` when the attempt settles (it clears the timer). */
  attempt(): CallAttempt;
  /** Waits `ms` (cut short by a cancellation); the caller keeps `ms` within `remainingMs()`. */
  wait(ms: number): Promise<void>;
}

export interface CallAttempt {
  signal: AbortSignal;
  /** Why the signal aborted: the attempt's own timeout, the call's deadline, or the caller; null while it has not. */
  why(): 'attempt-timeout' | 'deadline' | 'cancelled' | null;
  end(): void;
}

export interface CallDeadlineOptions {
  /** The whole call, every attempt and wait included. */
  deadlineMs: number;
  /** One attempt (cut to what is left of the deadline). */
  attemptTimeoutMs: number;
  /** The caller's cancellation. */
  signal?: AbortSignal | undefined;
  /** Milliseconds on a monotonic clock; injected with `sleep` so tests need not wait. */
  now?: () => number;
  /** Waits between attempts; default a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Starts the clock of one call.
 *
 * @example
 *   const deadline = startCallDeadline({ deadlineMs: 45_000, attemptTimeoutMs: 30_000, signal: signalOf(call) });
 *   const attempt = deadline.attempt();
 *   try { await generateText({ ..., abortSignal: attempt.signal }); } finally { attempt.end(); }
 */
export function startCallDeadline(options: CallDeadlineOptions): CallDeadline {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const endsAt = now() + options.deadlineMs;
  const { signal } = options;
  const remainingMs = () => Math.max(0, endsAt - now());
  return {
    remainingMs,
    cancelled: () => signal?.aborted === true,
    attempt() {
      const controller = new AbortController();
      let why: ReturnType<CallAttempt['why']> = null;
      const abort = (reason: NonNullable<typeof why>) => {
        if (why !== null) return;
        why = reason;
        controller.abort(new DOMException(reason, reason === 'cancelled' ? 'AbortError' : 'TimeoutError'));
      };
      const left = remainingMs();
      const deadlineFirst = left <= options.attemptTimeoutMs;
      // A plain timer cleared when the attempt ends: AbortSignal.timeout costs more per call, and its timer lingers.
      const timer = setTimeout(
        () => abort(deadlineFirst ? 'deadline' : 'attempt-timeout'),
        deadlineFirst ? left : options.attemptTimeoutMs,
      );
      timer.unref?.();
      const onCancel = () => abort('cancelled');
      if (signal?.aborted) onCancel();
      else signal?.addEventListener('abort', onCancel, { once: true });
      return {
        signal: controller.signal,
        why: () => why,
        end() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onCancel);
        },
      };
    },
    async wait(ms) {
      if (ms <= 0 || signal?.aborted) return;
      if (!signal) return sleep(ms);
      let onCancel = () => {};
      const cancelled = new Promise<void>((resolve) => {
        onCancel = resolve;
        signal.addEventListener('abort', onCancel, { once: true });
      });
      await Promise.race([sleep(ms), cancelled]).finally(() => signal.removeEventListener('abort', onCancel));
    },
  };
}
