/**
 * The official CLI (`@smithery/cli` 4.11, the `smithery` binary) end to end against the real
 * server on 127.0.0.1, configured only by its environment variables, with no network: every
 * command of issue 17 (namespaces, search, connections, tools, tokens, login, uplink pairing).
 * Nothing may leave 127.0.0.1: the children run with a guard that refuses it, and every test ends
 * by reading the guard's log.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toStoredKey } from '../../src/domain/api-key.js';
import { startHarness, testApiKey, type Harness } from '../support/harness.js';
import { eventually } from '../support/eventually.js';
import { startUpstream } from '../support/upstream-servers.js';
import { cliEnvironment, guardPreload, parseJson, readGuardLog, runCli, startCli } from '../support/official-cli.js';

/**
 * The one lookup the CLI makes that the guard refuses on purpose: `mcp add <https URL>` resolves
 * the host to tell a local server (uplink) from a remote one, and takes a failed lookup as remote.
 */
const expectedRefusals = ['mcpsim test guard: a DNS lookup of server.smithery.ai would leave 127.0.0.1'];

describe('the official CLI against mcpsim', () => {
  let harness: Harness;
  let folder: string;
  let guardLog: string;
  let env: NodeJS.ProcessEnv;
  const smithery = (...args: string[]) => runCli(['--json', ...args], env);

  beforeAll(async () => {
    harness = await startHarness('socket');
    folder = mkdtempSync(join(tmpdir(), 'mcpsim-cli-'));
    guardLog = join(folder, 'guard.log');
    env = cliEnvironment({ baseUrl: harness.baseUrl, apiKey: testApiKey, home: join(folder, 'home'), guardLog });
  });
  afterEach(() => {
    expect(readGuardLog(guardLog).filter((line) => !expectedRefusals.includes(line))).toEqual([]);
  });
  afterAll(async () => {
    await harness.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs under a guard that refuses connections and lookups off loopback', async () => {
    const probeLog = join(folder, 'probe.log');
    const probe = runNode(`fetch('http://192.0.2.1/').catch((e) => { console.log(String(e.cause?.message ?? e.message)); })`, probeLog);
    expect((await probe).stdout).toContain('mcpsim test guard: a connection to 192.0.2.1:80 would leave 127.0.0.1');
    const lookup = runNode(`require('node:dns').lookup('example.com', (e) => console.log(String(e?.message)))`, probeLog);
    await expect(lookup).rejects.toThrow(/a DNS lookup of example\.com would leave 127\.0\.0\.1/);
    expect(readGuardLog(probeLog)).toHaveLength(2);
    const loopback = runNode(`fetch('${harness.baseUrl}/health').then((r) => console.log(r.status))`, probeLog);
    expect((await loopback).stdout.trim()).toBe('200');
  });

  it('lists, creates and uses namespaces, and searches the registry', async () => {
    expect(parseJson(await smithery('namespace', 'list')).namespaces).toContain('demo');
    await smithery('namespace', 'create', 'clitest');
    expect((await harness.call('GET', '/namespaces')).body.namespaces.map((n: { name: string }) => n.name)).toContain('clitest');
    await smithery('namespace', 'use', 'clitest');
    expect(parseJson(await smithery('namespace', 'list')).current).toBe('clitest');
    const found = parseJson(await smithery('mcp', 'search', 'time'));
    expect(JSON.stringify(found)).toContain('@modelcontextprotocol/time');
  });

  it('adds owner/name and a hosted URL, gets, lists (more than one page), updates and removes connections', async () => {
    const byName = parseJson(await smithery('mcp', 'add', '@modelcontextprotocol/time'));
    expect(byName).toMatchObject({ mcpUrl: 'https://server.smithery.ai/@modelcontextprotocol/time', status: { state: 'connected' } });
    const byUrl = parseJson(await smithery('mcp', 'add', 'https://server.smithery.ai/@modelcontextprotocol/time', '--id', 't1'));
    expect(byUrl).toMatchObject({ connectionId: 't1', status: { state: 'connected' }, serverInfo: { name: expect.any(String) } });
    expect(parseJson(await smithery('mcp', 'get', 't1'))).toMatchObject({
      connectionId: 't1',
      mcpUrl: 'https://server.smithery.ai/@modelcontextprotocol/time',
    });

    const updated = parseJson(await smithery('mcp', 'update', 't1', '--name', 'Renamed', '--metadata', '{"team":"a"}'));
    expect(updated).toMatchObject({ connectionId: 't1', name: 'Renamed', metadata: { team: 'a' } });
    expect((await harness.call('GET', '/connect/clitest/t1')).body).toMatchObject({ name: 'Renamed', metadata: { team: 'a' } });

    // 101 connections: the default page is 100, so the CLI follows nextCursor.
    await harness.call('PUT', '/namespaces/many');
    for (let index = 0; index < 101; index += 1) {
      await harness.call('PUT', `/connect/many/c${String(index).padStart(3, '0')}`, {
        body: { server: '@modelcontextprotocol/time', mock: { enabled: true } },
      });
    }
    const listed = parseJson(await smithery('mcp', 'list', '--namespace', 'many'));
    expect(listed.servers).toHaveLength(101);
    expect(new Set(listed.servers.map((server: { id: string }) => server.id)).size).toBe(101);

    expect(parseJson(await smithery('mcp', 'remove', byName.connectionId))).toEqual({ removed: [byName.connectionId] });
    expect((await harness.call('GET', `/connect/clitest/${byName.connectionId}`)).status).toBe(404);
  });

  it('adds a registry server that declares a required header as a mock that answers at once, with no credential asked', async () => {
    // The catalog's Notion entry requires an Authorization header: the real server would; mcpsim plays it and needs none.
    const added = parseJson(await smithery('mcp', 'add', '@makenotion/notion-mcp-server', '--id', 'notes'));
    expect(added).toMatchObject({ connectionId: 'notes', status: { state: 'connected' } });
    expect((await smithery('tool', 'list', 'notes')).stdout).toContain('API-get-self');
  });

  it('starts a new mock of a registry server with a small world from its tools: the signed-in user and one of each kind', async () => {
    parseJson(await smithery('mcp', 'add', '@github/github-mcp-server', '--id', 'gh'));
    // What the dashboard's world page and the simulator (serve's default on a miss) read: the memory's world.
    const memory = await harness.call('GET', '/__mcpsim/connections/clitest/gh/memory');
    expect(memory.status, JSON.stringify(memory.body)).toBe(200);
    expect(memory.body.world.entities.me).toEqual({
      default: { id: 'default', login: 'ada', name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    // GitHub titles its issues (`issue_write(title)`, the REST API's `title`): the example issue is named where explain says.
    expect(memory.body.world.entities.issue).toEqual({ '1': { number: 1, title: expect.stringMatching(/^[A-Z]\S* \S/) } });
    expect(Object.keys(memory.body.world.entities)).toEqual(expect.arrayContaining(['me', 'repository', 'issue', 'pull_request']));
  });

  it('lists, finds, gets and calls tools of a mock connection', async () => {
    const tools = (await smithery('tool', 'list', 't1')).stdout;
    expect(tools).toContain('get_current_time');
    expect(tools).toContain('convert_time');
    expect((await smithery('tool', 'find', 't1', 'current')).stdout).toContain('get_current_time');
    expect(parseJson(await smithery('tool', 'get', 't1', 'get_current_time'))).toMatchObject({
      name: 'get_current_time',
      connection: 't1',
      inputSchema: { type: 'object' },
    });
    const called = parseJson(await smithery('tool', 'call', 't1', 'get_current_time', '{"timezone":"Europe/Berlin"}'));
    expect(called).toMatchObject({ isError: false, content: [{ type: 'text', text: expect.stringContaining('Europe/Berlin') }] });
  });

  it('mints a restricted token with auth token --policy', async () => {
    const minted = parseJson(
      await smithery('auth', 'token', '--policy', '{"resources":"connections","operations":"read","namespaces":"clitest"}'),
    );
    expect(minted.token).toMatch(/^mcps_/);
    expect((await harness.call('GET', '/connect/clitest', { key: minted.token })).status).toBe(200);
    expect((await harness.call('GET', '/connect/many', { key: minted.token })).status).toBe(403);
  });

  it('logs in with auth login, approved over HTTP, and saves a new labelled key that works', async () => {
    const home = join(folder, 'login-home');
    const loginEnv = cliEnvironment({ baseUrl: harness.baseUrl, apiKey: null, home, guardLog });
    const login = startCli(['auth', 'login'], loginEnv);
    try {
      const started = await eventually(async () => {
        const line = login
          .output()
          .stdout.split('\n')
          .find((text) => text.includes('"auth_url"'));
        if (!line) throw new Error(`no auth_url yet: ${login.output().stdout}${login.output().stderr}`);
        return JSON.parse(line) as { auth_url: string; session_id: string };
      });
      expect(started.auth_url).toBe(`${harness.baseUrl}/api/auth/cli/approve/${started.session_id}`);
      // A person's browser on the page: it shows the form with its CSRF token and cookie, then submits
      // it with the account's key (the server has a configured key, so approving is not one click).
      const shown = await fetch(started.auth_url);
      const csrf = /name="csrf" value="([0-9a-f]*)"/.exec(await shown.text())?.[1] ?? '';
      const cookie = (shown.headers.get('set-cookie') ?? '').split(';')[0]!;
      const approved = await fetch(started.auth_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: `csrf=${csrf}&apiKey=${testApiKey}`,
      });
      expect(approved.status).toBe(200);
      const exited = await Promise.race([
        login.exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('auth login did not finish in 10 s')), 10_000)),
      ]);
      expect(exited.code, exited.stdout + exited.stderr).toBe(0);
      expect(exited.stdout).toContain('Successfully logged in');
    } finally {
      login.kill();
    }
    const settings = JSON.parse(readFileSync(join(home, '.smithery', 'settings.json'), 'utf8')) as { apiKey: string; namespace?: string };
    expect(settings.apiKey).toMatch(/^mcpsim_sk_/);
    expect(harness.platform.stores.accounts.keyLabel(toStoredKey(settings.apiKey).hash)).toBe('created by a CLI login');
    // The saved key serves the next command.
    expect(parseJson(await runCli(['--json', 'namespace', 'list'], loginEnv)).namespaces).toContain('demo');
  }, 30_000);

  it('pairs a local stdio server with mcp add -- node ..., relays MCP to it while it runs, and reads disconnected once stopped', async () => {
    await harness.call('PUT', '/namespaces/paired');
    const uplink = startCli(
      ['mcp', 'add', '--id', 'local', '--namespace', 'paired', '--', process.execPath, 'test/support/stdio-mcp-server.mjs'],
      env,
    );
    const client = new Client({ name: 'official-cli-test', version: '1.0.0' });
    try {
      await eventually(async () => {
        const read = await harness.call('GET', '/paired/local');
        expect(read.body, JSON.stringify(uplink.output())).toMatchObject({
          transport: 'uplink',
          status: { state: 'connected' },
          serverInfo: { name: 'stdio-test-server' },
        });
      }, 15_000);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${harness.baseUrl}/paired/local/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${testApiKey}` } },
        }),
      );
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'add']);
      expect(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } })).toMatchObject({ structuredContent: { sum: 42 } });
      const rest = await harness.call('POST', '/connect/paired/local/.tools/echo', { body: { text: 'hi' } });
      expect(JSON.stringify(rest.body)).toContain('echo: hi');
    } finally {
      await client.close();
      // Stopped hard: on SIGINT or SIGTERM the CLI deletes the connection it made (its own cleanup).
      uplink.kill('SIGKILL');
    }
    await Promise.race([uplink.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await eventually(async () => {
      const read = await harness.call('GET', '/paired/local');
      expect(read.body?.status, JSON.stringify(read.body)).toEqual({ state: 'disconnected' });
    });
  }, 40_000);

  it('pairs a local HTTP server with mcp add http://127.0.0.1:…/mcp (an uplink too) and relays tool calls to it', async () => {
    const upstream = await startUpstream('healthy', { name: 'local-http' });
    await harness.call('PUT', '/namespaces/paired-http');
    const uplink = startCli(['mcp', 'add', upstream.url, '--id', 'web', '--namespace', 'paired-http'], env);
    try {
      await eventually(async () => {
        const read = await harness.call('GET', '/paired-http/web');
        expect(read.body, JSON.stringify(uplink.output())).toMatchObject({
          transport: 'uplink',
          status: { state: 'connected' },
          serverInfo: { name: 'local-http' },
        });
      }, 15_000);
      const called = await harness.call('POST', '/paired-http/web/.tools/add', { body: { a: 1, b: 2 } });
      expect(called.status).toBe(200);
      expect(JSON.stringify(called.body)).toContain('"sum":3');
    } finally {
      uplink.kill('SIGKILL');
      await Promise.race([uplink.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await upstream.close();
    }
    await eventually(async () => expect((await harness.call('GET', '/paired-http/web')).body.status).toEqual({ state: 'disconnected' }));
  }, 40_000);
});

/** Runs `node -e code` with the guard preloaded; rejects with its stderr when it exits non-zero. */
async function runNode(code: string, log: string): Promise<{ stdout: string }> {
  const child = spawn(process.execPath, ['-e', code], {
    env: { PATH: process.env.PATH, NODE_OPTIONS: `--require ${guardPreload}`, MCPSIM_GUARD_LOG: log },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (exitCode !== 0) throw new Error(stderr);
  return { stdout };
}
