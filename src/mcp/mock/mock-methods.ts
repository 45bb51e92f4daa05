/**
 * The one table of what a mock MCP server answers: a row per method and per notification it
 * takes, with the SDK's zod schema of the request, the server capability it needs, the strings it
 * takes and their limits (domain/mcp-limits.ts), its answer, and what a session answers instead.
 * The capabilities `initialize` declares, the "method not found" answer and the list of what is
 * served all come from here; mock-endpoint.ts only looks a request up and hands it to its row.
 */
import {
  CallToolRequestSchema,
  CancelledNotificationSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializedNotificationSchema,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  RootsListChangedNotificationSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  UnsubscribeRequestSchema,
  type CallToolRequest,
  type InitializeRequest,
  type InitializeResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ToolDefinition } from '../../domain/registry.js';
import type { LimitedString } from '../../domain/mcp-limits.js';
import { checkMockCall, plainToolCall } from './mock-call-check.js';
import { toJsonRpcError, toJsonRpcResult, type JsonRpcId, type JsonRpcRequest } from '../json-rpc.js';
import type { RequestExchange } from '../session/session-handler.js';
import { initializeStrings } from '../session/session-opening.js';
import type { RequestOrigin } from '../tool-endpoint.js';
import {
  callToolInSession,
  setLevelInSession,
  subscribeInSession,
  type Answered,
  type MockSessionCall,
  type MockSessionParts,
} from './mock-session.js';
import {
  complete,
  getPrompt,
  listPrompts,
  listResources,
  listResourceTemplates,
  readResource,
  type SurfaceSource,
} from './mock-surface-requests.js';

/** What every mock declares in `initialize`: each capability some row needs, with how it is served. */
export const mockCapabilities = {
  tools: { listChanged: false },
  resources: { listChanged: false, subscribe: true },
  prompts: { listChanged: false },
  completions: {},
  logging: {},
} as const satisfies ServerCapabilities;

export type MockCapability = keyof typeof mockCapabilities;

/** The mock a row answers for: the endpoint's parts the rows share. */
export interface MockServing extends SurfaceSource {
  tools(): readonly ToolDefinition[];
  /** A `tools/call`, its params checked: the result, or its answer as a stream (a stateless POST that accepts one). */
  callTool(request: JsonRpcRequest, parsed: CallToolRequest, origin: RequestOrigin, exchange?: RequestExchange): Promise<unknown>;
  /** Stops the call in flight the client's `notifications/cancelled` names (its sender's own). */
  cancel(requestId: JsonRpcId, reason: string, origin: RequestOrigin): void;
}

/** One request or notification to a mock, its params checked by its row. */
export interface MockCall<P> {
  request: JsonRpcRequest;
  parsed: P;
  origin: RequestOrigin;
  /** Inside a session: the request's exchange (its stream, its cancel signal). */
  exchange?: RequestExchange | undefined;
  mock: MockServing;
}

/** A row of the table, as its schema types it. */
interface MockMethodRow<P> {
  method: string;
  /** A request (answered) or a notification (taken, answered 202 by the HTTP layer). */
  kind: 'request' | 'notification';
  /** The SDK's zod schema of the whole message. */
  params: z.ZodType<P>;
  /** The server capability it needs; null: every server answers it. */
  capability: MockCapability | null;
  /** What the request asks lasts only as long as a session (a log level, a subscription): statelessly it is accepted and forgotten. */
  sessionOnly: boolean;
  /** A capture records its answers (relayed from the real server), and the captured mock replays them (docs/capture.md). */
  captured?: boolean;
  /** Its strings and their limits, checked before the schema (which would quote them) and before anything keeps them. */
  strings?: readonly LimitedString[];
  /**
   * The params of the common, plain request read without the schema, or null to let the schema
   * decide: it accepts only what the schema accepts, and reads it as the schema would.
   */
  plain?(message: Record<string, unknown>): P | null;
  /** The JSON-RPC answer (a request's) or nothing (a notification's). */
  answer(call: MockCall<P>): unknown;
  /** What a session answers instead (it remembers something, or sends events first); absent: `answer`. */
  inSession?(call: MockSessionCall<P>): Promise<Answered>;
}

