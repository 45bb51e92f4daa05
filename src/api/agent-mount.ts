import type { Hono } from 'hono';
import { readBearer } from '../domain/credential.js';
import { apiError } from '../errors.js';
import type { AgentMount } from './context.js';
import type { Caller } from './http/access.js';

/** The largest MCP request the agent path reads: its tools take small arguments (a seeded world is the largest). */
const maxAgentBodyBytes = 1024 * 1024;

/**
 * Mounts the agent's tools (`mcpsim mcp` over Streamable HTTP, built by platform/) at their path:
 * an API key only, checked as every route checks it (a service token gets 403, as on the control
 * API the tools use), a body of at most 1 MiB, POST only (the server is stateless: no stream to GET).
 */
export function mountAgent(
  app: Hono,
  { path, answer }: AgentMount,
  authenticate: (header: string | undefined) => Caller | Promise<Caller>,
): void {
  app.post(path, async (c) => {
    const header = c.req.header('authorization');
    const caller = await authenticate(header);
    if (caller.credential !== 'api_key') {
      throw apiError('forbidden', `${path} takes an API key, not a service token: its tools use the control API, which takes only the key`);
    }
    const body = await readCapped(c.req.raw);
    const request = new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body });
    return answer(request, readBearer(header!)!.text);
  });
  app.on(['GET', 'DELETE'], path, () => {
    throw apiError('method_not_allowed', `${path} is stateless: POST each JSON-RPC message (there is no session stream to GET or DELETE)`, {
      headers: { allow: 'POST' },
    });
  });
}

/** The request's body, refused with 413 past `maxAgentBodyBytes` whatever its Content-Length says. */
async function readCapped(request: Request): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxAgentBodyBytes) {
      await reader.cancel();
      throw apiError('payload_too_large', `An MCP request to the agent tools may be at most ${maxAgentBodyBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
