/**
 * The write behind `POST /connect/{namespace}` and `PUT /connect/{namespace}/{connectionId}`: one
 * transaction that plans and stores the connection, then, outside it, a probe of the upstream
 * when the write calls for one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Context } from 'hono';
import type { Connection, ConnectionInput, ServerTarget } from '../domain/connection.js';
import { hostedQualifiedNames, isSimulated } from '../domain/hosted-server.js';
import { planConnectionWrite, type ConnectionWritePlan } from '../domain/connection-write.js';
import { startingWorldOf } from './starting-world-of.js';
import { apiError } from '../errors.js';
import { checkConnectionAccess, missingPermission, type Caller } from './http/access.js';
import type { ConnectionPlace } from './connection-upstream.js';
import { refuseOwnUpstream } from './own-upstream.js';
import type { AppDependencies, AppServices } from './context.js';
import { toConnectionView } from './schemas/views.js';

export type WriteDependencies = Pick<AppDependencies, 'stores' | 'clock' | 'publicUrl' | 'listenUrl'> &
  Pick<AppServices, 'upstream' | 'setupLinks'>;

export interface ConnectionWrite {
  caller: Caller;
  place: ConnectionPlace;
  /** The namespace's name. */
  namespace: string;
  connectionId: string;
  input: ConnectionInput;
  /** `create` refuses an id that is taken (the answer is then null); `upsert` updates it. */
  mode: 'upsert' | 'create';
}

interface WriteOutcome {
  plan: ConnectionWritePlan;
  /** Set when the upstream must be probed after the write, with the headers to send. */
  probe: { headers: Record<string, string> | null } | null;
}

/**
 * Writes, then probes the upstream when the write calls for it (outside the transaction); answers
 * the connection as stored, 201 when created, or null when `create` found the id taken.
 *
 * @example
 *   const response = await writeConnection(c, { stores, clock, upstream }, { caller, place, namespace: 'demo', connectionId: 'c1', input: body, mode: 'upsert' });
 */
export async function writeConnection(c: Context, dependencies: WriteDependencies, write: ConnectionWrite): Promise<Response | null> {
  const checked = checkUnchanged(dependencies, write);
  const { setupLinks: links } = dependencies;
  const accountId = write.place.accountId;
  if (checked?.unchanged) return c.json(toConnectionView(links.present(accountId, checked.current)), 200);
  const outcome = await storeConnection(dependencies, write, checked);
  if (!outcome) return null;
  const { plan, probe } = outcome;
  const connection = probe ? await dependencies.upstream.probe(write.place, plan.connection, probe.headers) : plan.connection;
  return c.json(toConnectionView(links.present(accountId, connection)), plan.created ? 201 : 200);
}

/** A write planned over the stored connection before its transaction, and whether it changes anything. */
interface CheckedWrite {
  current: Connection;
  outcome: WriteOutcome;
  unchanged: boolean;
}

/**
 * Plans `write` over the stored connection before any transaction. When it would change nothing
 * (same fields, no headers, nothing to probe), nothing is written at all, not even the update
 * time, and the answer is the same 200: re-saving is what scenario loading and `mcp add` re-runs
 * do, and it costs no transaction. The same checks as a write run first, so a refused write is
 * refused here too. Null when there is nothing to check (a create, new headers, no connection).
 */
function checkUnchanged(dependencies: WriteDependencies, write: ConnectionWrite): CheckedWrite | null {
  if (write.mode !== 'upsert' || write.input.headers !== undefined) return null;
  const current = dependencies.stores.connections.get(write.place.namespaceId, write.connectionId);
  if (!current) return null;
  const outcome = planWrite(dependencies, write, current);
  return { current, outcome, unchanged: outcome.probe === null && isDeepStrictEqual({ ...outcome.plan.connection }, { ...current }) };
}

/**
 * Creates or updates one connection atomically, in the group commit of this turn of the event loop
 * (store/group-commit.ts: concurrent writes share one commit); resolves once committed, to null
 * when `create` found the id taken. The plan made before the transaction is used when the
 * transaction reads the very object it was made over: a write of the same connection committed
 * meanwhile (an earlier one of the batch) or another process's commit would have replaced or
 * emptied the cached copy, so the object read now would be another one.
 */
