import { createSyntheticServers } from './synthetic-servers.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import type { CliIo } from './io.js';

export const name = 'registry generate';
export const usage = '[options]';
export const summary = 'print synthetic servers to stdout, as a JSON array';
export const help = `Prints synthetic registry servers as a JSON array, one server per line, ready for
mcpsim registry import. The same count and seed always print the same servers.`;

const maxCount = 1_000_000;

export const options = {
  count: { type: 'string', value: '<n>', help: `how many servers, 1 to ${maxCount}` },
  seed: { type: 'string', value: '<s>', help: 'any text (default "mcpsim")' },
} as const satisfies CommandOptions;

export function run({ values }: CommandInput<typeof options>, io: CliIo): number {
  if (values.count === undefined) throw new CliError(`registry generate needs --count <n> (1 to ${maxCount})`);
  const count = Number(values.count);
  if (!/^\d+$/.test(values.count) || count < 1 || count > maxCount)
    throw new CliError(`--count: must be a whole number from 1 to ${maxCount} (got "${values.count}")`);
  const servers = createSyntheticServers(count, { seed: values.seed ?? 'mcpsim' });
  // One server per line, like the public data set's servers.json, so grep and diff work on it.
  io.stdout(`[\n${servers.map((server) => JSON.stringify(server)).join(',\n')}\n]\n`);
  return exitCodes.ok;
}
