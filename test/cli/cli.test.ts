/**
 * The real `mcpsim` command line, run as a child process (`src/cli/bin.ts` built once per run, support/built-cli.ts), on
 * 127.0.0.1 only; checks of usage and of failures before listening run its `main` in process (`runMain`). Every wait is bounded; a child still running when its test ends (a failed one) is killed at the end of the file.
 *
 * The tests of a describe run concurrently: each has its own data directory, port 0 and children, and a
 * test spends most of its time waiting for a child to start or stop, which overlaps with the others' waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliArguments } from '../support/built-cli.js';

const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));
const packageVersion = (JSON.parse(readFileSync(join(projectDirectory, 'package.json'), 'utf8')) as { version: string }).version;
const generatedKey = /^mcpsim_sk_[A-Za-z0-9_-]{43}$/;
// Bounds that only prove a hang: a CLI start through tsx took 19–25 s on a loaded 2-core machine (3.6 s of CPU).
const startTimeoutMs = 60_000;
const stopTimeoutMs = 30_000;
const requestTimeoutMs = 15_000;
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const children = new Set<ChildProcess>();
const temporaryDirectories: string[] = [];

/** The environment of the test process without any MCPSIM_* variable, plus `extra`. */
function childEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('MCPSIM_')) environment[name] = value;
  return { ...environment, ...extra };
}

function createDataDir(): string {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-cli-'));
  temporaryDirectories.push(directory);
  return directory;
}

interface Output {
  stdout: string;
  stderr: string;
}

interface Exit extends Output {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function spawnCli(args: readonly string[], environment: NodeJS.ProcessEnv): { child: ChildProcess; output: Output; exited: Promise<Exit> } {
  const child = spawn(process.execPath, [...cliArguments(), ...args], {
    cwd: projectDirectory,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const output: Output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      children.delete(child);
      resolve({ ...output, code, signal });
    });
  });
  return { child, output, exited };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what()}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs a command that is expected to end by itself. */
function runCli(args: readonly string[], environment: NodeJS.ProcessEnv = childEnvironment()): Promise<Exit> {
  const { output, exited } = spawnCli(args, environment);
  return withTimeout(exited, startTimeoutMs, () => `mcpsim ${args.join(' ')} to exit; output so far:\n${output.stdout}${output.stderr}`);
}

/**
 * Runs a command that is expected to end by itself through the CLI's `main` in this process, with the
 * same environment a child gets: for usage and early-failure checks, whose work is parsing arguments
 * and opening a data directory, a child would spend about a second of CPU starting Node and the bundle.
 * The child-process path itself (bin, exit code, streams) stays covered by `runCli` tests below.
 */
async function runMain(args: readonly string[], environment: NodeJS.ProcessEnv = childEnvironment()): Promise<Exit> {
  const { main } = await import('../../src/cli/main.js');
  const output: Output = { stdout: '', stderr: '' };
  const code = await withTimeout(
    main(args, {
      stdout: (text) => void (output.stdout += text),
      stderr: (text) => void (output.stderr += text),
      env: environment,
      onShutdownSignal() {},
    }),
    startTimeoutMs,
    () => `main(${args.join(' ')}) to return; output so far:\n${output.stdout}${output.stderr}`,
  );
  return { ...output, code, signal: null };
}

interface RunningCli {
  child: ChildProcess;
  output: Output;
  url: string;
  port: number;
  /** The key printed in the banner, or null when the banner shows none. */
  printedKey: string | null;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<Exit>;
}

