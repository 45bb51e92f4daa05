/**
 * The one error type of mcpsim and the catalog of platform error codes.
 *
 * Every failure a client can see is an `ApiError` built from this catalog; the API maps it to a
 * response in exactly one place (`app.onError`) through `toErrorBody()`. This module imports
 * nothing from the rest of `src/`.
 *
 * @example
 *   throw apiError('not_found', 'Connection "gh" not found in namespace "demo"');
 */

/** Error codes and the HTTP status each one maps to (docs/decisions.md, "Error bodies"). */
export const errorCatalog = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** A request whose `Host` is not a name this server answers to (DNS rebinding guard, docs/decisions.md, "Origins and hosts"). */
  host_not_allowed: 403,
  /** A request from a web page whose `Origin` may not use this server (docs/decisions.md, "Origins and hosts"). */
  origin_not_allowed: 403,
  method_not_allowed: 405,
  conflict: 409,
  /** A connection that needs authorization before its tools can be used (REST tool routes). */
  auth_required: 401,
  /** A connection missing required configuration (headers or query parameters). */
  input_required: 409,
  payload_too_large: 413,
  /** One caller already holds as much of something as it may (a dashboard session's live streams): close some first. */
  too_many_requests: 429,
  /** Answered by the socket server before the app sees the request: headers over Node's limit. */
  headers_too_large: 431,
  /** The request did not arrive in time: within Node's request timeout, or a large body slower than its minimum rate or read deadline. */
  request_timeout: 408,
  internal_error: 500,
  /** The connection's upstream MCP server cannot be reached (or relaying is not implemented). */
  upstream_unavailable: 502,
  /** A request mcpsim relayed came back to it (its `mcpsim-hop` marker): a connection whose upstream leads to this server. */
  loop_detected: 508,
  /** The server holds as much as it will of something every caller shares (pending CLI logins, large bodies, live streams); with `retry-after`. */
  server_busy: 503,
} as const;

export type ErrorCode = keyof typeof errorCatalog;
export type ErrorStatus = (typeof errorCatalog)[ErrorCode];

/** The platform's error JSON: exactly `{ error, message }`. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  /** Extra response headers, e.g. `x-should-retry: false` on 409. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; headers?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = errorCatalog[code];
    this.headers = options.headers ?? {};
  }

  toJSON(): ErrorBody {
    return toErrorBody(this);
  }
}

/** Makes an `ApiError` from the catalog. */
export function apiError(code: ErrorCode, message: string, options?: { cause?: unknown; headers?: Record<string, string> }): ApiError {
  return new ApiError(code, message, options);
}

/** The only function that knows the platform's error body. */
export function toErrorBody(error: ApiError): ErrorBody {
  return { error: error.code, message: error.message };
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
