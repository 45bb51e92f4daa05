import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { createTokenCodec, type TokenCodec } from '../domain/service-token.js';
import { apiError, isApiError, type ApiError } from '../errors.js';
import { createRelay } from '../mcp/relay.js';
import { createUpstreamPool } from '../mcp/upstream-pool.js';
import { createMockToolRunner } from '../sim/mock-tool-runner.js';
import { createSimulator } from '../sim/simulator.js';
import { createConnectionEndpoints } from './connection-endpoints.js';
import { createConnectionUpstream } from './connection-upstream.js';
import { storeForcedStatus, type ForcedStatusContext } from './forced-status.js';
import { setupOperations } from './routes/setup.js';
import { createSetupLinks, setupPathPrefix } from './setup-links.js';
import { createAuthenticator } from './authenticate.js';
import { cors } from './cors.js';
import type { Operation } from './operation.js';
import { createUnroutedAnswer, toErrorResponse, toSubApp } from './operation-routes.js';
import { createSearch } from '../search/create-search.js';
import { createBodyBudget } from './body-budget.js';
import { defaultBodyBudgetBytes, defaultCallTimeoutMs, defaultFixturesDir, defaultPublicUrl, type AppDependencies, type AppServices, type Logger } from './context.js';
import { serverOperations } from './routes/servers.js';
import { connectionOperations } from './routes/connections.js';
import { controlOperations } from './routes/control.js';
import { mcpOperations } from './routes/mcp.js';
import { memoryOperations } from './routes/memory.js';
import { simulationOperations } from './routes/simulation.js';
import { faultOperations } from './routes/faults.js';
import { toolOperations } from './routes/tools.js';
import { namespaceOperations } from './routes/namespaces.js';
import { systemOperations } from './routes/system.js';
import { tokenOperations } from './routes/tokens.js';
import { toValidationMessage } from './validation-message.js';

/**
 * The platform API as one Hono app. Its `fetch` is the only implementation: the socket server,
 * tests and in-process mocking all call it.
 */
export function createApp(appDependencies: AppDependencies): Hono {
  const dependencies = { ...appDependencies, bodyBudget: appDependencies.bodyBudget ?? createBodyBudget(defaultBodyBudgetBytes) };
  const app = new Hono();
  const tokens = createTokenCodec({ key: dependencies.tokenKey ?? randomBytes(32), clock: dependencies.clock });
  const authenticate = createAuthenticator({ accounts: dependencies.stores.accounts, tokens, clock: dependencies.clock });
  const { request: logRequest } = dependencies.logger;
  if (logRequest) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      logRequest({ method: c.req.method, path: toLoggedPath(c.req.path), status: c.res.status, milliseconds: performance.now() - started }, c.req.raw);
    });
  }
  app.use('*', cors());
  const groups = listOperationGroups(dependencies, tokens);
  for (const operations of groups) app.route('/', toSubApp(operations, authenticate, dependencies.bodyBudget));
  app.notFound(createUnroutedAnswer(groups.flat()));
  app.onError((error, c) => toErrorResponse(c, toApiError(error, dependencies.logger)));
  return app;
}

/** Every operation the app serves, in the order of `/openapi.json`. */
export function listOperations(dependencies: AppDependencies, tokens?: TokenCodec): Operation[] {
  return listOperationGroups(dependencies, tokens).flat();
}

/** The operations of each file in `routes/`, one sub-app each; their order is only the order of `/openapi.json`. */
function listOperationGroups(dependencies: AppDependencies, tokens = createTokenCodec({ key: dependencies.tokenKey ?? randomBytes(32), clock: dependencies.clock })): Operation[][] {
  const services = createServices(dependencies);
  const { stores, embedder, logger } = dependencies;
  const search = dependencies.registrySearch ?? createSearch({ registry: stores.registry, embeddings: stores.embeddings, embedder, logger });
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
    simulationOperations(dependencies),
    faultOperations(dependencies, services),
    serverOperations(dependencies, search),
  );
  return groups;
}

function createServices(dependencies: AppDependencies): AppServices {
  const { stores, clock } = dependencies;
  const pool = dependencies.upstreams ?? createUpstreamPool();
  const relay = createRelay({ pool, callTimeoutMs: dependencies.upstreamCallTimeoutMs ?? defaultCallTimeoutMs });
  const setupLinks = createSetupLinks({ key: dependencies.tokenKey ?? randomBytes(32), clock, publicUrl: dependencies.publicUrl ?? (() => defaultPublicUrl) });
  const upstream = createConnectionUpstream({ stores, pool, links: setupLinks });
  const forcedStatus: ForcedStatusContext = { stores, setupUrl: upstream.setupUrl };
  const runner = createMockToolRunner({
    registry: stores.registry,
    memory: stores.memory,
    clock,
    toolResults: dependencies.toolResults ?? createSimulator({ fixturesDir: dependencies.fixturesDir ?? defaultFixturesDir }),
    // A fault rule's status change is stored like a forced status, with a setup link for the place the call came from.
    onStatusFault: (connection, change, place) => void storeForcedStatus(forcedStatus, place, connection, change.state, change.message),
  });
  return { runner, endpoints: createConnectionEndpoints({ runner, relay, upstream }), setupLinks, upstream, upstreamTimeoutMs: pool.timeoutMs };
}

/** The path as the access log shows it: a setup link's ticket is a credential, so it is masked. */
export function toLoggedPath(path: string): string {
  return path.startsWith(setupPathPrefix) ? `${setupPathPrefix}***` : path;
}

function toApiError(error: unknown, logger: Logger): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof z.ZodError) return apiError('validation_error', toValidationMessage(error.issues));
  logger.error('Unhandled error while serving a request', error);
  return apiError('internal_error', 'Internal error: mcpsim hit a bug; the server log has the details');
}
