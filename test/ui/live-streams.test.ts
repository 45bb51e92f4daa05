/**
 * The dashboard's live timeline streams (server-sent events), over a real socket: capped per
 * session and in total, each refusal a JSON body; ended with their session; and each event
 * rendered once for every stream of the same connection, so 200 streams cost a tool call about
 * what one does. That is asserted as work (one listener on the memory log, one render per batch);
 * what it costs in time is `npm run bench:live-streams`'s to show.
 */
import { spawn } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/platform/platform.js';
import { createTimelineStreams } from '../../src/ui/timeline-streams.js';
import { eventually } from '../support/eventually.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

/** An open event stream: what it received so far, and how to close it. */
interface OpenStream {
  status: number;
  text(): string;
  /** Resolves once the stream's text contains `marker`. */
  until(marker: string): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function openStream(baseUrl: string, path: string, cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${baseUrl}${path}`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response: IncomingMessage) => {
        // Kept as bytes and read as text only when asked: the server under test runs in this process too.
        const chunks: Buffer[] = [];
        const text = () => Buffer.concat(chunks).toString('utf8');
        const waiters: { marker: string; resolve: () => void }[] = [];
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (waiters.length === 0) return;
          const now = text();
          for (const waiter of waiters.filter((w) => now.includes(w.marker))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        });
        response.on('error', () => {});
        const ended = new Promise<void>((done) => response.on('close', () => done()));
        resolve({
          status: response.statusCode ?? 0,
          text,
          until: (marker) => (text().includes(marker) ? Promise.resolve() : new Promise((done) => waiters.push({ marker, resolve: done }))),
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/** `test/support/sse-clients.mjs` in a child process: its next line of output, a question and its answer, and its end. */
function startClients(url: string, cookie: string, count: number) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('../support/sse-clients.mjs', import.meta.url)), url, cookie, String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  return {
    next,
    ask: (question: string) => (child.stdin!.write(`${question}\n`), next()),
    stop: () => child.kill(),
  };
}

describe('live timeline streams', () => {
  let harness: Harness;
  const streams: OpenStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await harness.close();
  });

  async function logIn(): Promise<string> {
    const response = await fetch(`${harness.baseUrl}/?token=${harness.platform.dashboard!.sessions.loginToken}`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }
  const open = async (cookie: string, path = '/ui/connections/demo/time/events') => {
    const stream = await openStream(harness.baseUrl, path, cookie);
    streams.push(stream);
    return stream;
  };
  /** Calls the tool the streams follow; returns the call's sequence in the memory. */
  const callTool = async (): Promise<number> => {
    const response = await fetch(`${harness.baseUrl}/connect/demo/time/.tools/get_current_time`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timezone: 'UTC' }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { _meta: { 'mcpsim/sequence': number } })._meta['mcpsim/sequence'];
  };
  let lastSequence = 0;
  /** Makes `count` tool calls on the connection the streams follow, one after the other. */
  async function callTimes(count: number): Promise<void> {
    for (let index = 0; index < count; index++) lastSequence = await callTool();
  }

  it('hands every call to each of 200 streams on a connection from one listener on the memory log (each event rendered once)', async () => {
    harness = await startHarness('socket', { limits: { liveStreams: { perSession: 250, total: 250 } } });
    // The hub listens to the memory log: counted here, one listener must serve every stream.
    const memory = harness.platform.stores.memory;
    const subscribe = memory.subscribe;
    let listeners = 0;
    memory.subscribe = (listener) => ((listeners += 1), subscribe(listener));
    const cookie = await logIn();
    const first = await open(cookie);
    await first.until('event: ready');
    await callTimes(20);
    // The other 199 are read by a process of their own, as a bench of the same streams does.
    const clients = startClients(`${harness.baseUrl}/ui/connections/demo/time/events`, cookie, 199);
    try {
      expect(await clients.next()).toBe('ready');
      await callTimes(20);
      // Every stream got every call, the last one too.
      await first.until(`"sequence":${lastSequence},`);
      await eventually(async () => expect(await clients.ask(`has "sequence":${lastSequence},`)).toBe('199'));
      expect(first.text().match(/event: call\n/g)).toHaveLength(40);
      expect(await clients.ask('calls')).toBe('20');
      expect(listeners).toBe(1);
    } finally {
      clients.stop();
      memory.subscribe = subscribe;
    }
  }, 60_000);

  /** A session of the local account opened with its API key in the login form (the login link opens one session only). */
  async function logInWithKey(): Promise<{ cookie: string; csrf: string }> {
    const response = await fetch(`${harness.baseUrl}/ui/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: harness.baseUrl },
      body: `key=${testApiKey}`,
      redirect: 'manual',
    });
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await fetch(`${harness.baseUrl}/ui`, { headers: { cookie } })).text();
    return { cookie, csrf: /name="csrf-token" content="([^"]+)"/.exec(page)![1]! };
  }
  const refusal = async (cookie: string) => {
    const response = await fetch(`${harness.baseUrl}/ui/connections/demo/time/events`, { headers: { cookie } });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };

  it("refuses a stream beyond the session's cap with 429 and beyond the server's with 503 and retry-after, each a JSON body", async () => {
    harness = await startHarness('socket', { limits: { liveStreams: { perSession: 2, total: 3 } } });
    const first = await logIn();
    const second = (await logInWithKey()).cookie;
    const mine = [await open(first), await open(first)];
    await Promise.all(mine.map((stream) => stream.until('event: ready')));
    expect(await refusal(first)).toEqual({
      status: 429,
      retryAfter: null,
      body: {
        error: 'too_many_requests',
        message: 'This dashboard session already has 2 live timeline streams open (the most per session); close a dashboard tab and reload',
      },
    });
    await (await open(second)).until('event: ready');
    expect(await refusal(second)).toEqual({
      status: 503,
      retryAfter: '30',
      body: { error: 'server_busy', message: '3 live timeline streams are open on this server (the most it keeps); try again later' },
    });
    // A closed stream frees its place.
    mine[0]!.close();
    await eventually(async () => {
      const again = await open(second);
      expect(again.status).toBe(200);
    });
  });

  it('ends every stream of a session when it logs out, and frees their places', async () => {
    harness = await startHarness('socket', { limits: { liveStreams: { perSession: 2, total: 2 } } });
    const { cookie, csrf } = await logInWithKey();
    const mine = [await open(cookie), await open(cookie)];
    await Promise.all(mine.map((stream) => stream.until('event: ready')));
    const logout = await fetch(`${harness.baseUrl}/ui/logout`, {
      method: 'POST',
      headers: { cookie, origin: harness.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: `_csrf=${encodeURIComponent(csrf)}`,
      redirect: 'manual',
    });
    expect(logout.status).toBe(303);
    await Promise.all(mine.map((stream) => stream.ended));
    for (const stream of mine) expect(stream.text()).toMatch(/event: expired\ndata: \{\}\n\n$/);
    const other = await logIn();
    expect((await open(other)).status).toBe(200);
  });
});

