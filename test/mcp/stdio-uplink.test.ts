/**
 * Local stdio servers as upstreams (issue 18, item 1): mcpsim starts a real stdio MCP server (a
 * child process, the SDK's stdio client transport) and pairs it with an uplink connection; the
 * real MCP SDK client, REST tool calls and namespace listings reach it through the real server on
 * 127.0.0.1. A server that crashes, hangs or writes garbage gives a clear status within the
 * upstream timeout; its exit code and stderr are reported; its environment is what was given.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { pairStdioServer } from '../../src/platform/stdio-pairing.js';

const oddServer = join(import.meta.dirname, '..', 'support', 'stdio-odd-server.mjs');
const echoServer = join(import.meta.dirname, '..', 'support', 'stdio-mcp-server.mjs');

describe('stdio servers paired with uplink connections', () => {
  let harness: Harness;
  const ended: Promise<string>[] = [];

  beforeAll(async () => {
    harness = await startHarness('socket', { upstreamCallTimeoutMs: 1000 });
    await harness.call('PUT', '/namespaces/local');
    for (const id of ['echo', 'odd', 'crash', 'hang', 'garbage', 'missing'])
      expect((await harness.call('PUT', `/connect/local/${id}`, { body: { transport: 'uplink' } })).status).toBe(201);
    await harness.call('PUT', '/connect/local/mocked', { body: { server: '@modelcontextprotocol/time', mock: { enabled: true } } });
  });
  afterAll(async () => {
    await harness.close();
    // Closing the platform ends every pairing: the processes stop (stdin closed, then SIGTERM).
    await Promise.all(ended);
  });

  function pair(id: string, command: string, args: string[], env?: Record<string, string>) {
    const pairing = pairStdioServer(harness.platform, { namespace: 'local', connectionId: id }, { command, args, ...(env ? { env } : {}) });
    ended.push(pairing.ended);
    return pairing;
  }

  it('relays the real MCP client, REST tool calls and namespace listings to the process, with serverInfo in the status', async () => {
    expect((await harness.call('GET', '/connect/local/echo')).body.status).toEqual({ state: 'disconnected' });
    await pair('echo', process.execPath, [echoServer]).ready;
    expect((await harness.call('GET', '/connect/local/echo')).body).toMatchObject({
      status: { state: 'connected' },
      serverInfo: { name: 'stdio-test-server', version: '1.0.0' },
    });

    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/local/echo/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'add']);
      expect((await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).structuredContent).toEqual({ sum: 42 });
    } finally {
      await client.close();
    }
    const rest = await harness.call('POST', '/local/echo/.tools/echo', { body: { text: 'over stdio' } });
    expect(rest.status).toBe(200);
    expect(JSON.stringify(rest.body)).toContain('echo: over stdio');
    expect(JSON.stringify((await harness.call('GET', '/local/.tools')).body)).toContain('"add"');
  });

  it('gives the process only the safe default environment and what was given; disconnected with exit code and stderr once it ends', async () => {
    const secret = 'sk-odd-0123456789abcdef';
    const pairing = pair('odd', process.execPath, [oddServer, 'serve'], { ODD_SECRET: secret });
    await pairing.ready;
    const called = await harness.call('POST', '/connect/local/odd/.tools/secret', { body: {} });
    // The variable given explicitly arrives, HOME is inherited, the rest of this process's environment is not.
    process.env.ODD_OTHER = 'leaked';
    expect(JSON.stringify(called.body)).toContain(`secret=${secret} home=set other=unset`);
    delete process.env.ODD_OTHER;

    // A tool call the process never answers is bounded by the call timeout, like an HTTP upstream's.
    const started = Date.now();
    const stalled = await harness.call('POST', '/connect/local/odd/mcp', {
      body: { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'stall', arguments: {} } },
    });
    expect(Date.now() - started).toBeLessThan(10_000); // 10× the 1 s call timeout: it fired
    expect(stalled.status).toBe(502);
    expect(stalled.body.error.message).toMatch(/did not answer within 1000 ms|timed out/);

    await harness.call('POST', '/connect/local/odd/.tools/quit', { body: {} });
    expect(await pairing.ended).toBe(`the process "${process.execPath}" exited with code 7; its last stderr lines: quitting as asked`);
    await eventually(async () => expect((await harness.call('GET', '/connect/local/odd')).body.status).toEqual({ state: 'disconnected' }));
    const after = await harness.call('POST', '/connect/local/odd/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(after.status).toBe(502);
    expect(after.body.error.message).toContain('no local server paired to it');
    // The environment is never written anywhere the platform reports.
    expect(JSON.stringify([(await harness.call('GET', '/connect/local/odd')).body, harness.logged])).not.toContain(secret);
  });

  it('a server that crashes on start: status error with the exit code and its stderr', async () => {
    const started = Date.now();
    await expect(pair('crash', process.execPath, [oddServer, 'crash']).ready).rejects.toThrow();
    // The status below names the exit, so the start timeout did not end it; the bound only proves nothing hangs.
    expect(Date.now() - started).toBeLessThan(15_000);
    const { status } = (await harness.call('GET', '/connect/local/crash')).body;
    expect(status.state).toBe('error');
    expect(status.message).toContain('exited with code 3; its last stderr lines: starting odd server | Error: ODD_TOKEN is not set');
  });

  it('a server that hangs on start, or writes garbage to stdout: status error within the upstream timeout, and calls fail at once', async () => {
    // A platform of its own whose pairing bound is short (the suite's is long, for a busy machine): the test proves it fires.
    const quick = await startHarness('socket', { uplinkTimeoutMs: 1500 });
    try {
      await quick.call('PUT', '/namespaces/local');
      // The two wait out the pairing bound side by side.
      const check = async (id: string) => {
        await quick.call('PUT', `/connect/local/${id}`, { body: { transport: 'uplink' } });
        const started = Date.now();
        const pairing = pairStdioServer(
          quick.platform,
          { namespace: 'local', connectionId: id },
          { command: process.execPath, args: [oddServer, id] },
        );
        ended.push(pairing.ended);
        await expect(pairing.ready).rejects.toThrow(/did not answer within 1500 ms|timed out/);
        expect(Date.now() - started).toBeLessThan(15_000); // 10× the 1.5 s upstream timeout: it fired
        const { status } = (await quick.call('GET', `/connect/local/${id}`)).body;
        expect(status).toMatchObject({ state: 'error' });
        expect(status.message).toContain('failed to initialize');
        const call = await quick.call('POST', `/connect/local/${id}/mcp`, { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
        expect(call.status).toBe(502);
        expect(call.body.error.message).toContain('no local server paired to it');
      };
      await Promise.all(['hang', 'garbage'].map(check));
    } finally {
      await quick.close();
    }
  });

  it('a command that does not exist, and a connection that is not an uplink one, are refused clearly', async () => {
    await expect(pair('missing', join(mkdtempSync(join(tmpdir(), 'mcpsim-')), 'no-such-server'), []).ready).rejects.toThrow(/ENOENT/);
    expect((await harness.call('GET', '/connect/local/missing')).body.status).toMatchObject({
      state: 'error',
      message: expect.stringContaining('did not start'),
    });
    await expect(pair('mocked', process.execPath, [echoServer]).ready).rejects.toThrow(
      'local/mocked is not an uplink connection (transport "http"); create it with {"transport":"uplink"}',
    );
    await expect(pair('nobody', process.execPath, [echoServer]).ready).rejects.toThrow('not a connection of the local account');
  });
});

describe('mcpsim uplink and serve --uplink (in-process CLI)', () => {
  /** Runs `main(args)` until every `Paired ... MCP URL: <url>` line has been printed; `stop` sends SIGTERM and awaits the exit code. */
  async function startCli(args: string[], pairs: number) {
    const { main } = await import('../../src/cli/main.js');
    let shutdown: ((signal: string) => void) | undefined;
    const output = { stdout: '', stderr: '' };
    const urls: string[] = [];
    let paired!: () => void;
    const allPaired = new Promise<void>((resolve) => (paired = resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-uplink-'));
    const code = main(
      [...args.slice(0, 1), '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, '--api-key', testApiKey, '-q', ...args.slice(1)],
      {
        stdout(text) {
          output.stdout += text;
          const url = /^Paired .*MCP URL: (\S+)/.exec(text)?.[1];
          if (url) urls.push(url);
          if (urls.length === pairs) paired();
        },
        stderr: (text) => void (output.stderr += text),
        env: {},
        onShutdownSignal: (handler) => void (shutdown = handler),
      },
    );
    await Promise.race([allPaired, code.then((exit) => Promise.reject(new Error(`exited ${exit}: ${output.stdout}${output.stderr}`)))]);
    return { urls, output, stop: () => (shutdown!('SIGTERM'), code) };
  }

  async function callTool(url: string, name: string, args: Record<string, unknown>): Promise<string> {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${testApiKey}` } } }),
    );
    try {
      return JSON.stringify(await client.callTool({ name, arguments: args }));
    } finally {
      await client.close();
    }
  }

  it('uplink: serves, pairs the command with <ns>/<id> (created when missing), never prints --env values, and stops the process on shutdown', async () => {
    const secret = 'sk-cli-secret-0123456789';
    const cli = await startCli(['uplink', 'tools/odd', '--env', `ODD_SECRET=${secret}`, '--', process.execPath, oddServer, 'serve'], 1);
    const [url] = cli.urls as [string];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\/tools\/odd\/mcp$/);
    expect(await callTool(url, 'secret', {})).toContain(`secret=${secret}`);
    const status = await fetch(url.replace(/\/mcp$/, ''), { headers: { authorization: `Bearer ${testApiKey}` } }).then((response) =>
      response.json(),
    );
    expect(status).toMatchObject({
      transport: 'uplink',
      status: { state: 'connected' },
      serverInfo: { name: 'odd-server', version: '2.0.0' },
    });

    // The banner's MCP URL is the paired connection's.
    expect(cli.output.stdout).toMatch(new RegExp(`MCP URL for an MCP client[^\\n]*\\n\\s*${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(await cli.stop()).toBe(0);
    expect(cli.output.stdout).toContain('mcpsim stopped.');
    expect(cli.output.stdout + cli.output.stderr).not.toContain(secret);
  });

  it('serve --uplink: several local servers, leading KEY=VALUE words as their environment; an ended one is reported', async () => {
    const cli = await startCli(
      [
        'serve',
        '--uplink',
        `a/odd=ODD_SECRET=s3cr3t-value ${process.execPath} ${oddServer} serve`,
        '--uplink',
        `a/echo=${process.execPath} ${echoServer}`,
      ],
      2,
    );
    expect(cli.urls.map((url) => new URL(url).pathname)).toEqual(['/connect/a/odd/mcp', '/connect/a/echo/mcp']);
    expect(await callTool(cli.urls[0]!, 'secret', {})).toContain('secret=s3cr3t-value');
    expect(await callTool(cli.urls[1]!, 'echo', { text: 'hi' })).toContain('echo: hi');
    await callTool(cli.urls[0]!, 'quit', {});
    await eventually(async () => expect(cli.output.stderr).toContain('The local server of a/odd ended: the process'));
    expect(cli.output.stderr).toContain('exited with code 7; its last stderr lines: quitting as asked. a/odd is now disconnected.');
    expect(await cli.stop()).toBe(0);
    expect(cli.output.stdout + cli.output.stderr).not.toContain('s3cr3t-value');
  });

  it('refuses a missing target or command with a usage error', async () => {
    const { main } = await import('../../src/cli/main.js');
    let stderr = '';
    const io = { stdout() {}, stderr: (text: string) => void (stderr += text), env: {}, onShutdownSignal() {} };
    expect(await main(['uplink', 'no-slash', '--', 'node'], io)).toBe(2);
    expect(stderr).toContain('uplink needs <namespace>/<id> first');
    expect(await main(['uplink', 'local/x'], io)).toBe(2);
    expect(stderr).toContain("uplink needs the server's command after --");
    expect(await main(['uplink', 'local/x', '--env', 'NOVALUE', '--', 'node'], io)).toBe(2);
    expect(stderr).toContain('--env takes KEY=VALUE');
    expect(await main(['serve', '--uplink', 'local/x'], io)).toBe(2);
    expect(stderr).toContain('--uplink takes <namespace>/<id>=<command line>');
    expect(await main(['serve', '--uplink', 'local/x= '], io)).toBe(2);
    expect(stderr).toContain(
      'mcpsim serve: serve needs the server\'s command after "=", e.g. mcpsim serve --uplink "local/files=node server.js"',
    );
  });
});

describe('real MCP servers from npm over stdio (pinned dev dependencies, started from node_modules)', () => {
  const packageEntry = (name: string) =>
    join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
  let harness: Harness;
  const ended: Promise<string>[] = [];

  beforeAll(async () => {
    harness = await startHarness('socket', { upstreamTimeoutMs: 10_000 });
    await harness.call('PUT', '/namespaces/npm');
    for (const id of ['memory', 'everything']) await harness.call('PUT', `/connect/npm/${id}`, { body: { transport: 'uplink' } });
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all(ended);
  });

  async function connectClient(id: string): Promise<Client> {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/connect/npm/${id}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
      }),
    );
    return client;
  }

  it('@modelcontextprotocol/server-memory: a knowledge graph built and searched through mcpsim, its file where --env put it', async () => {
    const memoryFile = join(mkdtempSync(join(tmpdir(), 'mcpsim-memory-')), 'memory.jsonl');
    const pairing = pairStdioServer(
      harness.platform,
      { namespace: 'npm', connectionId: 'memory' },
      { command: process.execPath, args: [packageEntry('server-memory')], env: { MEMORY_FILE_PATH: memoryFile } },
    );
    ended.push(pairing.ended);
    await pairing.ready;
    expect((await harness.call('GET', '/connect/npm/memory')).body).toMatchObject({
      status: { state: 'connected' },
      serverInfo: { name: 'memory-server' },
    });
    const client = await connectClient('memory');
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(['create_entities', 'add_observations', 'read_graph', 'search_nodes', 'delete_entities']),
      );
      await client.callTool({
        name: 'create_entities',
        arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] },
      });
      const found = await client.callTool({ name: 'search_nodes', arguments: { query: 'program' } });
      expect(JSON.stringify(found)).toContain('Ada');
    } finally {
      await client.close();
    }
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(memoryFile, 'utf8')).toContain('"Ada"');
  });

  it('@modelcontextprotocol/server-everything: tools listed and called through mcpsim', async () => {
    const pairing = pairStdioServer(
      harness.platform,
      { namespace: 'npm', connectionId: 'everything' },
      { command: process.execPath, args: [packageEntry('server-everything'), 'stdio'] },
    );
    ended.push(pairing.ended);
    await pairing.ready;
    const client = await connectClient('everything');
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toContain('echo');
      expect(JSON.stringify(await client.callTool({ name: 'echo', arguments: { message: 'hello over stdio' } }))).toContain(
        'hello over stdio',
      );
    } finally {
      await client.close();
    }
    const rest = await harness.call('POST', '/npm/everything/.tools/echo', { body: { message: 'via REST' } });
    expect(JSON.stringify(rest.body)).toContain('via REST');
  });
});
