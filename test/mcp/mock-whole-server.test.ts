/**
 * A scenario mock serves the whole MCP server (issue 27, item 3), driven by the official SDK
 * client over a real socket: resources with fixed contents or read from the world (templates, a
 * not-found), prompts (fixed, substituted, generated, a missing argument), completion from the
 * world, subscriptions that a tool call updates, and a tool's scripted events (log messages under
 * the session's level, progress, elicitation, sampling) before its result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyScenario } from '../../src/scenario/apply-scenario.js';
import { loadScenarioText } from '../../src/scenario/load-scenario.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';

const scenarioText = `
name: whole server
servers:
  - qualifiedName: "@qa/tracker"
    description: An issue tracker
    tools:
      - name: update_issue
        inputSchema: { type: object, properties: { id: { type: string }, state: { type: string } }, required: [id] }
      - name: delete_issue
        inputSchema: { type: object, properties: { id: { type: string } }, required: [id] }
      - name: summarize_issue
        inputSchema: { type: object, properties: { id: { type: string } }, required: [id] }
      - name: export_issues
        inputSchema: { type: object, properties: {} }
    resources:
      - { uri: "tracker://readme", name: readme, mimeType: text/markdown, text: "# Tracker" }
      - { uri: "tracker://logo", name: logo, mimeType: image/png, blob: aGVsbG8= }
      - { uri: "tracker://issues", name: issues, description: every issue }
    resourceTemplates:
      - { uriTemplate: "tracker://issues/{id}", name: issue, description: one issue as JSON }
    prompts:
      - name: triage_issue
        description: Triage an issue
        arguments: [{ name: id, required: true }]
        messages: [{ role: user, text: "Triage issue {{id}} now" }, { role: assistant, text: "Looking at {{id}}" }]
      - name: show_logo
        description: The logo and the readme, as content
        messages:
          - { role: user, content: { type: image, data: aGVsbG8=, mimeType: image/png } }
          - { role: user, content: { type: resource, resource: { uri: "tracker://readme", mimeType: text/markdown, text: "# Tracker" } } }
      - name: standup_summary
        description: Summarize an issue for the standup
        arguments: [{ name: issue_id, required: true }, { name: team }]
    completions:
      - { prompt: standup_summary, argument: team, values: [web, backend, data] }
namespaces:
  - name: whole
    connections:
      - id: tracker
        server: "@qa/tracker"
        mock:
          world:
            entities:
              issue:
                "12": { title: Crash on empty config, state: open }
                "17": { title: Slow search, state: open }
                "23": { title: Typo in README, state: closed }
                "31": { title: Flaky test, state: open }
          tools:
            delete_issue:
              elicit: { message: "Delete this issue?", requestedSchema: { type: object, properties: { confirm: { type: boolean } } } }
            summarize_issue:
              sample: { message: "Summarize the issue in one line" }
            export_issues:
              progress: 3
              log: [{ level: debug, message: details }, exporting, { level: error, message: disk almost full }]
`;

let harness: Harness;
let fixturesDir: string;
const mcpUrl = () => new URL(`${harness.baseUrl}/connect/whole/tracker/mcp`);

beforeAll(async () => {
  fixturesDir = mkdtempSync(join(tmpdir(), 'mcpsim-whole-'));
  harness = await startHarness('socket', { toolResults: createToolResults({ fixturesDir, missPolicy: 'simulate' }) });
  const loaded = loadScenarioText(scenarioText, 'whole.yaml');
  if (!('scenario' in loaded)) throw new Error(JSON.stringify(loaded.problems));
  await applyScenario(loaded.scenario, { fetch: globalThis.fetch, baseUrl: harness.baseUrl, apiKey: testApiKey });
});
afterAll(async () => {
  await harness.close();
  rmSync(fixturesDir, { recursive: true, force: true });
});

/** An SDK client that declares elicitation and sampling, connected in a session. */
async function connect(answers: { elicit?: Record<string, unknown>; sample?: string } = {}) {
  const client = new Client({ name: 'whole-test', version: '1.0.0' }, { capabilities: { elicitation: {}, sampling: {} } });
  const asked: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(`elicit ${request.params.message}`);
    return (answers.elicit ?? { action: 'accept', content: { confirm: true } }) as never;
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    const first = request.params.messages[0]?.content;
    asked.push(`sample ${first && 'text' in first ? first.text : ''}`);
    return { role: 'assistant', model: 'test-model', content: { type: 'text', text: answers.sample ?? 'One line.' } };
  });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { authorization: `Bearer ${testApiKey}` } } }),
  );
  return { client, asked };
}

