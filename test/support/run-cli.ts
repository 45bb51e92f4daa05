/**
 * Runs one mcpsim command to its end in process, through the CLI's own `main`, with `env` as its
 * whole environment: its exit code and what it printed.
 */
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

/**
 * @example
 *   const { code, stdout } = await runCli(['explain', 'tools.json', '--json'], { MCPSIM_EMBEDDING_MODEL: 'off' });
 */
export async function runCli(argv: string[], env: Record<string, string | undefined> = {}) {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env,
    onShutdownSignal: () => {},
  };
  const code = await main(argv, io);
  return { code, ...out };
}
