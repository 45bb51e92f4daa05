/**
 * An uplink channel to a local stdio MCP server that mcpsim starts itself (`mcpsim uplink
 * <ns>/<id> -- <command…>`), over the MCP SDK's stdio client transport. The pairing layer sees an
 * `UplinkChannel` like a WebSocket's; this one also knows how the process ended (exit code or
 * signal, and the last lines of its stderr), which the pairing puts in status and error messages.
 */
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { scrubSecrets, toEnvSecretValues } from '../../domain/secrets.js';
import type { UplinkChannel } from './uplink-channel.js';

/**
 * The local server to start. `env` is added to the SDK's safe default environment (PATH, HOME...)
 * and never logged; its values are scrubbed from what the server says (domain/secrets.ts).
 */
export interface StdioCommand {
  command: string;
  args: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
}

/** How the process ended. */
export interface StdioExit {
  code: number | null;
  signal: string | null;
  /** The last lines it wrote to stderr. */
  stderr: string[];
  /** Why mcpsim stopped it, when it did (e.g. stdout without line breaks). */
  problem?: string;
}

export interface StdioChannel extends UplinkChannel {
  /** Settles once the process has ended (or failed to start: then `code` is null and stderr holds the spawn error). */
  readonly exited: Promise<StdioExit>;
}

/** How many stderr lines are kept for messages. */
const keptStderrLines = 10;
/** A single stderr line longer than this is cut (a server printing a minified bundle). */
const maxLineChars = 500;
/**
 * Once the process exited, what is left in its stderr pipe is read until the pipe ends, or until it
 * has been quiet this long (a child of the server may hold the pipe open)...
 */
const stderrQuietMs = 1000;
/** ...and at most this many quiet waits, however much a lingering child keeps writing. */
const stderrDrainWaits = 10;
/** Bound on waiting for the exit when a caller asks why the channel ended (more than one quiet wait). */
const reasonWaitMs = 3000;

/**
 * Starts nothing yet: the process is spawned when the pairing starts the transport.
 *
 * @example
 *   const channel = createStdioChannel({ command: 'node', args: ['server.js'], env: { API_KEY: key } });
 *   await uplinks.pair(connection, channel, { force: false });
 *   const exit = await channel.exited; // { code: 0, signal: null, stderr: [...] }
 */
