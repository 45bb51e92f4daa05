/**
 * The msw example of docs/msw.md, copied into a scratch project that installs mcpsim from its packed
 * tarball and the packages of the page's install line, run there by vitest as a user would run it.
 * Nothing is downloaded: the package is built and packed from this checkout, and the packages are
 * linked from this checkout's node_modules (only those npm would install for that line).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));
const projectModules = join(projectDirectory, 'node_modules');
const work = mkdtempSync(join(tmpdir(), 'mcpsim-msw-package-'));
const scratch = join(work, 'app');

/** The packages of the install line of docs/msw.md (`npm i -D mcpsim msw@2 ...`), without versions. */
function mswDocInstall(): string[] {
  const section = readFileSync(join(projectDirectory, 'docs', 'msw.md'), 'utf8');
  const match = /```sh\nnpm i -D ([^\n]+)\n```/.exec(section);
  if (!match) throw new Error('docs/msw.md has no ```sh block with npm i -D');
  return match[1]!.split(/\s+/).map((name) => name.replace(/(?<=.)@[^@]*$/, ''));
}

/** The first ```ts block of docs/msw.md (in-process mocking with msw), as written there. */
function mswDocExample(): string {
  const section = readFileSync(join(projectDirectory, 'docs', 'msw.md'), 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('docs/msw.md has no ```ts block');
  return match[1]!;
}

function run(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const environment = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !name.startsWith('MCPSIM_') && !name.startsWith('OPENAI_') && !name.startsWith('VITEST'),
      ),
    );
    const child = spawn(command, args, {
      cwd,
      env: { ...environment, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} took over ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

beforeAll(async () => {
  // Build into a staging copy of the package (not this checkout's dist/, which other suites read while this runs).
  // --noCheck: the same JavaScript tsc emits after checking (byte for byte here), in half the CPU; the
  // types are checked once by `npm test` (tsc -p tsconfig.json) before vitest starts.
  const staging = join(work, 'package');
  const built = await run(
    process.execPath,
    [
      join(projectModules, 'typescript', 'bin', 'tsc'),
      '-p',
      join(projectDirectory, 'tsconfig.build.json'),
      '--outDir',
      join(staging, 'dist'),
      '--noCheck',
    ],
    projectDirectory,
    // A bound that only proves a hang: at load 20-28 on 2 cores this build took over 120 s (tsc with or without --noCheck).
    400_000,
  );
  expect(built.code, built.output).toBe(0);
  // What the package's `files` ship besides dist (data/id-formats.json is read by any mock that reads its server).
  const shipped = (JSON.parse(readFileSync(join(projectDirectory, 'package.json'), 'utf8')) as { files: string[] }).files;
  for (const entry of ['package.json', ...shipped.filter((file) => file !== 'dist')])
    cpSync(join(projectDirectory, entry), join(staging, entry), { recursive: true });
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], {
    cwd: staging,
    stdio: 'ignore',
    timeout: 60_000,
  });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${work}`);

  // The scratch project: the tarball unpacked as node_modules/mcpsim, and linked beside it only what
  // the docs' install line names and what npm would install for mcpsim (its dependencies): a
  // package the example imports but the line leaves out is missing here, as in a user's project.
  const modules = join(scratch, 'node_modules');
  mkdirSync(modules, { recursive: true });
  execFileSync('tar', ['-xzf', join(work, tarball), '-C', modules]);
  execFileSync('mv', [join(modules, 'package'), join(modules, 'mcpsim')]);
  const manifest = JSON.parse(readFileSync(join(staging, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const installed = new Set([...mswDocInstall(), ...Object.keys(manifest.dependencies ?? {})]);
  installed.delete('mcpsim');
  for (const name of installed) {
    if (name.includes('/')) mkdirSync(join(modules, name.split('/')[0]!), { recursive: true });
    symlinkSync(join(projectModules, name), join(modules, name));
  }
  // The bin of vitest, which the test below runs by path.
  expect(installed).toContain('vitest');
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }, null, 2));
  writeFileSync(join(scratch, 'app.test.ts'), mswDocExample());
}, 500_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the msw example of docs/msw.md in a project that installed the packed tarball', () => {
  it('installs mcpsim as a real package, not a link to this checkout', () => {
    const installed = join(scratch, 'node_modules', 'mcpsim');
    expect(existsSync(join(installed, 'dist', 'msw', 'index.js'))).toBe(true);
    expect(existsSync(join(installed, 'scenarios', 'issue-triage.yaml'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(readdirSync(scratch)).not.toContain('scenarios');
  });

  it('passes as written, run by vitest from the scratch project', async () => {
    const result = await run(
      process.execPath,
      [join(scratch, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', scratch],
      scratch,
      120_000,
    );
    expect(result.output).toMatch(/Tests\s+1 passed \(1\)/);
    expect(result.code, result.output).toBe(0);
  }, 150_000);
});
