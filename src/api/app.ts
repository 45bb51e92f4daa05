import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Clock } from '../domain/clock.js';
import type { RandomSource } from '../domain/random.js';
import type { Embedder } from '../domain/search/embedder.js';
import { createTokenCodec, type TokenCodec } from '../domain/service-token.js';
import { apiError, isApiError, toErrorBody, type ApiError } from '../errors.js';
import type { McpHandler, ToolResultSource } from '../mcp/mcp-handler.js';
import { createRelay, type Relay } from '../mcp/relay.js';
import { createUpstreamPool, type UpstreamPool } from '../mcp/upstream-pool.js';
import { createConnectionUpstream, type ConnectionUpstream } from './connection-upstream.js';
import { setupOperations } from './routes/setup.js';
import { createSetupLinks, type SetupLinks } from './setup-links.js';
import type { Stores } from '../store/stores.js';
import { checkOperationAccess, type Caller } from './access.js';
import { createAuthenticator } from './authenticate.js';
import { cors } from './cors.js';
import type { Method, Operation } from './operation.js';
import { readJsonBody } from './read-json-body.js';
import { createRegistrySearch, type RegistrySearch } from './registry-search.js';
import { serverOperations } from './routes/servers.js';
import { createSemanticRanker } from './semantic-ranker.js';
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

export interface Logger {
  error(message: string, error?: unknown): void;
  /** Called once per request when present (an access log); never given headers or bodies. */
  request?(entry: { method: string; path: string; status: number; milliseconds: number }): void;
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
  /** Bound on one relayed request to an upstream, e.g. a slow tool call (default 60 s). */
  upstreamCallTimeoutMs?: number;
}

/** What the routes share beyond the dependencies: made once per app. */
export interface AppServices {
  mcp: McpHandler;
  relay: Relay;
  upstream: ConnectionUpstream;
  setupLinks: SetupLinks;
  /** The bound on probes and listings (the pool's timeout). */
  upstreamTimeoutMs: number;
}

/**
 * Largest request body accepted. The largest valid body (16 source files of 131,072 characters,
 * which JSON may escape to 6 bytes each) is about 12.6 MB.
 */
export const maxBodyBytes = 16 * 1024 * 1024;

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
  operations.push(...serverOperations(dependencies, dependencies.registrySearch ?? createSearchFor(dependencies)));
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

/** The default bound on one relayed request (a tool call may legitimately take a while). */
export const defaultCallTimeoutMs = 60_000;

/** The registry search over the app's stores, semantic when an embeddings model is given. */
export function createSearchFor({ stores, embedder, logger }: Pick<AppDependencies, 'stores' | 'embedder' | 'logger'>): RegistrySearch {
  return createRegistrySearch(stores.registry, embedder && createSemanticRanker(embedder, stores.embeddings, logger));
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
