import type { Context } from 'hono';
import type { z } from 'zod';
import type { Account } from '../../store/account-store.js';
import type { Caller, OperationAccess } from './access.js';

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

export interface OperationInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The raw query, for parameters a schema cannot name (`metadata.{key}`). */
  searchParams: URLSearchParams;
  /** The authenticated caller's account; absent only on public operations. */
  account: Account;
  /** The authenticated caller with its token chain (empty for the API key); absent only on public operations. */
  caller: Caller;
}

/**
 * One route of the platform API: its documentation, its input schemas and its handler. The app
 * registers these, and `/openapi.json` is written from the same list, so the two cannot drift.
 */
export interface Operation<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: Method;
  /** OpenAPI-style path, e.g. `/connect/{namespace}/{connectionId}`; route-path.ts turns it into the Hono pattern. */
  path: string;
  summary: string;
  tag: string;
  /** True for the few routes that need no credential (`/health`, `/openapi.json`). */
  public?: boolean;
  /**
   * What the caller needs, checked by app.ts before the handler runs, e.g.
   * `{ resource: 'servers', operation: 'read' }` (see access.ts). Required on every non-public
   * operation: without it, service tokens are refused (deny by default).
   */
  permission?: OperationAccess;
  params?: P;
  query?: Q;
  /** `required: false` accepts an empty body as `{}`. */
  body?: { schema: B; required: boolean };
  /**
   * Documentation only, for a handler that reads the body itself (the MCP endpoint reads JSON-RPC
   * text and answers protocol errors in JSON-RPC, not as `validation_error`).
   */
  rawBody?: { contentType: string; description: string; schema: z.ZodType };
  /** `contentTypes` defaults to `application/json`. */
  responses: Record<number, { description: string; schema?: z.ZodType; contentTypes?: string[] }>;
  handle(c: Context, input: OperationInput<z.output<P>, z.output<Q>, z.output<B>>): Response | Promise<Response>;
}

/** Declares an operation with its input types inferred from its schemas. */
export function defineOperation<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(
  operation: Operation<P, Q, B>,
): Operation {
  return operation as unknown as Operation;
}
