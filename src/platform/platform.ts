import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { createManualClock, createSwitchableClock, isSwitchableClock, systemClock, type Clock } from '../domain/clock.js';
import type { MemoryLimits } from '../domain/call-log-bounds.js';
import { createSeededRandom, systemRandom, type RandomSource } from '../domain/random.js';
import { openDataDir } from '../store/data-dir.js';
import { createStores, type Stores } from '../store/stores.js';
import { createApp } from '../api/app.js';
import type { Logger } from '../api/context.js';
import type { Operation } from '../api/http/operation.js';
import type { BodyLimits } from '../api/http/body-budget.js';
import type { Embedder } from '../domain/embedder.js';
import type { ToolResultSource } from '../sim/source/tool-result-source.js';
import { createToolResults } from '../sim/tool-results.js';
import { bootstrap, demoNamespace } from './bootstrap.js';
import type { UplinkChannel } from '../mcp/upstream/uplink-channel.js';
import { createCaptureRecorder, type CaptureRecorder, type CaptureRecorderOptions } from '../sim/capture/capture-recorder.js';
import { createApiKey, toStoredKey } from '../domain/api-key.js';
import { createDashboard, type Dashboard } from '../ui/dashboard.js';
import type { StreamLimits } from '../ui/timeline-streams.js';
import type { SessionLimits } from '../mcp/session/mcp-sessions.js';
import { createAppParts } from './app-parts.js';
import { createAgentAtFirstUse } from './agent-at-first-use.js';

export type { ScenarioCatalog } from '../ui/ui-context.js';
export type { CaptureSummary } from '../sim/capture/capture-recorder.js';

/** The public URL of a platform nobody configured: the default listen address. */
export const defaultPublicUrl = 'http://127.0.0.1:4010';

/** Where mock tool results come from when nobody says: fixtures in `./fixtures`. */
export const defaultFixturesDir = './fixtures';

/**
 * The logger of a platform made without one: errors go to Node's process warnings (printed to
 * standard error unless the embedding program listens for `'warning'`), so a library user sees
 * mcpsim's bugs without mcpsim writing to the console itself (only cli/ does).
 */
const warningLogger: Logger = {
  error: (message, error) =>
    process.emitWarning(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, {
      code: 'MCPSIM_INTERNAL_ERROR',
    }),
};

export interface PlatformOptions {
  /** Where the database and key file live; omit for a private in-memory platform. */
  dataDir?: string;
  /** Fix the local account's API key. */
  apiKey?: string;
  clock?: Clock;
  random?: RandomSource;
  logger?: Logger;
  /** Embeddings model for semantic registry search (see cli/ for the OpenAI-compatible one). */
  embedder?: Embedder;
  /** Where recorded tool results live (default `./fixtures`); see fixtures/README.md. */
  fixturesDir?: string;
  /** Answers tool calls on mock connections instead of the replay source over `fixturesDir`. */
  toolResults?: ToolResultSource;
  /** Seed the demo namespace on first start (default true). */
  demo?: boolean;
  /** Bound on each upstream probe (initialize) and tool listing of real connections, in ms (default 5000). */
  upstreamTimeoutMs?: number;
  /** Bound on one relayed request, e.g. a slow tool call, in ms (default 60000). */
  upstreamCallTimeoutMs?: number;
  /** Bound on a paired local server's initialize (stdio or WebSocket uplink), in ms (default: `upstreamTimeoutMs`). */
  uplinkTimeoutMs?: number;
  /**
   * The base URL of the links the server hands out (`setupUrl`, the CLI login's `authUrl`, the
   * dashboard's login link, the index's links), never taken from a request's Host header. Default
   * `defaultPublicUrl`; a server listening elsewhere tells its address with `listeningAt` (or sets
   * one with `setPublicUrl`).
   */
  publicUrl?: string;
  /**
   * Origins whose web pages may use the API besides loopback ones and the public URL's; `*`: any
   * (docs/decisions.md, "Origins and hosts").
   */
  corsOrigins?: readonly string[];
  /**
   * Host names requests may carry besides loopback ones, the listen address and the public URL's
   * host; `*`: any (docs/decisions.md, "Origins and hosts").
   */
  allowedHosts?: readonly string[];
  /** How much of each mock connection's call log is kept (default 10,000 calls within 64 MiB). */
  memoryLimits?: MemoryLimits;
  /** Serve the dashboard under `/ui` (and `GET /` for browsers); default true. */
  dashboard?: boolean;
  /**
   * Loosens or tightens the guards that keep one account from stalling the others
   * (docs/security.md, "Sessions, logins and budgets"): the large-body budget, its share per
   * account, its wait bound and the pace bodies must keep; the dashboard's live timeline
   * streams per session and in all; the MCP sessions of connection endpoints (idle time, per
   * account and in all).
   */
  limits?: { bodies?: Partial<BodyLimits>; liveStreams?: Partial<StreamLimits>; mcpSessions?: Partial<SessionLimits> };
  /**
   * Capture every tool call and tool listing relayed to a real upstream into fixtures, a registry
   * entry, a redaction report and a scenario (`mcpsim capture`, `serve --capture`); default off.
   */
  capture?: Omit<CaptureRecorderOptions, 'clock' | 'onError'> & Partial<Pick<CaptureRecorderOptions, 'onError'>>;
}

