/**
 * What a mock answers differently inside a session, where it remembers the client: its log level
 * (`logging/setLevel`, which scripted log messages honour) and its resource subscriptions (a tool
 * call that changes what a subscribed resource shows sends `notifications/resources/updated` on the
 * call's stream, before its result). Only the subscriptions the call's world changes touch are
 * read again (session-subscriptions.ts). Each is the `inSession` answer of its row in the method
 * table (mock-methods.ts); every other method is answered in a session as it is statelessly.
 */
import type { SetLevelRequest, SubscribeRequest, UnsubscribeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { WorldChanges } from '../../domain/memory-log.js';
import { mcpErrorCodes } from '../connection-gate.js';
import type { JsonRpcRequest } from '../json-rpc.js';
import { toJsonRpcError, toJsonRpcResult } from '../json-rpc.js';
import type { RequestExchange } from '../session/session-handler.js';
import type { ResourceReading } from '../session/session-subscriptions.js';

export type Answered = { payload: unknown; status: number };

export interface MockSessionParts {
  /** The mock's stateless answer, with the exchange (a tool call sends its scripted events on it). */
  answer(request: JsonRpcRequest, exchange: RequestExchange): Promise<Answered>;
  /** What a resource shows now (its contents as text, null when it cannot be read) and what it is made from. */
  readNow(uri: string): ResourceReading;
  /** Where the world's changes stand now, to ask `changesSince` after a call. */
  changeMark(): WorldMark;
  /** The world's changes since `mark`; `everything` when they cannot be told apart (a reset, a new entity type). */
  changesSince(mark: WorldMark): readonly WorldChanges[] | 'everything';
}

/** Where the world's changes stood: the next call's sequence and the entity types it held. */
export interface WorldMark {
  sequence: number;
  types: string;
}

/** One request of a session, its params already checked by its row: what an `inSession` answer is handed. */
export interface MockSessionCall<P> {
  request: JsonRpcRequest;
  parsed: P;
  exchange: RequestExchange;
  parts: MockSessionParts;
}

/** `logging/setLevel`: the session remembers the level. */
export async function setLevelInSession({ request, parsed, exchange }: MockSessionCall<SetLevelRequest>): Promise<Answered> {
  exchange.session.logLevel = parsed.params.level;
  return { payload: toJsonRpcResult(request.id, {}), status: 200 };
}

/** `resources/subscribe` and `unsubscribe`: the session remembers the URI, within its bounds (session-subscriptions.ts). */
export async function subscribeInSession({
  request,
  parsed,
  exchange,
  parts,
}: MockSessionCall<SubscribeRequest | UnsubscribeRequest>): Promise<Answered> {
  const answered = await parts.answer(request, exchange);
  if ((answered.payload as { error?: unknown }).error !== undefined) return answered;
  const { uri } = parsed.params;
  const { subscriptions } = exchange.session;
  if (request.method === 'resources/unsubscribe') subscriptions.delete(uri);
  else {
    const refused = subscriptions.add(uri, parts.readNow(uri));
    if (refused)
      return { payload: toJsonRpcError(request.id, mcpErrorCodes.requestRefused, `resources/subscribe: ${refused}`), status: 200 };
  }
  return answered;
}

/** `tools/call`: answered as ever, then every subscribed resource the call changed is announced before the result. */
export async function callToolInSession<P>({ request, exchange, parts }: MockSessionCall<P>): Promise<Answered> {
  const { subscriptions } = exchange.session;
  if (subscriptions.size === 0) return parts.answer(request, exchange);
  const mark = parts.changeMark();
  const answered = await parts.answer(request, exchange);
  for (const uri of subscriptions.touchedBy(parts.changesSince(mark))) {
    if (subscriptions.update(uri, parts.readNow(uri))) await exchange.notify('notifications/resources/updated', { uri });
  }
  return answered;
}
