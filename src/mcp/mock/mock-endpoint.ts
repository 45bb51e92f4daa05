import { ErrorCode, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionPlace } from '../../domain/connection.js';
import type { WorldChanges } from '../../domain/memory-log.js';
import type { MockSurfaces } from '../../sim/mock-surfaces.js';
import type { MockConnection, MockToolRunner } from '../../sim/mock-tool-runner.js';
import { readMockResource } from '../../sim/surface-answers.js';
import { openAnsweringSession } from '../session/answering-session.js';
import type { ToolEvent } from '../../domain/tool-event.js';
import { replayRecordedEvents } from './recorded-events.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcRequest } from '../json-rpc.js';
import type { WorldMark } from './mock-session.js';
import { checkMockCall } from './mock-call-check.js';
import { answerInMockSession, findMockMethod, toMethodNotFound, type MockServing } from './mock-methods.js';
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
 * (or its HTTP request going away) aborts the model answering it. Every method and notification
 * is a row of the method table (mock-methods.ts), which checks the request and answers it;
 * resources, prompts and completions come from `surfaces` (mock-surface-requests.ts); inside a
 * session a tool's scripted events are sent before its result (scripted-tool-call.ts, mock-session.ts).
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

  async function callTool(
    request: JsonRpcRequest,
    parsed: CallToolRequest,
    origin: RequestOrigin,
    exchange?: RequestExchange,
  ): Promise<unknown> {
    const { name } = parsed.params;
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
        progressToken: parsed.params._meta?.progressToken,
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
        progressToken: parsed.params._meta?.progressToken,
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
      { tool: name, events: recorded, progressToken: parsed.params._meta?.progressToken },
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

  const serving: MockServing = {
    connection,
    surfaces,
    tools: () => runner.toolsOf(server).tools,
    callTool,
    cancel: (requestId, reason, origin) => cancellations.cancel(keyOf(origin.requester, requestId), reason),
  };

  /** The request's row in the method table (mock-methods.ts) answers it, its params checked. */
  async function toPayload(request: JsonRpcRequest, origin: RequestOrigin, exchange?: RequestExchange): Promise<unknown> {
    const found = findMockMethod(request.method);
    if (!found || found.kind !== 'request') return toMethodNotFound(request);
    const checked = checkMockCall(found, request);
    if ('refused' in checked) return checked.refused;
    return found.answer({ request, parsed: checked.parsed, origin, exchange, mock: serving });
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
    // A notification no row takes, or one its row refuses, is dropped: a notification has no answer to carry an error.
    notify(notification, origin = {}) {
      const found = findMockMethod(notification.method);
      if (!found || found.kind !== 'notification') return;
      const request = { id: 0, method: notification.method, params: notification.params, message: { ...notification } };
      const checked = checkMockCall(found, request);
      if ('parsed' in checked) found.answer({ request, parsed: checked.parsed, origin, mock: serving });
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
