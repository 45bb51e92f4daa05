/**
 * The demo as a new user starts it: the real CLI (`src/cli/bin.ts`, built once per run: built-cli.ts) as a child process
 * on 127.0.0.1, a free port, a data directory of its own, no model key and no MCPSIM_ variable of
 * this shell. Resolves once the banner says it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliArguments } from './built-cli.js';

export const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));

export interface DemoServer {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The banner's one-time dashboard login link. */
  loginUrl: string;
  /** Everything it printed so far. */
  output(): string;
  /** GET or another method on the API with the development key (or `key`); the JSON body. */
  api(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }>;
  /** SIGTERM, and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `mcpsim <args>` (the demo when `args` names no command) and waits for its banner.
 *
 * @example
 *   const demo = await startDemo(['--data-dir', dataDir]);
 *   await demo.api('GET', '/connect/demo');
 */
export async function startDemo(args: readonly string[], { apiKey = 'mcpsim-dev-key' }: { apiKey?: string } = {}): Promise<DemoServer> {
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('MCPSIM_') && !name.startsWith('OPENAI_') && !name.startsWith('VITEST'),
    ),
  );
  const child = spawn(process.execPath, [...cliArguments(), ...args, '--port', '0', '--quiet'], {
    cwd: projectDirectory,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const started = Date.now();
  while (!output.includes('Press Ctrl+C to stop.')) {
    if (Date.now() - started > 60_000 || child.exitCode !== null) {
      // The caller gets no handle to stop a child that never printed its banner, so it ends here.
      child.kill('SIGKILL');
      throw new Error(`mcpsim ${args.join(' ')} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = /Base URL\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
  const loginUrl = /Dashboard\s+(\S+)/.exec(output)![1]!;
  return {
    child,
    url,
    loginUrl,
    output: () => output,
    async api(method, path, body, key = apiKey) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : JSON.parse(text) };
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
