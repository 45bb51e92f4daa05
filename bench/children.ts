/** Child processes for the bench: servers in their own process group, and wrk runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface ServerChild {
  name: string;
  url: string;
  /** The child's process id (its CPU time: `/proc/<pid>/stat`), when it is a child of this process. */
  pid?: number;
  /** The last few KB of the child's stderr, to show when something goes wrong. */
  stderrTail(): string;
  /** SIGTERM to the child's process group; SIGKILL if it has not exited after 5 s. */
  stop(): Promise<void>;
  /** Synchronous best-effort kill, for `process.on('exit')`. */
  killNow(): void;
}

/** Children still running: servers are killed by process group, other commands by pid. */
const running = new Set<ChildProcess>();
const groupLeaders = new WeakSet<ChildProcess>();

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || exited(child)) return;
  try {
    if (groupLeaders.has(child)) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // already gone
  }
}

/** Kills every child still running (SIGTERM); safe to call from an exit handler. */
export function killAllChildren(): void {
  for (const child of running) signalGroup(child, 'SIGTERM');
}

/**
 * Starts `command args` in a new process group and resolves once its stdout matches `ready`,
 * whose first capture group must be the server's base URL.
 */
export function startServer(name: string, command: string, args: string[], ready: RegExp, cwd: string): Promise<ServerChild> {
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  groupLeaders.add(child);
  let started = false;
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout = (stdout + chunk).slice(-8192);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8192);
  });
  const exit = new Promise<void>((done) =>
    child.once('exit', () => {
      running.delete(child);
      done();
    }),
  );

  const handle = (url: string): ServerChild => ({
    name,
    url,
    pid: child.pid!,
    stderrTail: () => stderr,
    killNow: () => signalGroup(child, 'SIGKILL'),
    async stop() {
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    },
  });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 60 s`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      signalGroup(child, 'SIGKILL');
      reject(new Error(`${error.message}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`));
    };
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      if (!started) fail(new Error(`${name} exited before it was ready (code ${code}, signal ${signal})`));
    });
    child.stdout.on('data', () => {
      const url = started ? undefined : ready.exec(stdout)?.[1];
      if (url === undefined) return;
      started = true;
      clearTimeout(timer);
      resolve(handle(url));
    });
  });
}

/** Runs a command to completion (in our process group, so Ctrl+C reaches it) and collects its output. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => {
      running.delete(child);
      reject(error);
    });
    child.once('close', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs a command to its end; throws with the tail of its output when it fails. */
export async function mustRun(command: string, args: string[], cwd: string) {
  const result = await runCommand(command, args, { cwd });
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}`);
  return result;
}

/**
 * Runs a benchmark's `main`: prints `BENCH FAILED` and sets exit code 1 when it throws, stops the
 * servers it started, and removes its scratch directory even when the process is killed.
 */
export async function runBench(main: () => Promise<void>, resources: { servers: ServerChild[]; directory: string }): Promise<void> {
  process.once('exit', () => {
    killAllChildren();
    rmSync(resources.directory, { recursive: true, force: true });
  });
  try {
    await main();
  } catch (error) {
    console.error(`\nBENCH FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await Promise.all(resources.servers.map((server) => server.stop()));
  }
}

/**
 * Node's arguments for the mcpsim child: with `BENCH_CPU_PROF=1`, a V8 CPU profile is written to
 * bench/results/profiles/ when the child stops (read it with Chrome's DevTools, or any
 * .cpuprofile viewer): profile before guessing where the time goes.
 */
export function mcpsimNodeArguments(root: string): string[] {
  return process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', '--cpu-prof-dir', `${root}/bench/results/profiles`] : [];
}

/** The bare `node:http` server every bench measures against, in the same run. */
export function startBareServer(root: string): Promise<ServerChild> {
  return startServer('bare server', process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], /listening at (http:\/\/\S+)/, root);
}

/** A stock MCP SDK server with one tool, for the MCP benches' second baseline and as a relay's upstream. */
export function startStockMcpServer(root: string): Promise<ServerChild> {
  return startServer(
    'stock MCP server',
    process.execPath,
    ['--import', 'tsx', 'bench/stock-mcp-server.ts'],
    /listening at (http:\/\/\S+)/,
    root,
  );
}

/** The built mcpsim (`dist/`), `serve` on a free port of 127.0.0.1 with `options` (data dir, key…), quiet. */
export function startMcpsim(root: string, options: string[]): Promise<ServerChild> {
  return startServer(
    'mcpsim',
    process.execPath,
    [...mcpsimNodeArguments(root), 'dist/cli/bin.js', 'serve', '--port', '0', '--host', '127.0.0.1', ...options, '--quiet'],
    /is listening[\s\S]*?Base URL\s+(http:\/\/\S+)/,
    root,
  );
}

/**
 * The base URL a `serve` child prints once it listens (its banner's "Base URL" line), or an error
 * with what it printed when it exits first.
 */
export function listeningUrl(child: ChildProcess, checkout: string): Promise<URL> {
  let output = '';
  return new Promise<URL>((done, fail) => {
    child.once('exit', () => fail(new Error(`mcpsim in ${checkout} exited before listening:\n${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Base URL\s+(http:\/\/\S+)/.exec(output);
      if (match) done(new URL(match[1]!));
    });
  });
}
