import { resolveConfig } from '../config.js';
import { openDataDirAdmin } from '../platform/data-dir-admin.js';
import { isApiError } from '../errors.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';

export const name = 'registry import';
export const usage = '<path>';
export const summary = 'import servers from a JSON file or a data set directory';
export const help = `Imports registry servers from a JSON file (a list of servers) or a data set directory
(servers.json, and optionally tools/index.json and tools/*.json), all or nothing: prints the counts,
or every problem and exits 1. Works while the server runs, which sees the new servers at once.`;
export const positionals = true;

export const options = {
  'data-dir': configOptions['data-dir'],
  json: { type: 'boolean', help: 'print {read, created, updated, tools}' },
} as const satisfies CommandOptions;

export function run({ values, positionals: paths }: CommandInput<typeof options>, io: CliIo): number {
  const [path] = paths;
  if (path === undefined || paths.length !== 1)
    throw new CliError('registry import needs one file or directory: mcpsim registry import <file|dir> [--data-dir <dir>]');
  const config = resolveConfig(toConfigFlags(values), io.env);
  const admin = openDataDirAdmin(config.dataDir);
  try {
    const started = performance.now();
    const counts = admin.importRegistry(path);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    io.stdout(
      values.json
        ? `${JSON.stringify(counts)}\n`
        : `Imported ${counts.read} servers from ${path} in ${seconds} s: ${counts.created} created, ${counts.updated} updated, ${counts.tools} tools.\n`,
    );
    return exitCodes.ok;
  } catch (error) {
    if (isApiError(error)) throw new CliError(error.message, exitCodes.failure);
    throw error;
  } finally {
    admin.close();
  }
}
