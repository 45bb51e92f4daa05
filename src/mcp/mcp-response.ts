import { JSONRPC_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { takeJsonText } from '../domain/json-text.js';
/**
 * Streamable HTTP answers: one JSON body when the client's Accept allows application/json,
 * otherwise one SSE `message` event on a stream that then ends.
 */
export function toMcpResponse(payload: unknown, accept: string | undefined, status = 200): Response {
  const text = toJsonRpcText(payload);
  if (acceptsJson(accept)) return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  return new Response(`event: message\ndata: ${text}\n\n`, {
    status,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
  });
}

/**
 * The JSON text of a JSON-RPC message. A result the call log has just serialised (a tool call's)
 * is not serialised again: its text is put in the envelope `JSON.stringify` would have written.
 */
function toJsonRpcText(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return JSON.stringify(payload);
  const { jsonrpc, id, result } = payload as { jsonrpc?: unknown; id?: unknown; result?: unknown };
  const known = typeof result === 'object' && result !== null ? takeJsonText(result) : undefined;
  if (known === undefined) return JSON.stringify(payload);
  const envelope = jsonrpc === JSONRPC_VERSION && (typeof id === 'string' || typeof id === 'number') && Object.keys(payload).length === 3;
  return envelope ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${known}}` : JSON.stringify(payload);
}

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
