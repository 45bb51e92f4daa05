/**
 * `npm run bench:start -- [fresh|warm] [-- <command> [args...]]`: how long a way of starting mcpsim
 * takes to print "is listening", the figures of bench/README.md's start-up table. Runs the command four
 * times on ports 4900–4903 with no model configured; `fresh` gives every run a new data dir (the
 * catalog and scenarios are seeded), `warm` reuses one and drops the first run. Prints each run and
 * the median in milliseconds. Run it from the checkout (or the folder holding a packed tarball).
 * With no command it measures both starts of package.json, one after the other: `npm start`'s
 * built CLI (`node dist/cli/bin.js`, run `npm run build` first) and the sources through tsx as
 * `npm run dev` runs them (without the watcher, which only adds a file watch).
 *
 * @example
 *   npm run bench:start
 *   npm run bench:start -- fresh -- node dist/cli/bin.js
 *   npm run bench:start -- warm -- npx -y ./mcpsim-0.1.0.tgz
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [mode = 'warm', ...rest] = process.argv.slice(2);
const given = rest[0] === '--' ? rest.slice(1) : rest;
/** The commands to time: the one given, or the built CLI (`npm start`) and the sources through tsx (`npm run dev`). */
const commands: string[][] =
  given.length > 0
    ? [given]
    : [
        [process.execPath, 'dist/cli/bin.js'],
        [process.execPath, '--import', 'tsx', 'src/cli/bin.ts'],
      ];
if (mode !== 'fresh' && mode !== 'warm') {
  console.error('usage: npm run bench:start -- [fresh|warm] [-- <command> [args...]]');
  process.exit(2);
}

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpsim-start-'));
  dirs.push(dir);
  return dir;
};

/** Milliseconds from spawning the command until it prints "is listening"; then stops it. */
async function timeOneStart([command, ...args]: string[], dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(command!, args, {
    detached: true, // its own process group, so npm/npx and the server they start stop together
    env: { ...process.env, MCPSIM_DATA_DIR: dataDir, MCPSIM_PORT: String(port), OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const ms = await new Promise<number>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is listening')) resolve(performance.now() - started);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return Math.round(ms);
}

try {
  for (const command of commands) {
    const warmDir = newDir();
    const runs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const ms = await timeOneStart(command, mode === 'fresh' ? newDir() : warmDir, 4900 + i);
      if (mode === 'fresh' || i > 0) runs.push(ms);
    }
    runs.sort((a, b) => a - b);
    const shown = command.map((word) => (word === process.execPath ? 'node' : word)).join(' ');
    console.log(`${shown} (${mode}): ${runs.join(', ')} ms; median ${runs[Math.floor(runs.length / 2)]} ms`);
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
