/**
 * Starting the demo over, as a new user who played with it would: the demo keeps what they did in
 * ./.mcpsim across restarts, and `mcpsim reset` or `mcpsim --fresh` (the options of serve) makes
 * the next start a first start. The real CLI as child processes on a data directory of their own.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDirectory, startDemo } from '../support/demo-server.js';
import { cliArguments } from '../support/built-cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-fresh-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the demo, lets `act` use it, stops it; resolves with what `act` returned. */
async function withDemo<Result>(args: readonly string[], act: (demo: Awaited<ReturnType<typeof startDemo>>) => Promise<Result>) {
  const demo = await startDemo(['--data-dir', dataDir, ...args]);
  try {
    return { result: await act(demo), output: demo.output() };
  } finally {
    await demo.stop();
  }
}

const addMine = (demo: Awaited<ReturnType<typeof startDemo>>) =>
  demo.api('PUT', '/connect/demo/mine', { name: 'Mine', server: '@modelcontextprotocol/time', mock: { enabled: true } });
const demoIds = async (demo: Awaited<ReturnType<typeof startDemo>>) =>
  ((await demo.api('GET', '/connect/demo')).body.connections as { connectionId: string }[]).map((connection) => connection.connectionId);

describe('starting the demo anew', () => {
  it('keeps a connection across restarts, and forgets it after mcpsim reset', async () => {
    await withDemo([], async (demo) => expect((await addMine(demo)).status).toBeLessThan(300));
    const kept = await withDemo([], demoIds);
    expect(kept.result).toContain('mine');
    writeFileSync(join(dataDir, 'notes.txt'), 'mine, not mcpsim’s');

    const { stdout } = await promisify(execFile)(process.execPath, [...cliArguments(), 'reset', '--data-dir', dataDir], {
      cwd: projectDirectory,
    });
    expect(stdout).toMatch(
      // A bundled build keeps the scenario checks it passed (scenario-check-cache.ts; the sources keep none): a reset forgets them too.
      new RegExp(
        `^Reset ${dataDir} \\(removed mcpsim\\.db.*token\\.key(?:, scenario-checks\\.json)?\\): the next start seeds the demo anew\\.\\n$`,
      ),
    );
    // serve.lock stays: it is the claim a server holds, and removing it could let two servers in.
    expect(readdirSync(dataDir).sort()).toEqual(['notes.txt', 'serve.lock']);

    const after = await withDemo([], demoIds);
    expect(after.result).not.toContain('mine');
    expect(after.result).toEqual(expect.arrayContaining(['github', 'notion', 'time']));
  }, 240_000);

  it('forgets it with --fresh as it starts', async () => {
    await withDemo([], async (demo) => expect((await addMine(demo)).status).toBeLessThan(300));
    const fresh = await withDemo(['--fresh'], demoIds);
    expect(fresh.output).toContain(`Reset ${dataDir} (removed mcpsim.db`);
    expect(fresh.result).not.toContain('mine');
    expect(fresh.result).toContain('time');
  }, 240_000);
});
