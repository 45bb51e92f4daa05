import { parseArgs } from 'node:util';
import { CliError, exitCodes } from './cli-error.js';
import type { Command, CommandInput, CommandOptions } from './command.js';

/** Every command takes `--help`. */
export const helpOption = { help: { type: 'boolean', short: 'h', help: 'print this help' } } as const satisfies CommandOptions;

/** The options of `command` as its help lists them: its own, then `--help`. */
export function toAllOptions(command: Command): CommandOptions {
  return { ...command.options, ...helpOption };
}

/**
 * Reads a command's arguments with `node:util` `parseArgs` in strict mode: an option the command
 * does not take, a missing value, or an argument where it takes none is a `CliError` (exit 2)
 * that names the command and the options it takes.
 *
 * @example
 *   parseCommandArgs(check, ['scenarios', '--port', '9']);
 *   // CliError "unknown option --port; check takes --json, --help"
 */
export function parseCommandArgs(command: Command, args: readonly string[]): CommandInput & { help: boolean } {
  const options = toAllOptions(command);
  try {
    const parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(options).map(([name, { type, multiple, short }]) => [
          name,
          { type, ...(multiple ? { multiple } : {}), ...(short ? { short } : {}) },
        ]),
      ),
      allowPositionals: command.positionals ?? false,
      strict: true,
      tokens: true,
    });
    const { help, ...values } = parsed.values as Record<string, unknown>;
    const dashes = parsed.tokens.findIndex((token) => token.kind === 'option-terminator');
    const afterDashes =
      dashes < 0 ? [] : parsed.tokens.slice(dashes + 1).flatMap((token) => (token.kind === 'positional' ? [token.value] : []));
    return { values: values as CommandInput['values'], positionals: parsed.positionals, afterDashes, help: help === true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code?.startsWith('ERR_PARSE_ARGS')) throw error;
    throw new CliError(toProblem(command, error as Error, code), exitCodes.usage, { command: command.name });
  }
}

/** Node's message in the CLI's words, with the options the command takes. */
function toProblem(command: Command, error: Error, code: string): string {
  const subject = command.name || 'mcpsim';
  const optionList = Object.keys(toAllOptions(command))
    .map((name) => `--${name}`)
    .join(', ');
  const takes = `${subject} takes ${optionList}`;
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted}; ${takes}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    // `mcpsim --port 0 serve`: the command has to come first.
    const order = command.name === '' ? `; a command comes before its options, e.g. mcpsim serve --port 0` : '';
    return `unexpected argument "${quoted}"; ${subject} takes no arguments besides its options (${optionList})${order}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
    if (error.message.includes('does not take an argument')) return `${option} takes no value; write ${option} alone`;
    const value = toAllOptions(command)[option.slice(2)]?.value ?? '<value>';
    return `${option} needs a value, e.g. ${option} ${value} (a value that starts with "-" is written ${option}=-value)`;
  }
  return error.message;
}