/** A row with its types erased, so rows of every schema sit in one table. */
export type MockMethod = MockMethodRow<unknown>;

const row = <P>(method: MockMethodRow<P>): MockMethod => method as unknown as MockMethod;

const cursor: LimitedString = ['params.cursor', 'cursorLength'];
const nothing = () => undefined;

/** The table: every method and notification a mock takes, in the order the docs list them. */
export const mockMethods: readonly MockMethod[] = [
  row({
    method: 'initialize',
    kind: 'request',
    params: InitializeRequestSchema,
    capability: null,
    sessionOnly: false,
    strings: initializeStrings,
    answer: ({ request, parsed, mock }) => toJsonRpcResult(request.id, toInitializeResult(parsed, mock)),
  }),
  row({
    method: 'ping',
    kind: 'request',
    params: PingRequestSchema,
    capability: null,
    sessionOnly: false,
    answer: ({ request }) => toJsonRpcResult(request.id, {}),
  }),
  row({
    method: 'tools/list',
    kind: 'request',
    params: ListToolsRequestSchema,
    capability: 'tools',
    sessionOnly: false,
    strings: [cursor],
    answer: ({ request, mock }) => toJsonRpcResult(request.id, { tools: mock.tools() }),
  }),
  row({
    method: 'tools/call',
    kind: 'request',
    params: CallToolRequestSchema,
    capability: 'tools',
    sessionOnly: false,
    strings: [['params.name', 'nameLength']],
    plain: plainToolCall,
    answer: ({ request, parsed, origin, exchange, mock }) => mock.callTool(request, parsed, origin, exchange),
    inSession: callToolInSession,
  }),
  row({
    method: 'resources/list',
    kind: 'request',
    captured: true,
    params: ListResourcesRequestSchema,
    capability: 'resources',
    sessionOnly: false,
    strings: [cursor],
    answer: ({ request, mock }) => listResources(request, mock),
  }),
  row({
    method: 'resources/templates/list',
    kind: 'request',
    captured: true,
    params: ListResourceTemplatesRequestSchema,
    capability: 'resources',
    sessionOnly: false,
    strings: [cursor],
    answer: ({ request, mock }) => listResourceTemplates(request, mock),
  }),
  row({
    method: 'resources/read',
    kind: 'request',
    captured: true,
    params: ReadResourceRequestSchema,
    capability: 'resources',
    sessionOnly: false,
    // Before anything matches it against a template (which gets slow, and throws past a million characters) or quotes it.
    strings: [['params.uri', 'uriLength']],
    answer: ({ request, parsed, mock }) => readResource(request, parsed, mock),
  }),
  row({
    method: 'resources/subscribe',
    kind: 'request',
    params: SubscribeRequestSchema,
    capability: 'resources',
    sessionOnly: true,
    strings: [['params.uri', 'uriLength']],
    answer: ({ request }) => toJsonRpcResult(request.id, {}),
    inSession: subscribeInSession,
  }),
  row({
    method: 'resources/unsubscribe',
    kind: 'request',
    params: UnsubscribeRequestSchema,
    capability: 'resources',
    sessionOnly: true,
    strings: [['params.uri', 'uriLength']],
    answer: ({ request }) => toJsonRpcResult(request.id, {}),
    inSession: subscribeInSession,
  }),
  row({
    method: 'prompts/list',
    kind: 'request',
    captured: true,
    params: ListPromptsRequestSchema,
    capability: 'prompts',
    sessionOnly: false,
    strings: [cursor],
    answer: ({ request, mock }) => listPrompts(request, mock),
  }),
  row({
    method: 'prompts/get',
    kind: 'request',
    captured: true,
    params: GetPromptRequestSchema,
    capability: 'prompts',
    sessionOnly: false,
    strings: [
      ['params.name', 'nameLength'],
      ['params.arguments.*', 'valueLength'],
    ],
    answer: ({ request, parsed, mock }) => getPrompt(request, parsed, mock),
  }),
  row({
    method: 'completion/complete',
    kind: 'request',
    captured: true,
    params: CompleteRequestSchema,
    capability: 'completions',
    sessionOnly: false,
    strings: [
      ['params.ref.uri', 'uriLength'],
      ['params.ref.name', 'nameLength'],
      ['params.argument.name', 'nameLength'],
      ['params.argument.value', 'valueLength'],
      ['params.context.arguments.*', 'valueLength'],
    ],
    answer: ({ request, parsed, mock }) => complete(request, parsed, mock),
  }),
  row({
    method: 'logging/setLevel',
    kind: 'request',
    params: SetLevelRequestSchema,
    capability: 'logging',
    sessionOnly: true,
    strings: [['params.level', 'nameLength']],
    // Stateless, there is no one to remember the level for.
    answer: ({ request }) => toJsonRpcResult(request.id, {}),
    inSession: setLevelInSession,
  }),
  row({
    method: 'notifications/initialized',
    kind: 'notification',
    params: InitializedNotificationSchema,
    capability: null,
    sessionOnly: false,
    answer: nothing,
  }),
  row({
    method: 'notifications/cancelled',
    kind: 'notification',
    params: CancelledNotificationSchema,
    capability: null,
    sessionOnly: false,
    strings: [['params.reason', 'valueLength']],
    answer: ({ parsed, origin, mock }) => {
      const { requestId, reason } = parsed.params;
      if (requestId !== undefined) mock.cancel(requestId, reason ?? 'cancelled by the client', origin);
    },
  }),
  row({
    method: 'notifications/roots/list_changed',
    kind: 'notification',
    params: RootsListChangedNotificationSchema,
    capability: null,
    sessionOnly: false,
    // The mock never asks for roots, so a change of them changes nothing.
    answer: nothing,
  }),
];

