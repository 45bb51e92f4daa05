/**
 * `mcpsim token create` and `mcpsim serve --clock`, run as child processes (`src/cli/bin.ts` built
 * once per run, support/built-cli.ts). Tokens the CLI prints are then used against a platform on the same data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlatform, type Platform } from '../../src/platform/platform.js';
import { createManualClock } from '../../src/domain/clock.js';
import { addAccount } from '../support/accounts.js';
import { cliArguments } from '../support/built-cli.js';

const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));
const apiKey = 'cli-token-test-key';
// Bounds that only prove a hang: a serve start took over 15 s at load 20-28 on 2 cores.
const timeoutMs = 60_000;
vi.setConfig({ testTimeout: 120_000 });
const children = new Set<ChildProcess>();
const directories: string[] = [];

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('MCPSIM_')) env[name] = value;
  return { ...env, ...extra };
}

/** Starts the CLI; `exited` resolves with its output when it ends (or rejects after the timeout). */
function spawnCli(args: string[], env: NodeJS.ProcessEnv = environment()) {
  const child = spawn(process.execPath, [...cliArguments(), ...args], {
    cwd: projectDirectory,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`mcpsim ${args.join(' ')} did not end in ${timeoutMs} ms: ${output.stdout}${output.stderr}`)),
      timeoutMs,
    );
    child.once('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, ...output });
    });
  });
  return { child, output, exited };
}

const runCli = (args: string[], env?: NodeJS.ProcessEnv) => spawnCli(args, env).exited;

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
});
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function createDataDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-token-cli-'));
  directories.push(directory);
  return directory;
}

describe('mcpsim token create', () => {
  let dataDir: string;
  let platform: Platform;
  const clock = createManualClock(new Date());
  const get = async (path: string, token: string) => {
    const response = await platform.app.request(path, { headers: { authorization: `Bearer ${token}` } });

    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    dataDir = createDataDir();
    platform = createPlatform({ dataDir, apiKey, clock, logger: { error() {} } });
    for (const [id, team] of [
      ['mine', 'a'],
      ['theirs', 'b'],
    ]) {
      await platform.app.request(`/connect/demo/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mcpUrl: `https://${id}.test/mcp`, metadata: { team } }),
      });
    }
  });
  afterAll(() => platform.close());

  it('prints a token limited by its --policy constraints and --ttl, which the server accepts', async () => {
    const started = Date.now();
    const result = await runCli([
      'token',
      'create',
      '--data-dir',
      dataDir,
      '--policy',
      '{"namespaces":"demo","metadata":{"team":"a"}}',
      '--policy',
      '[{"resources":"namespaces","operations":"read"}]',
      '--ttl',
      '30m',
    ]);
    const finished = Date.now();
    expect(result.code, result.stderr).toBe(0);
    const token = result.stdout.trim();
    expect(token).toMatch(/^mcps_[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(result.stderr).toMatch(/^Service token for account acct_\w+, expires at \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z\.\n$/);
    const expiresAt = Date.parse(/expires at (\S+)\./.exec(result.stderr)![1]!);
    expect(expiresAt - started).toBeGreaterThan(29 * 60_000);
    // The CLI reads the clock somewhere between spawn and exit, which takes seconds on a busy machine.
    expect(expiresAt - finished).toBeLessThanOrEqual(30 * 60_000 + 1000);

    clock.set(new Date());
    expect(
      (await get('/connect/demo', token)).body.connections.map((connection: { connectionId: string }) => connection.connectionId),
    ).toEqual(['mine']);
    expect((await get('/connect/demo/theirs', token)).status).toBe(404);
    expect((await get('/namespaces', token)).status).toBe(200);
    clock.set(new Date(expiresAt));
    expect((await get('/namespaces', token)).status).toBe(401);
  });

  it('prints {token, expiresAt} with --json, full scope without --policy, for the account of --api-key', async () => {
    const otherKey = 'other-account-key-1';
    addAccount(platform, 'other', otherKey);
    const result = await runCli(
      ['token', 'create', '--json'],
      environment({ MCPSIM_DATA_DIR: dataDir, MCPSIM_API_KEY: otherKey, MCPSIM_CLOCK: '2030-01-01T00:00:00Z' }),
    );
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toEqual({ token: expect.stringMatching(/^mcps_/), expiresAt: '2030-01-01T01:00:00.000Z' });
    clock.set('2030-01-01T00:00:00Z');
    // The other account has no namespace "demo": the token reaches only its own account.
    expect((await get('/connect/demo', printed.token)).status).toBe(404);
    expect((await get('/namespaces', printed.token)).body).toEqual({ namespaces: [] });
  });

  it.each([
    [['--policy', '{"namespaces":'], '--policy #1: not valid JSON'],
    [['--policy', '{"resources":"tools"}'], 'policy.0.resources: must be one of'],
    [['--policy', '{"ttl":"2h"}', '--policy', '{"rpcReqMatch":{}}'], 'policy.1.rpcReqMatch: unknown property'],
    [['--ttl', '25h'], 'policy.0.ttl: must be at most 86400 seconds (24h)'],
    [['--api-key', 'nobody-has-this-key'], 'no account in'],
  ])('exits 2 with a message for %j', async (extra, message) => {
    const result = await runCli(['token', 'create', '--data-dir', dataDir, ...extra]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });

  it('exits 2 on a data directory whose server never started', async () => {
    const result = await runCli(['token', 'create', '--data-dir', createDataDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('has no local account yet: start the server once');
  });
});

describe('mcpsim serve --clock', () => {
  it('runs on a virtual clock that starts at the given time and moves only through /__mcpsim/clock', async () => {
    const { child, output, exited } = spawnCli([
      'serve',
      '--port',
      '0',
      '--data-dir',
      createDataDir(),
      '--api-key',
      apiKey,
      '--clock',
      '2026-05-01T08:00:00Z',
      '--quiet',
    ]);
    const deadline = Date.now() + timeoutMs;
    while (!/Base URL\s+(http:\/\/\S+)/.test(output.stdout) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const url = /Base URL\s+(http:\/\/\S+)/.exec(output.stdout)?.[1];
    expect(url, output.stdout + output.stderr).toBeDefined();
    expect(output.stdout).toContain('Clock       virtual, at 2026-05-01T08:00:00.000Z');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return response.json();
    };
    const token = (await call('POST', '/tokens', { policy: [{ ttl: '1h' }] })) as { token: string; expiresAt: string };
    expect(token.expiresAt).toBe('2026-05-01T09:00:00.000Z');
    expect(await call('GET', '/__mcpsim/clock')).toEqual({ now: '2026-05-01T08:00:00.000Z', virtual: true });
    expect(await call('POST', '/__mcpsim/clock', { advance: '1h' })).toEqual({ now: '2026-05-01T09:00:00.000Z', virtual: true });
    const expired = await fetch(`${url}/namespaces`, { headers: { authorization: `Bearer ${token.token}` } });
    expect(expired.status).toBe(401);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });
});
