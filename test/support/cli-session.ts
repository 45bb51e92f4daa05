/**
 * Runs a long-lived mcpsim command (`capture`, `serve`) in process, through the CLI's own `main`,
 * until `stop()`: its base URL once it printed the marker, and its exit code.
 */
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

/**
 * @example
 *   const serve = startCliSession(['serve', '--port', '0', '--scenario', file]);
 *   const baseUrl = await serve.ready();
 *   expect(await serve.stop()).toBe(0);
 */
export function startCliSession(argv: string[]) {
  const out = { stdout: '', stderr: '' };
  let stopHandler: ((signal: string) => void) | undefined;
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: {},
    onShutdownSignal: (handler) => void (stopHandler = handler),
  };
  const code = main(argv, io);
  return {
    out,
    async ready(marker = 'Press Ctrl+C to stop.', timeoutMs = 30_000): Promise<string> {
      const started = Date.now();
      while (!out.stdout.includes(marker)) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`no "${marker}" within ${timeoutMs} ms; stdout: ${out.stdout}\nstderr: ${out.stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return /Base URL\s+(\S+)/.exec(out.stdout)![1]!;
    },
    async stop(): Promise<number> {
      stopHandler?.('SIGTERM');
      return code;
    },
  };
}