/** Starts `mcpsim serve --port 0 --host 127.0.0.1 ...args` and waits for its banner. */
async function startServe(args: readonly string[], environment: NodeJS.ProcessEnv = childEnvironment()): Promise<RunningCli> {
  const { child, output, exited } = spawnCli(['serve', '--port', '0', '--host', '127.0.0.1', ...args], environment);
  const banner = new Promise<string>((resolve, reject) => {
    const check = () => {
      if (output.stdout.includes('Press Ctrl+C to stop.')) resolve(output.stdout);
    };
    child.stdout!.on('data', check);
    exited.then((exit) => reject(new Error(`mcpsim serve exited early with code ${exit.code}:\n${exit.stdout}${exit.stderr}`)), reject);
  });
  const text = await withTimeout(banner, startTimeoutMs, () => `the serve banner; output so far:\n${output.stdout}${output.stderr}`);
  const url = /Base URL\s+(http:\/\/127\.0\.0\.1:\d+)\n/.exec(text)?.[1];
  if (!url) throw new Error(`no base URL in the banner:\n${text}`);
  const keyMatch = /API key\s+(\S+)/.exec(text)?.[1];
  return {
    child,
    output,
    url,
    port: Number(new URL(url).port),
    printedKey: keyMatch === undefined || keyMatch.startsWith('(') ? null : keyMatch,
    stop() {
      child.kill('SIGTERM');
      return withTimeout(
        exited,
        stopTimeoutMs,
        () => `mcpsim serve to stop after SIGTERM; output so far:\n${output.stdout}${output.stderr}`,
      );
    },
  };
}

