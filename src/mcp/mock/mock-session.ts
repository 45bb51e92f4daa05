/**
 * What a mock answers differently inside a session, where it remembers the client: its log level
 * (`logging/setLevel`, which scripted log messages honour) and its resource subscriptions (a tool
 * call that changes what a subscribed resource shows sends `notifications/resources/updated` on the
 * call's stream, before its result). Only the subscriptions the call's world changes touch are
 * read again (session-subscriptions.ts). Everything else is the stateless answer.
 */
import { SetLevelRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { WorldChanges } from '../../domain/memory-log.js';
import { mcpErrorCodes } from '../connection-gate.js';
import type { JsonRpcRequest } from '../json-rpc.js';
import { toJsonRpcError, toJsonRpcResult } from '../json-rpc.js';
import type { RequestExchange } from '../session/session-handler.js';
import type { ResourceReading } from '../session/session-subscriptions.js';

type Answered = { payload: unknown; status: number };

export interface MockSessionParts {
  /** The mock's answer, with the exchange (a tool call sends its scripted events on it). */
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

/**
 * @example
 *   const answered = await answerInMockSession(request, exchange, { answer, readNow });
 */
export async function answerInMockSession(request: JsonRpcRequest, exchange: RequestExchange, parts: MockSessionParts): Promise<Answered> {
  const { session } = exchange;
  switch (request.method) {
    case 'logging/setLevel': {
      const parsed = SetLevelRequestSchema.safeParse(request.message);
      if (parsed.success) session.logLevel = parsed.data.params.level;
      return parsed.success ? { payload: toJsonRpcResult(request.id, {}), status: 200 } : parts.answer(request, exchange);
    }
    case 'resources/subscribe':
    case 'resources/unsubscribe': {
      const parsed = (request.method === 'resources/subscribe' ? SubscribeRequestSchema : UnsubscribeRequestSchema).safeParse(
        request.message,
      );
      // The stateless answer checks the params (and the URI's length) first: only what it accepts is kept.
      const answered = await parts.answer(request, exchange);
      if (!parsed.success || (answered.payload as { error?: unknown }).error !== undefined) return answered;
      const { uri } = parsed.data.params;
      if (request.method === 'resources/unsubscribe') session.subscriptions.delete(uri);
      else {
        const refused = session.subscriptions.add(uri, parts.readNow(uri));
        if (refused)
          return { payload: toJsonRpcError(request.id, mcpErrorCodes.requestRefused, `resources/subscribe: ${refused}`), status: 200 };
      }
      return answered;
    }
    case 'tools/call': {
      if (session.subscriptions.size === 0) return parts.answer(request, exchange);
      const mark = parts.changeMark();
      const answered = await parts.answer(request, exchange);
      for (const uri of session.subscriptions.touchedBy(parts.changesSince(mark))) {
        if (session.subscriptions.update(uri, parts.readNow(uri))) await exchange.notify('notifications/resources/updated', { uri });
      }
      return answered;
    }
    default:
      return parts.answer(request, exchange);
  }
}
