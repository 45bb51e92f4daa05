import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { CaptureCommands, RunningCapture, StoppedCapture } from '../agent/agent-project.js';
import { apiError } from '../errors.js';
import { run as runCaptureCommand } from './capture-command.js';
import { CliError } from './cli-error.js';
import type { CliIo } from './io.js';

/** Captures one `mcpsim mcp` session runs at once: each is a server with a real one behind it. */
export const maxCaptures = 3;
/** How long a capture may take to listen and reach its real server (a busy machine loads the registry slowly). */
const startTimeoutMs = 60_000;
/** What is kept of a capture's own output: its banner and its end report fit many times over. */
const maxKeptChars = 64 * 1024;
/** What `mcpsim capture` prints once it relays, and what starts its end report. */
const readyMarker = 'Capturing every tool call';
const reportMarker = /^Captured \d+ tool call/m;

interface Capture extends RunningCapture {
  stop: () => void;
  exited: Promise<number>;
  output: { text: string };
  dataDir: string;
}

/**
 * `mcpsim capture` for the agent's capture tools: the command itself, run in this process on a
 * private data directory (a temporary one, removed when it stops) with the session's API key, so
 * the agent drives the relayed connection with the key it has. At most `maxCaptures` run at once,
 * and `close()` (the end of the `mcpsim mcp` session) stops every one, which writes its files.
 *
 * @example
 *   const captures = createAgentCaptures({ projectDir: process.cwd(), apiKey, env: io.env });
 *   const { endpoint } = await captures.start({ upstream: { command: ['node', 'server.js'], env: [] }, directory: '/p/captures/x' });
 */
export function createAgentCaptures({ projectDir, apiKey, env }: { projectDir: string; apiKey: string; env: CliIo['env'] }) {
  const running = new Map<string, Capture>();
  let next = 1;

  async function stop(id: string): Promise<StoppedCapture> {
    const capture = running.get(id);
    if (capture === undefined)
      throw apiError('not_found', `no capture "${id}" runs (running: ${[...running.keys()].join(', ') || 'none'})`);
    running.delete(id);
    capture.stop();
    const exitCode = await capture.exited.catch(() => 1);
    rmSync(capture.dataDir, { recursive: true, force: true });
    const report = reportMarker.exec(capture.output.text);
    return {
      id,
      directory: capture.directory,
      report: report ? capture.output.text.slice(report.index).replace(/\nmcpsim stopped\.\n?$/, '\n') : capture.output.text.slice(-2000),
      exitCode,
    };
  }

  const commands: CaptureCommands & { close(): Promise<void> } = {
    async start({ upstream, directory, name }) {
      if (running.size >= maxCaptures)
        throw apiError(
          'conflict',
          `${maxCaptures} captures run already (${[...running.keys()].join(', ')}); stop one with stop_capture first`,
        );
      const id = `capture-${next++}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'mcpsim-agent-capture-'));
      const output = { text: '' };
      const keep = (text: string) => void (output.text = (output.text + text).slice(-maxKeptChars));
      let stopHandler: ((signal: string) => void) | undefined;
      const io: CliIo = { stdout: keep, stderr: keep, env, onShutdownSignal: (handler) => void (stopHandler = handler) };
      const values = {
        port: '0',
        host: '127.0.0.1',
        'data-dir': dataDir,
        'api-key': apiKey,
        quiet: true,
        as: `captured/${id}`,
        ...(name === undefined ? {} : { name }),
        ...('url' in upstream ? { url: upstream.url } : upstream.env.length > 0 ? { env: upstream.env } : {}),
      };
      const positionals = [directory, ...('command' in upstream ? upstream.command : [])];
      const exited = Promise.resolve()
        .then(() => runCaptureCommand({ values, positionals }, io))
        .catch((error: unknown) => {
          keep(`${error instanceof Error ? error.message : String(error)}\n`);
          return error instanceof CliError ? error.exitCode : 1;
        });
      let ended = false;
      void exited.then(() => (ended = true));
      const deadline = Date.now() + startTimeoutMs;
      while (!output.text.includes(readyMarker) && !ended && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
      const baseUrl = /Base URL\s+(\S+)/.exec(output.text)?.[1];
      if (!output.text.includes(readyMarker) || baseUrl === undefined) {
        stopHandler?.('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
        throw apiError('upstream_unavailable', `the capture did not start: ${output.text.trim().split('\n').slice(-5).join(' / ')}`);
      }
      const capture: Capture = {
        id,
        upstream: 'url' in upstream ? upstream.url : upstream.command.join(' '),
        directory: relative(projectDir, directory) || '.',
        endpoint: `${baseUrl}/connect/captured/${id}/mcp`,
        startedAt: new Date().toISOString(),
        stop: () => stopHandler?.('SIGTERM'),
        exited,
        output,
        dataDir,
      };
      running.set(id, capture);
      return toRunning(capture);
    },
    stop,
    list: () => [...running.values()].map(toRunning),
    async close() {
      await Promise.all([...running.keys()].map((id) => stop(id).catch(() => undefined)));
    },
  };
  return commands;
}

function toRunning({ id, upstream, directory, endpoint, startedAt }: Capture): RunningCapture {
  return { id, upstream, directory, endpoint, startedAt };
}
