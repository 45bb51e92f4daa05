/**
 * A capture sees the tools the client that drives it sees (issue 37): server-everything shows
 * `get-roots-list` only to clients that declared `roots` and `trigger-sampling-request` only to
 * those that declared `sampling`. Captured over stdio and over HTTP (`--url`) by a real SDK client
 * that declares both and answers them, the written scenario declares those tools, passes
 * `mcpsim check`, and `serve --scenario` serves the connection with them, replaying the calls.
 * The mock answers what the server answered: its serverInfo (name, version, title) exactly,
 * prompts with their titles, and a prompt's get without the description the server never sent.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startCliSession } from '../support/cli-session.js';
import { everythingEntry, startEverything, type Everything } from '../support/everything-server.js';

const apiKey = 'capture-capabilities-key';
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-capabilities-'));
const serveFlags = () => ['--port', '0', '--host', '127.0.0.1', '--data-dir', scratch(), '--api-key', apiKey, '--quiet'];
const gatedTools = ['get-roots-list', 'trigger-sampling-request'];

/** A client that declares roots and sampling, and answers both. */
async function connectCapable(url: string): Promise<Client> {
  const client = new Client({ name: 'capable', version: '1.0.0' }, { capabilities: { roots: {}, sampling: {} } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///work/project', name: 'project' }] }));
  client.setRequestHandler(CreateMessageRequestSchema, () => ({
    role: 'assistant',
    content: { type: 'text', text: 'a haiku about tests' },
    model: 'test-model',
  }));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }),
  );
  return client;
}

const textOf = (result: unknown) => JSON.stringify((result as { content?: unknown }).content);

/** Captures a session that lists the tools and calls both gated ones, then checks and serves what was written. */
function describeCapture(title: string, upstream: () => string[]) {
  describe(title, () => {
    const out = scratch();
    const seen: { serverInfo?: unknown; prompt?: unknown; got?: unknown } = {};

    beforeAll(async () => {
      const capture = startCliSession(['capture', out, ...serveFlags(), ...upstream()]);
      const baseUrl = await capture.ready('Capturing every tool call');
      const client = await connectCapable(`${baseUrl}/connect/captured/server/mcp`);
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(expect.arrayContaining(gatedTools));
        // Over stdio the local server asks roots/list of the uplink, which asks the client in its session.
        expect(textOf(await client.callTool({ name: 'get-roots-list', arguments: {} }))).toContain('file:///work/project');
        expect(textOf(await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'a haiku' } }))).toContain(
          'a haiku about tests',
        );
        seen.serverInfo = client.getServerVersion();
        seen.prompt = (await client.listPrompts()).prompts.find((prompt) => prompt.name === 'simple-prompt');
        seen.got = await client.getPrompt({ name: 'simple-prompt' });
      } finally {
        await client.close();
      }
      expect(await capture.stop()).toBe(0);
    }, 60_000);

    it('writes a scenario whose server declares the tools the capable client saw, and that mcpsim check passes', async () => {
      const scenario = parse(readFileSync(join(out, 'scenario.yaml'), 'utf8')) as {
        servers: { tools: { name: string }[] }[];
        steps: { call: string }[];
      };
      expect(scenario.servers[0]!.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(gatedTools));
      expect(scenario.steps.map((step) => step.call)).toEqual(gatedTools.map((tool) => `captured/server.${tool}`));
      const check = startCliSession(['check', join(out, 'scenario.yaml')]);
      expect(await check.stop(), check.out.stdout + check.out.stderr).toBe(0);
    });

    it('serve --scenario starts the connection as written: it lists the gated tools and replays their calls', async () => {
      const serve = startCliSession(['serve', ...serveFlags(), '--scenario', join(out, 'scenario.yaml')]);
      const baseUrl = await serve.ready();
      const client = await connectCapable(`${baseUrl}/connect/captured/server/mcp`);
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(gatedTools));
        const roots = await client.callTool({ name: 'get-roots-list', arguments: {} });
        expect(roots._meta?.['mcpsim/source']).toBe('fixture');
        expect(textOf(roots)).toContain('file:///work/project');
        expect(client.getServerVersion()).toEqual(seen.serverInfo);
        expect(seen.serverInfo).toMatchObject({ name: 'mcp-servers/everything', version: '2.0.0', title: 'Everything Reference Server' });
        expect((await client.listPrompts()).prompts.find((prompt) => prompt.name === 'simple-prompt')).toEqual(seen.prompt);
        expect(seen.prompt).toMatchObject({ title: 'Simple Prompt' });
        expect(await client.getPrompt({ name: 'simple-prompt' })).toEqual(seen.got);
        expect(seen.got).not.toHaveProperty('description');
      } finally {
        await client.close();
      }
      expect(serve.out.stderr).toBe('');
      expect(await serve.stop()).toBe(0);
    }, 30_000);
  });
}

describeCapture('capture of server-everything over stdio, driven by a client that declares roots and sampling', () => [
  '--',
  process.execPath,
  everythingEntry,
  'stdio',
]);

let everything: Everything | undefined;
afterAll(async () => everything?.stop());
describeCapture('capture --url of server-everything over HTTP, driven by a client that declares roots and sampling', () => {
  if (!everything) throw new Error('server-everything did not start');
  return ['--url', everything.url];
});
beforeAll(async () => {
  everything = await startEverything();
}, 30_000);
