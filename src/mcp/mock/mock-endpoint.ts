import {
  CallToolRequestSchema,
  CancelledNotificationSchema,
  ErrorCode,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ConnectionPlace } from '../../domain/connection.js';
import type { WorldChanges } from '../../domain/memory-log.js';
import { toFieldMessage } from '../../domain/field-message.js';
import type { MockSurfaces } from '../../sim/mock-surfaces.js';
import type { MockConnection, MockToolRunner } from '../../sim/mock-tool-runner.js';
import { readMockResource } from '../../sim/surface-answers.js';
import { openAnsweringSession } from '../session/answering-session.js';
import type { ToolEvent } from '../../domain/tool-event.js';
import { replayRecordedEvents } from './recorded-events.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from '../json-rpc.js';
import { answerInMockSession, type WorldMark } from './mock-session.js';
import { answerSurfaceRequest, surfaceMethods } from './mock-surface-requests.js';
import { toRequestKey, type RequestCancellations } from '../session/request-cancellations.js';
import { callWithScript, toSessionNeededResult } from './scripted-tool-call.js';
import type { RequestExchange } from '../session/session-handler.js';
import { acceptsEvents, toStreamedCall } from './streamed-tool-call.js';
import type { EndpointAnswer, RequestOrigin, ToolEndpoint } from '../tool-endpoint.js';

/** Marks a tool call answered as a stream of events (a stateless POST that accepts them). */
const streamed = Symbol('streamed');

/**
 * A mock connection's MCP server as a small stateless JSON-RPC handler: no session, no
 * `initialize` needed, one answer per request. (An SDK Server and transport per request would cost
 * about 300 µs; this path is a parse, two lookups and the mock tool pipeline.) A `tools/call` in
 * flight is registered in `cancellations`, so the client's `notifications/cancelled` for its id
 * (or its HTTP request going away) aborts the model answering it. Resources, prompts and
 * completions come from `surfaces` (mock-surface-requests.ts); inside a session a tool's scripted
 * events are sent before its result (scripted-tool-call.ts, mock-session.ts).
 *
 * @example
 *   const endpoint = createMockEndpoint({ runner, surfaces }, connection, place, createRequestCancellations());
 *   await endpoint.answer({ id: 1, method: 'tools/list', params: undefined, message }); // { payload: {jsonrpc, id, result: {tools}}, status: 200 }
 */
