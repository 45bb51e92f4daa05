/**
 * When the upstream's session event stream (the GET the SDK client opens after `initialize`) has
 * been answered. A server may send a request of its own there at any moment (the SDK server sends
 * `server.request(...)` without a related request on it, and drops it while no GET is open), so a
 * dedicated upstream waits for that answer before it relays the client's first call. A server
 * that has no such stream answers 405 at once; one that holds its headers back costs at most `boundMs`.
 *
 * @example
 *   const watched = watchEventStream(fetch);
 *   new StreamableHTTPClientTransport(url, { fetch: watched.fetch });
 *   await client.connect(transport);
 *   await watched.opened(1500);
 */
export function watchEventStream(fetchImpl: typeof fetch = fetch): { fetch: typeof fetch; opened(boundMs: number): Promise<void> } {
  let answered!: () => void;
  const seen = new Promise<void>((resolve) => (answered = resolve));
  const watching: typeof fetch = async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') return fetchImpl(input, init);
    try {
      return await fetchImpl(input, init);
    } finally {
      answered();
    }
  };
  return {
    fetch: watching,
    async opened(boundMs) {
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)));
      await Promise.race([seen, bound]).finally(() => clearTimeout(timer));
    },
  };
}
