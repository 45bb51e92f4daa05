import { z } from 'zod';
import { apiError } from '../../errors.js';
import type { Account } from '../../store/account-store.js';
import type { Stores } from '../../store/stores.js';
import type { MemoryKey, MemoryScope } from '../../store/memory-store.js';
import type { AppDependencies } from '../context.js';
import type { CallLogEntry } from '../../domain/memory-log.js';
import { sizeOfEntry } from '../../store/memory-store.js';
import {
  maxMemoryPageBytes,
  memoryQuerySchema,
  memorySchema,
  memorySuccessSchema,
  resetSchema,
  restoreSchema,
  scopeQuerySchema,
  snapshotBodySchema,
  snapshotListSchema,
  snapshotSchema,
} from '../schemas/memory-schemas.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { connectionId, errorSchema, namespaceName, validationErrorSchema } from '../schemas/connection-schemas.js';
import { connectionNotFound, namespaceNotFound } from '../lookups.js';

const tag = 'mcpsim';
const base = '/__mcpsim/connections/{namespace}/{connectionId}';
const connectionParams = z.object({ namespace: namespaceName, connectionId });
const snapshotParams = z.object({
  namespace: namespaceName,
  connectionId,
  snapshotId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a snapshot id returned by POST .../snapshots'),
});
const notFound = { description: 'Namespace or connection not found (or not yours)', schema: errorSchema };
const forbidden = { description: 'Called with a service token: the control API takes only the API key', schema: errorSchema };
const invalid = { description: 'A bad parameter; the message names it', schema: validationErrorSchema };

/**
 * The memory of a mock connection under `/__mcpsim` (API key only): read the call log and world
 * state, reset them, and snapshot and restore them, e.g. to rerun a test from a known world.
 */
export function memoryOperations(dependencies: AppDependencies): Operation[] {
  return [
    getMemory(dependencies),
    resetMemory(dependencies),
    takeSnapshot(dependencies),
    listSnapshots(dependencies),
    restoreSnapshot(dependencies),
    deleteSnapshot(dependencies),
  ];
}

/** `GET .../memory`: the call log, paged with since and limit, and the world. */
function getMemory({ stores }: AppDependencies): Operation {
  return defineOperation({
    method: 'GET',
    path: `${base}/memory`,
    tag,
    summary: "A mock connection's call log (oldest first; page with since and limit) and world state",
    permission: 'api-key',
    params: connectionParams,
    query: memoryQuerySchema,
    responses: { 200: { description: 'The memory', schema: memorySchema }, 400: invalid, 403: forbidden, 404: notFound },
    handle(c, { account, params, query }) {
      const memory = stores.memory.load(requireKey(stores, account, params.namespace, params.connectionId));
      let calls = memory.history;
      if (query.since !== undefined) {
        const since = query.since;
        // Sequences ascend, so the first call past `since` starts the page.
        const start = calls.findIndex((entry) => entry.sequence > since);
        calls = start === -1 ? [] : calls.slice(start);
      }
      calls = toPage(calls, query.limit ?? Number.POSITIVE_INFINITY);
      return c.json({
        connectionId: params.connectionId,
        namespace: params.namespace,
        world: memory.world,
        calls,
        nextSequence: memory.nextSequence,
      });
    },
  });
}

/**
 * The first calls of `calls` that fit one page: at most `limit`, and no more than
 * `maxMemoryPageBytes` of logged arguments, results and changes (at least one call), so no answer is built
 * as one giant string; `nextSequence` tells the client there is more.
 */
function toPage(calls: readonly CallLogEntry[], limit: number): readonly CallLogEntry[] {
  let bytes = 0;
  let end = 0;
  while (end < calls.length && end < limit) {
    bytes += sizeOfEntry(calls[end]!);
    if (end > 0 && bytes > maxMemoryPageBytes) break;
    end += 1;
  }
  return end === calls.length ? calls : calls.slice(0, end);
}

const sharedLogConflict = {
  description:
    'scope=connection when the shared log no longer holds every call since the world was reset (retention dropped the oldest); the message says what to do',
  schema: errorSchema,
};

/** `DELETE .../memory?scope=world|connection`. */
function resetMemory({ stores }: AppDependencies): Operation {
  return defineOperation({
    method: 'DELETE',
    path: `${base}/memory`,
    tag,
    summary:
      "Forget a mock connection's calls and world (snapshots stay). scope=world (default): the whole memory, in a shared world every sharing connection's; the next call is sequence 1 again. scope=connection: only this connection's calls in a shared world; the others' stay, the world is rebuilt from the seed with their changes, and sequences go on from where they were",
    permission: 'api-key',
    params: connectionParams,
    query: scopeQuerySchema,
    responses: {
      200: { description: 'Reset; scope says what was reset', schema: resetSchema },
      400: invalid,
      403: forbidden,
      404: notFound,
      409: sharedLogConflict,
    },
    handle(c, { account, params, query }) {
      const { key, scope } = requireMember(stores, account, params.namespace, params.connectionId, query.scope);
      if (scope === 'connection')
        return c.json({ success: true as const, scope, calls: stores.memory.resetConnection(key, params.connectionId) });
      stores.memory.reset(key);
      return c.json({ success: true as const, scope, calls: 0 });
    },
  });
}

