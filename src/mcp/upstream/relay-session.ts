import { openAnsweringSession } from '../session/answering-session.js';
import type { JsonRpcRequest } from '../json-rpc.js';
import type { Relay, UpstreamLink } from './relay.js';
import type { RequestExchange, SessionHandler, SessionOpening, SessionRefusal, SessionState } from '../session/session-handler.js';
import type { DedicatedUpstream } from './upstream-session.js';
import type { ToolEvent } from '../../domain/tool-event.js';

/**
 * The relay's side of a client's MCP session (docs/api.md, "The MCP endpoint"). For an HTTP
 * upstream it opens an upstream session of its own that declares the client's capabilities, so
 * everything travels both ways: the upstream's notifications go to the client (progress to the
 * call it belongs to, the rest on the call's stream or the session's GET stream), its requests
 * (sampling, elicitation, roots) are asked of the client and the answers handed back (the SDK
 * numbers each side's requests itself, so ids never collide), a cancelled call is cancelled
 * upstream, and the client's notifications reach the upstream. A paired uplink, which serves
 * every client through one session, answers each request as a stateless POST would.
 *
 * @example
 *   openSession: (opening, state) => openRelaySession(relay, link, opening, state),
 */
export async function openRelaySession(
  relay: Relay,
  link: UpstreamLink,
  opening: SessionOpening,
  state: SessionState,
): Promise<SessionHandler | SessionRefusal> {
  if (!link.openDedicated) return openAnsweringSession((request) => relay.answer(request, link), opening);
  const openDedicated = link.openDedicated.bind(link);
  // What the upstream sends goes to the client in the order it came, and before the answer it preceded.
  let delivered = Promise.resolve();
  const deliver = (send: () => Promise<void>) => void (delivered = delivered.then(send).catch(() => {}));
  // A capture keeps what each call sent the client; what is not progress goes to the call that started last.
  const recording = new Set<ToolEvent[]>();
  const record = (event: ToolEvent) => [...recording].at(-1)?.push(event);
  const wire = (upstream: DedicatedUpstream) => {
    upstream.onNotification((method, params) => {
      record({ kind: 'notification', method, ...(params ? { params } : {}) });
      deliver(() => state.peer.notify(method, params));
    });
    upstream.onRequest(async (method, params, signal) => {
      const event: Extract<ToolEvent, { kind: 'request' }> = { kind: 'request', method, ...(params ? { params } : {}) };
      record(event);
      await delivered; // the notifications that came before the request reach the client first
      const answer = await state.peer.ask(method, params, { signal });
      event.answer = answer;
      return answer;
    });
    return upstream;
  };
  let current: Promise<DedicatedUpstream>;
  try {
    current = Promise.resolve(wire(await openDedicated(opening.capabilities)));
  } catch {
    // The pooled path names and records the failure, and answers as a stateless initialize would.
    return { refused: await relay.answer(opening.request, link) };
  }
  // An upstream that stopped or restarted closed the client: the next request opens another (its
  // state upstream is gone, as it is for the pooled session), and a failure to open is its answer.
  const session = async () => {
    const upstream = await current;
    if (upstream.isOpen()) return upstream.session;
    const next = openDedicated(opening.capabilities).then(wire);
    current = next.catch(() => upstream);
    return (await next).session;
  };
  const handler = await openAnsweringSession(async (request, exchange) => {
    const events: ToolEvent[] | null = relay.capturing && request.method === 'tools/call' ? [] : null;
    if (events) recording.add(events);
    try {
      const answered = await relay.answer(request, link, {
        session,
        ...(exchange ? { signal: exchange.signal, ...progressOf(request, exchange, deliver, events) } : {}),
        ...(events ? { events } : {}),
      });
      await delivered;
      return answered;
    } finally {
      if (events) recording.delete(events);
    }
  }, opening);
  const close = () => void current.then((upstream) => upstream.close());
  if ('refused' in handler) {
    close();
    return handler;
  }
  return {
    ...handler,
    notified: (method, params) => void current.then((upstream) => upstream.session.notify(method, params)),
    close,
  };
}

/** When the client asked for progress, the upstream's reports go back under the client's own token. */
function progressOf(
  request: JsonRpcRequest,
  exchange: RequestExchange,
  deliver: (send: () => Promise<void>) => void,
  events: ToolEvent[] | null,
) {
  const token = (request.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') return {};
  return {
    onprogress: (progress: Record<string, unknown>) => {
      // Recorded without the token: a replay reports under the token of the call it answers.
      events?.push({ kind: 'notification', method: 'notifications/progress', params: { ...progress } });
      deliver(() => exchange.notify('notifications/progress', { ...progress, progressToken: token }));
    },
  };
}
