import type { Context } from 'hono';
import { z } from 'zod';
import type { Connection, ConnectionInput } from '../../domain/connection.js';
import { planConnectionWrite, type ConnectionWritePlan } from '../../domain/connection-write.js';
import { createReadableId } from '../../domain/readable-id.js';
import { apiError } from '../../errors.js';
import type { Account } from '../../store/account-store.js';
import { canSeeConnection, checkConnectionAccess, missingPermission, type Caller, type Permission } from '../access.js';
import type { AppDependencies, AppServices } from '../context.js';
import type { ConnectionPlace } from '../connection-upstream.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { defineOperation, type Operation } from '../operation.js';
import {
  connectionBodySchema,
  connectionId,
  connectionListQuerySchema,
  connectionListSchema,
  connectionSchema,
  deleteConnectionSchema,
  errorSchema,
  namespaceName,
  validationErrorSchema,
} from '../schemas.js';
import { toConnectionView } from '../views.js';
import { connectionNotFound, namespaceNotFound, readMetadataFilters, toPlace } from '../lookups.js';

const namespaceParams = z.object({ namespace: namespaceName });
const connectionParams = z.object({ namespace: namespaceName, connectionId });
const tag = 'connections';
const notFound = { description: 'Namespace or connection not found (or not yours)', schema: errorSchema };
const invalid = { description: 'The request breaks a rule; the message names the field', schema: validationErrorSchema };
const forbidden = { description: 'A service token whose scope does not allow this', schema: errorSchema };
// Connection routes check each connection themselves (access.ts), after the gate.
const readEach: Permission = { resource: 'connections', operation: 'read', each: 'connection' };
const writeEach: Permission = { resource: 'connections', operation: 'write', each: 'connection' };

