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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The CPU milliseconds (user + system) the process `pid` has used so far, from Linux's /proc (null
 * elsewhere): on a machine other work keeps busy, it moves far less from run to run than the wall time.
 */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command's name: state is field 3, utime and stime are fields 14 and 15, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Milliseconds from spawning the command until it prints "is listening" (wall, and the CPU it used till then); then stops it. */
async function timeOneStart([command, ...args]: string[], dataDir: string, port: number): Promise<{ ms: number; cpuMs: number | null }> {
  const started = performance.now();
  const child = spawn(command!, args, {
    detached: true, // its own process group, so npm/npx and the server they start stop together
    env: { ...process.env, MCPSIM_DATA_DIR: dataDir, MCPSIM_PORT: String(port), OPENAI_API_KEY: '', OPENAI_BASE_URL: '' },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const measured = await new Promise<{ ms: number; cpuMs: number | null }>((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is listening')) resolve({ ms: Math.round(performance.now() - started), cpuMs: cpuMsOf(child.pid!) });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return measured;
}

try {
  for (const command of commands) {
    const warmDir = newDir();
    const runs: number[] = [];
    const cpuRuns: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { ms, cpuMs } = await timeOneStart(command, mode === 'fresh' ? newDir() : warmDir, 4900 + i);
      if (mode === 'warm' && i === 0) continue;
      runs.push(ms);
      if (cpuMs !== null) cpuRuns.push(cpuMs);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const shown = command.map((word) => (word === process.execPath ? 'node' : word)).join(' ');
    // The CPU figure is the spawned process's own: through npm or npx it is theirs, not the server's.
    const cpu = cpuRuns.length > 0 ? `; CPU ${cpuRuns.join(', ')} ms, median ${median(cpuRuns)} ms` : '';
    console.log(`${shown} (${mode}): ${runs.join(', ')} ms; median ${median(runs)} ms${cpu}`);
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
