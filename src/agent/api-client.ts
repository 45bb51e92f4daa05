import { apiError, errorCatalog, type ErrorCode } from '../errors.js';

/** How the agent's tools reach the platform: its REST API, with the caller's API key, and nothing else. */
export interface ApiClient {
  /**
   * Sends one request to the API and returns its JSON body; an error answer is thrown as the
   * `ApiError` the server described (its code and message), so a tool shows the API's own words.
   */
  request<Body = unknown>(method: string, path: string, options?: { query?: QueryValues; body?: unknown }): Promise<Body>;
}

export type QueryValues = Readonly<Record<string, string | number | boolean | undefined>>;

export interface ApiClientOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** The API key every request carries (the control API takes a key, not a token). */
  apiKey: string;
  /** The door to the API: the global `fetch` over a socket, or `app.fetch` in process. */
  fetch: (request: Request) => Response | Promise<Response>;
}

/**
 * A client of the platform API for the agent's tools. The tools act only through it, so they have
 * the API's accounts, scopes and host rules, and no way into the store around them.
 *
 * @example
 *   const api = createApiClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'mcpsim-dev-key', fetch });
 *   const { connections } = await api.request<{ connections: unknown[] }>('GET', '/connect/demo');
 */
export function createApiClient({ baseUrl, apiKey, fetch }: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async request(method, path, { query, body } = {}) {
      const url = new URL(base + path);
      for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(new Request(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }));
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        // Not JSON: the message below quotes the start of it.
      }
      if (!response.ok) throw toApiError(method, path, response.status, parsed, text);
      return parsed as never;
    },
  };
}

/** The error an API answer describes (`{error, message}`), or an internal one naming the status when it describes none. */
function toApiError(method: string, path: string, status: number, parsed: unknown, text: string) {
  const body = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { error?: unknown; message?: unknown };
  const code = typeof body.error === 'string' && body.error in errorCatalog ? (body.error as ErrorCode) : 'internal_error';
  const message = typeof body.message === 'string' ? body.message : `HTTP ${status}: ${text.slice(0, 200)}`;
  return apiError(code, `${method} ${path}: ${message}`);
}
