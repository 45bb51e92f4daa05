import { toWireError, type JsonRpcErrorBody, type JsonRpcRequest } from '../json-rpc.js';
import type { RequestExchange, SessionHandler, SessionOpening, SessionRefusal } from './session-handler.js';

/** A stateless answer; inside a session it is also handed the request's exchange (its stream, its cancel signal). */
type Answer = (request: JsonRpcRequest, exchange?: RequestExchange) => Promise<{ payload: unknown; status: number }>;

/**
 * A session handler made of a stateless answer: every request is answered as a stateless POST
 * would be, inside the session. An `initialize` that is not answered with a result refuses the
 * session (its answer goes back as a stateless one would).
 *
 * @example
 *   const handler = await openAnsweringSession((request) => endpoint.answer(request), opening);
 */
export async function openAnsweringSession(answer: Answer, opening: SessionOpening): Promise<SessionHandler | SessionRefusal> {
  const initialized = await answer(opening.request);
  const payload = initialized.payload as { result?: SessionHandler['initializeResult'] };
  if (initialized.status !== 200 || payload.result === undefined) return { refused: initialized };
  return {
    initializeResult: payload.result,
    async answer(request, exchange) {
      const answered = (await answer(request, exchange)).payload as { result?: Record<string, unknown> } & Partial<JsonRpcErrorBody>;
      if (answered.error) throw toWireError(answered as JsonRpcErrorBody);
      return answered.result ?? {};
    },
    close() {},
  };
}
