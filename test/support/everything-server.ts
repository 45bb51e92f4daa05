/**
 * `@modelcontextprotocol/server-everything` (a pinned dev dependency, started from node_modules)
 * as a real upstream for tests. Its streamableHttp mode listens on `process.env.PORT` on every
 * interface; a preload (loopback-listen.cjs) binds it to 127.0.0.1 instead and reports the port it
 * got, and the network guard (loopback-only.cjs) keeps it off the network.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const support = import.meta.dirname;
/** server-everything's entry point (a pinned dev dependency): `node <entry> [stdio|streamableHttp]`. */
export const everythingEntry = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);

export interface Everything {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts server-everything's streamableHttp mode on 127.0.0.1, on a free port unless given one. */
export function startEverything(port = 0): Promise<Everything> {
  const child = spawn(
    process.execPath,
    ['--require', join(support, 'loopback-only.cjs'), '--require', join(support, 'loopback-listen.cjs'), everythingEntry, 'streamableHttp'],
    {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => (void stop(), reject(new Error(`server-everything did not listen within 15 s: ${stderr}`))), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const port = /mcpsim-listening 127\.0\.0\.1 (\d+)/.exec(stderr)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}/mcp`, child, stop });
      }
    });
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`server-everything exited with ${code}: ${stderr}`))));
  });
}
