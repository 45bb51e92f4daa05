import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPlatform, type Platform, type PlatformOptions } from '../../src/platform/platform.js';
import { createManualClock } from '../../src/domain/clock.js';
import { createSeededRandom } from '../../src/domain/random.js';
import { startServer, type RunningServer } from '../../src/node/start-server.js';

export type Door = 'in-process' | 'socket';
export const doors: Door[] = ['in-process', 'socket'];

export const testApiKey = 'test-key-0123456789';
export const testStart = '2026-01-01T00:00:00.000Z';

export interface CallOptions {
  body?: unknown;
  /** Sent as is, instead of `JSON.stringify(body)`. */
  rawBody?: string;
  /** The bearer credential; `null` sends no Authorization header. Defaults to the test key. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;

  body: any;
}

export interface Harness {
  door: Door;
  baseUrl: string;
  platform: Platform;
  dataDir: string;
  clock: ReturnType<typeof createManualClock>;
  logged: string[];
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

/**
 * A platform on a real SQLite file in a temporary data directory, reached either through
 * `app.fetch` (in-process) or over a real socket on 127.0.0.1. Same calls, same results.
 */
export async function startHarness(door: Door, options: Partial<PlatformOptions> & { dataDir?: string } = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mcpsim-test-'));
  const clock = createManualClock(testStart);
  const logged: string[] = [];
  const platform = createPlatform({
    dataDir,
    apiKey: testApiKey,
    clock,
    random: createSeededRandom('harness'),
    logger: { error: (message, error) => void logged.push(`${message}: ${String(error)}`) },
    // Tests point connections at hosts that do not exist; a slow resolver must not stall them for 5 s.
    upstreamTimeoutMs: 1500,
    // A paired local server is a node process this machine starts: on a busy one that takes seconds.
    uplinkTimeoutMs: 30_000,
    // Links are built on the public URL: the address each door is reached at.
    publicUrl: 'http://mcpsim.test',
    ...options,
  });
  let server: RunningServer | null = null;
  if (door === 'socket') server = await startServer({ fetch: platform.app.fetch, port: 0, host: '127.0.0.1' });
  if (server && options.publicUrl === undefined) platform.setPublicUrl(server.url);
  const baseUrl = server?.url ?? 'http://mcpsim.test';

  async function call(method: string, path: string, callOptions: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...callOptions.headers };
    const key = callOptions.key === undefined ? testApiKey : callOptions.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined = callOptions.rawBody;
    if (body === undefined && callOptions.body !== undefined) body = JSON.stringify(callOptions.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const request = new Request(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const response = server ? await fetch(request) : await platform.app.fetch(request);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  }

  return {
    door,
    baseUrl,
    platform,
    dataDir,
    clock,
    logged,
    call,
    async close() {
      await server?.close();
      platform.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
