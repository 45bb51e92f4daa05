import { z } from 'zod';
import { createReadableId } from '../../domain/readable-id.js';
import { canSeeConnection, checkConnectionAccess, type Permission } from '../http/access.js';
import type { UplinkPairings } from '../../mcp/upstream/uplink-pairings.js';
import type { AppDependencies, AppServices } from '../context.js';
import { decodeCursor, encodeCursor } from '../http/cursor.js';
import { defineOperation, type Operation } from '../http/operation.js';
import {
  connectionBodySchema,
  connectionId,
  connectionListQuerySchema,
  connectionListSchema,
  connectionSchema,
  deleteConnectionSchema,
  errorSchema,
  namespaceName,
  newNamespaceName,
  validationErrorSchema,
} from '../schemas/connection-schemas.js';
import type { SetupLinks } from '../setup-links.js';
import { toConnectionText, toConnectionView } from '../schemas/views.js';
import { connectionNotFound, readMetadataFilters, requireNamespace, toPlace } from '../lookups.js';
import { writeConnection, type WriteDependencies } from '../write-connection.js';

const namespaceParams = z.object({ namespace: namespaceName });
const connectionParams = z.object({ namespace: namespaceName, connectionId });
// Writes may not put connections into a namespace that the root mount could not reach.
const writeNamespaceParams = z.object({ namespace: newNamespaceName });
const writeConnectionParams = z.object({ namespace: newNamespaceName, connectionId });
const tag = 'connections';
const notFound = { description: 'Namespace or connection not found (or not yours)', schema: errorSchema };
const invalid = { description: 'The request breaks a rule; the message names the field', schema: validationErrorSchema };
const forbidden = { description: 'A service token whose scope does not allow this', schema: errorSchema };
// Connection routes check each connection themselves (access.ts), after the gate.
const readEach: Permission = { resource: 'connections', operation: 'read', each: 'connection' };
const writeEach: Permission = { resource: 'connections', operation: 'write', each: 'connection' };

/** The Connect API: create-or-update, create, get, list and delete connections. */
export function connectionOperations(dependencies: AppDependencies, { upstream, uplinks, setupLinks }: AppServices): Operation[] {
  const writer = { ...dependencies, upstream, setupLinks };
  return [
    listConnections(dependencies, setupLinks),
    postConnection(writer),
    getConnection(dependencies, setupLinks),
    putConnection(writer),
    deleteConnection(dependencies, uplinks),
  ];
}

/** `GET /connect/{namespace}`: one page of the connections the caller may see. */
function listConnections({ stores }: AppDependencies, links: SetupLinks): Operation {
  return defineOperation({
    method: 'GET',
    path: '/connect/{namespace}',
    tag,
    summary: 'List connections, oldest first, with cursor paging and exact filters (name, mcpUrl, metadata.{key})',
    permission: readEach,
    params: namespaceParams,
    query: connectionListQuerySchema,
    responses: {
      200: { description: 'One page of connections (a service token sees only those its policy allows)', schema: connectionListSchema },
      400: invalid,
      403: forbidden,
      404: notFound,
    },
    handle(c, { account, caller, params, query, searchParams }) {
      const namespace = requireNamespace(stores, account.id, params.namespace);
      const listQuery = {
        limit: query.limit ?? 100,
        afterSeq: query.cursor === undefined ? 0 : decodeCursor(query.cursor),
        ...(query.name === undefined ? {} : { name: query.name }),
        ...(query.mcpUrl === undefined ? {} : { mcpUrl: query.mcpUrl }),
        metadata: readMetadataFilters(searchParams),
      };
      const page = stores.connections.list(
        namespace.id,
        listQuery,
        caller.chain.length === 0 ? undefined : (connection) => canSeeConnection(caller, connection),
      );
      return c.json({
        connections: page.connections.map((connection) => toConnectionView(links.present(account.id, connection))),
        nextCursor: page.nextSeq === null ? null : encodeCursor(page.nextSeq),
      });
    },
  });
}

