import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { createTokenCodec, type TokenCodec } from '../domain/service-token.js';
import { apiError, isApiError, type ApiError } from '../errors.js';
import { createRelay } from '../mcp/relay.js';
import { createUplinkPairings } from '../mcp/uplink-pairings.js';
import { createUpstreamPool } from '../mcp/upstream-pool.js';
import { createMockToolRunner } from '../sim/mock-tool-runner.js';
import { createToolResults } from '../sim/tool-results.js';
import { createConnectionEndpoints } from './connection-endpoints.js';
import { createConnectionUpstream } from './connection-upstream.js';
import { storeForcedStatus, type ForcedStatusContext } from './forced-status.js';
import { setupOperations } from './routes/setup.js';
import { createSetupLinks } from './setup-links.js';
import { createAuthenticator } from './http/authenticate.js';
import { cors } from './http/cors.js';
import { toLoggedPath } from './http/logged-path.js';
import { createUplinkUpgrade } from './uplink-upgrade.js';
import type { Operation } from './http/operation.js';
import { createUnroutedAnswer, toErrorResponse, toSubApp } from './http/operation-routes.js';
import { connectPrefix, toHonoPath, toRootHonoPath } from './http/route-path.js';
import { createSearch } from '../search/create-search.js';
import { createBodyBudget } from './http/body-budget.js';
import {
  defaultBodyBudgetBytes,
  defaultCallTimeoutMs,
  defaultFixturesDir,
  defaultPublicUrl,
  type AppDependencies,
  type AppServices,
  type Logger,
} from './context.js';
import { serverOperations } from './routes/servers.js';
import { connectionOperations } from './routes/connections.js';
import { controlOperations } from './routes/control.js';
import { mcpOperations } from './routes/mcp.js';
import { memoryOperations } from './routes/memory.js';
import { simulationOperations } from './routes/simulation.js';
import { faultOperations } from './routes/faults.js';
import { forkOperations } from './routes/fork.js';
import { toolOperations } from './routes/tools.js';
import { namespaceOperations } from './routes/namespaces.js';
import { systemOperations } from './routes/system.js';
import { tokenOperations } from './routes/tokens.js';
import { cliAuthOperations } from './routes/cli-auth.js';
import { toValidationMessage } from './http/validation-message.js';

/**
 * The platform API as one Hono app. Its `fetch` is the only implementation: the socket server,
 * tests and in-process mocking all call it.
 */
export function createApp(appDependencies: AppDependencies): Hono {
  // One pool, one pairing registry (the upgrade middleware pairs, the endpoints relay through it)
  // and one body budget for the app.
  const pool = appDependencies.upstreams ?? createUpstreamPool();
  const uplinks = appDependencies.uplinks ?? createUplinkPairings({ stores: appDependencies.stores, timeoutMs: pool.timeoutMs });
  const bodyBudget = appDependencies.bodyBudget ?? createBodyBudget(defaultBodyBudgetBytes);
  const dependencies = { ...appDependencies, upstreams: pool, uplinks, bodyBudget };
  const app = new Hono();
  const tokens = createTokenCodec({ key: dependencies.tokenKey ?? randomBytes(32), clock: dependencies.clock });
  const authenticate = createAuthenticator({ accounts: dependencies.stores.accounts, tokens, clock: dependencies.clock });
  const { request: logRequest } = dependencies.logger;
  if (logRequest) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      logRequest(
        { method: c.req.method, path: toLoggedPath(c.req.path), status: c.res.status, milliseconds: performance.now() - started },
        c.req.raw,
      );
    });
  }
  // The dashboard's pages come before CORS: they are for this origin only (cookie session, CSRF token).
  if (dependencies.dashboard) app.route('/', dependencies.dashboard.app);
  app.use('*', cors());
  const upgrade = createUplinkUpgrade({ stores: dependencies.stores, uplinks, authenticate });
  app.use(toHonoPath('/connect/{namespace}/{connectionId}'), upgrade);
  app.use(toRootHonoPath('/connect/{namespace}/{connectionId}'), upgrade);
  const groups = listOperationGroups(dependencies, tokens);
  for (const operations of groups) app.route('/', toSubApp(operations, authenticate, bodyBudget));
  // The root mount (decisions.md §7): every Connect route again without `/connect`, the same
  // operation objects (one implementation) and the same body budget; its namespace pattern keeps
  // off the fixed routes.
  const connect = groups.flat().filter((operation) => operation.path.startsWith(`${connectPrefix}/`));
  app.route('/', toSubApp(connect, authenticate, bodyBudget, toRootHonoPath));
  app.notFound(
    createUnroutedAnswer([
      ...groups.flat().map(({ method, path }) => ({ method, pattern: toHonoPath(path) })),
      ...connect.map(({ method, path }) => ({ method, pattern: toRootHonoPath(path) })),
    ]),
  );
  app.onError((error, c) => toErrorResponse(c, toApiError(error, dependencies.logger)));
  return app;
}

