import {
  LATEST_PROTOCOL_VERSION,
  type ClientCapabilities,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Implementation,
  type InitializeResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionStatus } from '../../domain/connection.js';
import { mcpErrorCodes } from '../connection-gate.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from '../json-rpc.js';
import { findJsonLimitBreach, toBreachMessage } from '../../domain/json-limits.js';
import { toUpstreamError, UpstreamError } from './upstream-failure.js';
import { listAllTools, safeHost, type DedicatedUpstream, type UpstreamRequestOptions, type UpstreamSession } from './upstream-session.js';
import type { CaptureOrigin, CaptureRecorder, ListingSeenBy } from '../../sim/relay-capture.js';
import type { ToolEvent } from '../../domain/tool-event.js';

export type { CaptureOrigin, DedicatedUpstream };

/** What an upstream did, reported so the connection's status follows it. */
export type UpstreamOutcome = { ok: true; serverInfo: Implementation } | { ok: false; error: UpstreamError };

/**
 * A real connection's upstream, as the API layer hands it to the MCP layer: an HTTP server from
 * the pool, or a local server paired over an uplink. The relay treats both alike.
 */
export interface UpstreamLink {
  /** Names the upstream in messages: its URL, or the uplink connection it is paired with. */
  label: string;
  /** An initialized session (opened when needed), or an UpstreamError saying why there is none. */
  session(): Promise<UpstreamSession>;
  /**
   * The failure as it may be stored and shown: with every secret the request sent (stored header
   * and query values) scrubbed from its text. Absent: nothing to scrub (an uplink sends none, and
   * its session scrubs its local server's environment values itself).
   */
  scrub?(failure: UpstreamError): UpstreamError;
  /** Records the outcome; returns the connection's status after it (with `setupUrl` on a 401). */
  report(outcome: UpstreamOutcome): ConnectionStatus;
  /**
   * A client session of its own for one MCP session of a client, declaring that client's
   * capabilities so the upstream may ask it (sampling, elicitation, roots). Absent: the upstream
   * serves every client through one session (a paired uplink).
   */
  openDedicated?(capabilities: ClientCapabilities): Promise<DedicatedUpstream>;
  /** The connection behind the link, as a capture names it. */
  connection: { namespace: string; connectionId: string };
  /** Every secret the request sends upstream (stored header and query values, a local server's environment), for a capture to redact. */
  secrets?(): readonly string[];
}

/**
 * Told of every `tools/call` the relay answered from a real upstream (JSON-RPC and the REST
 * `.tools` view), with what the call sent the client before its result in an MCP session, of
 * every full tool listing, and of the other requests a capture keeps (`capturedMethods`: the
 * mock's method table marks them, mcp/mock/mock-methods.ts);
 * `mcpsim capture` writes them as fixtures, a registry entry and a scenario. The capture's own
 * interface (sim/capture/capture-recorder.ts), less what only its command reads. It must not throw
 * and must not block: the answer goes back as is.
 */
export type CaptureSink = Omit<CaptureRecorder, 'summary'>;

/** A request of an MCP session: the upstream session that serves it, and how to cancel and follow it. */
export interface RelayInSession extends UpstreamRequestOptions {
  /** The session's upstream, opened again when it broke (an UpstreamError when it cannot be). */
  session(): Promise<UpstreamSession>;
  /** What the call sent the client before its result, filled while it runs (only when the relay captures). */
  events?: readonly ToolEvent[];
}