function storeConnection(
  dependencies: WriteDependencies,
  write: ConnectionWrite,
  checked: CheckedWrite | null,
): Promise<WriteOutcome | null> {
  const { stores, clock } = dependencies;
  const { place, connectionId: id, mode } = write;
  return stores.groupTransaction(() => {
    const current = stores.connections.get(place.namespaceId, id);
    if (current && mode === 'create') return null;
    const outcome = checked !== null && checked.current === current ? checked.outcome : planWrite(dependencies, write, current);
    const now = clock.now().toISOString();
    // The store key is the connection's generation, which its setup links name.
    if (outcome.plan.created) {
      outcome.plan.connection.key =
        stores.connections.insert(place.namespaceId, outcome.plan.connection, outcome.plan.headers, now) ?? undefined;
      seedStartingWorld(stores, outcome.plan.connection, now);
    } else stores.connections.update(place.namespaceId, outcome.plan.connection, outcome.plan.headers, now);
    return outcome;
  });
}

/**
 * A new mock of a registry server starts from a small world (starting-world-of.ts: what its
 * description names, else examples made up from its tools) rather than an empty one; a scenario
 * then sets its own world over it.
 */
function seedStartingWorld(stores: WriteDependencies['stores'], connection: Connection, now: string): void {
  const seq = connection.key;
  if (seq === undefined || !isSimulated(connection)) return;
  const world = startingWorldOf(stores, connection, now);
  if (world && Object.keys(world.entities).length > 0) stores.memory.setSettings(stores.memory.keyFor(seq), seq, { world, tools: {} });
}

/**
 * What a write of `write.input` over `current` stores, and whether it calls for a probe. A token
 * must be allowed to write both the connection as it is and as it will be, else 403 (also for one
 * it may not see: a write cannot pretend the id is free).
 */
function planWrite(
  { stores, clock, upstream, publicUrl, listenUrl }: WriteDependencies,
  { caller, place, namespace, connectionId: id, input }: ConnectionWrite,
  current: Connection | null,
): WriteOutcome {
  const refuse = () => missingPermission('connections', 'write');
  if (current) checkConnectionAccess(caller, 'write', current, refuse);
  const serverName = input.server ?? current?.server ?? null;
  const target = serverName === null ? findHostedTarget(stores, input.mcpUrl) : stores.registry.findTarget(serverName);
  if (input.server && !target) {
    throw apiError('validation_error', `server: unknown registry server "${input.server}"; use a qualifiedName from GET /servers`);
  }
  const loadHeaders = () => stores.connections.getHeaders(place.namespaceId, id);
  const plan = planConnectionWrite({
    namespace,
    connectionId: id,
    existing: current ? { connection: current, loadHeaders } : null,
    input,
    target,
    now: clock.now(),
  });
  checkConnectionAccess(caller, 'write', plan.connection, refuse);
  refuseOwnUpstream(plan.connection, { publicUrl, listenUrl });
  if (plan.connection.status.state === 'input_required') plan.connection.status.setupUrl = upstream.setupUrl(place, plan.connection);
  return { plan, probe: toProbe(plan, current, loadHeaders) };
}

/**
 * The registry entry a hosted server URL names (docs/decisions.md, "Hosted server URLs": as if `server` had named it), or
 * null for any other URL. A hosted URL that names no entry is refused: mcpsim would have nothing
 * to serve it with, and it never calls the real hosted platform.
 */
function findHostedTarget(stores: WriteDependencies['stores'], mcpUrl: string | undefined): ServerTarget | null {
  if (mcpUrl === undefined) return null;
  const names = hostedQualifiedNames(mcpUrl);
  if (names.length === 0) return null;
  for (const name of names) {
    const target = stores.registry.findTarget(name);
    if (target) return target;
  }
  throw apiError(
    'validation_error',
    `mcpUrl: ${mcpUrl} is a hosted server URL, but the registry has no server "${names[0]}"; add it with PUT /servers/${names[0]} or mcpsim registry import, or use a qualifiedName from GET /servers`,
  );
}

/**
 * Whether a write calls for an upstream probe: a real HTTP connection that is not waiting for
 * input, when it is new, its URL or headers changed, or it was not connected. (Re-saving a
 * connected connection with the same target does not call its upstream again.)
 */
function toProbe(
  plan: ConnectionWritePlan,
  previous: Connection | null,
  loadHeaders: () => Record<string, string> | null,
): WriteOutcome['probe'] {
  const { connection } = plan;
  if (
    isSimulated(connection) ||
    connection.transport !== 'http' ||
    connection.mcpUrl === null ||
    connection.status.state === 'input_required'
  )
    return null;
  if (plan.headers !== undefined) {
    const changed = previous === null || toHeaderText(plan.headers) !== toHeaderText(loadHeaders());
    if (changed || previous.mcpUrl !== connection.mcpUrl || previous.status.state !== 'connected') return { headers: plan.headers };
    return null;
  }
  if (previous === null || previous.mcpUrl !== connection.mcpUrl || previous.status.state !== 'connected')
    return { headers: loadHeaders() };
  return null;
}

function toHeaderText(headers: Record<string, string> | null): string {
  return JSON.stringify(Object.entries(headers ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
