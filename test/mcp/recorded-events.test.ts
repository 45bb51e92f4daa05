/**
 * What a captured mock sends before a recorded result (src/mcp/mock/recorded-events.ts), heard by the
 * real MCP SDK client: a real SDK server's tool hands its request's own way to the client to
 * `replayRecordedEvents`, as the mock's answering session does.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replayRecordedEvents } from '../../src/mcp/mock/recorded-events.js';
import type { ToolEvent } from '../../src/domain/tool-event.js';

const recorded: ToolEvent[] = [
  { kind: 'notification', method: 'notifications/progress', params: { progress: 0, total: 100, message: 'Completed step 0 of 100' } },
  { kind: 'notification', method: 'notifications/message', params: { level: 'debug', data: 'fine detail' } },
  { kind: 'notification', method: 'notifications/message', params: { level: 'info', data: 'started' } },
  {
    kind: 'request',
    method: 'elicitation/create',
    params: { message: 'Your name?', requestedSchema: { type: 'object', properties: { response: { type: 'string' } } } },
    answer: { action: 'accept', content: { response: 'Ada' } },
  },
  { kind: 'notification', method: 'notifications/progress', params: { progress: 100, total: 100 } },
];

/** A client and a server whose `replay` tool sends the recorded events, then the recorded result. */
async function connect(answer: ElicitResult, logLevel: string | null) {
  const server = new McpServer({ name: 'captured', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('replay', { inputSchema: { round: z.number().optional() } }, async (_args, extra) => {
    const refused = await replayRecordedEvents(
      { tool: 'replay', events: recorded, progressToken: extra._meta?.progressToken },
      {
        notify: (method, params) => extra.sendNotification({ method, params } as never),
        ask: (method, params, options) => extra.sendRequest({ method, params } as never, z.looseObject({}), options),
        signal: extra.signal,
        capabilities: {},
        session: { logLevel },
      },
    );
    return refused ?? { content: [{ type: 'text', text: 'User response: Ada' }] };
  });
  const client = new Client({ name: 'replay-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  const seen: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void seen.push(`log ${String(n.params.data)}`));
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    seen.push(`elicit ${request.params.message}`);
    return answer;
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, seen };
}

describe('a captured mock replaying what a call sent', () => {
  it('sends the recorded notifications and requests in order, progress under the client’s token, then the result', async () => {
    const { client, seen } = await connect({ action: 'accept', content: { response: 'Grace' } }, 'info');
    const result = await client.callTool({ name: 'replay', arguments: {} }, undefined, {
      onprogress: (progress) => void seen.push(`progress ${progress.progress}`),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'User response: Ada' }]);
    // The debug message is below the session's level; the rest come as recorded.
    expect(seen).toEqual(['progress 0', 'log started', 'elicit Your name?', 'progress 100']);
    await client.close();
  });

  it('sends no progress to a client that asked for none', async () => {
    const { client, seen } = await connect({ action: 'accept', content: { response: 'Grace' } }, null);
    await client.callTool({ name: 'replay', arguments: {} });
    expect(seen).toEqual(['log fine detail', 'log started', 'elicit Your name?']);
    await client.close();
  });

  it('answers an error saying what differed when the client’s elicitation answer has another shape', async () => {
    const declined = await connect({ action: 'decline' }, null);
    const result = await declined.client.callTool({ name: 'replay', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('action \\"accept\\", and the client answered \\"decline\\"');
    await declined.client.close();
    const otherKeys = await connect({ action: 'accept', content: { name: 'Grace' } }, null);
    const other = await otherKeys.client.callTool({ name: 'replay', arguments: {} });
    expect(JSON.stringify(other.content)).toContain('content keys [response], and the client answered [name]');
    await otherKeys.client.close();
  });
});
