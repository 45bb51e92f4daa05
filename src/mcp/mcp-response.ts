/**
 * Streamable HTTP answers: one JSON body when the client's Accept allows application/json,
 * otherwise one SSE `message` event on a stream that then ends.
 */
export function toMcpResponse(payload: unknown, accept: string | undefined, status = 200): Response {
  const text = JSON.stringify(payload);
  if (acceptsJson(accept)) return new Response(text, { status, headers: jsonHeaders });
  return new Response(`event: message\ndata: ${text}\n\n`, {
    status,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
  });
}

/** One object for every JSON answer: a Response copies its init's headers, and the Node adapter copies them before it adds any. */
const jsonHeaders: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

/** A stream of SSE events already written (notifications, then the answer). */
export function toMcpStreamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
}

/** The SSE `message` event of one JSON-RPC message. */
export function toSseEvent(message: unknown): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** The answer to a notification (or a client's response): 202 with no body. */
export function acceptedResponse(): Response {
  return new Response(null, { status: 202 });
}

/** The last Accept read, and what it allows: a client sends the same one with every call. */
let lastAccept: { accept: string; json: boolean } | undefined;

function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  if (lastAccept?.accept !== accept) lastAccept = { accept, json: readsJson(accept) };
  return lastAccept.json;
}

function readsJson(accept: string): boolean {
  if (accept.trim() === '') return true;
  return accept.split(',').some((part) => {
    const [type = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter))) return false;
    const media = type.trim();
    return media === 'application/json' || media === 'application/*' || media === '*/*';
  });
}
