import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertDataDirFree, DataDirInUseError } from '../platform/data-dir-admin.js';
import { CliError, exitCodes } from './cli-error.js';

/** How long a started server may take to listen (a busy machine loads the registry slowly), and how often to look. */
const startTimeoutMs = 60_000;
const pollMs = 100;
/** The log of a server `mcpsim mcp` started, in its data directory: stdout would break the protocol. */
const logFile = 'serve.log';

/** Where the server on `dataDir` listens, as its lock note says; null when none holds the directory. */
export function findServingUrl(dataDir: string): { url: string | null } | null {
  try {
    assertDataDirFree(dataDir);
    return null;
  } catch (error) {
    if (error instanceof DataDirInUseError) return { url: error.holder?.url ?? null };
    throw error;
  }
}

/**
 * The URL of the server on `dataDir`: the one running there, or one started now in the background
 * (`mcpsim serve`, detached, its output in `<dataDir>/serve.log`) and waited for until it listens.
 * The data directory's lock keeps it single: two of these racing start one server, and the loser's
 * child exits on the lock while both read the winner's URL.
 *
 * @example
 *   const url = await findOrStartServer({ dataDir: './.mcpsim', serveArgs: ['--port', '0'], env: io.env, log: io.stderr });
 */
export async function findOrStartServer({
  dataDir,
  serveArgs,
  env,
  log,
}: {
  dataDir: string;
  serveArgs: readonly string[];
  env: Record<string, string | undefined>;
  log: (text: string) => void;
}): Promise<string> {
  const running = findServingUrl(dataDir);
  if (running?.url) return running.url;
  let exited: string | null = null;
  if (running === null) {
    const logPath = join(dataDir, logFile);
    log(`mcpsim mcp: no server on ${dataDir}; starting one in the background (log: ${logPath})\n`);
    const child = startDetachedServe(resolve(dataDir), logPath, serveArgs, env);
    child.once('exit', (code) => void (exited = `exited with code ${code}`));
  }
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    await sleep(pollMs);
    const found = findServingUrl(dataDir);
    if (found?.url) return found.url;
    // A child that lost the race to another starter exits; the winner's note comes next.
    if (exited !== null && found === null) {
      throw new CliError(
        `the server started on ${dataDir} ${exited}; see ${join(dataDir, logFile)}:\n${readLogTail(dataDir)}`,
        exitCodes.failure,
      );
    }
  }
  throw new CliError(
    `no server listened on ${dataDir} within ${startTimeoutMs / 1000} s; see ${join(dataDir, logFile)}`,
    exitCodes.failure,
  );
}

/** `mcpsim serve` as a detached child of this same CLI (built or under tsx), outliving this process. */
function startDetachedServe(dataDir: string, logPath: string, serveArgs: readonly string[], env: Record<string, string | undefined>) {
  mkdirSync(dataDir, { recursive: true });
  const output = openSync(logPath, 'a');
  try {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'serve', '--data-dir', dataDir, ...serveArgs], {
      detached: true,
      stdio: ['ignore', output, output],
      env: { ...env, NO_COLOR: '1' },
    });
    child.unref();
    return child;
  } finally {
    closeSync(output);
  }
}

function readLogTail(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, logFile), 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '(no log)';
  }
}
