import { ConfigError } from '../config.js';
import { DataDirError } from '../platform/data-dir-admin.js';

/** Exit codes of every command; `exitCodesHelp` says what they mean, for the help and the README. */
export const exitCodes = { ok: 0, failure: 1, usage: 2, unreachable: 3 } as const;

export const exitCodesHelp =
  'Exit codes: 0 success; 1 failure (a failed step, a replay miss, an invalid scenario, a data\n' +
  'directory that cannot be used, drift found by verify); 2 bad usage (an unknown command or\n' +
  'option, a bad value, a path that does not exist); 3 the live server verify compares with could\n' +
  'not be reached.';

/**
 * A failure the person at the command line can fix: printed as one line `mcpsim[ <command>]:
 * <message>`, no stack, and the process exits with `exitCode`.
 *
 * @example
 *   throw new CliError('--reporter: "tap" is not one of text, json, junit');
 *   throw new CliError('unknown option --port; check takes --json, --help', exitCodes.usage, { command: 'check' });
 */
export class CliError extends Error {
  override name = 'CliError';
  /** The command whose arguments are wrong, named in the message's prefix. */
  readonly command: string | undefined;

  constructor(
    message: string,
    readonly exitCode: number = exitCodes.usage,
    options: { command?: string } = {},
  ) {
    super(message);
    this.command = options.command;
  }
}

/**
 * The CLI's reading of another layer's error: a bad setting (`ConfigError`, exit 2) or a data
 * directory that cannot be used (`DataDirError`, exit 1) as a `CliError` that says how to fix
 * it; null for anything else, which is a bug and is printed with its stack.
 */
export function toCliError(error: unknown): CliError | null {
  if (error instanceof CliError) return error;
  if (error instanceof ConfigError) return new CliError(error.message, exitCodes.usage);
  if (error instanceof DataDirError)
    return new CliError(`${error.message}; choose another with --data-dir <dir> (or MCPSIM_DATA_DIR)`, exitCodes.failure);
  return null;
}
