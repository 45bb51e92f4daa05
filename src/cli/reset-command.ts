import { resolveConfig } from '../config.js';
import { assertDataDirFree, clearDataDir } from '../platform/data-dir-admin.js';
import { exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';

export const name = 'reset';
export const usage = '[options]';
export const summary = 'forget everything in the data directory: the next start is the demo anew';
export const help = `Removes the database and the key files of the data directory (default ./.mcpsim), so the next
mcpsim or mcpsim serve starts as on the first day: the demo's connections, worlds and calls seeded
anew, new keys (service tokens minted before stop working). Refused while a server uses the
directory: stop it first; serve --fresh does the same as it starts. Other files in the directory stay.`;

export const options = {
  'data-dir': configOptions['data-dir'],
} as const satisfies CommandOptions;

export function run({ values }: CommandInput<typeof options>, io: CliIo): number {
  const { dataDir } = resolveConfig(toConfigFlags(values), io.env);
  assertDataDirFree(dataDir);
  io.stdout(`${toResetMessage(dataDir, clearDataDir(dataDir))}\n`);
  return exitCodes.ok;
}

/** What `reset` and `serve --fresh` say they did. */
export function toResetMessage(dataDir: string, removed: readonly string[]): string {
  return removed.length === 0
    ? `Nothing to reset in ${dataDir}: the next start is already a first start.`
    : `Reset ${dataDir} (removed ${removed.join(', ')}): the next start seeds the demo anew.`;
}