export interface Relay {
  /** Whether calls are captured: a session then keeps what each call sends the client (`RelayInSession.events`). */
  readonly capturing: boolean;
  /**
   * Relays one JSON-RPC request: the JSON-RPC answer and its HTTP status. Inside an MCP session
   * the request goes to the session's own upstream client, cancellable and with its progress.
   */
  answer(request: JsonRpcRequest, link: UpstreamLink, inSession?: RelayInSession): Promise<{ payload: unknown; status: number }>;
  /** `tools/call` for the REST view: the upstream's CallToolResult, or an UpstreamError thrown. */
  callTool(link: UpstreamLink, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Every tool of the upstream, or an UpstreamError thrown. */
  listTools(link: UpstreamLink): Promise<Record<string, unknown>[]>;
}

/**
 * Relays MCP requests of real connections to their upstream session (HTTP upstreams through the
 * SDK client pool, local servers through their uplink pairing). The client's own `initialize` is
 * answered from the session (which already initialized upstream); every other request goes to the
 * upstream as is, and its answer comes back as is. Calls are bounded by `callTimeoutMs`, tool
 * listings by `listTimeoutMs` (the pool's timeout).
 */
export function createRelay({
  callTimeoutMs,
  listTimeoutMs,
  capture,
  capturedMethods = new Set(),
}: {
  callTimeoutMs: number;
  listTimeoutMs: number;
  capture?: CaptureSink | undefined;
  /** The requests besides tools a capture records, as the mock replays them (`capturedMockMethods`, docs/capture.md). */
  capturedMethods?: ReadonlySet<string>;
}): Relay {
  async function run<T>(
    link: UpstreamLink,
    work: (session: UpstreamSession) => Promise<T>,
    timeoutMs: number,
    captured?: (origin: CaptureOrigin, result: T, session: UpstreamSession) => void,
    given?: () => Promise<UpstreamSession>,
  ): Promise<T> {
    try {
      const session = await (given ?? link.session)();
      const result = await work(session);
      // An upstream is a door too: its answer meets the JSON policy before anything serializes it.
      const breach = findJsonLimitBreach(result);
      if (breach)
        throw new UpstreamError(
          'not_mcp',
          `${safeHost(link.label)} answered JSON that breaks the JSON policy: ${toBreachMessage(breach, 'result')}`,
        );
      link.report({ ok: true, serverInfo: session.serverInfo });
      if (captured)
        captured(
          {
            ...link.connection,
            upstream: link.label,
            serverInfo: session.serverInfo,
            protocolVersion: session.protocolVersion || undefined,
            secrets: link.secrets?.() ?? [],
          },
          result,
          session,
        );
      return result;
    } catch (error) {
      const failure = link.scrub
        ? link.scrub(toUpstreamError(error, link.label, timeoutMs))
        : toUpstreamError(error, link.label, timeoutMs);
      // A JSON-RPC error is the upstream answering: it is alive, and the error goes back as is.
      if (failure.kind !== 'rpc') link.report({ ok: false, error: failure });
      throw failure;
    }
  }

  // Only with a sink, and only for tool calls: with capture off the relay does exactly what it did.
  const captureCall = capture
    ? (name: string, args: unknown, seenBy: ListingSeenBy, events?: readonly ToolEvent[]) =>
        (origin: CaptureOrigin, result: unknown, session: UpstreamSession) => {
          capture.toolCall(origin, {
            name,
            arguments: toArguments(args),
            result: result as Record<string, unknown>,
            ...(events && events.length > 0 ? { events: [...events] } : {}),
          });
          // A capture needs the tools for its registry entry and scenario; a client that never listed them gets them listed now.
          // A listing that fails is left for the next call (the client's answer is not held up by it).
          // Listed through the call's own session: in an MCP session, the tools the client that called sees.
          if (!capture.hasTools(origin, seenBy)) {
            listAllTools(session, performance.now() + listTimeoutMs, origin.upstream).then(
              (tools) => capture.toolList(origin, tools as unknown as Record<string, unknown>[], seenBy),
              () => {},
            );
          }
        }
    : null;

  // A client's own listing in its MCP session (its session declared its capabilities upstream): every page, through that session.
  const captureListing = capture
    ? (params: unknown) => (origin: CaptureOrigin, result: Record<string, unknown>, session: UpstreamSession) => {
        const paged = typeof (params as { cursor?: unknown } | undefined)?.cursor === 'string' || typeof result.nextCursor === 'string';
        if (!paged) return capture.toolList(origin, (result.tools ?? []) as Record<string, unknown>[], 'client');
        listAllTools(session, performance.now() + listTimeoutMs, origin.upstream).then(
          (tools) => capture.toolList(origin, tools as unknown as Record<string, unknown>[], 'client'),
          () => {},
        );
      }
    : null;

  const captureExchange = (method: string, params: unknown) =>
    capture && capturedMethods.has(method)
      ? (origin: CaptureOrigin, result: Record<string, unknown>) =>
          capture.exchange(origin, { method, params: toArguments(params), result })
      : undefined;

  return {
    capturing: capture !== undefined,
    async answer(request, link, inSession) {
      try {
        const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
        const captured =
          captureCall && request.method === 'tools/call' && typeof params?.name === 'string'
            ? captureCall(params.name, params.arguments, inSession ? 'client' : 'platform', inSession?.events)
            : captureListing && inSession && request.method === 'tools/list'
              ? captureListing(request.params)
              : captureExchange(request.method, request.params);
        const result = await run(
          link,
          (session) =>
            request.method === 'initialize'
              ? Promise.resolve(toInitializeResult(session, request.params))
              : session.request(request.method, request.params, callTimeoutMs, inSession),
          callTimeoutMs,
          captured,
          inSession?.session,
        );
        return { payload: toJsonRpcResult(request.id, result), status: 200 };
      } catch (error) {
        const failure = error as UpstreamError;
        if (failure.rpcError)
          return {
            payload: toJsonRpcError(request.id, failure.rpcError.code, failure.rpcError.message, failure.rpcError.data),
            status: 200,
          };
        if (failure.kind === 'unauthorized') {
          const status = link.report({ ok: false, error: failure });
          const setupUrl = status.state === 'auth_required' ? status.setupUrl : undefined;
          const message = `The upstream MCP server needs authorization: ${failure.message}${setupUrl ? `; open ${setupUrl} to supply credentials` : ''}`;
          return {
            payload: toJsonRpcError(request.id, mcpErrorCodes.authRequired, message, setupUrl ? { setupUrl } : undefined),
            status: 401,
          };
        }
        return {
          payload: toJsonRpcError(request.id, mcpErrorCodes.upstreamUnavailable, `The upstream MCP server failed: ${failure.message}`),
          status: 502,
        };
      }
    },
    callTool: (link, name, args) =>
      run(
        link,
        (session) => session.request('tools/call', { name, arguments: args }, callTimeoutMs),
        callTimeoutMs,
        captureCall?.(name, args, 'platform'),
      ),
    listTools(link) {
      const deadline = performance.now() + listTimeoutMs;
      return run(
        link,
        async (session) => (await listAllTools(session, deadline, link.label)) as unknown as Record<string, unknown>[],
        listTimeoutMs,
        capture ? (origin, tools) => capture.toolList(origin, tools, 'platform') : undefined,
      );
    },
  };
}

/** A call's arguments as an object (absent ones as `{}`). */
function toArguments(args: unknown): Record<string, unknown> {
  return args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

function toInitializeResult(session: UpstreamSession, params: unknown): InitializeResult {
  const requested = (params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
  const protocolVersion =
    typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
      ? requested
      : session.protocolVersion || LATEST_PROTOCOL_VERSION;
  return {
    protocolVersion,
    capabilities: session.capabilities,
    serverInfo: session.serverInfo,
    ...(session.instructions ? { instructions: session.instructions } : {}),
  };
}
