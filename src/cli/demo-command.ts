import { version } from '../version.js';
import { exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { bundledScenariosDir } from '../scenario/bundled-scenarios.js';
import { options as serveOptions, serve, toIdleExitMs } from './serve-command.js';

/** `mcpsim` with no command: its `--help` is the list of commands (main.ts). */
export const name = '';
export const usage = '';
export const summary = 'the demo: serve with the bundled scenarios (scenarios/) and their fixtures';
export const help = 'Serves the bundled scenarios and their fixtures, unless --scenario names others; takes the options of serve.';

export const options = {
  ...serveOptions,
  version: { type: 'boolean', short: 'v', help: 'print the version' },
} as const satisfies CommandOptions;

export function run({ values }: CommandInput<typeof options>, io: CliIo): number | Promise<number> {
  if (values.version) {
    io.stdout(`${version}\n`);
    return exitCodes.ok;
  }
  const scenarios = values.scenario ?? [];
  return serve(
    {
      flags: toConfigFlags(values),
      quiet: values.quiet ?? false,
      fresh: values.fresh ?? false,
      idleExitMs: toIdleExitMs(values['idle-exit']),
      scenarios: scenarios.length > 0 ? scenarios : [bundledScenariosDir],
      demo: scenarios.length === 0,
    },
    io,
  );
}