export interface Platform {
  app: Hono;
  stores: Stores;
  /** The local API key when known: fixed by the caller, or generated on this (first) start. */
  apiKey: string | null;
  demoNamespace: string;
  /** The dashboard, unless turned off: its login URL for the banner. */
  dashboard: Dashboard | null;
  /** What is being captured, when `capture` was given. */
  capture: CaptureRecorder | null;
  /** The base URL of links the server hands out. */
  publicUrl(): string;
  /**
   * Tells the platform where it listens (a Host it answers to), and the public URL when none was
   * configured (`setPublicUrl` unless `publicUrl` was given).
   */
  listeningAt(url: string): void;
  /** The base URL of the links the server hands out from now on (the configured one, or the address it listens on). */
  setPublicUrl(url: string): void;
  /** Builds the registry search index now (about a second for 10,000 entries) instead of on the first search. */
  warmSearch(): void;
  /**
   * An API key of the local account for this process only, for requests the process makes to
   * itself (loading scenarios) when the real key is not known (it is stored only as a hash).
   * Made on first use, removed on close.
   */
  sessionKey(): string;
  /**
   * Pairs a channel to a local MCP server with the local account's uplink connection
   * `namespace/connectionId`, as the WebSocket door does for the official CLI (a stdio server:
   * `pairStdioServer` in platform/stdio-pairing.ts). `open` is called only once the connection is
   * known to be an uplink one. Resolves once the server is connected; rejects when the connection
   * is missing or not an uplink one, or the server failed to initialize (the connection then reads
   * `error` with the reason). Ending the channel ends the pairing (the connection then reads
   * `disconnected`).
   */
  pairUplink(target: { namespace: string; connectionId: string }, open: () => UplinkChannel): Promise<void>;
  /** Every operation the app serves, in the order of `/openapi.json`: method, path, scope, schemas. */
  operations: readonly Operation[];
  close(): void;
}

/** The default bound on one relayed request (a tool call may legitimately take a while). */
const defaultCallTimeoutMs = 60_000;

/** Where a replay platform's virtual clock starts: the same time on every run. */
export const replayClockStart = '2026-01-01T00:00:00.000Z';

/**
 * A private in-memory platform for replaying recorded results byte for byte: no demo data, a
 * virtual clock at `clockStart` (a scenario's `clock:`, default `replayClockStart`), ids seeded by
 * `seed`, no error log. `mcpsim test`, `mcpsim record`, `mcpsim eval` and `mcpsim/msw` run scenarios on it.
 */
export function createReplayPlatform({
  seed,
  clockStart = replayClockStart,
  ...options
}: Pick<PlatformOptions, 'toolResults' | 'fixturesDir' | 'upstreamTimeoutMs' | 'publicUrl'> & {
  apiKey: string;
  seed: string;
  clockStart?: string;
}): Platform {
  return createPlatform({
    ...options,
    demo: false,
    dashboard: false,
    clock: createManualClock(clockStart),
    random: createSeededRandom(seed),
    logger: { error: () => {} },
  });
}

/**
 * Opens (or creates) a platform: database, demo data, local account, and the API app.
 *
 * @example
 *   const platform = createPlatform({ apiKey: 'test-key' }); // in memory
 *   const response = await platform.app.request('/namespaces', { headers: { authorization: 'Bearer test-key' } });
 */
