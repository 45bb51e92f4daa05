import { Hono, type Context, type Handler } from 'hono';
import { apiError, toErrorBody, type ApiError } from '../../errors.js';
import { checkOperationAccess, type Caller } from './access.js';
import { maxBodyBytes } from './body-budget.js';
import type { Method, Operation } from './operation.js';
import type { BodyBudget } from './body-budget.js';
import { readJsonBody } from './read-json-body.js';
import { toHonoPath } from './route-path.js';

/** Resolves the bearer credential of a request to its caller (throws a 401 ApiError). */
export type Authenticate = (authorization: string | undefined) => Caller | Promise<Caller>;

/**
 * One group of operations (a file in `routes/`) as a Hono sub-app, mounted with
 * `app.route('/', subApp)`. Each route authenticates, parses its path parameters, checks the
 * caller's scope before it reads the query or body, then hands the parsed input to the handler.
 * Every sub-app shares one `bodies` budget for large JSON bodies (with a share per account). `toPath` makes each operation's
 * Hono pattern (the root mount passes `toRootHonoPath`).
 *
 * @example
 *   app.route('/', toSubApp(connectionOperations(dependencies, services), authenticate, bodies));
 */
export function toSubApp(
  operations: readonly Operation[],
  authenticate: Authenticate,
  bodies: BodyBudget,
  toPath: (path: string) => string = toHonoPath,
): Hono {
  const app = new Hono();
  for (const operation of operations) app.on(operation.method, toPath(operation.path), toHandler(operation, authenticate, bodies));
  return app;
}

/** The query of an operation that takes none: one shared empty object (handlers only read a query). */
const noQuery: URLSearchParams = new URLSearchParams();

function toHandler(operation: Operation, authenticate: Authenticate, bodies: BodyBudget): Handler {
  // Frozen, so that a token's gate verdict for it can be kept (token-verdicts.ts).
  if (typeof operation.permission === 'object') Object.freeze(operation.permission);
  const handle = (c: Context, caller: Caller | undefined, params: unknown, body: unknown) => {
    const searchParams = operation.query ? new URL(c.req.url).searchParams : noQuery;
    return operation.handle(c, {
      params,
      query: operation.query ? operation.query.parse(Object.fromEntries(searchParams)) : {},
      body,
      searchParams,
      // A public operation has no caller; its handler never reads these.
      account: caller === undefined ? (undefined as never) : caller.account,
      caller: caller as Caller,
    });
  };
  return async (c) => {
    let caller: Caller | Promise<Caller> | undefined = operation.public ? undefined : authenticate(c.req.header('authorization'));
    if (caller instanceof Promise) caller = await caller;
    const params = operation.params ? operation.params.parse(c.req.param()) : {};
    // The scope gate runs before the query and body are read: a token without the scope learns nothing more.
    if (caller) checkOperationAccess(caller, operation.permission, params as Record<string, unknown>);
    if (!operation.body) return handle(c, caller, params, undefined);
    const { schema, required } = operation.body;
    // A large body waits for its share of the budget (its account's share too), is read at the
    // budget's pace, and holds the share until the answer is made.
    let grant = bodies.reserve(c, maxBodyBytes, caller?.account.id ?? null);
    if (grant === null) return handle(c, caller, params, schema.parse(await readJsonBody(c, required, maxBodyBytes)));
    if (grant instanceof Promise) grant = await grant;
    try {
      return await handle(c, caller, params, schema.parse(await readJsonBody(c, required, maxBodyBytes, grant.pace)));
    } finally {
      grant.release();
    }
  };
}

/**
 * What a request no route answered gets: 405 with `Allow` when its path is an operation's path
 * under another method, else 404. It is consulted only after routing failed, so it never competes
 * with a route.
 */
export function createUnroutedAnswer(routes: readonly { method: Method; pattern: string }[]): (c: Context) => Response | Promise<Response> {
  const methodsByPath = new Map<string, Method[]>();
  for (const { method, pattern } of routes) methodsByPath.set(pattern, [...(methodsByPath.get(pattern) ?? []), method]);
  const paths = new Hono();
  for (const [path, methods] of methodsByPath) {
    const allowed = methods.join(', ');
    paths.all(path, (c) =>
      toErrorResponse(
        c,
        apiError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path}; allowed: ${allowed}`, {
          headers: { allow: allowed },
        }),
      ),
    );
  }
  paths.notFound((c) => toErrorResponse(c, apiError('not_found', `No route for ${c.req.method} ${c.req.path}`)));
  return (c) => paths.fetch(c.req.raw);
}

/** The platform's error body for `error`, with its status and headers. */
export function toErrorResponse(c: Context, error: ApiError): Response {
  return c.json(toErrorBody(error), error.status, error.headers);
}
