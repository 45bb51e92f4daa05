import { Hono } from 'hono';
import { z } from 'zod';
import { apiError, isApiError, type ApiError } from '../errors.js';
import { setupOperations } from './routes/setup.js';
import { createAuthenticator } from './http/authenticate.js';
import { CachedRouter } from './http/cached-router.js';
import { cors } from './http/cors.js';
import { guardHosts } from './http/host-guard.js';
import { refuseRelayedRequests } from './http/hop-guard.js';
import { toLoggedPath } from './http/logged-path.js';
import { createUplinkUpgrade } from './uplink-upgrade.js';
import { mountAgent } from './agent-mount.js';
import type { Operation } from './http/operation.js';
import { createUnroutedAnswer, toErrorResponse, toSubApp } from './http/operation-routes.js';
import { connectPrefix, toHonoPath, toRootHonoPath } from './http/route-path.js';
import type { AppDependencies, AppServices, Logger } from './context.js';
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

/** The app and the operations it serves (in the order of `/openapi.json`). */
export interface App {
  app: Hono;
  operations: readonly Operation[];
}

/**
 * The platform API as one Hono app. Its `fetch` is the only implementation: the socket server,
 * tests and in-process mocking all call it. Everything it uses is built once by platform/ and
 * handed in; the app itself only routes.
 *
 * @example
 *   const { app } = createApp(dependencies, services); // see platform/platform.ts
 */
export function createApp(dependencies: AppDependencies, services: AppServices): App {
  const { stores, clock, tokens, bodyBudget, logger } = dependencies;
  const app = new Hono({ router: new CachedRouter() });
  const authenticate = createAuthenticator({ accounts: stores.accounts, tokens, clock });
  const { request: logRequest } = logger;
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
  // Before every route, the dashboard's and the uplink upgrade's too: a Host this server does not answer to (DNS rebinding).
  app.use('*', guardHosts(dependencies));
  // A request this server relayed that came back to it: one refused hop instead of a loop without end.
  app.use('*', refuseRelayedRequests());
  // The dashboard's pages come before CORS: they are for this origin only (cookie session, CSRF token).
  if (dependencies.dashboard) app.route('/', dependencies.dashboard.app);
  app.use('*', cors(dependencies));
  if (dependencies.agent) mountAgent(app, dependencies.agent, authenticate);
  const upgrade = createUplinkUpgrade({ resolver: services.resolver, uplinks: services.uplinks, authenticate });
  app.use(toHonoPath('/connect/{namespace}/{connectionId}'), upgrade);
  app.use(toRootHonoPath('/connect/{namespace}/{connectionId}'), upgrade);
  const groups = listOperationGroups(dependencies, services);
  for (const operations of groups) app.route('/', toSubApp(operations, authenticate, bodyBudget));
  // The root mount (docs/decisions.md, "Root mount"): every Connect route again without
  // `/connect`, the same operation objects (one implementation) and the same body budget; its
  // namespace pattern keeps off the fixed routes.
  const connect = groups.flat().filter((operation) => operation.path.startsWith(`${connectPrefix}/`));
  app.route('/', toSubApp(connect, authenticate, bodyBudget, toRootHonoPath));
  app.notFound(
    createUnroutedAnswer([
      ...groups.flat().map(({ method, path }) => ({ method, pattern: toHonoPath(path) })),
      ...connect.map(({ method, path }) => ({ method, pattern: toRootHonoPath(path) })),
    ]),
  );
  app.onError((error, c) => toErrorResponse(c, toApiError(error, logger)));
  return { app, operations: groups.flat() };
}

/** The operations of each file in `routes/`, one sub-app each; their order is only the order of `/openapi.json`. */
function listOperationGroups(dependencies: AppDependencies, services: AppServices): Operation[][] {
  const groups: Operation[][] = [];
  groups.push(
    systemOperations(() => groups.flat(), dependencies),
    namespaceOperations(dependencies),
    toolOperations(dependencies, services),
    connectionOperations(dependencies, services),
    mcpOperations(dependencies, services),
    setupOperations(dependencies, services),
    tokenOperations(dependencies),
    controlOperations(dependencies),
    memoryOperations(dependencies),
    forkOperations(dependencies, services),
    simulationOperations(dependencies),
    faultOperations(dependencies, services),
    serverOperations(dependencies),
    cliAuthOperations(dependencies),
  );
  return groups;
}

function toApiError(error: unknown, logger: Logger): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof z.ZodError) return apiError('validation_error', toValidationMessage(error.issues));
  logger.error('Unhandled error while serving a request', error);
  return apiError('internal_error', 'Internal error: mcpsim hit a bug; the server log has the details');
}