export function createPlatform(options: PlatformOptions = {}): Platform {
  // Switchable, so the dashboard can change between the system and a virtual clock while it runs.
  const clock = options.clock && isSwitchableClock(options.clock) ? options.clock : createSwitchableClock(options.clock ?? systemClock);
  const random = options.random ?? systemRandom;
  const location =
    options.dataDir === undefined
      ? { databaseFile: ':memory:', encryptionKey: randomBytes(32), tokenKey: randomBytes(32) }
      : openDataDir(options.dataDir);
  const stores = createStores({
    ...location,
    ...(options.memoryLimits ? { memoryLimits: options.memoryLimits } : {}),
    callTermsOf: options.toolResults?.callTermsOf,
  });
  try {
    const { apiKey } = bootstrap(stores, {
      clock,
      random,
      demo: options.demo ?? true,
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    });
    const logger = options.logger ?? warningLogger;
    const capture = options.capture
      ? createCaptureRecorder({ onError: (error) => logger.error('Writing the capture failed', error), ...options.capture, clock })
      : null;
    let publicUrl = (options.publicUrl ?? defaultPublicUrl).replace(/\/+$/, '');
    let sessionKey: string | null = null;
    let listenUrl: string | null = null;
    const localKey = () => {
      if (apiKey !== null) return apiKey;
      if (sessionKey === null) {
        sessionKey = createApiKey();
        stores.accounts.addKey(stores.accounts.findLocal()!.id, toStoredKey(sessionKey), clock.now().toISOString());
      }
      return sessionKey;
    };
    // The dashboard calls the app in process for every action, so it is made first and told the app after.
    // The dashboard's own requests to the API stay out of the access log: a page is one line, not five.
    const dashboardRequests = new WeakSet<Request>();
    const dashboardFetch = (request: Request) => (dashboardRequests.add(request), app.fetch(request));
    const dashboard =
      options.dashboard === false
        ? null
        : createDashboard({
            stores,
            api: { fetch: dashboardFetch, localKey },
            publicUrl: () => publicUrl,
            streamLimits: options.limits?.liveStreams,
          });
    const setPublicUrl = (url: string) => void (publicUrl = url.replace(/\/+$/, ''));
    const logRequest = logger.request;
    const appLogger: Logger = logRequest
      ? { ...logger, request: (entry, request) => void (dashboardRequests.has(request) || logRequest(entry, request)) }
      : logger;
    const parts = createAppParts({
      stores,
      clock,
      random,
      logger: appLogger,
      tokenKey: location.tokenKey,
      publicUrl: () => publicUrl,
      toolResults: options.toolResults ?? createToolResults({ fixturesDir: options.fixturesDir ?? defaultFixturesDir }),
      embedder: options.embedder,
      upstreamTimeoutMs: options.upstreamTimeoutMs ?? 5000,
      upstreamCallTimeoutMs: options.upstreamCallTimeoutMs ?? defaultCallTimeoutMs,
      ...(options.uplinkTimeoutMs === undefined ? {} : { uplinkTimeoutMs: options.uplinkTimeoutMs }),
      capture: capture ?? undefined,
      dashboard: dashboard ?? undefined,
      // The agent's tools call the API in process, as the dashboard does (docs/agents.md).
      agent: createAgentAtFirstUse((request) => app.fetch(request)),
      corsOrigins: options.corsOrigins ?? [],
      allowedHosts: options.allowedHosts ?? [],
      listenUrl: () => listenUrl,
      bodyLimits: options.limits?.bodies,
      sessionLimits: options.limits?.mcpSessions,
    });
    const { app, operations } = createApp(parts.dependencies, parts.services);
    const { pool, uplinks, sessions, search } = parts;
    return {
      app,
      stores,
      apiKey,
      demoNamespace,
      dashboard,
      capture,
      publicUrl: () => publicUrl,
      listeningAt(url) {
        listenUrl = url;
        if (options.publicUrl === undefined) setPublicUrl(url);
      },
      setPublicUrl,
      warmSearch: () => search.warm(),
      sessionKey: localKey,
      pairUplink({ namespace, connectionId }, open) {
        const connection = stores.connections.getInNamespace(stores.accounts.findLocal()!.id, namespace, connectionId);
        if (!connection || connection.transport !== 'uplink' || connection.source !== null) {
          const what = connection
            ? `not an uplink connection (transport "${connection.transport}")`
            : 'not a connection of the local account';
          return Promise.reject(new Error(`${namespace}/${connectionId} is ${what}; create it with {"transport":"uplink"}`));
        }
        return uplinks.pair(connection, open(), { force: true });
      },
      operations,
      close: () => {
        void sessions.close();
        void pool.close();
        uplinks.close();
        if (sessionKey !== null) stores.accounts.removeKey(toStoredKey(sessionKey).hash);
        sessionKey = null;
        stores.close();
      },
    };
  } catch (error) {
    stores.close();
    throw error;
  }
}
