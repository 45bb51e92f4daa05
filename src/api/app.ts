import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { createTokenCodec, type TokenCodec } from '../domain/service-token.js';
import { apiError, isApiError, toErrorBody, type ApiError } from '../errors.js';
import { createRelay } from '../mcp/relay.js';
import { createUpstreamPool } from '../mcp/upstream-pool.js';
import { createConnectionUpstream } from './connection-upstream.js';
import { setupOperations } from './routes/setup.js';
import { createSetupLinks } from './setup-links.js';
import { checkOperationAccess, type Caller } from './access.js';
import { createAuthenticator } from './authenticate.js';
import { cors } from './cors.js';
import type { Method, Operation } from './operation.js';
import { readJsonBody } from './read-json-body.js';
import { createSearch } from '../search/create-search.js';
import { defaultCallTimeoutMs, maxBodyBytes, type AppDependencies, type AppServices, type Logger } from './context.js';
import { serverOperations } from './routes/servers.js';
import { connectionOperations } from './routes/connections.js';
import { controlOperations } from './routes/control.js';
import { createMcpHandlerFor, mcpOperations } from './routes/mcp.js';
import { memoryOperations } from './routes/memory.js';
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
export function createApp(dependencies: AppDependencies): Hono {
  const app = new Hono();
  const tokens = createTokenCodec({ key: dependencies.tokenKey ?? randomBytes(32), clock: dependencies.clock });
  const authenticate = createAuthenticator({ accounts: dependencies.stores.accounts, tokens, clock: dependencies.clock });
  const operations = listOperations(dependencies, tokens);
  const { request: logRequest } = dependencies.logger;
  if (logRequest) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      logRequest({ method: c.req.method, path: c.req.path, status: c.res.status, milliseconds: performance.now() - started });
    });
  }
  app.use('*', cors());

  const methodsByPath = new Map<string, Method[]>();
  for (const operation of operations) {
    const path = operation.honoPath ?? toHonoPath(operation.path);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), operation.method]);
    app.on(operation.method, path, async (c) => {
      let caller: Caller | Promise<Caller> | undefined = operation.public ? undefined : authenticate(c.req.header('authorization'));
      if (caller instanceof Promise) caller = await caller;
      const params = operation.params ? operation.params.parse(c.req.param()) : {};
      // The scope gate runs before the query and body are read: a token without the scope learns nothing more.
      if (caller) checkOperationAccess(caller, operation.permission, params as Record<string, unknown>);
      const searchParams = operation.query ? new URL(c.req.url).searchParams : new URLSearchParams();
      return operation.handle(c, {
        params,
        query: operation.query ? operation.query.parse(Object.fromEntries(searchParams)) : {},
        body: operation.body ? operation.body.schema.parse(await readJsonBody(c, operation.body.required, maxBodyBytes)) : undefined,
        searchParams,
        account: caller?.account!,
        caller: caller!,
      });
    });
  }
  for (const [path, methods] of methodsByPath) {
    app.all(path, (c) => {
      throw apiError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}; allowed: ${methods.join(', ')}`, {
        headers: { allow: methods.join(', ') },
      });
    });
  }

  app.notFound((c) => errorResponse(c, apiError('not_found', `No route for ${c.req.method} ${c.req.path}`)));
  app.onError((error, c) => errorResponse(c, toApiError(error, dependencies.logger)));
  return app;
}

/** Every operation the app serves, in registration order (also the order of `/openapi.json`). */
export function listOperations(dependencies: AppDependencies, tokens?: TokenCodec): Operation[] {
  const operations: Operation[] = [];
  const services = createServices(dependencies);
  // The .tools routes come before the connection routes: Hono runs the first matching route, and
  // `/connect/{ns}/.tools` also fits `/connect/{ns}/{connectionId}`.
  operations.push(...systemOperations(() => operations, dependencies), ...namespaceOperations(dependencies), ...toolOperations(dependencies, services));
  operations.push(...connectionOperations(dependencies, services), ...mcpOperations(dependencies, services));
  operations.push(...setupOperations(dependencies, services));
  operations.push(...tokenOperations(dependencies, tokens ?? createTokenCodec({ key: dependencies.tokenKey ?? randomBytes(32), clock: dependencies.clock })));
  operations.push(...controlOperations(dependencies));
  operations.push(...memoryOperations(dependencies));
  operations.push(...faultOperations(dependencies, services));
  operations.push(...serverOperations(dependencies, dependencies.registrySearch ?? createSearch({ registry: dependencies.stores.registry, embeddings: dependencies.stores.embeddings, embedder: dependencies.embedder, logger: dependencies.logger })));
  return operations;
}

function createServices(dependencies: AppDependencies): AppServices {
  const pool = dependencies.upstreams ?? createUpstreamPool();
  const relay = createRelay({ pool, callTimeoutMs: dependencies.upstreamCallTimeoutMs ?? defaultCallTimeoutMs });
  const setupLinks = createSetupLinks(dependencies.tokenKey ?? randomBytes(32));
  return {
    mcp: createMcpHandlerFor(dependencies, relay),
    relay,
    setupLinks,
    upstream: createConnectionUpstream({ stores: dependencies.stores, pool, links: setupLinks }),
    upstreamTimeoutMs: pool.timeoutMs,
  };
}


function toHonoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function errorResponse(c: Context, error: ApiError): Response {
  return c.json(toErrorBody(error), error.status, error.headers);
}

function toApiError(error: unknown, logger: Logger): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof z.ZodError) return apiError('validation_error', toValidationMessage(error.issues));
  logger.error('Unhandled error while serving a request', error);
  return apiError('internal_error', 'Internal error: mcpsim hit a bug; the server log has the details');
}
