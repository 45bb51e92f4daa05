/**
 * A paired stdio server relayed in an MCP session carries everything too (docs/api.md, "The MCP
 * endpoint"): its progress and log messages during a call reach the client in order before the
 * result, and its elicitation request reaches the client and the answer comes back; a client
 * without a session still gets the plain answer path.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairStdioServer } from '../../src/platform/stdio-pairing.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const streamingServer = join(import.meta.dirname, '..', 'support', 'stdio-streaming-server.mjs');

describe('a paired stdio server in an MCP session', () => {
  let harness: Harness;
  let ended: Promise<string>;

  beforeAll(async () => {
    harness = await startHarness('socket');
    await harness.call('PUT', '/namespaces/local');
    await harness.call('PUT', '/connect/local/streams', { body: { transport: 'uplink' } });
    const pairing = pairStdioServer(
      harness.platform,
      { namespace: 'local', connectionId: 'streams' },
      { command: process.execPath, args: [streamingServer] },
    );
    ended = pairing.ended;
    await pairing.ready;
  });
  afterAll(async () => {
    await harness.close();
    await ended;
  });

  it('hands the client the progress, log messages and elicitation of a call, in order, then its result', async () => {
    const client = new Client({ name: 'uplink-streams', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const seen: string[] = [];
    client.setNotificationHandler(
      LoggingMessageNotificationSchema,
      (notification) => void seen.push(`log ${String(notification.params.data)}`),
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      seen.push(`elicit ${request.params.message}`);
      return { action: 'accept', content: { name: 'Grace' } };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/local/streams/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    try {
      const result = await client.callTool({ name: 'work', arguments: { steps: 2 } }, undefined, {
        onprogress: (progress) => void seen.push(`progress ${progress.progress}/${progress.total}`),
      });
      expect(result.content).toEqual([{ type: 'text', text: 'hello Grace' }]);
      expect(seen).toEqual(['progress 1/2', 'progress 2/2', 'log working', 'elicit Name?']);
    } finally {
      await client.close();
    }
  });

  it('hands the client every progress report of a call whose last report and result arrive together', async () => {
    const client = new Client({ name: 'uplink-streams', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/local/streams/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    try {
      for (let round = 0; round < 5; round++) {
        const seen: number[] = [];
        const result = await client.callTool({ name: 'count', arguments: { steps: 3 } }, undefined, {
          onprogress: (progress) => void seen.push(progress.progress),
        });
        expect(result.content).toEqual([{ type: 'text', text: 'counted 3' }]);
        expect(seen).toEqual([1, 2, 3]);
      }
    } finally {
      await client.close();
    }
  });
});
