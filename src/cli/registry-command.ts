import { resolveConfig, type ConfigFlags } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { createSyntheticServers } from '../domain/synthetic-servers.js';
import { isApiError } from '../errors.js';
import { openDataDir } from '../store/data-dir.js';
import { importRegistry } from '../store/registry-import.js';
import { createStores } from '../store/stores.js';
import { exitCodes, UsageError, type CliIo } from './io.js';

export interface RegistryFlags extends ConfigFlags {
  count?: string;
  seed?: string;
  json?: boolean;
}

const maxCount = 1_000_000;

/**
 * `mcpsim registry import <file|dir>` and `mcpsim registry generate --count N [--seed S]`.
 * `args` are the words after `registry`.
 *
 * @example
 *   registryCommand(['import', '../shared/registry'], { dataDir: './.mcpsim' }, io);
 */
export function registryCommand(args: readonly string[], flags: RegistryFlags, io: CliIo): number {
  const [action, ...rest] = args;
  if (action === 'import') {
    if (rest.length !== 1) throw new UsageError('registry import needs one file or directory: mcpsim registry import <file|dir> [--data-dir <dir>]');
    return importCommand(rest[0]!, flags, io);
  }
  if (action === 'generate') {
    if (rest.length !== 0) throw new UsageError(`registry generate takes no arguments besides its options (got "${rest.join(' ')}")`);
    return generateCommand(flags, io);
  }
  throw new UsageError(`Unknown command "registry${action === undefined ? '' : ` ${action}`}". Use "registry import <file|dir>" or "registry generate --count <n>".`);
}

/** Writes through the store, so it works while the server runs (SQLite WAL); the server notices through the registry revision. */
function importCommand(path: string, flags: RegistryFlags, io: CliIo): number {
  const config = resolveConfig(flags, io.env);
  const stores = createStores(openDataDir(config.dataDir));
  try {
    const started = performance.now();
    const counts = importRegistry(stores, path, { clock: systemClock });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    io.stdout(
      flags.json
        ? `${JSON.stringify(counts)}\n`
        : `Imported ${counts.read} servers from ${path} in ${seconds} s: ${counts.created} created, ${counts.updated} updated, ${counts.tools} tools.\n`,
    );
    return exitCodes.ok;
  } catch (error) {
    if (!isApiError(error)) throw error;
    io.stderr(`mcpsim: ${error.message}\n`);
    return exitCodes.failure;
  } finally {
    stores.close();
  }
}

/** One server per line, like the public data set's servers.json, so grep and diff work on it. */
function generateCommand(flags: RegistryFlags, io: CliIo): number {
  if (flags.count === undefined) throw new UsageError('registry generate needs --count <n> (1 to 1000000)');
  const count = Number(flags.count);
  if (!/^\d+$/.test(flags.count) || count < 1 || count > maxCount) throw new UsageError(`--count: must be a whole number from 1 to ${maxCount} (got "${flags.count}")`);
  const servers = createSyntheticServers(count, { seed: flags.seed ?? 'mcpsim' });
  io.stdout(`[\n${servers.map((server) => JSON.stringify(server)).join(',\n')}\n]\n`);
  return exitCodes.ok;
}
