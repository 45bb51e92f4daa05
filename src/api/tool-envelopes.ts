/**
 * The envelopes of `GET /connect/{namespace}/.tools`: one per connection, with exactly one of its
 * tools or the error that kept them, asked of many upstreams at once within one deadline.
 */
import pLimit from 'p-limit';
import type { Connection } from '../domain/connection.js';
import type { ReadyVerdict, RefusedVerdict } from '../mcp/resolve-connection.js';
import { UpstreamError } from '../mcp/upstream/upstream-failure.js';

/** How many upstreams the namespace listing asks at once. */
const listingConcurrency = 16;

/**
 * One envelope per connection, in their order. A connection still queued or still talking when
 * `timeoutMs` passes gets a timeout envelope, so the answer never waits much past the timeout.
 *
 * @example
 *   const envelopes = await toToolEnvelopes(connections, (connection) => resolver.toReadiness(connection, place), 5000);
 */
export async function toToolEnvelopes(
  connections: readonly Connection[],
  readiness: (connection: Connection) => ReadyVerdict | RefusedVerdict,
  timeoutMs: number,
) {
  const limit = pLimit(listingConcurrency);
  // One deadline for the whole listing, not one per upstream.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  try {
    return await Promise.all(
      connections.map((connection) =>
        Promise.race([
          limit(() => toEnvelope(connection, () => readiness(connection))),
          deadline.then(() => toTimeoutEnvelope(connection, timeoutMs)),
        ]),
      ),
    );
  } finally {
    clearTimeout(timer);
    limit.clearQueue();
  }
}

function toTimeoutEnvelope(connection: Connection, timeoutMs: number) {
  const host = connection.mcpUrl ? new URL(connection.mcpUrl).host : connection.connectionId;
  return {
    connectionId: connection.connectionId,
    name: connection.name,
    status: connection.status,
    error: { code: 'upstream_error', message: `${host} did not answer within ${timeoutMs} ms` },
  };
}

/**
 * A connection's envelope in the namespace listing. Connections waiting for authorization or
 * input get no upstream request; a failing or slow upstream gives its own envelope an error.
 * The status is the one after the listing (a 401 has just moved it to auth_required).
 */
async function toEnvelope(connection: Connection, readiness: () => ReadyVerdict | RefusedVerdict) {
  const base = { connectionId: connection.connectionId, name: connection.name };
  const verdict = readiness();
  if (verdict.kind === 'refused') {
    const { reason, message } = verdict.refusal;
    const code = reason === 'auth_required' || reason === 'input_required' ? reason : 'not_connected';
    return { ...base, status: connection.status, error: { code, message } };
  }
  const { endpoint } = verdict;
  try {
    const tools = await endpoint.listTools();
    return { ...base, status: endpoint.status(), tools };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const code = error.kind === 'unauthorized' ? 'auth_required' : 'upstream_error';
    return { ...base, status: endpoint.status(), error: { code, message: error.message } };
  }
}
