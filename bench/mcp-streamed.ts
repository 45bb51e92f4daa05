/**
 * The streamed-call row of `npm run bench:mcp`: a `tools/call` whose upstream sends 10 progress
 * notifications before its result, relayed through a real connection in an MCP session, against
 * the same call made straight to the upstream (the MCP SDK client, one call at a time).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { serveMcpSessions, type SessionHttpServer } from '../test/support/session-http-server.js';

const progressPerCall = 10;
const warmUp = 50;
const calls = 500;

export interface StreamedFigures {
  relay: { p50: number; p99: number };
  direct: { p50: number; p99: number };
}

/** A stateful upstream whose `count` tool reports 10 steps of progress, then answers. */
function startProgressUpstream(): Promise<SessionHttpServer> {
  return serveMcpSessions(() => {
    const server = new McpServer({ name: 'progress-upstream', version: '1.0.0' });
    server.registerTool('count', { description: 'Counts to 10, reporting each step.' }, async (extra) => {
      const token = extra._meta?.progressToken;
      for (let step = 1; step <= progressPerCall; step++)
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: progressPerCall },
          });
      return { content: [{ type: 'text', text: 'done' }] };
    });
    return server;
  });
}

async function timeCalls(url: string, headers: Record<string, string>): Promise<{ p50: number; p99: number }> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  const latencies: number[] = [];
  try {
    for (let call = 0; call < warmUp + calls; call++) {
      let reports = 0;
      const started = performance.now();
      const result = await client.callTool({ name: 'count', arguments: {} }, undefined, { onprogress: () => void reports++ });
      const elapsed = performance.now() - started;
      if (reports !== progressPerCall || JSON.stringify(result.content) !== '[{"type":"text","text":"done"}]')
        throw new Error(`streamed call ${call} to ${url}: ${reports} progress reports, result ${JSON.stringify(result).slice(0, 200)}`);
      if (call >= warmUp) latencies.push(elapsed);
    }
  } finally {
    await client.close();
  }
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length * 0.5)]!, p99: latencies[Math.floor(latencies.length * 0.99)]! };
}

/**
 * Connects `bench/streamed` on the mcpsim at `baseUrl` to a fresh progress upstream and times the
 * streamed call both ways.
 *
 * @example
 *   const { relay, direct } = await benchStreamedCall(mcpsim.url, apiKey);
 */
export async function benchStreamedCall(baseUrl: string, apiKey: string): Promise<StreamedFigures> {
  const upstream = await startProgressUpstream();
  try {
    const authorization = `Bearer ${apiKey}`;
    const put = await fetch(`${baseUrl}/connect/bench/streamed`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ mcpUrl: upstream.url }),
    });
    if (!put.ok) throw new Error(`PUT /connect/bench/streamed: ${put.status} ${await put.text()}`);
    const direct = await timeCalls(upstream.url, {});
    const relay = await timeCalls(`${baseUrl}/connect/bench/streamed/mcp`, { authorization });
    return { relay, direct };
  } finally {
    await upstream.close();
  }
}
