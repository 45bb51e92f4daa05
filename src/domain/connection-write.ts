import { apiError } from '../errors.js';
import type { Connection, ConnectionInput, ConnectionStatus, ServerTarget, Transport } from './connection.js';
import { findMissingInputs, isTargetChangeAllowed, resolveHttpStatus } from './connection-rules.js';
import { isHosted } from './hosted-server.js';

export interface ConnectionWritePlan {
  connection: Connection;
  /** The headers to store (encrypted), null for none, or undefined to keep the stored ones. */
  headers: Record<string, string> | null | undefined;
  created: boolean;
}

export interface PlanConnectionWriteArgs {
  namespace: string;
  connectionId: string;
  /** The connection as stored, with a reader of its headers (decrypted only when a rule needs them). */
  existing: { connection: Connection; loadHeaders: () => Record<string, string> | null } | null;
  input: ConnectionInput;
  /** The registry entry named by `input.server`, or else by the existing connection's `server`, or by a hosted server URL. */
  target: ServerTarget | null;
  now: Date;
}

const moduleUnavailable: ConnectionStatus = {
  state: 'error',
  message: 'Module execution is not available in mcpsim: the source was validated and stored, but it cannot run here.',
};

/**
 * Applies the create-or-update rules of `PUT /connect/{ns}/{id}` (docs/decisions.md, "Connection
 * writes") to a validated body. Pure: the caller loads the existing row and registry entry and stores
 * the result. Throws `validation_error` or `conflict`.
 */
export function planConnectionWrite(args: PlanConnectionWriteArgs): ConnectionWritePlan {
  return args.existing ? planUpdate(args, args.existing) : planCreate(args);
}

function planCreate({ namespace, connectionId, input, target, now }: PlanConnectionWriteArgs): ConnectionWritePlan {
  const transport: Transport = input.transport ?? (input.source ? 'uplink' : 'http');
  checkTransportFields(transport, input);
  const mock = input.mock?.enabled ? input.mock : null;
  if (mock && !target) {
    throw apiError(
      'validation_error',
      'mock: requires server (a registry qualified name) or a hosted server URL (https://server.smithery.ai/{qualifiedName}); a mock connection cannot target a custom mcpUrl',
    );
  }
  if (mock && transport !== 'http') throw apiError('validation_error', 'mock: requires transport "http"');
  if (transport === 'http' && !input.server && !input.mcpUrl) {
    throw apiError('validation_error', 'server: one of server or mcpUrl is required when creating an http connection');
  }
  const mcpUrl = transport === 'http' ? (input.mcpUrl ?? target?.deploymentUrl ?? null) : null;
  const headers = input.headers ?? null;
  const connection: Connection = {
    namespace,
    connectionId,
    name: input.name ?? connectionId,
    transport,
    mcpUrl,
    server: target?.qualifiedName ?? null,
    metadata: input.metadata ?? null,
    mock: mock ? { enabled: true, ...(mock.scenario === undefined ? {} : { scenario: mock.scenario }) } : null,
    iconUrl: target?.iconUrl || null,
    createdAt: now.toISOString(),
    status: { state: 'disconnected' },
    serverInfo: mock && target ? target.serverInfo : null,
    source: input.source ?? null,
  };
  connection.status = resolveStatus(connection, null, target, () => headers);
  withHostedServerInfo(connection, target);
  return { connection, headers, created: true };
}

function planUpdate(
  { input, target }: PlanConnectionWriteArgs,
  existing: NonNullable<PlanConnectionWriteArgs['existing']>,
): ConnectionWritePlan {
  const current = existing.connection;
  const transport = input.transport ?? current.transport;
  checkTransportFields(transport, input);
  let nextUrl: string | null = null;
  if (transport === 'http') {
    nextUrl = input.mcpUrl ?? (input.server && target ? target.deploymentUrl : current.mcpUrl);
    if (nextUrl === null) throw apiError('validation_error', 'server: one of server or mcpUrl is required for an http connection');
  }
  if (!isTargetChangeAllowed(current, nextUrl)) {
    throw apiError(
      'conflict',
      `Connection "${current.connectionId}" already targets ${current.mcpUrl ?? '(no URL: uplink)'}; it cannot change to ${nextUrl ?? '(no URL: uplink)'}. ` +
        'Delete the connection and create it again to point it elsewhere.',
      { headers: { 'x-should-retry': 'false' } },
    );
  }
  const headers = input.headers;
  const connection: Connection = {
    ...current,
    name: input.name ?? current.name,
    transport,
    mcpUrl: nextUrl,
    server: target?.qualifiedName ?? current.server,
    metadata: input.metadata ?? current.metadata,
    source: transport === 'uplink' ? (input.source ?? current.source) : null,
  };
  connection.status = resolveStatus(connection, current.status, target, () => headers ?? existing.loadHeaders());
  withHostedServerInfo(connection, target);
  return { connection, headers, created: false };
}

function checkTransportFields(transport: Transport, input: ConnectionInput): void {
  if (input.source && transport !== 'uplink') throw apiError('validation_error', 'source: requires transport "uplink"');
  if (input.mcpUrl && transport === 'uplink')
    throw apiError('validation_error', 'mcpUrl: not allowed for transport "uplink" (an uplink connection has no URL)');
}

function resolveStatus(
  connection: Connection,
  previous: ConnectionStatus | null,
  target: ServerTarget | null,
  headers: () => Record<string, string> | null,
): ConnectionStatus {
  // mcpsim plays a mock or hosted server itself: it never waits for upstream credentials (a
  // scenario's `status:` or the control API puts one in a waiting state to simulate that flow).
  if (connection.mock || isHosted(connection)) return { state: 'connected' };
  // An uplink is connected exactly while a local server is paired with it; a write does not change that.
  if (connection.transport === 'uplink')
    return connection.source ? moduleUnavailable : previous?.state === 'connected' ? previous : { state: 'disconnected' };
  const profile = target?.config ?? {};
  const needsHeaders = Object.values(profile.headers ?? {}).some((field) => field.required === true);
  return resolveHttpStatus(previous, profile, findMissingInputs(profile, needsHeaders ? headers() : null, connection.mcpUrl));
}

/** A connected hosted server shows its registry entry's `serverInfo`, as a mock connection does. */
function withHostedServerInfo(connection: Connection, target: ServerTarget | null): void {
  if (target && connection.status.state === 'connected' && isHosted(connection)) connection.serverInfo = target.serverInfo;
}
