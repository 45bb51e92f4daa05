/**
 * What a test does to connections under `/__mcpsim` (API key only): fault rules on a mock
 * connection, a forced status on any connection, and a shared world for a namespace's mock
 * connections. Fault rules live in the platform's memory and do not survive a restart; the
 * shared-world flag is stored in SQLite.
 */
import { z } from 'zod';
import type { Connection } from '../../domain/connection.js';
import { isSimulated } from '../../domain/hosted-server.js';
import { apiError } from '../../errors.js';
import type { Account } from '../../store/account-store.js';
import type { Stores } from '../../store/stores.js';
import type { AppDependencies, AppServices } from '../context.js';
import type { ConnectionPlace } from '../connection-upstream.js';
import {
  faultsBodySchema,
  faultsClearedSchema,
  faultsSchema,
  forcedStatusBodySchema,
  sharedWorldBodySchema,
  sharedWorldSchema,
} from '../schemas/fault-schemas.js';
import { storeForcedStatus, type ForcedStatusContext } from '../forced-status.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { connectionId, connectionSchema, errorSchema, namespaceName, validationErrorSchema } from '../schemas/connection-schemas.js';
import { toConnectionView } from '../schemas/views.js';
import { connectionNotFound, requireNamespace, toPlace } from '../lookups.js';

const tag = 'mcpsim';
const base = '/__mcpsim/connections/{namespace}/{connectionId}';
const connectionParams = z.object({ namespace: namespaceName, connectionId });
const namespaceParams = z.object({ namespace: namespaceName });
const notFound = { description: 'Namespace or connection not found (or not yours)', schema: errorSchema };
const forbidden = { description: 'Called with a service token: the control API takes only the API key', schema: errorSchema };
const invalid = { description: 'A bad parameter or body; the message names it', schema: validationErrorSchema };

/** `/__mcpsim/connections/{ns}/{id}/faults` and `/status`, `/__mcpsim/namespaces/{ns}/shared-world`. */
export function faultOperations(dependencies: AppDependencies, services: AppServices): Operation[] {
  const { faults } = services.runner;
  return [
    putFaults(dependencies, faults),
    getFaults(dependencies, faults),
    deleteFaults(dependencies, faults),
    putStatus(dependencies, services),
    putSharedWorld(dependencies),
  ];
}

type FaultRules = AppServices['runner']['faults'];

/** `PUT .../faults`: only on a mock connection (409 otherwise); restarts the call counts. */
function putFaults({ stores }: AppDependencies, faults: FaultRules): Operation {
  return defineOperation({
    method: 'PUT',
    path: `${base}/faults`,
    tag,
    summary:
      "Replace a mock connection's fault rules (latency, an error on the n-th call, a status change after n calls) and restart their call counts. Kept in memory: a restart forgets them",
    permission: 'api-key',
    params: connectionParams,
    body: { schema: faultsBodySchema, required: true },
    responses: {
      200: { description: 'The rules now in force', schema: faultsSchema },
      400: invalid,
      403: forbidden,
      404: notFound,
      409: { description: 'Not a mock connection: faults apply only to mock connections', schema: errorSchema },
    },
    handle(c, { account, params, body }) {
      const { connection } = requireMock(stores, account, params.namespace, params.connectionId);
      faults.set(connection.key, body.faults);
      return c.json(faults.get(connection.key) ?? { faults: [], calls: 0 });
    },
  });
}

/** `GET .../faults`. */
function getFaults({ stores }: AppDependencies, faults: FaultRules): Operation {
  return defineOperation({
    method: 'GET',
    path: `${base}/faults`,
    tag,
    summary: "A connection's fault rules and how many calls were counted since they were set",
    permission: 'api-key',
    params: connectionParams,
    responses: { 200: { description: 'The rules ([] when none)', schema: faultsSchema }, 400: invalid, 403: forbidden, 404: notFound },
    handle(c, { account, params }) {
      const { connection } = requireConnection(stores, account, params.namespace, params.connectionId);
      return c.json(faults.get(connection.key) ?? { faults: [], calls: 0 });
    },
  });
}

