/**
 * The local stdio servers `serve` starts and pairs with uplink connections (`mcpsim uplink
 * <ns>/<id> -- <command…>`): each connection is created when missing, its server started and
 * paired in process, and what happens to it printed (never its environment).
 */
import type { Platform } from '../platform/platform.js';
import { pairStdioServer } from '../platform/stdio-pairing.js';
import { expectSuccess, requestPlatform, type ScenarioPlatform } from '../scenario/platform-request.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CliIo } from './io.js';

/** One local server to pair: `namespace/connectionId`, the command and its explicit environment. */
export interface StdioUplink {
  namespace: string;
  connectionId: string;
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  /** The folder to start it in (default: mcpsim's own). */
  cwd?: string;
}

/** A started local server: whether it paired, when it ended, and how to stop it. */
export interface StartedStdioUplink {
  /** Settles once pairing finished: true when the server is connected (a failure has been printed). */
  paired: Promise<boolean>;
  /** Settles once the process has ended (an end nobody asked for has been printed). */
  ended: Promise<void>;
  /** Ends the pairing and the process; its end is then not reported. */
  stop(): void;
}

/** Bound on waiting for the paired processes to stop when the server shuts down (the SDK escalates to SIGKILL after 4 s). */
const stopWaitMs = 5000;

/**
 * Reads `<namespace>/<id>` and `KEY=VALUE` pairs into an uplink; a malformed one is a usage error.
 *
 * @example
 *   toStdioUplink('local/files', ['npx', 'server-memory'], ['MEMORY_FILE_PATH=/tmp/m.json']);
 */
export function toStdioUplink(
  target: string | undefined,
  command: readonly string[],
  env: readonly string[],
  via: 'uplink' | 'serve' = 'uplink',
): StdioUplink {
  const example = via === 'uplink' ? 'mcpsim uplink local/files -- node server.js' : 'mcpsim serve --uplink "local/files=node server.js"';
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(target ?? '');
  if (!match)
    throw new CliError(
      `${via} needs <namespace>/<id> first, e.g. ${example} (got ${target === undefined ? 'nothing' : JSON.stringify(target)})`,
      exitCodes.usage,
      { command: via },
    );
  const [program, ...args] = command;
  if (program === undefined)
    throw new CliError(
      `${via} needs the server's command ${via === 'uplink' ? 'after --' : 'after "="'}, e.g. ${example}`,
      exitCodes.usage,
      { command: via },
    );
  const variables: Record<string, string> = {};
  for (const pair of env) {
    const equals = pair.indexOf('=');
    // The value is never echoed: it is likely a secret.
    if (equals < 1) throw new CliError(`--env takes KEY=VALUE; got one without a name before "="`, exitCodes.usage, { command: via });
    variables[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return { namespace: match[1]!, connectionId: match[2]!, command: program, args, env: variables };
}

/**
 * Reads `serve --uplink <ns>/<id>=<command line>`: the line is split on whitespace, and leading
 * `KEY=VALUE` words are the process's environment, as in a shell.
 *
 * @example
 *   parseUplinkOption('local/memory=MEMORY_FILE_PATH=/tmp/m.json node server.js');
 *   // { namespace: 'local', connectionId: 'memory', command: 'node', args: ['server.js'], env: { MEMORY_FILE_PATH: '/tmp/m.json' } }
 */
export function parseUplinkOption(option: string): StdioUplink {
  const equals = option.indexOf('=');
  if (equals < 0)
    throw new CliError(
      `--uplink takes <namespace>/<id>=<command line>, e.g. --uplink "local/files=node server.js" (got ${JSON.stringify(option)})`,
      exitCodes.usage,
      { command: 'serve' },
    );
  const words = option
    .slice(equals + 1)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const env = [];
  while (words[0] !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) env.push(words.shift()!);
  return toStdioUplink(option.slice(0, equals), words, env, 'serve');
}

/**
 * Starts one local server and pairs it with its (existing) uplink connection, printing the
 * outcome with the command only, never its environment. `quiet()` true at the end: the end was
 * asked for (the server stops), so it is not reported.
 *
 * @example
 *   const started = startStdioUplink(platform, uplink, io, { mcpUrl, quiet: () => stopping });
 *   if (await started.paired) ...; started.stop();
 */
export function startStdioUplink(
  platform: Platform,
  uplink: StdioUplink,
  io: CliIo,
  { mcpUrl, quiet }: { mcpUrl: string; quiet: () => boolean },
): StartedStdioUplink {
  const name = `${uplink.namespace}/${uplink.connectionId}`;
  let stopped = false;
  const pairing = pairStdioServer(platform, uplink, {
    command: uplink.command,
    args: uplink.args,
    env: uplink.env,
    ...(uplink.cwd === undefined ? {} : { cwd: uplink.cwd }),
  });
  return {
    paired: pairing.ready.then(
      () => (io.stdout(`Paired ${name} with the local server "${uplink.command}"; MCP URL: ${mcpUrl}\n`), true),
      (error: unknown) => (
        io.stderr(`Pairing ${name} with "${uplink.command}" failed: ${error instanceof Error ? error.message : String(error)}\n`),
        false
      ),
    ),
    ended: pairing.ended.then(
      (how) => void (stopped || quiet() || io.stderr(`The local server of ${name} ended: ${how}. ${name} is now disconnected.\n`)),
    ),
    stop() {
      stopped = true;
      pairing.stop();
    },
  };
}

/** Waits for started servers to end, at most as long as the SDK takes to kill a stuck one. */
export async function waitForStdioUplinks(ended: readonly Promise<unknown>[]): Promise<void> {
  await Promise.race([Promise.all(ended), new Promise((resolve) => setTimeout(resolve, stopWaitMs).unref())]);
}

/**
 * Creates each uplink connection when missing, starts and pairs its server, and prints the
 * outcome; returns the first paired MCP URL (for the banner) and what waits for the processes to
 * stop (after `platform.close()`, which ends the pairings).
 *
 * @example
 *   const paired = await pairStdioUplinks({ platform, door, uplinks, io });
 *   ...; platform.close(); await paired.stopped();
 */
export async function pairStdioUplinks({
  platform,
  door,
  uplinks,
  io,
}: {
  platform: Platform;
  door: ScenarioPlatform;
  uplinks: readonly StdioUplink[];
  io: CliIo;
}): Promise<{ firstMcpUrl: string | null; stopped(): Promise<void> }> {
  let stopping = false;
  let firstMcpUrl: string | null = null;
  const ended: Promise<unknown>[] = [];
  for (const uplink of uplinks) {
    const path = `/connect/${encodeURIComponent(uplink.namespace)}/${encodeURIComponent(uplink.connectionId)}`;
    await expectSuccess(door, `namespace "${uplink.namespace}"`, 'PUT', `/namespaces/${encodeURIComponent(uplink.namespace)}`);
    if ((await requestPlatform(door, 'GET', path)).status === 404)
      await expectSuccess(door, `connection "${uplink.namespace}/${uplink.connectionId}"`, 'PUT', path, { transport: 'uplink' });
    const mcpUrl = `${door.baseUrl}${path}/mcp`;
    const started = startStdioUplink(platform, uplink, io, { mcpUrl, quiet: () => stopping });
    ended.push(started.ended);
    if (await started.paired) firstMcpUrl ??= mcpUrl;
  }
  return {
    firstMcpUrl,
    async stopped() {
      stopping = true;
      await waitForStdioUplinks(ended);
    },
  };
}
