/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance` 0.1.16, a dev
 * dependency) as a child process against a server URL, and its vendored reference server
 * (test/support/conformance/everything-server.ts). On Node 20 the suite runs with
 * test/support/conformance/node20-preload.mjs (README, "Tests").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const preload = join(root, 'test/support/conformance/node20-preload.mjs');
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** Per scenario: whether it passed (no failed check, at least one that succeeded), and what failed. */
export type SuiteOutcome = Map<string, { passed: boolean; failures: string[] }>;

/**
 * The suite's server scenarios against `url`; with `authorization`, every request to the URL's
 * origin carries it.
 *
 * @example
 *   const outcome = await runConformanceSuite('http://127.0.0.1:3000/mcp');
 */
export async function runConformanceSuite(url: string, authorization?: string): Promise<SuiteOutcome> {
  const outputDir = mkdtempSync(join(tmpdir(), 'mcpsim-conformance-'));
  try {
    const child = spawn(process.execPath, ['--import', preload, suite, 'server', '--url', url, '-o', outputDir], {
      cwd: outputDir,
      env: {
        ...process.env,
        ...(authorization ? { MCPSIM_CONFORMANCE_ORIGIN: new URL(url).origin, MCPSIM_CONFORMANCE_AUTHORIZATION: authorization } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    const outcome: SuiteOutcome = new Map();
    for (const dir of readdirSync(outputDir, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('checks.json'))) {
      const checks = JSON.parse(readFileSync(join(outputDir, dir), 'utf8')) as { id: string; status: string; errorMessage?: string }[];
      const failures = checks.filter((check) => check.status === 'FAILURE').map((check) => `${check.id}: ${check.errorMessage ?? ''}`);
      outcome.set(toScenarioName(dir), { passed: failures.length === 0 && checks.some((check) => check.status === 'SUCCESS'), failures });
    }
    if (outcome.size === 0) throw new Error(`the conformance suite reported no scenario against ${url}:\n${output.slice(-2000)}`);
    return outcome;
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

/** `server-tools-list-2026-...` (the suite's result folder) -> `tools-list`. */
function toScenarioName(checksPath: string): string {
  const folder = checksPath.split(/[\\/]/).slice(-2, -1)[0]!;
  return folder.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
}

/** The vendored reference server on a free port of 127.0.0.1, as a child process. */
export async function startReferenceServer(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/support/conformance/everything-server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), TSX_TSCONFIG_PATH: join(root, 'test/support/conformance/tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('MCP endpoint')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the reference server exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