/** `DELETE .../faults`. */
function deleteFaults({ stores }: AppDependencies, faults: FaultRules): Operation {
  return defineOperation({
    method: 'DELETE',
    path: `${base}/faults`,
    tag,
    summary: "Remove a connection's fault rules (a status they set stays; force another with PUT .../status)",
    permission: 'api-key',
    params: connectionParams,
    responses: {
      200: { description: 'Removed (also when there were none)', schema: faultsClearedSchema },
      400: invalid,
      403: forbidden,
      404: notFound,
    },
    handle(c, { account, params }) {
      const { connection } = requireConnection(stores, account, params.namespace, params.connectionId);
      faults.clear(connection.key);
      return c.json({ success: true as const });
    },
  });
}

/** `PUT .../status`: a status built the way the platform would show it (forced-status.ts). */
function putStatus({ stores }: AppDependencies, { upstream }: AppServices): Operation {
  const context: ForcedStatusContext = { stores, setupUrl: upstream.setupUrl };
  return defineOperation({
    method: 'PUT',
    path: `${base}/status`,
    tag,
    summary:
      "Force a connection's status: auth_required gets a setupUrl, input_required the registry entry's config with every required name missing, error the message. A real connection's next upstream outcome replaces it",
    permission: 'api-key',
    params: connectionParams,
    body: { schema: forcedStatusBodySchema, required: true },
    responses: {
      200: { description: 'The connection with its new status', schema: connectionSchema },
      400: invalid,
      403: forbidden,
      404: notFound,
    },
    handle(c, { account, params, body }) {
      const { connection, place } = requireConnection(stores, account, params.namespace, params.connectionId);
      const stored = storeForcedStatus(context, place, connection, body.state, body.message ?? null);
      if (!stored) throw connectionNotFound(params.connectionId, params.namespace);
      return c.json(toConnectionView(stored));
    },
  });
}

/** `PUT /__mcpsim/namespaces/{namespace}/shared-world`. */
function putSharedWorld({ stores }: AppDependencies): Operation {
  return defineOperation({
    method: 'PUT',
    path: '/__mcpsim/namespaces/{namespace}/shared-world',
    tag,
    summary:
      "Make the namespace's mock connections share one memory (call log and world): the memory of its oldest mock connection, which later mock connections join too. If that one is deleted, the next oldest's memory becomes the shared one. Disabling gives each connection its own memory back",
    permission: 'api-key',
    params: namespaceParams,
    body: { schema: sharedWorldBodySchema, required: true },
    responses: {
      200: { description: 'The setting and the connections it covers', schema: sharedWorldSchema },
      400: invalid,
      403: forbidden,
      404: { description: 'Namespace not found (or not yours)', schema: errorSchema },
    },
    handle(c, { account, params, body }) {
      const namespace = requireNamespace(stores, account.id, params.namespace);
      stores.memory.setShared(namespace.id, body.enabled);
      return c.json({
        namespace: namespace.name,
        enabled: body.enabled,
        connections: body.enabled ? stores.memory.mockConnectionIds(namespace.id) : [],
      });
    },
  });
}

function requireConnection(
  stores: Stores,
  account: Account,
  namespace: string,
  id: string,
): { connection: Connection & { key: number }; place: ConnectionPlace } {
  const found = requireNamespace(stores, account.id, namespace);
  const connection = stores.connections.get(found.id, id);
  if (!connection || connection.key === undefined) throw connectionNotFound(id, namespace);
  return { connection: connection as Connection & { key: number }, place: toPlace(account.id, found.id) };
}

function requireMock(stores: Stores, account: Account, namespace: string, id: string) {
  const found = requireConnection(stores, account, namespace, id);
  if (!isSimulated(found.connection)) {
    throw apiError(
      'conflict',
      `Connection "${id}" in namespace "${namespace}" is not a mock connection; faults apply only to simulated connections (create one with {"server": "...", "mock": {"enabled": true}})`,
    );
  }
  return found;
}
