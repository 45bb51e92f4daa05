/**
 * The official Smithery CLI (`@smithery/cli`, a dev dependency) as a child process of the tests,
 * configured only by its environment variables, with its own HOME and config in a temporary
 * folder, and no network: a preload (loopback-only.cjs) makes every connection or DNS lookup to
 * anything but loopback throw and records it in a log the tests read. Each child runs in its own
 * process group and is killed with it (stack.md pitfall 12); every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The `smithery` binary of the pinned dev dependency (its package exports nothing to resolve). */
export const cliEntry = join(projectDirectory, 'node_modules', '@smithery', 'cli', 'dist', 'index.js');
export const guardPreload = join(projectDirectory, 'test', 'support', 'loopback-only.cjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  /** What the child wrote so far. */
  output(): { stdout: string; stderr: string };
  exited: Promise<CliRun>;
  /** Kills the child's process group (the CLI and anything it started); SIGTERM unless told. */
  kill(signal?: NodeJS.Signals): void;
}

/** The environment of a CLI child: the one configuration for SDK and CLI alike (docs/api.md, "Official SDK and CLI"). */
export function cliEnvironment({
  baseUrl,
  apiKey,
  home,
  guardLog,
}: {
  baseUrl: string;
  apiKey: string | null;
  home: string;
  guardLog: string;
}): NodeJS.ProcessEnv {
  mkdirSync(home, { recursive: true });
  return {
    PATH: process.env.PATH,
    HOME: home,
    SMITHERY_CONFIG_PATH: join(home, '.smithery'),
    SMITHERY_BASE_URL: baseUrl,
    SMITHERY_CONNECT_BASE_URL: `${baseUrl}/connect`,
    SMITHERY_UPLINK_BASE_URL: baseUrl,
    SMITHERY_URL: baseUrl,
    ...(apiKey === null ? {} : { SMITHERY_API_KEY: apiKey }),
    NODE_OPTIONS: `--require ${guardPreload}`,
    MCPSIM_GUARD_LOG: guardLog,
    NO_COLOR: '1',
    CI: '1',
  };
}

/**
 * Starts `smithery <args>` (stdin closed, so the CLI takes its non-interactive paths and never
 * opens a browser).
 */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv): RunningCli {
  const child = spawn(process.execPath, [cliEntry, ...args], {
    cwd: projectDirectory,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  const kill = (signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  return { child, output: () => ({ stdout, stderr }), exited, kill };
}

/** Runs `smithery <args>` to its end, killed after `timeoutMs`; fails unless it exits 0 (unless `allowFailure`). */
export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  { timeoutMs = 15_000, allowFailure = false } = {},
): Promise<CliRun> {
  const running = startCli(args, env);
  const timer = setTimeout(() => running.kill(), timeoutMs);
  const result = await running.exited.finally(() => clearTimeout(timer));
  if (!allowFailure && result.code !== 0)
    throw new Error(`smithery ${args.join(' ')} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** `--json` output: the one JSON document the CLI printed. */
export function parseJson<T = any>(run: CliRun): T {
  const text = run.stdout.trim();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`smithery printed no single JSON document:\n${run.stdout}\n${run.stderr}`);
  }
}

/** What the guard refused so far (one line each). */
export function readGuardLog(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}
