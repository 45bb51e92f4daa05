/**
 * The built CLI's V8 code cache (src/cli/code-cache-bin.ts): the first run writes it in a folder of
 * the user's own under the system's temporary directory, a later run uses it as it is, a cache V8
 * cannot use is written anew, and a folder others can write to is not used. The real built CLI as a
 * child, its temporary directory (`TMPDIR`) one of the test's own.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cliArguments } from '../support/built-cli.js';

const temporary = mkdtempSync(join(tmpdir(), 'mcpsim-code-cache-test-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const cacheFolder = (under: string) => join(under, `mcpsim-code-cache-${process.getuid?.() ?? 'user'}`);

/** Runs `mcpsim <args>` with `under` as its temporary directory; resolves with what it printed. */
async function run(under: string, args: readonly string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...cliArguments(), ...args], {
    env: { ...process.env, TMPDIR: under },
  }).catch((error: { stdout: string }) => error);
  return stdout.trim();
}

const version = (under: string) => run(under, ['--version']);

/** The cache files in `under`'s cache folder. */
const caches = (under: string) => readdirSync(cacheFolder(under)).filter((name) => name.endsWith('.v8'));

describe('the built CLI’s code cache', () => {
  it('is written by the first run and used as it is by the next', async () => {
    const under = join(temporary, 'first');
    mkdirSync(under);
    const first = await version(under);
    expect(caches(under)).toHaveLength(1);
    const file = join(cacheFolder(under), caches(under)[0]!);
    expect(file).toMatch(new RegExp(`cli-[^/]+\\.cjs-help-${process.version}-${process.arch}\\.v8$`));
    expect(statSync(cacheFolder(under)).mode & 0o777).toBe(0o700);
    const written = readFileSync(file);
    expect(await version(under)).toBe(first);
    expect(readFileSync(file).equals(written)).toBe(true);
  });

  it('writes a cache V8 rejects anew, and runs the same', async () => {
    const under = join(temporary, 'rejected');
    mkdirSync(under);
    const first = await version(under);
    const file = join(cacheFolder(under), caches(under)[0]!);
    writeFileSync(file, 'not a code cache');
    expect(await version(under)).toBe(first);
    expect(readFileSync(file, 'utf8')).not.toBe('not a code cache');
    expect(readFileSync(file).length).toBeGreaterThan(1000);
  });

  it('keeps the newest 8 caches when it writes one, removing older ones', async () => {
    const under = join(temporary, 'bounded');
    mkdirSync(under);
    await version(under);
    const folder = cacheFolder(under);
    // Ten caches of older builds, each older than the last.
    for (let index = 0; index < 10; index++) {
      const old = join(folder, `cli-old${index}.cjs-help-${process.version}-${process.arch}.v8`);
      writeFileSync(old, 'old');
      utimesSync(old, new Date(2020, 0, 1 + index), new Date(2020, 0, 1 + index));
    }
    rmSync(
      join(
        folder,
        caches(under).find((name) => !name.startsWith('cli-old'))!,
      ),
    );
    await version(under);
    const kept = caches(under);
    expect(kept).toHaveLength(8);
    // The one just written and the seven newest old ones; the three oldest went.
    expect(kept.filter((name) => !name.startsWith('cli-old'))).toHaveLength(1);
    expect(kept).not.toContain(`cli-old0.cjs-help-${process.version}-${process.arch}.v8`);
  });

  it('keeps one cache per command, each with the functions its own runs compile', async () => {
    const under = join(temporary, 'commands');
    mkdirSync(under);
    await version(under);
    await run(under, ['nosuch']);
    expect(
      caches(under)
        .map((name) => /\.cjs-([a-z]+)-v/.exec(name)?.[1])
        .sort(),
    ).toEqual(['help', 'nosuch']);
  });

  it('uses no folder that other users can write to', async () => {
    const under = join(temporary, 'shared');
    mkdirSync(cacheFolder(under), { recursive: true });
    chmodSync(cacheFolder(under), 0o777);
    expect(await version(under)).toMatch(/^\d+\.\d+\.\d+/);
    expect(caches(under)).toEqual([]);
  });
});
