/**
 * A client that gives up on a mock tool call stops the model answering it: the MCP SDK client's
 * own timeout (it sends `notifications/cancelled`), an HTTP request that goes away, over the real
 * socket server, with the model an OpenAI-compatible server on 127.0.0.1 that never answers. The
 * call is logged `cancelled`, nothing is retried, the world is unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallLogEntry, WorldState } from '../../src/domain/memory-log.js';
import { createResultModel } from '../../src/sim/model/model-provider.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { chatPath, startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai-server.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const crm = {
  displayName: 'Acme CRM',
  description: 'Contacts.',
  tools: [
    { name: 'create_contact', description: 'Create a contact.', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } },
  ],
};

describe('cancelling a mock tool call that a model is answering', () => {
  let fake: FakeOpenAI;
  let harness: Harness;
  let fixturesDir: string;
  let connection = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-cancel-'));
    const { model, modelId } = createResultModel({ baseUrl: fake.url, api: 'chat', model: 'fake-model' });
    harness = await startHarness('socket', {
      toolResults: createToolResults({ fixturesDir, model: { model, modelId }, modelTimeoutMs: 30_000, modelDeadlineMs: 45_000 }),
    });
    expect((await harness.call('PUT', '/servers/@acme/crm', { body: crm })).status).toBe(201);
    expect((await harness.call('PUT', '/namespaces/cancel')).status).toBeLessThan(300);
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.script(chatPath, 'hang');
  });

  async function newConnection(): Promise<string> {
    const id = `crm-${++connection}`;
    expect((await harness.call('PUT', `/connect/cancel/${id}`, { body: { server: '@acme/crm', mock: { enabled: true } } })).status).toBe(
      201,
    );
    return id;
  }

  const memoryOf = async (id: string): Promise<{ calls: CallLogEntry[]; world: WorldState }> =>
    (await harness.call('GET', `/__mcpsim/connections/cancel/${id}/memory`)).body;

  const post = (id: string, message: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${harness.baseUrl}/connect/cancel/${id}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testApiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(message),
      ...(signal ? { signal } : {}),
    });
  const toolCall = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'create_contact', arguments: { name: 'Rye' } },
  });
  const cancelled = (requestId: number) => ({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId, reason: 'the user pressed stop' },
  });

  it('aborts the model request when the SDK client cancels (notifications/cancelled), and logs the call cancelled', async () => {
    const id = await newConnection();
    const client = new Client({ name: 'mcpsim-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/cancel/${id}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    // A new mock of a registry server starts with a small world; the cancelled call must leave it as it was.
    const before = (await memoryOf(id)).world;
    try {
      // The SDK sends notifications/cancelled when the caller's signal aborts, as on its own timeout;
      // a signal lets the test cancel once the model request is under way, on a loaded machine too.
      const controller = new AbortController();
      const pending = client.callTool({ name: 'create_contact', arguments: { name: 'Rye' } }, undefined, { signal: controller.signal });
      await expect.poll(() => fake.requests.length).toBe(1);
      controller.abort(new Error('the user pressed stop'));
      await expect(pending).rejects.toThrow(/pressed stop/);
      await expect.poll(() => fake.requests[0]?.aborted).toBe(true);
      await expect.poll(async () => (await memoryOf(id)).calls.map((call) => call.source)).toEqual(['cancelled']);
      expect(fake.requests).toHaveLength(1);
      expect((await memoryOf(id)).world).toEqual(before);
    } finally {
      await client.close();
    }
  });

  it('aborts the model request when the HTTP request goes away', async () => {
    const id = await newConnection();
    const controller = new AbortController();
    const pending = post(id, toolCall(1), {}, controller.signal).catch((error: unknown) => error);
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await expect.poll(() => fake.requests[0]!.aborted).toBe(true);
    await expect.poll(async () => (await memoryOf(id)).calls.map((call) => call.source)).toEqual(['cancelled']);
    expect(fake.requests).toHaveLength(1);
  });

  it('cancels only the request of the sender that names it (the id and the session)', async () => {
    const id = await newConnection();
    const pending = post(id, toolCall(7), { 'mcp-session-id': 'session-a' });
    await expect.poll(() => fake.requests.length).toBe(1);
    expect((await post(id, cancelled(7), { 'mcp-session-id': 'session-b' })).status).toBe(202);
    expect((await post(id, cancelled(8), { 'mcp-session-id': 'session-a' })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests[0]!.aborted).toBe(false);

    expect((await post(id, cancelled(7), { 'mcp-session-id': 'session-a' })).status).toBe(202);
    const answer = await pending;
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { result: unknown };
    expect(body.result).toMatchObject({ isError: true, _meta: { 'mcpsim/source': 'cancelled' } });
    await expect.poll(() => fake.requests[0]!.aborted).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it('aborts the model request when a REST tool call goes away', async () => {
    const id = await newConnection();
    const controller = new AbortController();
    const pending = fetch(`${harness.baseUrl}/connect/cancel/${id}/.tools/create_contact`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rye' }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await expect.poll(() => fake.requests.length).toBe(1);
    controller.abort();
    await pending;
    await expect.poll(async () => (await memoryOf(id)).calls.map((call) => call.source)).toEqual(['cancelled']);
    await expect.poll(() => fake.requests[0]!.aborted).toBe(true);
  });
});
