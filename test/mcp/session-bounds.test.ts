/**
 * The abuse of issue 37 that went through a session, sent through a mock connection's endpoint
 * over a real socket with the official SDK client: a URI past the length limit (the SDK's template
 * matcher threw past a million characters, a 500, and after a subscription to one every call of the
 * session failed), subscriptions past their bounds, and long answers in a session (kept for
 * resumption). The limits are set low through `limits.mcpSessions`; each attack is refused with a
 * message that names the limit, and the server goes on answering others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyScenario } from '../../src/scenario/apply-scenario.js';
import { loadScenarioText } from '../../src/scenario/load-scenario.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const scenarioText = `
name: session bounds
servers:
  - qualifiedName: "@qa/bounds"
    tools:
      - name: update_issue
        inputSchema: { type: object, properties: { id: { type: string }, state: { type: string } }, required: [id] }
    resources:
      - { uri: "tracker://readme", name: readme, mimeType: text/markdown, text: "# Tracker" }
      - { uri: "tracker://issues", name: issues, description: every issue }
    resourceTemplates:
      - { uriTemplate: "tracker://issues/{id}", name: issue }
namespaces:
  - name: bounds
    connections:
      - id: tracker
        server: "@qa/bounds"
        mock:
          world:
            entities:
              issue:
                "12": { title: Crash on empty config, state: open }
                "17": { title: Slow search, state: open }
`;

let harness: Harness;
let fixturesDir: string;

beforeAll(async () => {
  fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-bounds-'));
  harness = await startHarness('socket', {
    toolResults: createToolResults({ fixturesDir, missPolicy: 'simulate' }),
    limits: { mcpSessions: { subscriptions: 3, subscriptionCharacters: 2000, keptEventCharacters: 50_000 } },
  });
  const loaded = loadScenarioText(scenarioText, 'bounds.yaml');
  if (!('scenario' in loaded)) throw new Error(JSON.stringify(loaded.problems));
  await applyScenario(loaded.scenario, { fetch: globalThis.fetch, baseUrl: harness.baseUrl, apiKey: testApiKey });
});
afterAll(async () => {
  await harness.close();
  rmSync(fixturesDir, { recursive: true, force: true });
});

async function connect(): Promise<Client> {
  const client = new Client({ name: 'bounds-test', version: '1.0.0' });
  const url = new URL(`${harness.baseUrl}/connect/bounds/tracker/mcp`);
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${testApiKey}` } } }));
  return client;
}

/** `/health` answers, and within a bound that only proves nothing hangs. */
async function expectHealthy(): Promise<void> {
  const started = Date.now();
  expect((await fetch(`${harness.baseUrl}/health`)).status).toBe(200);
  expect(Date.now() - started).toBeLessThan(10_000);
}

const updateIssue = (client: Client, id: string, state: string) => client.callTool({ name: 'update_issue', arguments: { id, state } });

describe('a URI past the length limit', () => {
  const huge = `tracker://issues/${'x'.repeat(1_100_000)}`;

  it('is -32602 naming the limit, in a session and without one, and the session goes on', async () => {
    const client = await connect();
    await expect(client.readResource({ uri: huge })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/params\.uri is 1100017 characters long; the limit \(uriLength\) is 16384/),
    });
    await expect(client.subscribeResource({ uri: huge })).rejects.toMatchObject({ code: -32602 });
    const result = await updateIssue(client, '17', 'closed');
    expect(result.isError).toBeFalsy();
    await client.close();

    const stateless = await fetch(`${harness.baseUrl}/connect/bounds/tracker/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: huge } }),
    });
    expect(stateless.status).toBe(200);
    expect(await stateless.json()).toMatchObject({ error: { code: -32602, message: expect.stringContaining('(uriLength) is 16384') } });
    await expectHealthy();
  });
});

describe('subscriptions', () => {
  it('past the count or characters bound are refused naming the limit; those kept still get their updates', async () => {
    const client = await connect();
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updated.push(notification.params.uri));
    for (const uri of ['tracker://issues/12', 'tracker://issues', 'tracker://readme']) await client.subscribeResource({ uri });
    await expect(client.subscribeResource({ uri: 'tracker://issues/17' })).rejects.toMatchObject({
      code: -32000,
      message: expect.stringMatching(/subscribed to 3 resources.*the limit \(subscriptions\) is 3/),
    });
    await client.unsubscribeResource({ uri: 'tracker://readme' });
    await expect(client.subscribeResource({ uri: `tracker://issues/${'9'.repeat(2000)}` })).rejects.toMatchObject({
      code: -32000,
      message: expect.stringContaining('the limit (subscriptionCharacters) is 2000'),
    });

    await updateIssue(client, '12', 'closed');
    expect(updated.sort()).toEqual(['tracker://issues', 'tracker://issues/12']);
    updated.length = 0;
    // A call that changes nothing a subscription shows tells nobody.
    await updateIssue(client, '12', 'closed');
    expect(updated).toEqual([]);
    await expectHealthy();
    await client.close();
  });
});

describe('long answers in a session', () => {
  it('are kept for resumption only up to the bound, and the session goes on', async () => {
    const client = await connect();
    // Each not-found error quotes its URI twice: about 30,000 characters an event, 50,000 kept.
    for (let index = 0; index < 20; index++) {
      await expect(client.readResource({ uri: `tracker://nothing/${index}/${'y'.repeat(15_000)}` })).rejects.toMatchObject({
        code: -32002,
      });
    }
    const result = await updateIssue(client, '17', 'open');
    expect(result.isError).toBeFalsy();
    await expectHealthy();
    await client.close();
  });
});
