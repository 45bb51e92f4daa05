/**
 * A scripted mock tool call on a stateless POST whose `Accept` allows `text/event-stream`: its log
 * messages and progress notifications, then its result, as SSE events on the POST's own answer.
 * (Requests to the client need a session: a script that asks one is refused before this.)
 */
import { defaultMcpSessionStoreLimits } from '../../domain/mcp-limits.js';
import { createSessionSubscriptions } from '../session/session-subscriptions.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { ToolScript } from '../../domain/tool-script.js';
import { toJsonRpcResult, type JsonRpcId } from '../json-rpc.js';
import { toSseEvent } from '../mcp-response.js';
import { callWithScript, type ScriptedCall } from './scripted-tool-call.js';
import type { RequestExchange, SessionPeer } from '../session/session-handler.js';

/** Whether an `Accept` allows an event stream. */
export function acceptsEvents(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/event-stream');
}

/**
 * @example
 *   const stream = toStreamedCall({ id: 1, tool: 'export', script, progressToken: 7, latencyMs: 0, run });
 *   return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
 */
export function toStreamedCall(
  call: Pick<ScriptedCall, 'tool' | 'script' | 'progressToken' | 'latencyMs' | 'run'> & { id: JsonRpcId; signal?: AbortSignal | undefined },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (message: unknown) => controller.enqueue(encoder.encode(toSseEvent(message)));
      const peer: SessionPeer = {
        capabilities: {} satisfies ClientCapabilities,
        notify: async (method, params) => write(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params }),
        ask: async (method) => {
          throw new Error(`${method} needs an MCP session`);
        },
      };
      const exchange: RequestExchange = {
        ...peer,
        signal: call.signal ?? new AbortController().signal,
        session: { id: '', logLevel: null, subscriptions: createSessionSubscriptions(defaultMcpSessionStoreLimits), peer },
      };
      const answer = await callWithScript({ ...call, script: withoutRequests(call.script), exchange });
      write(answer.result ? toJsonRpcResult(call.id, answer.result) : answer);
      controller.close();
    },
  });
}

function withoutRequests({ progress, log }: ToolScript): ToolScript {
  return { progress, log };
}
