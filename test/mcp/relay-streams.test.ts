/**
 * The relay in an MCP session carries everything both ways (docs/api.md, "The MCP endpoint"):
 * a real stateful upstream's progress and log messages during a call reach the client in order
 * before the result, its elicitation request reaches the client and the client's answer reaches
 * it, a cancelled call is cancelled upstream, and a resource subscription delivers
 * `notifications/resources/updated`. The official SDK client, over a socket and in-process.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  ResourceUpdatedNotificationSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { doors, startHarness, testApiKey, type Harness } from '../support/harness.js';
import { startStreamingUpstream, type StreamingUpstream } from '../support/streaming-upstream.js';

describe.each(doors)('the relay in an MCP session (%s)', (door) => {
  let harness: Harness;
  let upstream: StreamingUpstream;
  let slowStream: StreamingUpstream;
  const clients: Client[] = [];

  beforeAll(async () => {
    upstream = await startStreamingUpstream();
    slowStream = await startStreamingUpstream({ eventStreamDelayMs: 400 });
    harness = await startHarness(door);
    await harness.call('PUT', '/namespaces/streams');
    for (const [id, served] of [
      ['up', upstream],
      ['slow-stream', slowStream],
    ] as const)
      expect((await harness.call('PUT', `/connect/streams/${id}`, { body: { mcpUrl: served.url } })).body.status).toEqual({
        state: 'connected',
      });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await harness.close();
    await upstream.close();
    await slowStream.close();
  });

  async function connect(id = 'up'): Promise<{ client: Client; seen: string[] }> {
    const transport = new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/streams/${id}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      ...(door === 'in-process'
        ? { fetch: async (input: string | URL | Request, init?: RequestInit) => harness.platform.app.fetch(new Request(input, init)) }
        : {}),
    });
    const client = new Client({ name: 'streams-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const seen: string[] = [];
    client.setNotificationHandler(
      LoggingMessageNotificationSchema,
      (notification) => void seen.push(`log ${String(notification.params.data)}`),
    );
    client.setNotificationHandler(
      ResourceUpdatedNotificationSchema,
      (notification) => void seen.push(`updated ${notification.params.uri}`),
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      seen.push(`elicit ${request.params.message}`);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await client.connect(transport);
    clients.push(client);
    return { client, seen };
  }

  it('hands the client the progress, log messages and elicitation of a call, in order, then its result', async () => {
    const { client, seen } = await connect();
    const result = await client.callTool({ name: 'work', arguments: { steps: 3 } }, undefined, {
      onprogress: (progress) => void seen.push(`progress ${progress.progress}/${progress.total}`),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    expect(seen).toEqual(['progress 1/3', 'progress 2/3', 'progress 3/3', 'log working', 'elicit Name?']);
  });

  it('keeps two clients’ server requests apart', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    const results = await Promise.all([first, second].map(({ client }) => client.callTool({ name: 'work', arguments: { steps: 1 } })));
    expect(results.map((result) => result.content)).toEqual([[{ type: 'text', text: 'hello Ada' }], [{ type: 'text', text: 'hello Ada' }]]);
    expect(first.seen.filter((line) => line.startsWith('elicit'))).toHaveLength(1);
    expect(second.seen.filter((line) => line.startsWith('elicit'))).toHaveLength(1);
  });

  it('relays a request the upstream sends on its session stream at once, however late that stream opens', async () => {
    const { client, seen } = await connect('slow-stream');
    const result = await client.callTool({ name: 'ask_at_once', arguments: {} }, undefined, { timeout: 5000 });
    expect(result.content).toEqual([{ type: 'text', text: 'answered accept' }]);
    expect(seen).toEqual(['elicit Sure?']);
  });

  it('cancels a call upstream when the client cancels it', async () => {
    const { client } = await connect();
    const before = upstream.cancelled.length;
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort('enough');
    await expect(call).rejects.toThrow();
    await eventually(async () => expect(upstream.cancelled.length).toBe(before + 1));
  });

  it('delivers notifications/resources/updated for a subscribed resource on the session stream', async () => {
    const { client, seen } = await connect();
    await client.subscribeResource({ uri: 'note://one' });
    await eventually(async () => expect(seen).toContain('updated note://one'));
  });
});