export function createStdioChannel({ command, args, env, cwd }: StdioCommand): StdioChannel {
  const transport = new StdioClientTransport({
    command,
    args: [...args],
    stderr: 'pipe',
    ...(env ? { env: { ...env } } : {}),
    ...(cwd ? { cwd } : {}),
  });
  // A server that fails often says why with what it was given ("invalid key abc123"): its stderr
  // lines reach status messages, errors and the log, so they are kept with the values scrubbed.
  const secrets = toEnvSecretValues(env);
  const stderr: string[] = [];
  let partial = '';
  const keep = (raw: string) => {
    if (raw.trim() === '') return;
    const line = scrubSecrets(raw, secrets);
    // A long line keeps its start and its end: what a server adds to a line it never ended is at the end.
    stderr.push(line.length > maxLineChars ? `${line.slice(0, maxLineChars / 2)}…${line.slice(-maxLineChars / 2)}` : line);
    if (stderr.length > keptStderrLines) stderr.shift();
  };
  let chunks = 0;
  transport.stderr?.on('data', (chunk: Buffer) => {
    chunks++;
    const lines = (partial + chunk.toString('utf8')).split(/\r?\n/);
    // Scrubbed before it is cut, so a cut never leaves the end of a value to be kept.
    partial = scrubSecrets(lines.pop() ?? '', secrets).slice(-maxLineChars * 2);
    lines.forEach(keep);
  });

  // The SDK stops a server whose stdout overflows its read buffer (10 MiB without a line break);
  // the pairing's client hears the error too (the SDK chains onerror), this keeps why for the status.
  let problem: string | null = null;
  transport.onerror = (error) => {
    if (/ReadBuffer exceeded/.test(error.message))
      problem ??= `it wrote ${error.message.replace(/^.*maximum size of (\d+) bytes.*$/, (_, bytes: string) => `more than ${Math.round(Number(bytes) / 1024 / 1024)} MiB`)} to stdout without a line break, which is not MCP over stdio`;
  };

  deliverAnswersAfterNotifications(transport);

  let exit: StdioExit | null = null;
  let settleExit: (exit: StdioExit) => void = () => {};
  const exited = new Promise<StdioExit>((resolve) => (settleExit = resolve));
  const finish = (code: number | null, signal: string | null) => {
    if (exit) return;
    keep(partial);
    partial = '';
    exit = { code, signal, stderr: [...stderr], ...(problem ? { problem } : {}) };
    settleExit(exit);
  };

  // The SDK keeps its child process private and reports only `onclose`; the exit code is read from
  // the process itself, on `exit`, which Node emits before the `close` that ends the transport.
  // Callers that learn of the end from the transport wait for it (`endReason`).
  const start = transport.start.bind(transport);
  transport.start = async () => {
    try {
      await start();
    } catch (error) {
      keep(`could not start "${command}": ${error instanceof Error ? error.message : String(error)}`);
      finish(null, null);
      throw error;
    }
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      // What it wrote last may still be in the stderr pipe (a busy machine reads it later): read it to its end first.
      const stream = transport.stderr as Readable | null;
      if (!stream || stream.readableEnded) return finish(code, signal);
      let timer: NodeJS.Timeout | undefined;
      stream.once('end', () => {
        clearTimeout(timer);
        finish(code, signal);
      });
      // The pipe may stay open (a child of the server holds it): the reading stops once it has been
      // quiet for a while. A timer that fires after the event loop was stalled runs before the pipe
      // is polled, so the quiet is judged one turn later (`setImmediate` runs after the poll), and
      // data read in between starts the wait again, a bounded number of times.
      let seen = chunks;
      let waits = 0;
      const wait = () => {
        timer = setTimeout(() => {
          setImmediate(() => {
            if (exit) return;
            if (chunks !== seen && ++waits < stderrDrainWaits) {
              seen = chunks;
              wait();
            } else finish(code, signal);
          });
        }, stderrQuietMs);
        timer.unref();
      };
      wait();
    });
  };

  let ended = false;
  return {
    transport,
    secrets,
    exited,
    end() {
      if (ended) return;
      ended = true;
      // Closing stdin asks the server to stop; the SDK escalates to SIGTERM, then SIGKILL, after 2 s each.
      void transport.close().catch(() => {});
    },
    endReason: () =>
      Promise.race([
        exited.then((ending) => describeExit(command, ending)),
        // Judged a turn after the timer, like the quiet wait: after a stall, the pipe is read first.
        new Promise<null>((resolve) => setTimeout(() => setImmediate(() => resolve(null)), reasonWaitMs).unref()),
      ]),
  };
}

/**
 * The SDK's client dispatches a notification a microtask after it reads it but a response at once,
 * and stdio hands it every line of a chunk in one go: a server's last progress report and its
 * result, written together, reached the client in the wrong order, and the response had already
 * retired the progress handler, so the report was dropped (modelcontextprotocol/typescript-sdk
 * issue 2580). Each message read here goes to the client a microtask after the one before it, so
 * a notification's handler has run before the next message arrives.
 */
function deliverAnswersAfterNotifications(transport: StdioClientTransport): void {
  let handler: StdioClientTransport['onmessage'];
  let queue = Promise.resolve();
  const deliver = (message: JSONRPCMessage) =>
    void (queue = queue.then(() => handler?.(message)).catch((error: unknown) => transport.onerror?.(toError(error))));
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (handler ? deliver : undefined),
    set: (next: StdioClientTransport['onmessage']) => void (handler = next),
  });
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * One sentence on how a local server ended, for status and error messages.
 *
 * @example
 *   describeExit('node', { code: 1, signal: null, stderr: ['Error: no API_KEY'] });
 *   // 'the process "node" exited with code 1; its last stderr lines: Error: no API_KEY'
 */
export function describeExit(command: string, { code, signal, stderr, problem }: StdioExit): string {
  const how = code !== null ? `exited with code ${code}` : signal !== null ? `was killed by ${signal}` : 'did not start';
  return `the process "${command}" ${how}${problem ? ` (stopped by mcpsim: ${problem})` : ''}${stderr.length > 0 ? `; its last stderr lines: ${stderr.join(' | ')}` : ' (nothing on stderr)'}`;
}