describe('a scenario mock serves resources', () => {
  it('lists the resources without their contents, and the templates', async () => {
    const { client } = await connect();
    const listed = await client.listResources();
    expect(listed.resources).toEqual([
      { uri: 'tracker://readme', name: 'readme', mimeType: 'text/markdown' },
      { uri: 'tracker://logo', name: 'logo', mimeType: 'image/png' },
      { uri: 'tracker://issues', name: 'issues', description: 'every issue' },
    ]);
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates).toEqual([
      { uriTemplate: 'tracker://issues/{id}', name: 'issue', description: 'one issue as JSON' },
    ]);
    await client.close();
  });

  it('reads fixed text and blob contents', async () => {
    const { client } = await connect();
    expect((await client.readResource({ uri: 'tracker://readme' })).contents).toEqual([
      { uri: 'tracker://readme', mimeType: 'text/markdown', text: '# Tracker' },
    ]);
    expect((await client.readResource({ uri: 'tracker://logo' })).contents).toEqual([
      { uri: 'tracker://logo', mimeType: 'image/png', blob: 'aGVsbG8=' },
    ]);
    await client.close();
  });

  it('reads a template URI as the entity of the world it names, and a listed resource without contents as the entities of its type', async () => {
    const { client } = await connect();
    const [issue] = (await client.readResource({ uri: 'tracker://issues/17' })).contents;
    expect(issue).toMatchObject({ uri: 'tracker://issues/17', mimeType: 'application/json' });
    expect(JSON.parse((issue as { text: string }).text)).toEqual({ id: '17', title: 'Slow search', state: 'open' });
    const [all] = (await client.readResource({ uri: 'tracker://issues' })).contents;
    expect((JSON.parse((all as { text: string }).text) as { id: string }[]).map((entry) => entry.id)).toContain('12');
    await client.close();
  });

  it('answers -32002 for an id the world does not hold and for a URI nothing matches', async () => {
    const { client } = await connect();
    await expect(client.readResource({ uri: 'tracker://issues/999' })).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining('issue "999"'),
    });
    await expect(client.readResource({ uri: 'other://nothing' })).rejects.toMatchObject({ code: -32002 });
    await client.close();
  });
});

describe('a scenario mock serves prompts and completions', () => {
  it('gets fixed messages with the arguments substituted', async () => {
    const { client } = await connect();
    const prompt = await client.getPrompt({ name: 'triage_issue', arguments: { id: '12' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Triage issue 12 now' } },
      { role: 'assistant', content: { type: 'text', text: 'Looking at 12' } },
    ]);
    await client.close();
  });

  it('gets messages that hold an image or an embedded resource as they are written', async () => {
    const { client } = await connect();
    const prompt = await client.getPrompt({ name: 'show_logo', arguments: {} });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'tracker://readme', mimeType: 'text/markdown', text: '# Tracker' } } },
    ]);
    await client.close();
  });

  it('generates a prompt from its description and the entity its argument names', async () => {
    const { client } = await connect();
    const prompt = await client.getPrompt({ name: 'standup_summary', arguments: { issue_id: '12' } });
    const text = (prompt.messages[0]?.content as { text: string }).text;
    expect(text).toContain('Summarize an issue for the standup');
    expect(text).toContain('Crash on empty config');
    await client.close();
  });

  it('answers invalid params naming a missing required argument', async () => {
    const { client } = await connect();
    await expect(client.getPrompt({ name: 'triage_issue', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('"id"'),
    });
    await client.close();
  });

  it('completes a template variable and a prompt argument with the ids the world holds, filtered by the prefix', async () => {
    const { client } = await connect();
    const byTemplate = await client.complete({
      ref: { type: 'ref/resource', uri: 'tracker://issues/{id}' },
      argument: { name: 'id', value: '1' },
    });
    expect(byTemplate.completion).toEqual({ values: ['12', '17'], total: 2, hasMore: false });
    const byPrompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'standup_summary' },
      argument: { name: 'issue_id', value: '3' },
    });
    expect(byPrompt.completion.values).toEqual(['31']);
    await client.close();
  });

  it('offers the fixed values a scenario gives an argument, filtered by the prefix', async () => {
    const { client } = await connect();
    const byPrompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'standup_summary' },
      argument: { name: 'team', value: 'b' },
    });
    expect(byPrompt.completion).toEqual({ values: ['backend'], total: 1, hasMore: false });
    await client.close();
  });

  it('answers invalid params (-32602) for a completion of a prompt or a resource template the server does not have', async () => {
    const { client } = await connect();
    await expect(
      client.complete({ ref: { type: 'ref/prompt', name: 'no_such_prompt' }, argument: { name: 'id', value: '1' } }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unknown prompt "no_such_prompt"') });
    await expect(
      client.complete({ ref: { type: 'ref/resource', uri: 'tracker://nothing/{id}' }, argument: { name: 'id', value: '1' } }),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('tracker://issues/{id}') });
    await client.close();
  });
});

