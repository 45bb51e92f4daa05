/**
 * Capturing real MCP servers (issue 18, items 2–4): `mcpsim capture` (the CLI's own `main`, in
 * process, on a real socket and SQLite file) in front of `@modelcontextprotocol/server-memory`
 * started over stdio from node_modules, and of an MCP SDK server over Streamable HTTP on
 * 127.0.0.1, driven by the real MCP SDK client. What it writes is then used as a user would:
 * `mcpsim test` on the scenario, `registry import` of the entry, `serve --scenario` as a mock.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliSession } from '../support/cli-session.js';
import { parseRegistryRecord } from '../../src/domain/registry-record.js';
import { openDataDirAdmin } from '../../src/platform/data-dir-admin.js';
import { toCanonicalJson } from '../../src/sim/source/canonical-json.js';

const memoryServer = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const apiKey = 'capture-key-0123456789';
const leakedKey = 'sk-proj-abcdefghijklmnop0123456789';
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-capture-'));

async function connect(mcpUrl: string): Promise<Client> {
  const client = new Client({ name: 'capture-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }),
  );
  return client;
}

/** Every file under a directory, as text. */
function readTree(directory: string): string {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((name) => join(directory, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

type Result = { content?: unknown; structuredContent?: unknown; isError?: boolean; _meta?: Record<string, unknown> };
const withoutMeta = ({ _meta, ...rest }: Result) => rest;
const runCli = async (argv: string[]) => {
  const session = startCliSession(argv);
  return { code: await session.stop(), out: session.out };
};

describe('mcpsim capture of server-memory over stdio', () => {
  const out = scratch();
  const recorded: { tool: string; arguments: Record<string, unknown>; result: Result }[] = [];
  let captureOutput = '';

  beforeAll(async () => {
    const capture = startCliSession([
      'capture',
      out,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      scratch(),
      '--api-key',
      apiKey,
      '--quiet',
      '--redact',
      'acct-[0-9]+',
      '--env',
      `MEMORY_FILE_PATH=${join(scratch(), 'memory.jsonl')}`,
      '--',
      process.execPath,
      memoryServer,
    ]);
    const baseUrl = await capture.ready('Capturing every tool call');
    const client = await connect(`${baseUrl}/connect/captured/server/mcp`);
    const session: [string, Record<string, unknown>][] = [
      [
        'create_entities',
        {
          entities: [
            { name: 'Ada', entityType: 'person', observations: [`api key ${leakedKey}`, 'billing acct-4242'] },
            { name: 'Babbage', entityType: 'person', observations: ['built an engine'] },
          ],
        },
      ],
      ['add_observations', { observations: [{ entityName: 'Ada', contents: ['wrote the first program'] }] }],
      ['search_nodes', { query: 'Ada' }],
      ['read_graph', {}],
      ['read_graph', {}],
    ];
    try {
      for (const [tool, args] of session)
        recorded.push({ tool, arguments: args, result: (await client.callTool({ name: tool, arguments: args })) as Result });
    } finally {
      await client.close();
    }
    // Written as it goes: before the capture stops, the scenario already holds every call.
    expect(readFileSync(join(out, 'scenario.yaml'), 'utf8').match(/^ {2}- name: "call \d+/gm)).toHaveLength(5);
    expect(await capture.stop()).toBe(0);
    captureOutput = capture.out.stdout;
  }, 30_000);

  it('writes each call as a fixture entry: model null, the upstream named, occurrences as replay counts them', () => {
    const fixture = JSON.parse(readFileSync(join(out, 'fixtures', 'captured__memory-server', 'read_graph.json'), 'utf8'));
    expect(fixture.server).toBe('@captured/memory-server');
    expect(fixture.calls.map((entry: { occurrence: number }) => entry.occurrence)).toEqual([1, 2]);
    for (const entry of fixture.calls) {
      expect(entry.model).toBeNull();
      expect(entry.upstream).toBe('the local server paired with captured/server');
      expect(Object.keys(entry).sort()).toEqual(['arguments', 'model', 'occurrence', 'recordedAt', 'result', 'upstream']);
    }
    expect(fixture.calls[0].result).toEqual(
      JSON.parse(
        JSON.stringify(withoutMeta(recorded[3]!.result))
          .replaceAll(leakedKey, '[redacted:openai-key]')
          .replaceAll('acct-4242', '[redacted:pattern]'),
      ),
    );
  });

  it('redacts secrets and --redact matches before anything is written, and reports where (never the value)', () => {
    const written = readTree(out);
    expect(written).not.toContain(leakedKey);
    expect(written).not.toContain('acct-4242');
    expect(written).toContain('api key [redacted:openai-key]');
    const report = JSON.parse(readFileSync(join(out, 'redactions.json'), 'utf8')) as {
      call: number;
      tool: string;
      path: string;
      kind: string;
    }[];
    expect(report).toContainEqual({
      connection: 'captured/server',
      tool: 'create_entities',
      call: 1,
      path: '$.arguments.entities[0].observations[0]',
      kind: 'openai-key',
    });
    expect(report).toContainEqual({
      connection: 'captured/server',
      tool: 'read_graph',
      call: 5,
      path: '$.result.structuredContent.entities[0].observations[1]',
      kind: 'pattern',
    });
    expect(captureOutput).toContain('Captured 5 tool calls from @captured/memory-server.');
    expect(captureOutput).toContain('call 1 captured/server create_entities $.arguments.entities[0].observations[0]: openai-key');
    expect(captureOutput).not.toContain(leakedKey);
  });

  it('writes the tools/list and serverInfo as a registry entry that registry import accepts', () => {
    const entries = JSON.parse(readFileSync(join(out, 'registry.json'), 'utf8')) as unknown[];
    expect(entries).toHaveLength(1);
    const parsed = parseRegistryRecord(entries[0]);
    expect(parsed.ok).toBe(true);
    expect(entries[0]).toMatchObject({ qualifiedName: '@captured/memory-server', serverInfo: { name: 'memory-server' } });
    expect((entries[0] as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['create_entities', 'read_graph', 'search_nodes', 'delete_entities']),
    );
    const admin = openDataDirAdmin(scratch());
    try {
      expect(admin.importRegistry(join(out, 'registry.json'))).toMatchObject({ read: 1, created: 1 });
    } finally {
      admin.close();
    }
  });

  it('writes a scenario that mcpsim test passes at once, with a seed world inferred from the results', async () => {
    const scenario = readFileSync(join(out, 'scenario.yaml'), 'utf8');
    expect(scenario).toContain('call: captured/server.create_entities');
    expect(scenario).toMatch(/entity:\n\s+Ada:\n\s+name: Ada/);
    const run = await runCli(['test', join(out, 'scenario.yaml')]);
    expect(run.out.stdout).toContain('5 passed, 0 failed');
    expect(run.code).toBe(0);
  });

  it('serves a mock from it: recorded calls replay byte-identically, unrecorded ones answer from the seeded world', async () => {
    const serve = startCliSession([
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      scratch(),
      '--api-key',
      apiKey,
      '--quiet',
      '--scenario',
      join(out, 'scenario.yaml'),
    ]);
    const baseUrl = await serve.ready();
    const client = await connect(`${baseUrl}/connect/captured/server/mcp`);
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
    try {
      // Unrecorded: the entities the captured session created are in the world.
      const search = await call('search_nodes', { query: 'Babbage' });
      expect(search._meta?.['mcpsim/source']).toBe('simulated');
      expect(search.structuredContent).toMatchObject({
        entities: [{ name: 'Babbage', entityType: 'person', observations: ['built an engine'] }],
      });
      // The session made no relations, so none may be made up to fill the required list.
      expect((search.structuredContent as { relations: unknown[] }).relations).toEqual([]);
      // Recorded: byte for byte what the real server answered (redacted; the fixture file sorts keys, so compare canonically).
      const graph = await call('read_graph', {});
      expect(graph._meta?.['mcpsim/source']).toBe('fixture');
      const fixture = JSON.parse(readFileSync(join(out, 'fixtures', 'captured__memory-server', 'read_graph.json'), 'utf8'));
      expect(toCanonicalJson(withoutMeta(graph))).toBe(toCanonicalJson(fixture.calls[0].result));
      expect(toCanonicalJson(withoutMeta(graph))).toBe(
        toCanonicalJson(withoutMeta(recorded[3]!.result))
          .replaceAll(leakedKey, '[redacted:openai-key]')
          .replaceAll('acct-4242', '[redacted:pattern]'),
      );
      // An unrecorded delete, then the read no longer shows what it deleted.
      expect((await call('delete_entities', { entityNames: ['Ada'] }))._meta?.['mcpsim/source']).toBe('simulated');
      const after = await call('read_graph', {});
      expect(after._meta?.['mcpsim/source']).toBe('simulated');
      expect(JSON.stringify(after.structuredContent)).toContain('Babbage');
      expect(JSON.stringify(after.structuredContent)).not.toContain('Ada');
      expect((after.structuredContent as { relations: unknown[] }).relations).toEqual([]);
      // A reset goes back to the seeded world: nothing unrecorded has happened, so the recording replays again.
      expect(
        (
          await fetch(`${baseUrl}/__mcpsim/connections/captured/server/memory`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${apiKey}` },
          })
        ).status,
      ).toBeLessThan(300);
      const again = await call('read_graph', {});
      expect(again._meta?.['mcpsim/source']).toBe('fixture');
      expect(toCanonicalJson(withoutMeta(again))).toBe(toCanonicalJson(fixture.calls[0].result));
    } finally {
      await client.close();
      expect(await serve.stop()).toBe(0);
    }
  }, 30_000);
});

describe('mcpsim capture over Streamable HTTP', () => {
  const secretHeader = 'Bearer upstream-secret-token-0042';
  const secretQuery = 'query-secret-77';
  let upstream: Server;
  let upstreamUrl: string;

  beforeAll(async () => {
    // A real SDK server that echoes the credentials it received, as careless servers do.
    upstream = createServer(async (request, response) => {
      const server = new McpServer({ name: 'echo-http', version: '2.0.0' });
      server.registerTool('whoami', { description: 'Says who is calling.', inputSchema: {} }, async (_args, extra) => ({
        content: [{ type: 'text', text: `authorization=${String(extra.requestInfo?.headers.authorization)} url=${request.url}` }],
      }));
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
      response.on('close', () => void transport.close());
      await server.connect(transport);
      await transport.handleRequest(request, response);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp?key=${secretQuery}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('relays and records through a real HTTP connection; its header and query values never reach a file', async () => {
    const out = scratch();
    const capture = startCliSession([
      'capture',
      out,
      '--url',
      upstreamUrl,
      '--header',
      `Authorization=${secretHeader}`,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      scratch(),
      '--api-key',
      apiKey,
      '--quiet',
    ]);
    const baseUrl = await capture.ready('Capturing every tool call');
    const client = await connect(`${baseUrl}/connect/captured/server/mcp`);
    try {
      const result = (await client.callTool({ name: 'whoami', arguments: {} })) as Result;
      // The client got the upstream's answer as is: capture changes only what is written.
      expect(JSON.stringify(result.content)).toContain(secretHeader);
    } finally {
      await client.close();
    }
    expect(await capture.stop()).toBe(0);
    const written = readTree(out);
    expect(written).not.toContain('upstream-secret-token-0042');
    expect(written).not.toContain(secretQuery);
    const fixture = JSON.parse(readFileSync(join(out, 'fixtures', 'captured__echo-http', 'whoami.json'), 'utf8'));
    expect(fixture.calls[0].result.content[0].text).toBe(
      'authorization=[redacted:connection-secret] url=/mcp?key=[redacted:connection-secret]',
    );
    expect(fixture.calls[0].upstream).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?key=\[redacted:connection-secret\]$/);
    const report = JSON.parse(readFileSync(join(out, 'redactions.json'), 'utf8'));
    expect(report).toContainEqual({
      connection: 'captured/server',
      tool: 'whoami',
      call: 1,
      path: '$.result.content[0].text',
      kind: 'connection-secret',
    });
    expect(existsSync(join(out, 'scenario.yaml'))).toBe(true);
    expect((await runCli(['test', join(out, 'scenario.yaml')])).code).toBe(0);
  }, 30_000);

  it('serve --capture records the REST .tools calls of every real connection, and nothing of mock ones', async () => {
    const out = scratch();
    const serve = startCliSession([
      'serve',
      '--capture',
      out,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      scratch(),
      '--api-key',
      apiKey,
      '--quiet',
    ]);
    const baseUrl = await serve.ready();
    const request = (method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    try {
      expect((await request('PUT', '/connect/demo/echo', { mcpUrl: upstreamUrl, headers: { authorization: secretHeader } })).status).toBe(
        201,
      );
      expect((await request('POST', '/connect/demo/echo/.tools/whoami', {})).status).toBe(200);
      expect((await request('POST', '/connect/demo/time/.tools/get_current_time', { timezone: 'UTC' })).status).toBe(200);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(serve.out.stdout).toContain('Captured 1 tool call from @captured/echo-http.');
    const fixture = JSON.parse(readFileSync(join(out, 'fixtures', 'captured__echo-http', 'whoami.json'), 'utf8'));
    expect(fixture.calls).toHaveLength(1);
    expect(readTree(out)).not.toContain('upstream-secret-token-0042');
    expect(readTree(out)).not.toContain(secretQuery);
    expect(readTree(out)).not.toContain('get_current_time');
    // No client listed the tools: the relay did, so the registry entry and the scenario have them.
    expect(JSON.parse(readFileSync(join(out, 'registry.json'), 'utf8'))[0].tools.map((tool: { name: string }) => tool.name)).toEqual([
      'whoami',
    ]);
    expect((await runCli(['test', join(out, 'scenario.yaml')])).code).toBe(0);
  }, 30_000);

  it('refuses a capture without exactly one upstream, naming both ways, and a --redact that is not a regular expression', async () => {
    const run = await runCli(['capture', scratch()]);
    expect(run.code).toBe(2);
    expect(run.out.stderr).toContain('capture needs exactly one upstream: a command after --, or --url <http-url>');
    const badPattern = await runCli(['capture', scratch(), '--redact', 'acct-[', '--', process.execPath, memoryServer]);
    expect(badPattern.code).toBe(2);
    expect(badPattern.out.stderr).toContain('--redact "acct-[" is not a regular expression');
  });

  it('stops with exit 1 when the local server does not start, saying why, instead of capturing nothing', async () => {
    const run = await runCli([
      'capture',
      scratch(),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      scratch(),
      '--api-key',
      apiKey,
      '--quiet',
      '--',
      process.execPath,
      '-e',
      'process.stderr.write("no config\\n"); process.exit(3)',
    ]);
    expect(run.code).toBe(1);
    expect(run.out.stderr).toContain('nothing to capture: the local server');
    expect(run.out.stderr).toContain('no config');
  }, 30_000);
});