/** Every operation the app serves, in the order of `/openapi.json`. */
export function listOperations(dependencies: AppDependencies, tokens?: TokenCodec): Operation[] {
  return listOperationGroups(dependencies, tokens).flat();
}

/** The operations of each file in `routes/`, one sub-app each; their order is only the order of `/openapi.json`. */
function listOperationGroups(
  dependencies: AppDependencies,
  tokens = createTokenCodec({ key: dependencies.tokenKey ?? randomBytes(32), clock: dependencies.clock }),
): Operation[][] {
  const services = createServices(dependencies);
  const { stores, embedder, logger } = dependencies;
  const search =
    dependencies.registrySearch ?? createSearch({ registry: stores.registry, embeddings: stores.embeddings, embedder, logger });
  const groups: Operation[][] = [];
  groups.push(
    systemOperations(() => groups.flat(), dependencies),
    namespaceOperations(dependencies),
    toolOperations(dependencies, services),
    connectionOperations(dependencies, services),
    mcpOperations(dependencies, services),
    setupOperations(dependencies, services),
    tokenOperations(dependencies, tokens),
    controlOperations(dependencies),
    memoryOperations(dependencies),
    forkOperations(dependencies, services),
    simulationOperations(dependencies),
    faultOperations(dependencies, services),
    serverOperations(dependencies, search),
    cliAuthOperations(dependencies),
  );
  return groups;
}

function createServices(dependencies: AppDependencies): AppServices {
  const { stores, clock } = dependencies;
  const pool = dependencies.upstreams ?? createUpstreamPool();
  const relay = createRelay({
    callTimeoutMs: dependencies.upstreamCallTimeoutMs ?? defaultCallTimeoutMs,
    listTimeoutMs: pool.timeoutMs,
    capture: dependencies.capture,
  });
  const setupLinks = createSetupLinks({
    key: dependencies.tokenKey ?? randomBytes(32),
    clock,
    publicUrl: dependencies.publicUrl ?? (() => defaultPublicUrl),
  });
  const upstream = createConnectionUpstream({ stores, pool, links: setupLinks });
  const forcedStatus: ForcedStatusContext = { stores, setupUrl: upstream.setupUrl };
  const runner = createMockToolRunner({
    registry: stores.registry,
    memory: stores.memory,
    clock,
    toolResults: dependencies.toolResults ?? createToolResults({ fixturesDir: dependencies.fixturesDir ?? defaultFixturesDir }),
    // A fault rule's status change is stored like a forced status, with a setup link for the place the call came from.
    onStatusFault: (connection, change, place) => void storeForcedStatus(forcedStatus, place, connection, change.state, change.message),
  });
  const uplinks = dependencies.uplinks ?? createUplinkPairings({ stores, timeoutMs: pool.timeoutMs });
  return {
    runner,
    endpoints: createConnectionEndpoints({ runner, relay, upstream, uplinks }),
    setupLinks,
    upstream,
    uplinks,
    upstreamTimeoutMs: pool.timeoutMs,
  };
}

function toApiError(error: unknown, logger: Logger): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof z.ZodError) return apiError('validation_error', toValidationMessage(error.issues));
  logger.error('Unhandled error while serving a request', error);
  return apiError('internal_error', 'Internal error: mcpsim hit a bug; the server log has the details');
}
