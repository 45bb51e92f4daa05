import { CliError, exitCodes, toCliError } from './cli-error.js';
import type { Command } from './command.js';
import { toCommandHelp, toCommandList, toGlobalHelp } from './command-help.js';
import type { CliIo } from './io.js';
import { parseCommandArgs } from './parse-command-args.js';

/**
 * The command table, in the order `mcpsim --help` lists them: each command's name, and its module
 * (see command.ts), loaded only when that command runs, so a `serve` start does not load the
 * scenario checker, the capture code or the agent (issue 40: start time, and the test suite's
 * CLI children). `mcpsim` alone ('') is the demo; each name is its module's own `name`.
 */
export const commandTable: readonly { name: string; load: () => Promise<Command> }[] = [
  { name: '', load: () => import('./demo-command.js') },
  { name: 'serve', load: () => import('./serve-command.js') },
  { name: 'uplink', load: () => import('./uplink-command.js') },
  { name: 'mcp', load: () => import('./mcp-command.js') },
  { name: 'capture', load: () => import('./capture-command.js') },
  { name: 'verify', load: () => import('./verify-command.js') },
  { name: 'check', load: () => import('./check-command.js') },
  { name: 'explain', load: () => import('./explain-command.js') },
  { name: 'test', load: () => import('./test-command.js') },
  { name: 'record', load: () => import('./record-command.js') },
  { name: 'eval', load: () => import('./eval-command.js') },
  { name: 'reset', load: () => import('./reset-command.js') },
  { name: 'keys create', load: () => import('./keys-create-command.js') },
  { name: 'token create', load: () => import('./token-create-command.js') },
  { name: 'registry import', load: () => import('./registry-import-command.js') },
  { name: 'registry generate', load: () => import('./registry-generate-command.js') },
];

/** Every command, loaded (for the global help and the list of an unknown command's message). */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(commandTable.map((entry) => entry.load()));
}

/**
 * Runs the command line `argv` (without `node` and the script) and returns the exit code
 * (`exitCodes`: 0 success, 1 failure, 2 bad usage, 3 unreachable).
 *
 * @example
 *   await main(['serve', '--port', '0'], io);
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { name, args } = await findCommandName(argv);
    const command = await commandTable.find((entry) => entry.name === name)!.load();
    const { help, ...input } = parseCommandArgs(command, args);
    if (help) {
      io.stdout(name === '' ? toGlobalHelp(await loadCommands()) : toCommandHelp(command));
      return exitCodes.ok;
    }
    return await command.run(input, io);
  } catch (error) {
    const cliError = toCliError(error);
    if (cliError) {
      io.stderr(`mcpsim${cliError.command ? ` ${cliError.command}` : ''}: ${cliError.message}\n`);
      return cliError.exitCode;
    }
    io.stderr(`mcpsim: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return exitCodes.failure;
  }
}

/** The name of the command the first words of `argv` name, and the rest; no words (or an option first) is the demo. */
async function findCommandName(argv: readonly string[]): Promise<{ name: string; args: string[] }> {
  if (argv.length === 0 || argv[0]!.startsWith('-')) return { name: '', args: [...argv] };
  for (const { name } of commandTable) {
    const words = name.split(' ');
    if (name !== '' && words.every((word, index) => argv[index] === word)) return { name, args: argv.slice(words.length) };
  }
  // Name both words when the first starts a two-word command (`registry frob`).
  const grouped =
    commandTable.some((command) => command.name.startsWith(`${argv[0]} `)) && argv[1] !== undefined && !argv[1].startsWith('-');
  const attempted = grouped ? `${argv[0]} ${argv[1]}` : argv[0];
  throw new CliError(
    `Unknown command "${attempted}". The commands:\n${toCommandList(await loadCommands())}\nRun "mcpsim --help" for more, "mcpsim <command> --help" for a command's options.`,
  );
}