describe('a scenario mock sends events in a session', () => {
  it('sends notifications/resources/updated when a tool call changes a subscribed resource, and not for others', async () => {
    const { client } = await connect();
    const updated: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updated.push(notification.params.uri));
    await client.subscribeResource({ uri: 'tracker://issues/31' });
    await client.subscribeResource({ uri: 'tracker://readme' });
    const result = await client.callTool({ name: 'update_issue', arguments: { id: '31', state: 'closed' } });
    expect(result.isError).toBeFalsy();
    expect(updated).toEqual(['tracker://issues/31']);
    await client.unsubscribeResource({ uri: 'tracker://issues/31' });
    await client.callTool({ name: 'update_issue', arguments: { id: '31', state: 'open' } });
    expect(updated).toEqual(['tracker://issues/31']);
    await client.close();
  });

  it('sends the scripted log messages at or above the level the client set, and progress before the result', async () => {
    const { client } = await connect();
    const seen: string[] = [];
    client.setNotificationHandler(
      LoggingMessageNotificationSchema,
      (notification) => void seen.push(`log ${String(notification.params.data)}`),
    );
    await client.callTool({ name: 'export_issues', arguments: {} }, undefined, {
      onprogress: (progress) => void seen.push(`progress ${progress.progress}/${progress.total}`),
    });
    seen.push('result');
    expect(seen).toEqual([
      'log details',
      'log exporting',
      'log disk almost full',
      'progress 1/3',
      'progress 2/3',
      'progress 3/3',
      'result',
    ]);

    seen.length = 0;
    await client.setLoggingLevel('warning');
    await client.callTool({ name: 'export_issues', arguments: {} });
    seen.push('result');
    expect(seen).toEqual(['log disk almost full', 'result']);
    await client.close();
  });

  it('spreads progress over a fault latency, all before the result', async () => {
    const faults = await harness.call('PUT', '/__mcpsim/connections/whole/tracker/faults', {
      body: { faults: [{ tool: 'export_issues', latency: '300ms' }] },
    });
    expect(faults.status).toBe(200);
    const { client } = await connect();
    const seen: string[] = [];
    await client.callTool({ name: 'export_issues', arguments: {} }, undefined, {
      onprogress: (progress) => void seen.push(`progress ${progress.progress}`),
    });
    seen.push('result');
    expect(seen).toEqual(['progress 1', 'progress 2', 'progress 3', 'result']);
    await harness.call('PUT', '/__mcpsim/connections/whole/tracker/faults', { body: { faults: [] } });
    await client.close();
  });

  it('asks the client to elicit before the tool answers, and answers with the tool result when accepted', async () => {
    const { client, asked } = await connect({ elicit: { action: 'accept', content: { confirm: true } } });
    const result = await client.callTool({ name: 'delete_issue', arguments: { id: '23' } });
    expect(asked).toEqual(['elicit Delete this issue?']);
    expect(result.isError).toBeFalsy();
    expect(result._meta?.['mcpsim/elicitation']).toEqual({ action: 'accept', content: { confirm: true } });
    await client.close();
  });

  it('answers an error saying the user declined when the elicitation is declined, and changes nothing', async () => {
    const { client } = await connect({ elicit: { action: 'decline' } });
    const result = await client.callTool({ name: 'delete_issue', arguments: { id: '12' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('declined');
    const [issue] = (await client.readResource({ uri: 'tracker://issues/12' })).contents;
    expect((issue as { text: string }).text).toContain('Crash on empty config');
    await client.close();
  });

  it("sends a sampling request and hands the client's answer to the result", async () => {
    const { client, asked } = await connect({ sample: 'Crash on startup.' });
    const result = await client.callTool({ name: 'summarize_issue', arguments: { id: '12' } });
    expect(asked).toEqual(['sample Summarize the issue in one line']);
    expect(result._meta?.['mcpsim/sampling']).toMatchObject({ content: { type: 'text', text: 'Crash on startup.' } });
    await client.close();
  });

  it('answers a stateless POST that accepts event streams with the log and progress events, then the result', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'export_issues', arguments: {}, _meta: { progressToken: 'p' } },
    };
    const post = (accept: string) =>
      fetch(mcpUrl(), {
        method: 'POST',
        headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept },
        body: JSON.stringify(call),
      });
    const streamed = await post('application/json, text/event-stream');
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    const messages = (await streamed.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { method?: string; id?: number; params?: { progress?: number; data?: string } });
    expect(messages.map((message) => message.method ?? `result ${message.id}`)).toEqual([
      'notifications/message',
      'notifications/message',
      'notifications/message',
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'result 5',
    ]);
    expect(messages.slice(3, 6).map((message) => message.params?.progress)).toEqual([1, 2, 3]);

    const json = await post('application/json');
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(((await json.json()) as { id: number }).id).toBe(5);
  });

  it('says in an error result that elicitation needs a session when called stateless', async () => {
    const response = await fetch(mcpUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${testApiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'delete_issue', arguments: { id: '17' } } }),
    });
    const body = (await response.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0]?.text).toContain('needs an MCP session');
  });
});
