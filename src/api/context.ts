/**
 * What the routes of the API are given: the app's dependencies and the services made from them
 * once per app. Routes import these from here, never from app.ts, so app.ts (which imports the
 * routes) and the routes do not import each other.
 */
import type { CaptureSink } from '../mcp/relay.js';
import type { Context, Hono } from 'hono';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random.js';
import type { Embedder } from '../domain/embedder.js';
import type { UplinkPairings } from '../mcp/uplink-pairings.js';
import type { UpstreamPool } from '../mcp/upstream-pool.js';
import type { RegistrySearch } from '../search/registry-search.js';
import type { MockToolRunner } from '../sim/mock-tool-runner.js';
import type { ToolResultSource } from '../sim/source/tool-result-source.js';
import type { Stores } from '../store/stores.js';
import type { BodyBudget } from './http/body-budget.js';
import type { ConnectionEndpoints } from './connection-endpoints.js';
import type { ConnectionUpstream } from './connection-upstream.js';
import type { SetupLinks } from './setup-links.js';

export interface Logger {
  error(message: string, error?: unknown): void;
  /**
   * Called once per request when present (an access log), with the request itself so a logger
   * can tell its own requests apart (the server's start-up requests are not logged); a logger
   * never writes its headers or body.
   */
  request?(entry: { method: string; path: string; status: number; milliseconds: number }, request: Request): void;
}

export interface AppDependencies {
  stores: Stores;
  clock: Clock;
  random: RandomSource;
  logger: Logger;
  /** 32-byte key that signs service tokens (`<data-dir>/token.key`); random when absent (an in-memory platform). */
  tokenKey?: Uint8Array;
  /** Embeddings model for semantic registry search; lexical search only without one. */
  embedder?: Embedder;
  /** The registry search to serve `GET /servers` from; made from the stores when absent. */
  registrySearch?: RegistrySearch;
  /** Answers tool calls on mock connections; default: the replay source over `fixturesDir`. */
  toolResults?: ToolResultSource;
  /** The fixtures directory of the default replay source (default `./fixtures`). */
  fixturesDir?: string;
  /** Clients of real upstream MCP servers (probes, relaying, listings); one with a 5 s timeout when absent. */
  upstreams?: UpstreamPool;
  /** What is paired to uplink connections; made from the stores (bounded by the pool's timeout) when absent. */
  uplinks?: UplinkPairings;
  /** Bound on one relayed request to an upstream, e.g. a slow tool call (default 60 s). */
  upstreamCallTimeoutMs?: number;
  /** Told of every tool call and tool listing relayed to a real upstream (`mcpsim capture`); none: nothing is captured. */
  capture?: CaptureSink;
  /**
   * The base URL of the links the server hands out (`setupUrl`, the CLI login's `authUrl`, the
   * index's links), asked each time a link is made: `--public-url`, else the listen address once
   * the server listens; never the request's Host header. Default `http://127.0.0.1:4010`.
   */
  publicUrl?: () => string;
  /**
   * Origins, besides loopback ones and the public URL's, whose web pages may use the API
   * (`--cors-origin`, `MCPSIM_CORS_ORIGINS`); `*` lets any page (http/cors.ts).
   */
  corsOrigins?: readonly string[];
  /**
   * Names, besides loopback ones, the listen address and the public URL's host, that a request's
   * `Host` may carry (`--allowed-host`, `MCPSIM_ALLOWED_HOSTS`); `*` turns the DNS rebinding guard
   * off (http/host-guard.ts).
   */
  allowedHosts?: readonly string[];
  /** The address the server listens on, once it does (`http://0.0.0.0:4010`); null before, and in process. */
  listenUrl?: () => string | null;
  /** The cap on concurrent large request bodies; one of `defaultBodyBudgetBytes` per app when absent. */
  bodyBudget?: BodyBudget;
  /** The dashboard (src/ui), mounted by platform/: its pages under `/ui`, and `GET /` for browsers. */
  dashboard?: DashboardMount;
}

/**
 * What the API needs of the dashboard, declared here so api/ never imports ui/: a sub-app served
 * under `/ui`, and the answer to `GET /` for a request that accepts HTML (a browser).
 */
export interface DashboardMount {
  app: Hono;
  answerRoot(c: Context): Response | Promise<Response>;
}

/** What the routes share beyond the dependencies: made once per app. */
export interface AppServices {
  /** The mock tool pipeline (and its fault rules). */
  runner: MockToolRunner;
  /** Where a ready connection's tools are reached: the simulator or the upstream. */
  endpoints: ConnectionEndpoints;
  upstream: ConnectionUpstream;
  /** Local servers paired with uplink connections. */
  uplinks: UplinkPairings;
  setupLinks: SetupLinks;
  /** The bound on probes and listings (the pool's timeout). */
  upstreamTimeoutMs: number;
}

/**
 * Largest request body accepted. The largest valid body (16 source files of 131,072 characters,
 * which JSON may escape to 6 bytes each) is about 12.6 MB.
 */
export const maxBodyBytes = 16 * 1024 * 1024;

/** Bytes of large request bodies (over 1 MiB each) read and worked on at once: four of the largest. */
export const defaultBodyBudgetBytes = 4 * maxBodyBytes;

/** The default bound on one relayed request (a tool call may legitimately take a while). */
export const defaultCallTimeoutMs = 60_000;

/** The public URL of a platform nobody configured: the default listen address. */
export const defaultPublicUrl = 'http://127.0.0.1:4010';

/** Where mock tool results come from when nobody says: fixtures in `./fixtures`. */
export const defaultFixturesDir = './fixtures';
