/**
 * One server per data directory: a second `serve` on a directory in use exits 1 at once and names
 * the process that holds it; the admin commands keep working beside a running server; `reset`
 * refuses; and a server killed with SIGKILL leaves nothing stuck. The real CLI as child processes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDirectory, startDemo, type DemoServer } from '../support/demo-server.js';
import { cliArguments } from '../support/built-cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-one-server-'));
const started: DemoServer[] = [];

afterAll(async () => {
  for (const server of started) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function environment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MCPSIM_') && !name.startsWith('OPENAI_')));
}

/** Runs a command that ends by itself: its exit code and output. */
function runCli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...cliArguments(), ...args],
      { cwd: projectDirectory, env: environment(), timeout: 150_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: unknown }).code ?? -1) : 0,
          stdout,
          stderr: `${stderr}${error?.killed ? ' (killed: it did not end in time)' : ''}`,
        }),
    );
  });
}

async function serveOn(...args: string[]): Promise<DemoServer> {
  const server = await startDemo(['serve', '--data-dir', dataDir, ...args]);
  started.push(server);
  return server;
}

describe('one server per data directory', () => {
  it('refuses a second serve naming the first, lets admin commands work beside it, and frees the directory when the first is killed', async () => {
    const first = await serveOn();
    const pid = first.child.pid!;

    const second = await runCli(['serve', '--port', '0', '--data-dir', dataDir, '--api-key', 'another-key-1234']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`another mcpsim server uses it (process ${pid}, listening at ${first.url})`);
    // The second server changed nothing: the first one's key still works.
    expect((await first.api('GET', '/connect/demo')).status).toBe(200);

    const fresh = await runCli(['serve', '--port', '0', '--data-dir', dataDir, '--fresh']);
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).not.toContain('Reset');
    const reset = await runCli(['reset', '--data-dir', dataDir]);
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain(`process ${pid}`);
    expect((await first.api('GET', '/connect/demo')).body.connections.length).toBeGreaterThan(0);

    const registryFile = join(dataDir, 'one-server.json');
    writeFileSync(registryFile, `[${readFileSync(join(projectDirectory, 'catalog/exa-labs__exa-mcp-server.json'), 'utf8')}]`);
    const [keys, token, imported] = await Promise.all([
      runCli(['keys', 'create', '--data-dir', dataDir, '--json']),
      runCli(['token', 'create', '--data-dir', dataDir]),
      runCli(['registry', 'import', registryFile, '--data-dir', dataDir]),
    ]);
    expect([keys.code, token.code, imported.code], `${keys.stderr}${token.stderr}${imported.stderr}`).toEqual([0, 0, 0]);
    const { apiKey } = JSON.parse(keys.stdout) as { apiKey: string };
    // The running server sees what the commands wrote.
    expect((await first.api('GET', '/namespaces', undefined, apiKey)).status).toBe(200);
    expect((await first.api('GET', '/servers/@exa-labs/exa-mcp-server')).status).toBe(200);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('close', resolve));
    const after = await serveOn();
    expect(after.output()).toContain('Press Ctrl+C to stop.');
    expect((await after.api('GET', '/connect/demo')).status).toBe(200);
  }, 600_000);
});
