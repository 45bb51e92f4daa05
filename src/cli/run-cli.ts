import { createInterface } from 'node:readline/promises';
import { main } from './main.js';

/**
 * Runs mcpsim's command line on this process: its arguments, its standard streams, its environment
 * and its shutdown signals, and sets the exit code `main` returns. The one body of both entry points:
 * `bin.ts` (the sources through tsx, and tsc's output) and the bundled CLI that `npm start` runs
 * (scripts/bundle-cli.ts, loaded by code-cache-bin.ts).
 *
 * @example
 *   await runCli();
 */
export async function runCli(): Promise<void> {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    onShutdownSignal(handler) {
      const once = (signal: NodeJS.Signals) => {
        process.off('SIGINT', once);
        process.off('SIGTERM', once);
        handler(signal);
      };
      process.on('SIGINT', once);
      process.on('SIGTERM', once);
    },
    ...(process.stdin.isTTY
      ? {
          async confirm(question: string) {
            const reader = createInterface({ input: process.stdin, output: process.stderr });
            try {
              return /^y(es)?$/i.test((await reader.question(`${question} [y/N] `)).trim());
            } finally {
              reader.close();
            }
          },
        }
      : {}),
  });
}
