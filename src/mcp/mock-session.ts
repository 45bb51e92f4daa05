/**
 * What a mock answers differently inside a session, where it remembers the client: its log level
 * (`logging/setLevel`, which scripted log messages honour) and its resource subscriptions (a tool
 * call that changes what a subscribed resource shows sends `notifications/resources/updated` on the
 * call's stream, before its result). Everything else is the stateless answer.
 */
import { SetLevelRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JsonRpcRequest } from './json-rpc.js';
import { toJsonRpcResult } from './json-rpc.js';
import type { RequestExchange } from './session-handler.js';

type Answered = { payload: unknown; status: number };

export interface MockSessionParts {
  /** The mock's answer, with the exchange (a tool call sends its scripted events on it). */
  answer(request: JsonRpcRequest, exchange: RequestExchange): Promise<Answered>;
  /** What a resource shows now (its contents as text), to tell whether a call changed it; null when it cannot be read. */
  readNow(uri: string): string | null;
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
      if (parsed.success) {
        if (request.method === 'resources/subscribe') session.subscriptions.add(parsed.data.params.uri);
        else session.subscriptions.delete(parsed.data.params.uri);
      }
      return parts.answer(request, exchange);
    }
    case 'tools/call': {
      if (session.subscriptions.size === 0) return parts.answer(request, exchange);
      // Read before the call as text: the world changes in place when the call is recorded.
      const before = new Map([...session.subscriptions].map((uri) => [uri, parts.readNow(uri)]));
      const answered = await parts.answer(request, exchange);
      for (const [uri, shown] of before) {
        if (parts.readNow(uri) !== shown) await exchange.notify('notifications/resources/updated', { uri });
      }
      return answered;
    }
    default:
      return parts.answer(request, exchange);
  }
}