describe('the timeline hub', () => {
  it('renders the calls of a memory once per batch for all its streams, and hands each the same bytes', async () => {
    const platform = createPlatform({ apiKey: testApiKey });
    try {
      const key = platform.stores.memory.resolveKey(platform.stores.accounts.findLocal()!.id, 'demo', 'time')!;
      let renders = 0;
      const hub = createTimelineStreams({
        memory: platform.stores.memory,
        render: (_, calls) => ((renders += 1), calls.map((call) => `event: call\ndata: ${call.sequence}\n\n`).join('')),
        limits: { perSession: 50, total: 50 },
      });
      const received: Uint8Array[][] = [];
      const closes = Array.from({ length: 50 }, (_, index) => {
        received.push([]);
        return hub.open('session', key, (chunk) => received[index]!.push(chunk));
      });
      for (let call = 0; call < 3; call++) {
        const answer = await platform.app.request('/connect/demo/time/.tools/get_current_time', {
          method: 'POST',
          headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json' },
          body: '{"timezone":"UTC"}',
        });
        expect(answer.status).toBe(200);
      }
      await eventually(async () => expect(received.every((chunks) => chunks.length === 1)).toBe(true));
      expect(renders).toBe(1);
      expect(new TextDecoder().decode(received[0]![0])).toBe('event: call\ndata: 1\n\nevent: call\ndata: 2\n\nevent: call\ndata: 3\n\n');
      expect(new Set(received.map((chunks) => chunks[0])).size).toBe(1);
      for (const close of closes) close();
      expect(hub.count).toBe(0);
    } finally {
      platform.close();
    }
  });
});