/** `POST /connect/{namespace}`: a new connection under a generated id (drawn again while taken). */
function postConnection(writer: WriteDependencies & Pick<AppDependencies, 'random'>): Operation {
  const { stores, random } = writer;
  return defineOperation({
    method: 'POST',
    path: '/connect/{namespace}',
    tag,
    summary: 'Create a connection with a generated readable id',
    permission: writeEach,
    params: writeNamespaceParams,
    body: { schema: connectionBodySchema, required: false },
    responses: { 201: { description: 'Created', schema: connectionSchema }, 400: invalid, 403: forbidden, 404: notFound },
    async handle(c, { account, caller, params, body }) {
      const namespace = requireNamespace(stores, account.id, params.namespace);
      for (;;) {
        const write = {
          caller,
          place: toPlace(account.id, namespace.id),
          namespace: namespace.name,
          connectionId: createReadableId(random),
          input: body,
          mode: 'create' as const,
        };
        const response = await writeConnection(c, writer, write);
        if (response) return response;
      }
    },
  });
}

/** `GET /connect/{namespace}/{connectionId}`. */
function getConnection({ stores }: AppDependencies, links: SetupLinks): Operation {
  return defineOperation({
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
        return c.body(toConnectionText(links.present(account.id, connection)), 200, { 'Content-Type': 'application/json' });
      }
      requireNamespace(stores, account.id, params.namespace);
      throw connectionNotFound(params.connectionId, params.namespace);
    },
  });
}

/** `PUT /connect/{namespace}/{connectionId}`: create or update under the caller's id. */
function putConnection(writer: WriteDependencies): Operation {
  const { stores } = writer;
  return defineOperation({
    method: 'PUT',
    path: '/connect/{namespace}/{connectionId}',
    tag,
    summary: 'Create or update the connection with this id',
    permission: writeEach,
    params: writeConnectionParams,
    body: { schema: connectionBodySchema, required: true },
    responses: {
      200: { description: 'Connection updated', schema: connectionSchema },
      201: { description: 'Connection created', schema: connectionSchema },
      400: invalid,
      403: {
        description: "A service token may not write this connection, or the connection's resulting metadata does not match its policy",
        schema: errorSchema,
      },
      404: { description: 'Namespace not found or access denied', schema: errorSchema },
      409: { description: 'The target URL differs from the existing one (header x-should-retry: false)', schema: errorSchema },
    },
    async handle(c, { account, caller, params, body }) {
      const namespace = requireNamespace(stores, account.id, params.namespace);
      const write = {
        caller,
        place: toPlace(account.id, namespace.id),
        namespace: namespace.name,
        connectionId: params.connectionId,
        input: body,
        mode: 'upsert' as const,
      };
      return (await writeConnection(c, writer, write))!;
    },
  });
}

/** `DELETE /connect/{namespace}/{connectionId}`: a token must be allowed to write it, else it reads as missing. */
function deleteConnection({ stores }: AppDependencies, uplinks: UplinkPairings): Operation {
  return defineOperation({
    method: 'DELETE',
    path: '/connect/{namespace}/{connectionId}',
    tag,
    summary: 'Delete a connection',
    permission: writeEach,
    params: connectionParams,
    responses: { 200: { description: 'Deleted', schema: deleteConnectionSchema }, 403: forbidden, 404: notFound },
    handle(c, { account, caller, params }) {
      const namespace = requireNamespace(stores, account.id, params.namespace);
      const missing = () => connectionNotFound(params.connectionId, params.namespace);
      const current = stores.connections.get(namespace.id, params.connectionId);
      const deleted = stores.transaction(() => {
        if (current && caller.chain.length > 0) checkConnectionAccess(caller, 'write', current, missing);
        return stores.connections.delete(namespace.id, params.connectionId);
      });
      if (!deleted) throw missing();
      // A local server paired with a deleted uplink has nothing left to serve.
      if (current?.transport === 'uplink') uplinks.unpair(current, 'connection deleted');
      return c.json({ success: true as const });
    },
  });
}