/** The requests besides tools a capture records: the relay is given them (platform/app-parts.ts), since upstream/ does not use mock/. */
export const capturedMockMethods: ReadonlySet<string> = new Set(
  mockMethods.filter((method) => method.captured).map((method) => method.method),
);

const byMethod = new Map(mockMethods.map((method) => [method.method, method]));
const requestNames = mockMethods.filter((method) => method.kind === 'request').map((method) => method.method);

/**
 * The row that answers `method` on a server that declares `capabilities`; null when there is
 * none, or its capability is not declared (both are "Method not found").
 *
 * @example
 *   findMockMethod('prompts/get')?.capability; // 'prompts'
 *   findMockMethod('prompts/get', { tools: {} }); // null
 */
export function findMockMethod(method: string, capabilities: ServerCapabilities = mockCapabilities): MockMethod | null {
  const found = byMethod.get(method);
  if (!found || (found.capability !== null && capabilities[found.capability] === undefined)) return null;
  return found;
}

/** The -32601 of a method no row answers, listing the methods that are. */
export function toMethodNotFound(request: JsonRpcRequest): unknown {
  return toJsonRpcError(
    request.id,
    ErrorCode.MethodNotFound,
    `Method not found: "${request.method}"; this server offers ${requestNames.join(', ')}`,
  );
}

/**
 * A request inside a mock session: its row's `inSession` answer when it has one, else the
 * stateless answer (`parts.answer`, which checks the request itself).
 */
export async function answerInMockSession(request: JsonRpcRequest, exchange: RequestExchange, parts: MockSessionParts): Promise<Answered> {
  const found = findMockMethod(request.method);
  if (!found?.inSession) return parts.answer(request, exchange);
  const checked = checkMockCall(found, request);
  if ('refused' in checked) return { payload: checked.refused, status: 200 };
  return found.inSession({ request, parsed: checked.parsed, exchange, parts });
}

/** The answer to `initialize`: a supported protocol version echoed (else the latest), the table's capabilities, the connection's serverInfo. */
function toInitializeResult({ params }: InitializeRequest, { connection }: MockServing): InitializeResult {
  return {
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : LATEST_PROTOCOL_VERSION,
    capabilities: mockCapabilities,
    serverInfo: connection.serverInfo ?? { name: connection.server, version: '0.0.0' },
  };
}