export function createMockEndpoint(
  { runner, surfaces }: { runner: MockToolRunner; surfaces: MockSurfaces },
  connection: MockConnection,
  place: ConnectionPlace,
  cancellations: RequestCancellations,
): ToolEndpoint {
  const { server } = connection;
  const keyOf = (requester: string | undefined, id: JsonRpcRequest['id']) =>
    toRequestKey(connection.key ?? `${connection.namespace}/${connection.connectionId}`, requester ?? '', id);

  async function callTool(request: JsonRpcRequest, origin: RequestOrigin, exchange?: RequestExchange): Promise<unknown> {
    const parsed = CallToolRequestSchema.safeParse(request.message);
    if (!parsed.success) return invalidParams(request, parsed.error.issues);
    const { name } = parsed.data.params;
    const script = runner.toolsOf(server).byName.has(name) ? surfaces.scriptOf(connection, name) : null;
    if (script && !exchange) {
      const needsSession = toSessionNeededResult(name, script);
      if (needsSession) return toJsonRpcResult(request.id, needsSession);
    }
    if (script && !exchange && acceptsEvents(origin.accept)) {
      // Marked for `answer`, which sends it as a stream.
      const stream = toStreamedCall({
        id: request.id,
        tool: name,
        script,
        progressToken: parsed.data.params._meta?.progressToken,
        latencyMs: runner.faults.latencyOf(connection.key ?? -1, name),
        signal: typeof origin.signal === 'function' ? origin.signal() : origin.signal,
        run: async () => (await runTool(request, name, origin)) as { result?: CallToolResult },
      });
      return { [streamed]: stream };
    }
    if (script && exchange) {
      return callWithScript({
        tool: name,
        script,
        exchange,
        progressToken: parsed.data.params._meta?.progressToken,
        latencyMs: runner.faults.latencyOf(connection.key ?? -1, name),
        run: async () => (await runTool(request, name, origin)) as { result?: CallToolResult },
      }).then((answer) => (answer.result ? toJsonRpcResult(request.id, answer.result) : answer));
    }
    if (!exchange) return runTool(request, name, origin);
    // In a session, a replayed fixture's recorded events (a capture's progress, log, elicitation) go first.
    let recorded: readonly ToolEvent[] = [];
    const payload = await runTool(request, name, origin, (events) => (recorded = events));
    if (recorded.length === 0) return payload;
    const refused = await replayRecordedEvents(
      { tool: name, events: recorded, progressToken: parsed.data.params._meta?.progressToken },
      exchange,
    );
    return refused ? toJsonRpcResult(request.id, refused) : payload;
  }

  async function runTool(
    request: JsonRpcRequest,
    name: string,
    origin: RequestOrigin,
    onEvents?: (events: readonly ToolEvent[]) => void,
  ): Promise<unknown> {
    // The arguments as sent, not as zod's record rebuilt them: that drops a `__proto__` key.
    const args = ((request.message.params as { arguments?: Record<string, unknown> }).arguments ?? {}) as Record<string, unknown>;
    // Neither signal is made unless a source reads it (the model does; a fixture replay does not).
    const tracked = cancellations.track(keyOf(origin.requester, request.id), origin.signal);
    let result;
    try {
      result = await runner.run(connection, name, args, place, tracked.signal, onEvents ? { onEvents } : {});
    } finally {
      tracked.end();
    }
    if (!result) {
      return toJsonRpcError(
        request.id,
        ErrorCode.InvalidParams,
        `Unknown tool "${name}": ${server} (connection "${connection.connectionId}") has no such tool; tools/list names its tools`,
      );
    }
    return toJsonRpcResult(request.id, result);
  }

  function initialize(request: JsonRpcRequest): unknown {
    const parsed = InitializeRequestSchema.safeParse(request.message);
    if (!parsed.success) return invalidParams(request, parsed.error.issues);
    const requested = parsed.data.params.protocolVersion;
    const result: InitializeResult = {
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false, subscribe: true },
        prompts: { listChanged: false },
        completions: {},
        logging: {},
      },
      serverInfo: connection.serverInfo ?? { name: server, version: '0.0.0' },
    };
    return toJsonRpcResult(request.id, result);
  }

  async function toPayload(request: JsonRpcRequest, origin: RequestOrigin, exchange?: RequestExchange): Promise<unknown> {
    if (surfaceMethods.has(request.method)) return answerSurfaceRequest(request, surfaces, connection);
    switch (request.method) {
      case 'initialize':
        return initialize(request);
      case 'ping':
        return toJsonRpcResult(request.id, {});
      case 'tools/list':
        return toJsonRpcResult(request.id, { tools: runner.toolsOf(server).tools });
      case 'tools/call':
        return callTool(request, origin, exchange);
      // Stateless, there is no one to remember the level for (a session does: mock-session.ts).
      case 'logging/setLevel':
        return toJsonRpcResult(request.id, {});
      default:
        return toJsonRpcError(
          request.id,
          ErrorCode.MethodNotFound,
          `Method not found: "${request.method}"; this server offers initialize, ping, tools/*, resources/*, prompts/*, completion/complete and logging/setLevel`,
        );
    }
  }

  const answer = async (request: JsonRpcRequest, origin: RequestOrigin = {}, exchange?: RequestExchange): Promise<EndpointAnswer> => {
    const payload = await toPayload(request, origin, exchange);
    if (typeof payload === 'object' && payload !== null && streamed in payload) {
      return { payload: null, status: 200, stream: (payload as { [streamed]: ReadableStream<Uint8Array> })[streamed] };
    }
    return { payload, status: 200 };
  };
  /** What a resource shows now, as text, and what it is made from, so a session can tell whether a tool call changed it. */
  const readNow = (uri: string) => {
    const read = readMockResource(surfaces.surfaceOf(connection), uri, surfaces.worldOf(connection));
    return { shown: 'result' in read ? JSON.stringify(read.result) : null, dependsOn: read.dependsOn };
  };
  const changeMark = (): WorldMark => {
    const { world, nextSequence } = surfaces.memoryOf(connection);
    return { sequence: nextSequence, types: Object.keys(world.entities).join('\0') };
  };
  /** The changes of the calls logged since `mark` (a shared world's other connections' too). */
  const changesSince = (mark: WorldMark): readonly WorldChanges[] | 'everything' => {
    const { world, history, nextSequence } = surfaces.memoryOf(connection);
    if (nextSequence < mark.sequence || Object.keys(world.entities).join('\0') !== mark.types) return 'everything';
    const changes: WorldChanges[] = [];
    // The newest calls are last; a log that no longer holds the first of them cannot tell what changed.
    for (let index = history.length - 1; index >= 0 && history[index]!.sequence >= mark.sequence; index--) {
      const { changes: changed } = history[index]!;
      if (changed) changes.push(changed);
      if (index === 0 && history[index]!.sequence > mark.sequence) return 'everything';
    }
    if (history.length === 0 && nextSequence > mark.sequence) return 'everything';
    return changes;
  };
  return {
    answer,
    notify(notification, origin = {}) {
      if (notification.method !== 'notifications/cancelled') return;
      const parsed = CancelledNotificationSchema.safeParse({ method: notification.method, params: notification.params });
      const requestId = parsed.success ? parsed.data.params.requestId : undefined;
      if (requestId === undefined) return;
      cancellations.cancel(keyOf(origin.requester, requestId), parsed.data?.params.reason ?? 'cancelled by the client');
    },
    // Inside a session the exchange's signal is aborted by the client's cancellation or the session's end.
    openSession: (opening) =>
      openAnsweringSession(
        (request, exchange) =>
          exchange
            ? answerInMockSession(request, exchange, {
                answer: (inner) => answer(inner, { signal: exchange.signal }, exchange),
                readNow,
                changeMark,
                changesSince,
              })
            : answer(request),
        opening,
      ),
    listTools: async () => runner.toolsOf(server).tools,
    callTool: (name, args, signal) => runner.run(connection, name, args, place, signal),
    status: () => connection.status,
  };
}

function invalidParams(request: JsonRpcRequest, issues: readonly z.core.$ZodIssue[]) {
  return toJsonRpcError(
    request.id,
    ErrorCode.InvalidParams,
    `Invalid params for ${request.method}: ${toFieldMessage(issues, request.message, 'message')}`,
  );
}
