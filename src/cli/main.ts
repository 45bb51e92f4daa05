import * as capture from './capture-command.js';
import * as verify from './verify-command.js';
import * as check from './check-command.js';
import { CliError, exitCodes, toCliError } from './cli-error.js';
import type { Command } from './command.js';
import { toCommandHelp, toCommandList, toGlobalHelp } from './command-help.js';
import * as demo from './demo-command.js';
import * as evaluate from './eval-command.js';
import * as explain from './explain-command.js';
import type { CliIo } from './io.js';
import * as keysCreate from './keys-create-command.js';
import * as mcp from './mcp-command.js';
import { parseCommandArgs } from './parse-command-args.js';
import * as record from './record-command.js';
import * as registryGenerate from './registry-generate-command.js';
import * as registryImport from './registry-import-command.js';
import * as reset from './reset-command.js';
import * as serve from './serve-command.js';
import * as test from './test-command.js';
import * as tokenCreate from './token-create-command.js';
import * as uplink from './uplink-command.js';

/**
 * The command table, in the order `mcpsim --help` lists them. Each command module exports its
 * name, usage, summary, help, options and run (see command.ts); `mcpsim` alone is the demo.
 */
export const commands: readonly Command[] = [
  demo,
  serve,
  uplink,
  mcp,
  capture,
  verify,
  check,
  explain,
  test,
  record,
  evaluate,
  reset,
  keysCreate,
  tokenCreate,
  registryImport,
  registryGenerate,
];

/**
 * Runs the command line `argv` (without `node` and the script) and returns the exit code
 * (`exitCodes`: 0 success, 1 failure, 2 bad usage, 3 unreachable).
 *
 * @example
 *   await main(['serve', '--port', '0'], io);
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { command, args } = findCommand(argv);
    const { help, ...input } = parseCommandArgs(command, args);
    if (help) {
      io.stdout(command === demo ? toGlobalHelp(commands) : toCommandHelp(command));
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

/** The command named by the first words of `argv`, and the rest; no words (or an option first) is the demo. */
function findCommand(argv: readonly string[]): { command: Command; args: string[] } {
  if (argv.length === 0 || argv[0]!.startsWith('-')) return { command: demo, args: [...argv] };
  for (const command of commands) {
    const words = command.name.split(' ');
    if (command.name !== '' && words.every((word, index) => argv[index] === word)) return { command, args: argv.slice(words.length) };
  }
  // Name both words when the first starts a two-word command (`registry frob`).
  const grouped = commands.some((command) => command.name.startsWith(`${argv[0]} `)) && argv[1] !== undefined && !argv[1].startsWith('-');
  const attempted = grouped ? `${argv[0]} ${argv[1]}` : argv[0];
  throw new CliError(
    `Unknown command "${attempted}". The commands:\n${toCommandList(commands)}\nRun "mcpsim --help" for more, "mcpsim <command> --help" for a command's options.`,
  );
}
