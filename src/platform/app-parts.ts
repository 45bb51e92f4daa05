import { createConnectionUpstream } from '../api/connection-upstream.js';
import type { AppDependencies, AppServices, DashboardMount, AgentMount, Logger } from '../api/context.js';
import { storeForcedStatus } from '../api/forced-status.js';
import { createBodyBudget, defaultBodyLimits, type BodyLimits } from '../api/http/body-budget.js';
import { createSetupLinks } from '../api/setup-links.js';
import type { Clock } from '../domain/clock.js';
import type { Embedder } from '../domain/embedder.js';
import type { RandomSource } from '../domain/random.js';
import { createTokenCodec } from '../domain/service-token.js';
import { createConnectionEndpoints } from '../mcp/connection-endpoints.js';
import { createRelay, type CaptureSink } from '../mcp/upstream/relay.js';
import { capturedMockMethods } from '../mcp/mock/mock-methods.js';
import { createMcpSessions, type McpSessions, type SessionLimits } from '../mcp/session/mcp-sessions.js';
import { createConnectionResolver } from '../mcp/resolve-connection.js';
import { createSessionLeases } from '../mcp/session/session-lease.js';
import { createUplinkPairings, type UplinkPairings } from '../mcp/upstream/uplink-pairings.js';
import { createUpstreamPool, type UpstreamPool } from '../mcp/upstream/upstream-pool.js';
import { createSearch } from '../search/create-search.js';
import type { RegistrySearch } from '../search/registry-search.js';
import { createMockSurfaces } from '../sim/mock-surfaces.js';
import { createMockToolRunner } from '../sim/mock-tool-runner.js';
import type { ToolResultSource } from '../sim/source/tool-result-source.js';
import type { Stores } from '../store/stores.js';

/** What the parts are made of: the platform's options, resolved, and what it has opened. */
export interface AppPartsInput {
  stores: Stores;
  clock: Clock;
  random: RandomSource;
  logger: Logger;
  /** The data dir's 32-byte key: it signs service tokens and setup links alike. */
  tokenKey: Uint8Array;
  publicUrl: () => string;
  /** Origins whose pages may use the API, besides loopback ones and the public URL's (`--cors-origin`). */
  corsOrigins: readonly string[];
  /** Host names answered besides loopback ones, the listen address and the public URL's host (`--allowed-host`). */
  allowedHosts: readonly string[];
  /** The address the server listens on, once it does. */
  listenUrl: () => string | null;
  toolResults: ToolResultSource;
  embedder?: Embedder | undefined;
  upstreamTimeoutMs: number;
  upstreamCallTimeoutMs: number;
  /** Bound on a paired local server's initialize (default: `upstreamTimeoutMs`). */
  uplinkTimeoutMs?: number | undefined;
  capture?: CaptureSink | undefined;
  dashboard?: DashboardMount | undefined;
  agent?: AgentMount | undefined;
  /** Changes to the large-body rules (`defaultBodyLimits`). */
  bodyLimits?: Partial<BodyLimits> | undefined;
  /** Changes to the bounds on MCP sessions (`defaultSessionLimits`). */
  sessionLimits?: Partial<SessionLimits> | undefined;
}

/** Everything `createApp` is handed, and the parts the platform itself drives (closing, warming, pairing). */
export interface AppParts {
  dependencies: AppDependencies;
  services: AppServices;
  pool: UpstreamPool;
  uplinks: UplinkPairings;
  sessions: McpSessions;
  search: RegistrySearch;
}

/**
 * Builds every service of the app once: token codec, registry search, body budget, upstream pool,
 * uplink pairings, relay, setup links, the connections' upstream bookkeeping, the mock tool
 * runner, the simulated-or-real endpoints, the connection resolver and the MCP sessions. The one place that wires
 * them; `createApp` defaults nothing.
 *
 * @example
 *   const parts = createAppParts({ stores, clock, random, logger, tokenKey, publicUrl, toolResults, upstreamTimeoutMs: 5000, upstreamCallTimeoutMs: 60_000 });
 *   const { app } = createApp(parts.dependencies, parts.services);
 */
export function createAppParts(input: AppPartsInput): AppParts {
  const { stores, clock, random, logger, tokenKey, publicUrl } = input;
  const pool = createUpstreamPool({ timeoutMs: input.upstreamTimeoutMs });
  const uplinks = createUplinkPairings({ stores, timeoutMs: input.uplinkTimeoutMs ?? pool.timeoutMs });
  const search = createSearch({ registry: stores.registry, embeddings: stores.embeddings, embedder: input.embedder, logger });
  const relay = createRelay({
    callTimeoutMs: input.upstreamCallTimeoutMs,
    listTimeoutMs: pool.timeoutMs,
    capture: input.capture,
    capturedMethods: capturedMockMethods,
  });
  const setupLinks = createSetupLinks({ key: tokenKey, clock, publicUrl });
  const upstream = createConnectionUpstream({ stores, pool, links: setupLinks });
  const runner = createMockToolRunner({
    registry: stores.registry,
    memory: stores.memory,
    clock,
    toolResults: input.toolResults,
    // A fault rule's status change is stored like a forced status, with a setup link for the place the call came from.
    onStatusFault: (connection, change, place) =>
      void storeForcedStatus({ stores, setupUrl: upstream.setupUrl }, place, connection, change.state, change.message),
  });
  const surfaces = createMockSurfaces({ registry: stores.registry, memory: stores.memory });
  const endpoints = createConnectionEndpoints({ runner, surfaces, relay, uplinks, linkFor: upstream.linkFor });
  const resolver = createConnectionResolver({ stores, endpoints, present: setupLinks.present });
  const sessions = createMcpSessions({ limits: input.sessionLimits, askTimeoutMs: input.upstreamCallTimeoutMs });
  const sessionLeases = createSessionLeases({ stores, clock });
  // A removed key ends its sessions at once, not on the next lease tick.
  stores.accounts.onKeysRemoved(() => sessions.checkLeases());
  return {
    dependencies: {
      stores,
      clock,
      random,
      logger,
      tokens: createTokenCodec({ key: tokenKey, clock }),
      search,
      bodyBudget: createBodyBudget({ ...defaultBodyLimits, ...input.bodyLimits }),
      publicUrl,
      corsOrigins: input.corsOrigins,
      allowedHosts: input.allowedHosts,
      listenUrl: input.listenUrl,
      dashboard: input.dashboard,
      agent: input.agent,
    },
    services: { runner, resolver, sessions, sessionLeases, upstream, uplinks, setupLinks, upstreamTimeoutMs: pool.timeoutMs },
    pool,
    uplinks,
    sessions,
    search,
  };
}