async function call(url: string, method: string, path: string, key: string | null, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Whether a fresh server can listen on 127.0.0.1:`port`; the probe server is closed again. */
function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Names of the data directory's files whose bytes contain `text`. */
function filesContaining(dataDir: string, text: string): string[] {
  return readdirSync(dataDir).filter((name) => readFileSync(join(dataDir, name)).includes(Buffer.from(text, 'utf8')));
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

describe.concurrent('mcpsim usage', () => {
  it("lists every command with one line each, points at each command's own help, and exits 0", async () => {
    const commands = await (await import('../../src/cli/main.js')).loadCommands();
    const exit = await runMain(['--help']);
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain(`mcpsim ${packageVersion}`);
    expect(exit.stdout).toMatch(/^\s+mcpsim {2,}the demo/m);
    expect(exit.stdout).toMatch(/^\s+mcpsim serve \[options\]/m);
    for (const command of ['check', 'test', 'record']) expect(exit.stdout).toMatch(new RegExp(`^\\s+mcpsim ${command} \\[?<?paths`, 'm'));
    expect(exit.stdout).toMatch(/^\s+mcpsim keys create \[options\]/m);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const { name, summary } of commands)
      // A usage too long for the column (verify's) has its line below, in the same column.
      expect(exit.stdout).toMatch(
        new RegExp(`^ {2}mcpsim${name ? ` ${escape(name)}` : ''}( \\S+)*(?: {2,}|\\n {4,})${escape(summary)}$`, 'm'),
      );
    const summaryColumns = exit.stdout.split('\n').flatMap((line) => /^( {2}mcpsim.*? {2,}| {4,})\S/.exec(line)?.[1]?.length ?? []);
    expect(new Set(summaryColumns).size).toBe(1);
    expect(exit.stdout).toContain('mcpsim <command> --help');
    expect(exit.stdout).toContain('Exit codes: 0 success');
    // Options are each command's own business now.
    expect(exit.stdout).not.toContain('--data-dir');
    expect(exit.stderr).toBe('');
  });

  it("prints a command's own usage and options for <command> --help, not the list of commands", async () => {
    const runs = await Promise.all(
      [
        ['serve', '--help'],
        ['check', '-h'],
        ['test', '--help'],
        ['keys', 'create', '--help'],
      ].map((args) => runMain(args)),
    );
    const [serve, check, test, keys] = runs as [Exit, Exit, Exit, Exit];
    for (const exit of runs) {
      expect(exit.code).toBe(0);
      expect(exit.stderr).toBe('');
      expect(exit.stdout).not.toContain('mcpsim registry generate');
      expect(exit.stdout).toMatch(/^ {2}-h, --help {2,}print this help$/m);
    }
    expect(serve.stdout).toMatch(/^Usage: mcpsim serve \[options\] \[scenario\.\.\.\]\n/);
    for (const option of [
      '--port <n>',
      '--host <host>',
      '--data-dir <dir>',
      '--api-key <key>',
      '--scenario <path>',
      '-q, --quiet',
      '--clock <clock>',
      '--record',
      '--miss <policy>',
    ]) {
      expect(serve.stdout).toMatch(new RegExp(`^ {2}${option} {2,}\\S`, 'm'));
    }
    expect(check.stdout).toMatch(/^Usage: mcpsim check \[paths\.\.\.\]\n/);
    expect(check.stdout).toMatch(/^ {2}--json {2,}print/m);
    expect(check.stdout).not.toContain('--port');
    expect(test.stdout).toMatch(/^Usage: mcpsim test \[paths\.\.\.\]\n/);
    expect(test.stdout).toMatch(/^ {2}--reporter <reporter> {2,}text \(default\), json or junit$/m);
    expect(test.stdout).not.toContain('--port');
    expect(keys.stdout).toMatch(/^Usage: mcpsim keys create \[options\]\n/);
    expect(keys.stdout).toMatch(/^ {2}--data-dir <dir> {2,}/m);
  });

  it('prints the version from package.json', async () => {
    const exit = await runCli(['--version']);
    expect(exit.code).toBe(0);
    expect(exit.stdout).toBe(`${packageVersion}\n`);
  });

  it('exits 2 with a message naming an unknown command, and lists the commands', async () => {
    const exit = await runCli(['frobnicate']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('Unknown command "frobnicate"');
    expect(exit.stderr).toMatch(/^\s+mcpsim token create \[options\] {2,}mint a service token/m);
    expect(exit.stderr).toContain('--help');
    expect(exit.stdout).toBe('');
    const partial = await runMain(['registry', 'frob']);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('Unknown command "registry frob"');
  });

  it('exits 2 when --port is not a number, without creating the data directory', async () => {
    const dataDir = join(createDataDir(), 'never-created');
    const exit = await runMain(['serve', '--port', 'abc', '--host', '127.0.0.1', '--data-dir', dataDir]);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('"abc"');
    expect(exit.stderr).toContain('--port');
    expect(readdirSync(join(dataDir, '..'))).toEqual([]);
  });

  it('exits 2 on an unknown option', async () => {
    const exit = await runMain(['serve', '--no-such-flag']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('--no-such-flag');
  });

  it("refuses an option of another command with exit 2, naming the command's own options", async () => {
    const exit = await runMain(['check', 'scenarios', '--port', '9', '--seed', 'x']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toBe('mcpsim check: unknown option --port; check takes --json, --explain, --help\n');
    expect(exit.stdout).toBe('');
  });

  it('exits 2 when an option misses its value or a command gets an argument it does not take', async () => {
    const [missing, extra] = await Promise.all([runMain(['test', '--reporter']), runMain(['keys', 'create', 'ci'])]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'mcpsim test: --reporter needs a value, e.g. --reporter <reporter> (a value that starts with "-" is written --reporter=-value)\n',
    );
    expect(extra.code).toBe(2);
    expect(extra.stderr).toBe(
      'mcpsim keys create: unexpected argument "ci"; keys create takes no arguments besides its options (--data-dir, --name, --json, --help)\n',
    );
  });
});

describe.concurrent('a data directory that cannot be used', () => {
  /** A regular file, so that the path itself, or a folder inside it, cannot be a directory (even for root). */
  function createFile(): string {
    const file = join(createDataDir(), 'not-a-directory');
    writeFileSync(file, 'x');
    return file;
  }

  function expectOneLineNaming(exit: Exit, dataDir: string): void {
    expect(exit.code, exit.stderr).toBe(1);
    expect(exit.stdout).toBe('');
    expect(exit.stderr.split('\n')).toEqual([expect.stringContaining(dataDir), '']);
    expect(exit.stderr).toMatch(/^mcpsim: cannot use the data directory /);
    expect(exit.stderr).toContain('--data-dir');
    expect(exit.stderr).not.toMatch(/\bat \S+:\d+/);
  }

  it('is one line that names the directory and suggests --data-dir, for each command that opens it', async () => {
    const [file, insideFile] = [createFile(), join(createFile(), 'data')];
    const runs = await Promise.all([
      runMain(['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', file]).then((exit) => [exit, file] as const),
      runMain(['keys', 'create', '--data-dir', insideFile]).then((exit) => [exit, insideFile] as const),
      runMain(['token', 'create'], childEnvironment({ MCPSIM_DATA_DIR: file })).then((exit) => [exit, file] as const),
      runMain(['registry', 'import', 'catalog', '--data-dir', insideFile]).then((exit) => [exit, insideFile] as const),
    ]);
    for (const [exit, dataDir] of runs) expectOneLineNaming(exit, dataDir);
    expect(runs[0][0].stderr).toContain('it is a file, not a directory');
    expect(runs[1][0].stderr).toContain('a part of the path is a file');
  });

  it.runIf(existsSync('/proc/self'))('is one line for a path where no directory can be made (/proc/x), instead of hanging', async () => {
    expectOneLineNaming(await runMain(['keys', 'create', '--data-dir', '/proc/mcpsim-no-such-dir']), '/proc/mcpsim-no-such-dir');
  });

  it.runIf(process.getuid?.() !== 0)('is one line for a directory without permissions (mode 000)', async () => {
    const dataDir = createDataDir();
    chmodSync(dataDir, 0o000);
    try {
      expectOneLineNaming(await runMain(['keys', 'create', '--data-dir', dataDir]), dataDir);
    } finally {
      chmodSync(dataDir, 0o700);
    }
  });
});

describe.concurrent('mcpsim serve', () => {
  it('prints a banner with the base URL, the API key, the demo namespace and a curl line that works', async () => {
    const dataDir = createDataDir();
    const key = 'banner-key-0123456789abcdef';
    const server = await startServe(['--data-dir', dataDir, '--api-key', key]);
    const banner = server.output.stdout;
    expect(banner).toContain(`mcpsim ${packageVersion} is listening`);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    expect(server.printedKey).toBe(key);
    expect(banner).toMatch(/Namespace\s+demo\n/);
    expect(banner).toContain(`curl -s -H "Authorization: Bearer ${key}" ${server.url}/connect/demo`);
    expect(banner).toContain(
      `SMITHERY_BASE_URL=${server.url} SMITHERY_CONNECT_BASE_URL=${server.url}/connect SMITHERY_UPLINK_BASE_URL=${server.url} SMITHERY_URL=${server.url} SMITHERY_API_KEY=${key}`,
    );

    const health = await call(server.url, 'GET', '/health', null);
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', timestamp: expect.any(String) });
    const demo = await call(server.url, 'GET', '/connect/demo', key);
    expect(demo.status).toBe(200);
    expect(demo.body).toEqual({ connections: expect.any(Array), nextCursor: null });
    expect((await call(server.url, 'GET', '/connect/demo', 'wrong-key-0123456789')).status).toBe(401);
    expect((await call(server.url, 'GET', '/connect/demo', null)).status).toBe(401);
    const exit = await server.stop();
    expect(exit.code).toBe(0);
    // One access-log line per request, with no credential in it.
    expect(exit.stdout).toMatch(/^GET \/health 200 \d+\.\dms$/m);
    expect(exit.stdout).toMatch(/^GET \/connect\/demo 401 \d+\.\dms$/m);
    expect(exit.stdout.split('\n').filter((line) => line.startsWith('GET '))).toHaveLength(4);
    expect(exit.stdout.slice(exit.stdout.indexOf('Press Ctrl+C'))).not.toContain(key);
  });

  it('writes no access log with --quiet', async () => {
    const server = await startServe(['--data-dir', createDataDir(), '--api-key', 'quiet-key-0123456789', '--quiet']);
    expect((await call(server.url, 'GET', '/health', null)).status).toBe(200);
    const exit = await server.stop();
    expect(exit.stdout).not.toContain('GET /health');
  });

  it('exits 0 on SIGTERM, says it stopped, and releases its port', async () => {
    const server = await startServe(['--data-dir', createDataDir(), '--api-key', 'sigterm-key-0123456789']);
    // Once a request is answered the process is past its startup code (see the signal-timing test below).
    expect((await call(server.url, 'GET', '/health', null)).status).toBe(200);
    expect(await canListenOn(server.port)).toBe(false);
    const exit = await server.stop();
    expect(exit.code).toBe(0);
    expect(exit.signal).toBeNull();
    expect(exit.stdout).toContain('SIGTERM received');
    expect(exit.stdout).toMatch(/mcpsim stopped\.\n$/);
    expect(exit.stderr).toBe('');
    expect(await canListenOn(server.port)).toBe(true);
  });

  it('keeps a write made just before SIGTERM after a restart on the same data directory', async () => {
    const dataDir = createDataDir();
    const key = 'restart-key-0123456789';
    const first = await startServe(['--data-dir', dataDir, '--api-key', key]);
    const created = await call(first.url, 'PUT', '/connect/demo/persisted', key, {
      mcpUrl: 'https://persisted.example.com/mcp',
      name: 'Persisted',
      metadata: { team: 'ops' },
    });
    expect(created.status).toBe(201);
    const namespace = await call(first.url, 'PUT', '/namespaces/kept', key);
    expect(namespace.status).toBe(201);
    expect((await first.stop()).code).toBe(0);

    const second = await startServe(['--data-dir', dataDir, '--api-key', key]);
    const fetched = await call(second.url, 'GET', '/connect/demo/persisted', key);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    const namespaces = await call(second.url, 'GET', '/namespaces', key);
    expect(namespaces.body.namespaces.map((entry: { name: string }) => entry.name)).toEqual(expect.arrayContaining(['demo', 'kept']));
    expect((await second.stop()).code).toBe(0);
  });

  it('uses the documented development key on loopback when none is set, on every start, and never writes it down', async () => {
    const dataDir = createDataDir();
    const first = await startServe(['--data-dir', dataDir]);
    expect(first.printedKey).toBe('mcpsim-dev-key');
    expect(first.output.stdout).toContain('(the development key on loopback; set --api-key or MCPSIM_API_KEY for another)');
    expect(first.output.stdout).toContain(`curl -s -H "Authorization: Bearer mcpsim-dev-key" ${first.url}/connect/demo`);
    expect((await call(first.url, 'GET', '/connect/demo', 'mcpsim-dev-key')).status).toBe(200);
    expect((await first.stop()).code).toBe(0);

    const second = await startServe(['--data-dir', dataDir]);
    expect(second.printedKey).toBe('mcpsim-dev-key');
    expect((await call(second.url, 'GET', '/connect/demo', 'mcpsim-dev-key')).status).toBe(200);
    expect((await call(second.url, 'GET', '/connect/demo', 'mcpsim_sk_not-the-key')).status).toBe(401);
    expect((await second.stop()).code).toBe(0);
    expect(filesContaining(dataDir, 'mcpsim-dev-key')).toEqual([]);

    // A key set later replaces the development key of that data directory.
    const fixed = await startServe(['--data-dir', dataDir, '--api-key', 'fixed-key-0123456789']);
    expect((await call(fixed.url, 'GET', '/connect/demo', 'mcpsim-dev-key')).status).toBe(401);
    expect((await call(fixed.url, 'GET', '/connect/demo', 'fixed-key-0123456789')).status).toBe(200);
    expect((await fixed.stop()).code).toBe(0);
  });

  it('refuses to start off loopback without a key, in one line, before listening', async () => {
    const dataDir = createDataDir();
    const exit = await runMain(['serve', '--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir]);
    expect(exit.code).toBe(2);
    expect(exit.stdout).toBe('');
    expect(exit.stderr.trim().split('\n')).toHaveLength(1);
    expect(exit.stderr).toContain(
      '--host 0.0.0.0: not a loopback address, so there is no default API key; set one with --api-key or MCPSIM_API_KEY',
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('prints the banner after loading scenarios, and keeps its own start-up requests out of the access log', async () => {
    const server = await startServe(['--data-dir', createDataDir(), '--scenario', 'scenarios/']);
    const startup = server.output.stdout;
    expect(startup).toMatch(/Loaded scenario "issue-triage"[\s\S]*mcpsim \S+ is listening[\s\S]*Press Ctrl\+C to stop\.\n$/);
    expect(startup).not.toMatch(/^(GET|PUT|POST|DELETE) \//m);
    expect((await call(server.url, 'GET', '/connect/triage', 'mcpsim-dev-key')).status).toBe(200);
    const exit = await server.stop();
    expect(exit.stdout.split('\n').filter((line) => /^(GET|PUT|POST|DELETE) \//.test(line))).toEqual([
      expect.stringMatching(/^GET \/connect\/triage 200 /),
    ]);
  });

  it('takes the API key and data directory from MCPSIM_API_KEY and MCPSIM_DATA_DIR', async () => {
    const dataDir = createDataDir();
    const key = 'env-key-0123456789abcdef';
    const server = await startServe([], childEnvironment({ MCPSIM_API_KEY: key, MCPSIM_DATA_DIR: dataDir }));
    expect(server.printedKey).toBe(key);
    expect(server.output.stdout).toContain(`  Data        ${dataDir}\n`);
    expect(readdirSync(dataDir)).toContain('mcpsim.db');
    expect((await call(server.url, 'GET', '/connect/demo', key)).status).toBe(200);
    expect((await server.stop()).code).toBe(0);
  });

  it('prefers --api-key over MCPSIM_API_KEY', async () => {
    const flagKey = 'flag-key-0123456789abcdef';
    const server = await startServe(
      ['--data-dir', createDataDir(), '--api-key', flagKey],
      childEnvironment({ MCPSIM_API_KEY: 'env-key-ignored-0123456789' }),
    );
    expect(server.printedKey).toBe(flagKey);
    expect((await call(server.url, 'GET', '/connect/demo', flagKey)).status).toBe(200);
    expect((await call(server.url, 'GET', '/connect/demo', 'env-key-ignored-0123456789')).status).toBe(401);
    expect((await server.stop()).code).toBe(0);
  });
});

describe('mcpsim keys create', () => {
  it('adds an isolated account while the server runs, and no plaintext key reaches the data directory', async () => {
    const dataDir = createDataDir();
    const localKey = 'local-key-0123456789abcdef';
    const server = await startServe(['--data-dir', dataDir, '--api-key', localKey]);
    const localDemo = await call(server.url, 'GET', '/connect/demo', localKey);
    expect(localDemo.status).toBe(200);

    const created = await runCli(['keys', 'create', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^mcpsim_sk_[A-Za-z0-9_-]{43}\n$/);
    expect(created.stderr).toContain('stored only as a hash');
    const otherKey = created.stdout.trim();

    // The running server sees the new account at once, and it shares nothing with the local one.
    expect((await call(server.url, 'GET', '/namespaces', otherKey)).body).toEqual({ namespaces: [] });
    const hidden = await call(server.url, 'GET', '/connect/demo', otherKey);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: 'not_found', message: expect.stringContaining('demo') });
    expect((await call(server.url, 'GET', '/connect/demo/anything', otherKey)).status).toBe(404);
    const own = await call(server.url, 'PUT', '/namespaces/demo', otherKey);
    expect(own.status).toBe(201);
    expect(own.body).toEqual({ name: 'demo', createdAt: expect.any(String) });
    const marker = 'Isolation-Marker-7f3a';
    expect(
      (await call(server.url, 'PUT', '/connect/demo/mine', otherKey, { mcpUrl: 'https://mine.example.com/mcp', name: marker })).status,
    ).toBe(201);
    expect(
      (await call(server.url, 'GET', '/connect/demo', otherKey)).body.connections.map(
        (connection: { connectionId: string }) => connection.connectionId,
      ),
    ).toEqual(['mine']);
    expect(await call(server.url, 'GET', '/connect/demo', localKey)).toEqual(localDemo);

    const asJson = await runCli(['keys', 'create', '--data-dir', dataDir, '--name', 'ci', '--json']);
    expect(asJson.code).toBe(0);
    const account = JSON.parse(asJson.stdout) as { accountId: string; name: string; apiKey: string };
    expect(account).toEqual({ accountId: expect.stringMatching(/^acct_/), name: 'ci', apiKey: expect.stringMatching(generatedKey) });
    expect((await call(server.url, 'GET', '/namespaces', account.apiKey)).status).toBe(200);

    const keys = [localKey, otherKey, account.apiKey];
    // While running: the database, its -wal and -shm. The marker proves the scan sees fresh writes.
    expect(filesContaining(dataDir, marker).length).toBeGreaterThan(0);
    for (const key of keys) expect(filesContaining(dataDir, key), `plaintext key ${key}`).toEqual([]);
    expect((await server.stop()).code).toBe(0);
    expect(readdirSync(dataDir)).toContain('mcpsim.db');
    expect(filesContaining(dataDir, marker)).toContain('mcpsim.db');
    for (const key of keys) expect(filesContaining(dataDir, key), `plaintext key ${key}`).toEqual([]);
  });
});

// A key chosen by a person is stored without any readable prefix: a short one would be nearly whole.
describe('the data directory of a server started with a short --api-key', () => {
  const dataDir = createDataDir();
  const key = 'shortkey12';

  beforeAll(async () => {
    const server = await startServe(['--data-dir', dataDir, '--api-key', key]);
    expect((await call(server.url, 'GET', '/connect/demo', key)).status).toBe(200);
    expect((await server.stop()).code).toBe(0);
  });

  it('does not contain the plaintext key', () => {
    expect(readdirSync(dataDir)).toContain('mcpsim.db');
    expect(filesContaining(dataDir, key)).toEqual([]);
  });
});

// The signal handler is installed before the banner is printed; this drives `main` in-process
// with an io that delivers the signal the moment the banner is written.
describe('signal timing of mcpsim serve (in-process)', () => {
  it('shuts down gracefully on a signal that arrives as the banner is printed', async () => {
    const { main } = await import('../../src/cli/main.js');
    let handler: ((signal: string) => void) | undefined;
    let lostSignal = false;
    let stdout = '';
    let bannerPrinted!: () => void;
    const banner = new Promise<void>((resolve) => (bannerPrinted = resolve));
    const code = main(
      ['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', createDataDir(), '--api-key', 'timing-key-0123456789'],
      {
        stdout(text) {
          stdout += text;
          if (!text.includes('Press Ctrl+C to stop.')) return;
          if (handler) handler('SIGTERM');
          else lostSignal = true; // a real process would be killed here
          bannerPrinted();
        },
        stderr() {},
        env: {},
        onShutdownSignal(next) {
          handler = next;
        },
      },
    );
    try {
      await withTimeout(Promise.race([banner, code]), startTimeoutMs, () => 'the banner');
      expect(lostSignal, 'SIGTERM arrived before the shutdown handler was installed').toBe(false);
      expect(await withTimeout(code, stopTimeoutMs, () => 'main to return')).toBe(0);
      expect(stdout).toContain('mcpsim stopped.');
    } finally {
      // Stop the server that the lost signal left running.
      if (lostSignal) handler?.('SIGTERM');
      await withTimeout(code, stopTimeoutMs, () => 'main to return after a late signal');
    }
  });
});