/** The Connect API: create-or-update, create, get, list and delete connections. */
export function connectionOperations({ stores, clock, random }: AppDependencies, { upstream }: AppServices): Operation[] {
  function requireNamespace(account: Account, name: string) {
    const namespace = stores.namespaces.get(account.id, name);
    if (!namespace) throw namespaceNotFound(name);
    return namespace;
  }

  /**
   * Creates or updates one connection atomically; returns null when `create` found the id taken.
   * A token must be allowed to write both the connection as it is and as it will be, else 403
   * (also for one it may not see: a write cannot pretend the id is free).
   */
  function write(caller: Caller, place: ConnectionPlace, namespace: string, id: string, input: ConnectionInput, mode: 'upsert' | 'create'): WriteOutcome | null {
    const refuse = () => missingPermission('connections', 'write');
    return stores.transaction(() => {
      const current = stores.connections.get(place.namespaceId, id);
      if (current && mode === 'create') return null;
      if (current) checkConnectionAccess(caller, 'write', current, refuse);
      const serverName = input.server ?? current?.server ?? null;
      const target = serverName === null ? null : stores.registry.findTarget(serverName);
      if (input.server && !target) {
        throw apiError('validation_error', `server: unknown registry server "${input.server}"; use a qualifiedName from GET /servers`);
      }
      const now = clock.now();
      const loadHeaders = () => stores.connections.getHeaders(place.namespaceId, id);
      const plan = planConnectionWrite({
        namespace,
        connectionId: id,
        existing: current ? { connection: current, loadHeaders } : null,
        input,
        target,
        now,
      });
      checkConnectionAccess(caller, 'write', plan.connection, refuse);
      if (plan.connection.status.state === 'input_required') plan.connection.status.setupUrl = upstream.setupUrl(place, plan.connection);
      const probe = toProbe(plan, current, loadHeaders);
      if (plan.created) stores.connections.insert(place.namespaceId, plan.connection, plan.headers, now.toISOString());
      else stores.connections.update(place.namespaceId, plan.connection, plan.headers, now.toISOString());
      return { plan, probe };
    });
  }

  /** Writes, then probes the upstream when the write calls for it (outside the transaction). */
  async function writeAndProbe(c: Context, caller: Caller, place: ConnectionPlace, namespace: string, id: string, input: ConnectionInput, mode: 'upsert' | 'create') {
    const outcome = write(caller, place, namespace, id, input, mode);
    if (!outcome) return null;
    const { plan, probe } = outcome;
    const connection = probe ? await upstream.probe(place, plan.connection, probe.headers) : plan.connection;
    return c.json(toConnectionView(connection), plan.created ? 201 : 200);
  }

  return [
    defineOperation({
      method: 'GET',
      path: '/connect/{namespace}',
      tag,
      summary: 'List connections, oldest first, with cursor paging and exact filters (name, mcpUrl, metadata.{key})',
      permission: readEach,
      params: namespaceParams,
      query: connectionListQuerySchema,
      responses: { 200: { description: 'One page of connections (a service token sees only those its policy allows)', schema: connectionListSchema }, 400: invalid, 403: forbidden, 404: notFound },
      handle(c, { account, caller, params, query, searchParams }) {
        const namespace = requireNamespace(account, params.namespace);
        const listQuery = {
          limit: query.limit ?? 100,
          afterSeq: query.cursor === undefined ? 0 : decodeCursor(query.cursor),
          ...(query.name === undefined ? {} : { name: query.name }),
          ...(query.mcpUrl === undefined ? {} : { mcpUrl: query.mcpUrl }),
          metadata: readMetadataFilters(searchParams),
        };
        const page = stores.connections.list(namespace.id, listQuery, caller.chain.length === 0 ? undefined : (connection) => canSeeConnection(caller, connection));
        return c.json({
          connections: page.connections.map(toConnectionView),
          nextCursor: page.nextSeq === null ? null : encodeCursor(page.nextSeq),
        });
      },
    }),
    defineOperation({
      method: 'POST',
      path: '/connect/{namespace}',
      tag,
      summary: 'Create a connection with a generated readable id',
      permission: writeEach,
      params: namespaceParams,
      body: { schema: connectionBodySchema, required: false },
      responses: { 201: { description: 'Created', schema: connectionSchema }, 400: invalid, 403: forbidden, 404: notFound },
      async handle(c, { account, caller, params, body }) {
        const namespace = requireNamespace(account, params.namespace);
        for (;;) {
          const response = await writeAndProbe(c, caller, toPlace(c, account.id, namespace.id), namespace.name, createReadableId(random), body, 'create');
          if (response) return response;
        }
      },
    }),
    defineOperation({
      method: 'GET',
      path: '/connect/{namespace}/{connectionId}',
      tag,
      summary: 'Get one connection',
      permission: readEach,
      params: connectionParams,
      responses: { 200: { description: 'Connection details', schema: connectionSchema }, 403: forbidden, 404: notFound },
      handle(c, { account, caller, params }) {
        const connection = stores.connections.getInNamespace(account.id, params.namespace, params.connectionId);
        if (connection) {
          checkConnectionAccess(caller, 'read', connection, () => connectionNotFound(params.connectionId, params.namespace));
          return c.json(toConnectionView(connection));
        }
        requireNamespace(account, params.namespace);
        throw connectionNotFound(params.connectionId, params.namespace);
      },
    }),
    defineOperation({
      method: 'PUT',
      path: '/connect/{namespace}/{connectionId}',
      tag,
      summary: 'Create or update the connection with this id',
      permission: writeEach,
      params: connectionParams,
      body: { schema: connectionBodySchema, required: true },
      responses: {
        200: { description: 'Connection updated', schema: connectionSchema },
        201: { description: 'Connection created', schema: connectionSchema },
        400: invalid,
        403: { description: "A service token may not write this connection, or the connection's resulting metadata does not match its policy", schema: errorSchema },
        404: { description: 'Namespace not found or access denied', schema: errorSchema },
        409: { description: 'The target URL differs from the existing one (header x-should-retry: false)', schema: errorSchema },
      },
      async handle(c, { account, caller, params, body }) {
        const namespace = requireNamespace(account, params.namespace);
        return (await writeAndProbe(c, caller, toPlace(c, account.id, namespace.id), namespace.name, params.connectionId, body, 'upsert'))!;
      },
    }),
    defineOperation({
      method: 'DELETE',
      path: '/connect/{namespace}/{connectionId}',
      tag,
      summary: 'Delete a connection',
      permission: writeEach,
      params: connectionParams,
      responses: { 200: { description: 'Deleted', schema: deleteConnectionSchema }, 403: forbidden, 404: notFound },
      handle(c, { account, caller, params }) {
        const namespace = requireNamespace(account, params.namespace);
        const missing = () => connectionNotFound(params.connectionId, params.namespace);
        const deleted = stores.transaction(() => {
          const current = caller.chain.length === 0 ? null : stores.connections.get(namespace.id, params.connectionId);
          if (current) checkConnectionAccess(caller, 'write', current, missing);
          return stores.connections.delete(namespace.id, params.connectionId);
        });
        if (!deleted) throw missing();
        return c.json({ success: true as const });
      },
    }),
  ];
}

interface WriteOutcome {
  plan: ConnectionWritePlan;
  /** Set when the upstream must be probed after the write, with the headers to send. */
  probe: { headers: Record<string, string> | null } | null;
}

/**
 * Whether a write calls for an upstream probe: a real HTTP connection that is not waiting for
 * input, when it is new, its URL or headers changed, or it was not connected. (Re-saving a
 * connected connection with the same target does not call its upstream again.)
 */
function toProbe(plan: ConnectionWritePlan, previous: Connection | null, loadHeaders: () => Record<string, string> | null): WriteOutcome['probe'] {
  const { connection } = plan;
  if (connection.mock || connection.transport !== 'http' || connection.mcpUrl === null || connection.status.state === 'input_required') return null;
  if (plan.headers !== undefined) {
    const changed = previous === null || toHeaderText(plan.headers) !== toHeaderText(loadHeaders());
    if (changed || previous.mcpUrl !== connection.mcpUrl || previous.status.state !== 'connected') return { headers: plan.headers };
    return null;
  }
  if (previous === null || previous.mcpUrl !== connection.mcpUrl || previous.status.state !== 'connected') return { headers: loadHeaders() };
  return null;
}

function toHeaderText(headers: Record<string, string> | null): string {
  return JSON.stringify(Object.entries(headers ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