/** `POST .../snapshots`: the id is drawn from the injected randomness, the time from the clock. */
function takeSnapshot({ stores, clock, random }: AppDependencies): Operation {
  return defineOperation({
    method: 'POST',
    path: `${base}/snapshots`,
    tag,
    summary:
      "Snapshot a mock connection's memory, optionally with a label. scope=world (default): the whole memory (calls and world). scope=connection: only the calls this connection made in a shared world, with what they changed",
    permission: 'api-key',
    params: connectionParams,
    query: scopeQuerySchema,
    body: { schema: snapshotBodySchema, required: false },
    responses: {
      201: { description: 'The snapshot', schema: snapshotSchema },
      400: invalid,
      403: forbidden,
      404: notFound,
      409: sharedLogConflict,
    },
    handle(c, { account, params, query, body }) {
      const { key, scope } = requireMember(stores, account, params.namespace, params.connectionId, query.scope);
      const id = `snap_${Buffer.from(random(8)).toString('hex')}`;
      const options = { id, label: body.label ?? null, now: clock.now().toISOString() };
      return c.json(
        scope === 'connection' ? stores.memory.snapshotConnection(key, params.connectionId, options) : stores.memory.snapshot(key, options),
        201,
      );
    },
  });
}

/** `GET .../snapshots`. */
function listSnapshots({ stores }: AppDependencies): Operation {
  return defineOperation({
    method: 'GET',
    path: `${base}/snapshots`,
    tag,
    summary: "A mock connection's snapshots, oldest first",
    permission: 'api-key',
    params: connectionParams,
    responses: { 200: { description: 'The snapshots', schema: snapshotListSchema }, 403: forbidden, 404: notFound },
    handle(c, { account, params }) {
      return c.json({ snapshots: stores.memory.listSnapshots(requireKey(stores, account, params.namespace, params.connectionId)) });
    },
  });
}

/** `POST .../snapshots/{snapshotId}/restore`. */
function restoreSnapshot({ stores }: AppDependencies): Operation {
  return defineOperation({
    method: 'POST',
    path: `${base}/snapshots/{snapshotId}/restore`,
    tag,
    summary:
      "Put a snapshot back (the snapshot stays). scope=world (the default for a world snapshot): its calls and world become the whole memory. scope=connection (the default for a connection snapshot): only this connection's calls in it are put back in the shared log, in place of the ones it holds now; the others' calls stay and the world is rebuilt",
    permission: 'api-key',
    params: snapshotParams,
    query: scopeQuerySchema,
    responses: {
      200: { description: 'Restored; scope says what was replaced, calls how many calls the memory now holds', schema: restoreSchema },
      400: invalid,
      403: forbidden,
      404: { description: 'Namespace, connection or snapshot not found', schema: errorSchema },
      409: {
        description:
          'A connection snapshot with scope=world or through another connection, or scope=connection when the shared log lost calls to retention or the world was reset since the snapshot',
        schema: errorSchema,
      },
    },
    handle(c, { account, params, query }) {
      const member = requireMember(stores, account, params.namespace, params.connectionId, query.scope);
      // A connection snapshot puts back that connection's calls unless scope=world is asked (a 409),
      // also once the world is no longer shared: the log may still hold the others' calls.
      const scope =
        query.scope !== 'world' && stores.memory.scopeOf(member.key, params.snapshotId) === 'connection' ? 'connection' : member.scope;
      const calls =
        scope === 'connection'
          ? stores.memory.restoreConnection(member.key, params.connectionId, params.snapshotId)
          : stores.memory.restore(member.key, params.snapshotId);
      if (calls === null) throw snapshotNotFound(params.snapshotId, params.connectionId, params.namespace);
      return c.json({ success: true as const, scope, calls });
    },
  });
}

/** `DELETE .../snapshots/{snapshotId}`. */
function deleteSnapshot({ stores }: AppDependencies): Operation {
  return defineOperation({
    method: 'DELETE',
    path: `${base}/snapshots/{snapshotId}`,
    tag,
    summary: 'Delete a snapshot',
    permission: 'api-key',
    params: snapshotParams,
    responses: {
      200: { description: 'Deleted', schema: memorySuccessSchema },
      400: invalid,
      403: forbidden,
      404: { description: 'Namespace, connection or snapshot not found', schema: errorSchema },
    },
    handle(c, { account, params }) {
      if (!stores.memory.deleteSnapshot(requireKey(stores, account, params.namespace, params.connectionId), params.snapshotId)) {
        throw snapshotNotFound(params.snapshotId, params.connectionId, params.namespace);
      }
      return c.json({ success: true as const });
    },
  });
}

/** The memory key of the account's connection, or the 404 that GET /connect/... would give. */
function requireKey(stores: Stores, account: Account, namespace: string, id: string) {
  const key = stores.memory.resolveKey(account.id, namespace, id);
  if (key !== null) return key;
  throw notFoundOf(stores, account, namespace, id);
}

/** The 404 for a connection that is not the account's: its namespace, or the connection in it. */
function notFoundOf(stores: Stores, account: Account, namespace: string, id: string) {
  return stores.namespaces.get(account.id, namespace) ? connectionNotFound(id, namespace) : namespaceNotFound(namespace);
}

/**
 * The memory key of the account's connection and the scope that acts: `connection` only in a
 * shared world, since a connection whose world is its own has nothing else in its memory.
 */
function requireMember(
  stores: Stores,
  account: Account,
  namespace: string,
  id: string,
  asked: MemoryScope | undefined,
): { key: MemoryKey; scope: MemoryScope } {
  const member = stores.memory.resolveMember(account.id, namespace, id);
  if (member === null) throw notFoundOf(stores, account, namespace, id);
  return { key: member.key, scope: asked === 'connection' && member.shared ? 'connection' : 'world' };
}

function snapshotNotFound(id: string, connection: string, namespace: string) {
  return apiError(
    'not_found',
    `Snapshot "${id}" not found for connection "${connection}" in namespace "${namespace}"; list them with GET /__mcpsim/connections/${namespace}/${connection}/snapshots`,
  );
}
