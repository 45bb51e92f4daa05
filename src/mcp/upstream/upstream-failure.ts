import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { scrubJsonSecrets, scrubSecrets, toSecretValues } from '../../domain/secrets.js';

/** What went wrong when talking to a real upstream MCP server. */
export type UpstreamFailureKind =
  /** HTTP 401: the upstream wants credentials (the connection moves to auth_required). */
  | 'unauthorized'
  | 'dns'
  | 'refused'
  | 'timeout'
  /** The socket closed (or reset) before an HTTP answer. */
  | 'closed'
  | 'tls'
  /** It answered HTTP, but not as an MCP server does (HTML, not JSON-RPC, 404...). */
  | 'not_mcp'
  /** It answered HTTP with an error status (5xx, 403...). */
  | 'http'
  /** It answered JSON-RPC with an error of its own. */
  | 'rpc';

/**
 * A failure of an upstream MCP server, with a message that says what failed, where, and what to
 * check. `rpcError` is the upstream's own JSON-RPC error when it sent one (relayed as is).
 */
export class UpstreamError extends Error {
  readonly kind: UpstreamFailureKind;
  readonly rpcError: { code: number; message: string; data?: unknown } | null;

  constructor(kind: UpstreamFailureKind, message: string, options: { cause?: unknown; rpcError?: UpstreamError['rpcError'] } = {}) {
    super(message, { cause: options.cause });
    this.name = 'UpstreamError';
    this.kind = kind;
    this.rpcError = options.rpcError ?? null;
  }
}

/**
 * The failure with every stored header and query value of the request scrubbed from its text (an
 * upstream may echo the request in its error page, or its own JSON-RPC error), before anything
 * stores it in a status or shows it to a client.
 *
 * @example
 *   scrubUpstreamError(failure, { url: 'https://x.test/mcp?key=s3cret', headers: { authorization: 'Bearer abc123' } });
 */
export function scrubUpstreamError(
  error: UpstreamError,
  target: { url: string; headers: Readonly<Record<string, string>> | null },
): UpstreamError {
  return scrubFailure(error, toSecretValues(target.headers, target.url));
}

/**
 * The failure with each of `secrets` (domain/secrets.ts spellings) scrubbed from its message and
 * JSON-RPC error: a stored header value, or a local server's environment value it echoed.
 *
 * @example
 *   scrubFailure(failure, toEnvSecretValues({ API_KEY: 'abc123' }));
 */
export function scrubFailure(error: UpstreamError, secrets: readonly string[]): UpstreamError {
  if (secrets.length === 0) return error;
  const message = scrubSecrets(error.message, secrets);
  let rpcError = error.rpcError;
  if (rpcError) {
    const data = rpcError.data === undefined ? undefined : scrubJsonSecrets(rpcError.data, secrets);
    rpcError = { code: rpcError.code, message: scrubSecrets(rpcError.message, secrets), ...(data === undefined ? {} : { data }) };
  }
  if (message === error.message && JSON.stringify(rpcError) === JSON.stringify(error.rpcError)) return error;
  // The cause keeps the raw text: it is never shown, stored or logged.
  return new UpstreamError(error.kind, message, { cause: error.cause, rpcError });
}

const socketCodes: Record<string, UpstreamFailureKind> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  ECONNREFUSED: 'refused',
  ECONNRESET: 'closed',
  EPIPE: 'closed',
  UND_ERR_SOCKET: 'closed',
  UND_ERR_CLOSED: 'closed',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  EHOSTUNREACH: 'refused',
  ENETUNREACH: 'refused',
};

/**
 * Turns whatever the MCP SDK client (or fetch under it) threw into an `UpstreamError`.
 *
 * @example
 *   toUpstreamError(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), 'http://127.0.0.1:9/mcp', 5000).message
 *   // 'connection refused by 127.0.0.1:9: nothing listens there (is the server running?)'
 */
export function toUpstreamError(error: unknown, url: string, timeoutMs: number): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const { host, origin } = safeUrl(url);
  const wrap = (kind: UpstreamFailureKind, message: string) => new UpstreamError(kind, message, { cause: error });
  if (error instanceof StreamableHTTPError) {
    const detail = shorten(error.message.replace(/^Streamable HTTP error: /, '').replace(/^Error POSTing to endpoint: /, ''));
    if (error.code === 401)
      return wrap('unauthorized', `${host} answered HTTP 401 Unauthorized: it needs credentials (headers) this connection does not send`);
    if (error.code === -1)
      return wrap('not_mcp', `${url} is not an MCP endpoint: ${detail} (an MCP server answers application/json or text/event-stream)`);
    if (error.code === 404 || error.code === 405)
      return wrap(
        'not_mcp',
        `${url} is not an MCP endpoint: HTTP ${error.code} to an MCP POST${detail ? ` (${detail})` : ''}; check the URL's path`,
      );
    return wrap('http', `${host} answered HTTP ${error.code}${detail ? `: ${detail}` : ''}`);
  }
  if (error instanceof McpError) {
    const data = error.data as { timeout?: unknown } | undefined;
    if (error.code === ErrorCode.RequestTimeout && data && typeof data === 'object' && 'timeout' in data) {
      return wrap('timeout', `${host} did not answer within ${timeoutMs} ms`);
    }
    if (error.code === ErrorCode.ConnectionClosed) return wrap('closed', `${host} closed the MCP connection`);
    const message = error.message.replace(/^MCP error -?\d+: /, '');
    return new UpstreamError('rpc', `${host} answered JSON-RPC error ${error.code}: ${message}`, {
      cause: error,
      rpcError: { code: error.code, message, ...(error.data === undefined ? {} : { data: error.data }) },
    });
  }
  if (isAbort(error)) return wrap('timeout', `${host} did not answer within ${timeoutMs} ms`);
  const code = findCode(error);
  const kind = code ? socketCodes[code] : undefined;
  if (kind === 'dns') return wrap('dns', `DNS lookup failed for ${safeUrl(url).hostname} (${code}): check the host name in the URL`);
  if (kind === 'refused') return wrap('refused', `connection refused by ${host} (${code}): nothing listens there (is the server running?)`);
  if (kind === 'closed') return wrap('closed', `${host} closed the connection without an HTTP answer (${code})`);
  if (kind === 'timeout') return wrap('timeout', `${host} did not answer within ${timeoutMs} ms (${code})`);
  if (code && /CERT|SSL|TLS/.test(code)) return wrap('tls', `TLS with ${origin} failed (${code})`);
  if (error instanceof SyntaxError || isZodError(error)) {
    return wrap(
      'not_mcp',
      `${url} is not an MCP endpoint: its answer is not JSON-RPC (${shorten(error instanceof Error ? error.message : String(error))})`,
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  return wrap('closed', `talking to ${host} failed: ${shorten(text)}${code ? ` (${code})` : ''}`);
}

function safeUrl(url: string): { host: string; hostname: string; origin: string } {
  try {
    const parsed = new URL(url);
    return { host: parsed.host, hostname: parsed.hostname, origin: parsed.origin };
  } catch {
    return { host: url, hostname: url, origin: url };
  }
}

/** The error code of a fetch failure: undici puts it on `cause` (sometimes nested). */
function findCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function isZodError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError');
}

function shorten(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
