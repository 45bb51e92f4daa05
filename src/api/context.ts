/**
 * What the routes of the API are given: the platform's shared parts and the connection services,
 * all built once by platform/ (the one composition root). Routes import these types from here,
 * never from app.ts, so app.ts (which imports the routes) and the routes do not import each other.
 */
import type { Context, Hono } from 'hono';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random.js';
import type { TokenCodec } from '../domain/service-token.js';
import type { McpSessions } from '../mcp/session/mcp-sessions.js';
import type { ConnectionResolver } from '../mcp/resolve-connection.js';
import type { SessionLeases } from '../mcp/session/session-lease.js';
import type { UplinkPairings } from '../mcp/upstream/uplink-pairings.js';
import type { RegistrySearch } from '../search/registry-search.js';
import type { MockToolRunner } from '../sim/mock-tool-runner.js';
import type { Account } from '../store/account-store.js';
import type { Stores } from '../store/stores.js';
import type { BodyBudget } from './http/body-budget.js';
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

/** What the app is given: the platform's shared parts (platform/ builds each once; the app defaults nothing). */
export interface AppDependencies {
  stores: Stores;
  clock: Clock;
  random: RandomSource;
  logger: Logger;
  /** Mints and reads service tokens (signed with the data dir's token key). */
  tokens: TokenCodec;
  /** The registry search `GET /servers` answers from. */
  search: RegistrySearch;
  /** The cap on concurrent large request bodies, shared by every route. */
  bodyBudget: BodyBudget;
  /**
   * The base URL of the links the server hands out (`setupUrl`, the CLI login's `authUrl`, the
   * index's links), asked each time a link is made: `--public-url`, else the listen address once
   * the server listens; never the request's Host header.
   */
  publicUrl: () => string;
  /**
   * Origins, besides loopback ones and the public URL's, whose web pages may use the API
   * (`--cors-origin`, `MCPSIM_CORS_ORIGINS`); `*` lets any page (http/cors.ts).
   */
  corsOrigins: readonly string[];
  /**
   * Names, besides loopback ones, the listen address and the public URL's host, that a request's
   * `Host` may carry (`--allowed-host`, `MCPSIM_ALLOWED_HOSTS`); `*` turns the DNS rebinding guard
   * off (http/host-guard.ts).
   */
  allowedHosts: readonly string[];
  /** The address the server listens on, once it does (`http://0.0.0.0:4010`); null before, and in process. */
  listenUrl: () => string | null;
  /** The dashboard (src/ui), mounted by platform/: its pages under `/ui`, and `GET /` for browsers. */
  dashboard?: DashboardMount | undefined;
  /** The agent's tools over Streamable HTTP (src/agent), mounted by platform/: docs/agents.md. */
  agent?: AgentMount | undefined;
}

/**
 * What the API needs of the agent's tools, declared here so api/ never imports agent/: the path,
 * and the answer to an authenticated POST, given the caller's API key (the tools act with it).
 */
export interface AgentMount {
  path: string;
  answer(request: Request, apiKey: string): Promise<Response>;
}

/**
 * What the API needs of the dashboard, declared here so api/ never imports ui/: a sub-app served
 * under `/ui`, and the answer to `GET /` for a request that accepts HTML (a browser).
 */
export interface DashboardMount {
  app: Hono;
  answerRoot(c: Context): Response | Promise<Response>;
  /** The account of the live dashboard session the request's cookie names, or null (a CLI login approves with it). */
  accountOf(c: Context): Account | null;
}

/**
 * What a door tells the app about a request beyond the request itself, in its env (`c.env`): the
 * socket server passes the peer's address; requests through `app.fetch` in process (tests, msw,
 * the dashboard) have no socket and pass nothing, and count as not from this machine.
 */
export interface ClientEnv {
  /** The remote address of the socket the request came on, e.g. `127.0.0.1` or `::ffff:192.0.2.7`. */
  readonly clientAddress?: string | undefined;
}

/** The connection services the routes share (platform/ builds each once). */
export interface AppServices {
  /** The mock tool pipeline (and its fault rules). */
  runner: MockToolRunner;
  /** Whether a caller may reach a connection's MCP server now, and through what (mcp/). */
  resolver: ConnectionResolver;
  /** The MCP sessions clients opened on connection endpoints (mcp/). */
  sessions: McpSessions;
  /** What a session lives on: its connection and the credential that opened it (mcp/session/session-lease.ts). */
  sessionLeases: SessionLeases;
  upstream: ConnectionUpstream;
  /** Local servers paired with uplink connections. */
  uplinks: UplinkPairings;
  setupLinks: SetupLinks;
  /** The bound on probes and listings (the pool's timeout). */
  upstreamTimeoutMs: number;
}
