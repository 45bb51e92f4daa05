/**
 * The error of applying or running a scenario against a platform. It is not an `ApiError`: that
 * one is the platform's own error, turned into a response by `app.onError`; this one is what the
 * CLI prints (and exits 1 on) when the platform refused something the scenario asked for.
 *
 * @example
 *   throw new ScenarioError('connection "triage/tracker"', 'PUT /connect/triage/tracker answered 400 validation_error: mock: requires server', { status: 400, code: 'validation_error' });
 */
export class ScenarioError extends Error {
  /** The scenario item that failed, e.g. `server "@qa/tracker"` or `connection "triage/tracker"`. */
  readonly item: string;
  /** The platform's HTTP status, when it answered. */
  readonly status: number | null;
  /** The platform's error code (`{error}`), when it sent one. */
  readonly code: string | null;

  constructor(item: string, message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(`${item}: ${message}`, { cause: options.cause });
    this.name = 'ScenarioError';
    this.item = item;
    this.status = options.status ?? null;
    this.code = options.code ?? null;
  }

  toJSON(): { item: string; message: string; status: number | null; code: string | null } {
    return { item: this.item, message: this.message, status: this.status, code: this.code };
  }
}
