import type { CliIo } from './io.js';

/** One option of a command: what `parseArgs` needs, and its line in the command's help. */
export interface CommandOption {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** How its value reads in the help, e.g. `<n>`. */
  value?: string;
  /** Its line in the help; `\n` starts another line. */
  help: string;
}

export type CommandOptions = Readonly<Record<string, CommandOption>>;

type ScalarValue<Type extends CommandOption['type']> = Type extends 'boolean' ? boolean : string;
type OptionValue<Option extends CommandOption> = Option['multiple'] extends true
  ? ScalarValue<Option['type']>[]
  : ScalarValue<Option['type']>;

/** What `parseArgs` gives for `Options`: each option's value when it was given. */
export type OptionValues<Options extends CommandOptions> = { -readonly [Name in keyof Options]?: OptionValue<Options[Name]> };

export interface CommandInput<Options extends CommandOptions = CommandOptions> {
  values: OptionValues<Options>;
  positionals: string[];
  /** The positionals after `--` (also the end of `positionals`): a command to start. */
  afterDashes?: string[];
}

/**
 * A command of the table in main.ts. Each command file exports these names, so the module
 * itself is the command: main.ts imports each `*-command.ts` as a namespace object.
 *
 * @example
 *   export const name = 'check';
 *   export const usage = '[paths...]';
 *   export const summary = 'validate scenario files (default scenarios/)';
 *   export const help = 'Validates scenario files without running them.';
 *   export const positionals = true;
 *   export const options = { json: { type: 'boolean', help: 'print JSON' } } as const satisfies CommandOptions;
 *   export function run({ values, positionals }: CommandInput<typeof options>, io: CliIo) { ... }
 */
export interface Command {
  /** The words after `mcpsim`: `serve`, `keys create`; '' for the demo (`mcpsim` alone). */
  readonly name: string;
  /** What follows the name in its usage line, e.g. `[paths...]`. */
  readonly usage: string;
  /** Its line in `mcpsim --help`. */
  readonly summary: string;
  /** What `mcpsim <name> --help` says above the options. */
  readonly help: string;
  readonly options: CommandOptions;
  /** Whether it takes arguments besides its options (default: none). */
  readonly positionals?: boolean;
  run(input: CommandInput, io: CliIo): number | Promise<number>;
}
