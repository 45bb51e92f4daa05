/** What the dashboard needs to reach the platform API in process: its fetch, and the key of the session's account. */
export interface ApiAccess {
  fetch(request: Request): Response | Promise<Response>;
  /** The API key the session acts with (the one that opened it, or the local key for the login link's session). */
  apiKey(): string;
}

/** An answer of the API: its status and JSON body (null when it had none). */
export interface ApiAnswer<T = unknown> {
  status: number;
  ok: boolean;
  body: T;
}

/**
 * The dashboard's door to the platform API: every action goes through `app.fetch` with the
 * session's own key, so validation, scopes, ownership and errors are the API's own, never a
 * second copy, and a session can do exactly what its account can.
 *
 * @example
 *   const api = createApiClient(access);
 *   const { body } = await api.get<{ namespaces: { name: string }[] }>('/namespaces');
 */
export function createApiClient(access: ApiAccess) {
  async function request<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    // Paths are built from what a page was asked for (a registry name may hold "/"): a dot segment
    // ("..", "%2e.") would make the request reach another route, with the local account's key.
    if (new URL(path, 'http://127.0.0.1').pathname !== path.split('?')[0]) {
      const message = `Nothing is at ${JSON.stringify(path.split('?')[0])}: a name has no "." or ".." part`;
      return { status: 404, ok: false, body: { error: 'not_found', message } as T };
    }
    const headers: Record<string, string> = { authorization: `Bearer ${access.apiKey()}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await access.fetch(
      new Request(`http://127.0.0.1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    );
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = { error: 'not_json', message: text.slice(0, 500) };
    }
    return { status: response.status, ok: response.ok, body: parsed as T };
  }
  return {
    request,
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The message of an API error body, for showing beside the form that caused it.
 *
 * @example
 *   if (!answer.ok) return <Notice text={errorText(answer)} error />;
 */
export function errorText(answer: ApiAnswer): string {
  const body = answer.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : `HTTP ${answer.status}`;
}

/** A path segment, encoded. */
export const segment = encodeURIComponent;
