/** What `mcpsim serve` works out and builds before it listens: the configuration, the API key, the scenario files, the platform. */
import { toAccessLogLine } from './access-log.js';
import { resolveConfig, type Config, type ConfigFlags } from '../config.js';
import type { Clock } from '../domain/clock.js';
import { developmentApiKey, isLoopbackHost } from '../domain/api-key.js';
import { createModelRuntime, type ModelRuntime } from '../platform/model-runtime.js';
import { clearDataDir, lockDataDir, type DataDirLock } from '../platform/data-dir-admin.js';
import { createPlatform, type Platform } from '../platform/platform.js';
import type { CaptureSettings } from './capture-session.js';
import { CliError } from './cli-error.js';
import { toClock } from './config-options.js';
import type { CliIo } from './io.js';
import { toResetMessage } from './reset-command.js';
import { loadScenarioPaths, type LoadedScenario } from './scenario-files.js';
import { openScenarioCheckCache } from '../scenario/scenario-check-cache.js';

/** What serve works out before it builds anything: the configuration, the API key, the scenario files and where fixtures are. */
export interface ServeSetup {
  config: Config;
  apiKey: ServeApiKey;
  scenarios: LoadedScenario[];
  fixturesDir: string;
  clock: Clock;
  runtime: ModelRuntime;
  /** The claim on the data directory (one server per directory): released when serve ends, however it ends. */
  lock: DataDirLock;
}

export interface ServeApiKey {
  key: string;
  /** The key as the banner shows it (null: not shown, off loopback). */
  shown: string | null;
  note: string;
}

/**
 * The configuration from flags and environment, the API key, the scenario
 * files read and checked, and the fixtures folder (the first scenario's, unless one was chosen).
 *
 * @example
 *   const setup = await resolveServeSetup({ flags: { port: '0' }, scenarios: ['scenarios/'] }, io);
 */
export async function resolveServeSetup(
  { flags, scenarios: scenarioPaths, fresh = false }: { flags: ConfigFlags; scenarios: readonly string[]; fresh?: boolean | undefined },
  io: CliIo,
): Promise<ServeSetup> {
  const config = resolveConfig(flags, io.env);
  const apiKey = toServeApiKey(config);
  // Claimed before anything touches the directory: a second server (or its --fresh) must not wipe or rekey the first one's data.
  const lock = lockDataDir(config.dataDir);
  try {
    if (fresh) io.stdout(`${toResetMessage(config.dataDir, clearDataDir(config.dataDir))}\n`);
    const scenarios = scenarioPaths.length > 0 ? await loadServedScenarios(scenarioPaths, config.dataDir, io) : [];
    // Scenarios bring their recorded results, unless a flag or variable chose a fixtures folder.
    const fixturesDir = !config.fixturesDirChosen && scenarios[0] ? scenarios[0].fixturesDir : config.fixturesDir;
    const served = { ...config, clock: toServedClock(config.clock, flags.clock ?? io.env.MCPSIM_CLOCK, scenarios) };
    const clock = toClock(served.clock);
    const runtime = createModelRuntime(served);
    if (served.results.record && !runtime.resultModel)
      throw new CliError('--record / MCPSIM_RECORD: recording needs a model; set OPENAI_API_KEY or OPENAI_BASE_URL');
    return { config: served, apiKey, scenarios, fixturesDir, clock, runtime, lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The clock serve runs on: the one `--clock` or `MCPSIM_CLOCK` chose, else a virtual clock at the
 * first `clock:` among the scenarios (the scenario says when it happens, so served mocks agree with
 * `mcpsim test` on what is overdue or today), else the system clock.
 */
function toServedClock(configured: Config['clock'], chosen: string | undefined, scenarios: readonly LoadedScenario[]): Config['clock'] {
  if (chosen !== undefined) return configured;
  const start = scenarios.find((loaded) => loaded.scenario.clock !== undefined)?.scenario.clock;
  return start === undefined ? configured : { kind: 'virtual', start: new Date(start).toISOString() };
}

/**
 * The scenario files, read and checked (none when one has a problem: loadScenarioPaths prints it);
 * a bundled build skips the checks of a file it, or the build, found good before (scenario-check-cache.ts).
 */
async function loadServedScenarios(paths: readonly string[], dataDir: string, io: CliIo): Promise<LoadedScenario[]> {
  const checked = openScenarioCheckCache(dataDir);
  const scenarios = await loadScenarioPaths(paths, io, checked ? { checked } : {});
  checked?.save();
  return scenarios ?? [];
}

/**
 * The platform, logging errors and, unless quiet, each request that is not
 * in `ownRequests` (the server's own, such as loading scenarios).
 *
 * @example
 *   const platform = createServePlatform(setup, { quiet: false }, new WeakSet(), io);
 */
export function createServePlatform(
  { config, apiKey, fixturesDir, clock, runtime: { embedder, createToolResults } }: ServeSetup,
  { quiet, capture }: { quiet: boolean; capture?: CaptureSettings | undefined },
  ownRequests: WeakSet<Request>,
  io: CliIo,
): Platform {
  return createPlatform({
    dataDir: config.dataDir,
    fixturesDir,
    toolResults: createToolResults({ mode: 'serve', fixturesDir, clock }),
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    memoryLimits: config.memory,
    clock,
    ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
    corsOrigins: config.corsOrigins,
    allowedHosts: config.allowedHosts,
    ...(embedder ? { embedder } : {}),
    ...(capture
      ? {
          capture: {
            directory: capture.directory,
            patterns: capture.patterns,
            ...(capture.scenarioFile ? { scenarioFile: capture.scenarioFile } : {}),
            ...(capture.serverName ? { serverName: capture.serverName } : {}),
          },
        }
      : {}),
    apiKey: apiKey.key,
    logger: {
      error: (message, error) => io.stderr(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
      ...(quiet
        ? {}
        : {
            request: (entry, request) => void (ownRequests.has(request) || io.stdout(toAccessLogLine(entry))),
          }),
    },
  });
}

/**
 * The local account's key for `serve`: the configured one; on a loopback address without one, the
 * fixed development key (docs/decisions.md, "Development key"); off loopback without one, no start at all.
 */
function toServeApiKey(config: Config): ServeApiKey {
  const loopback = isLoopbackHost(config.host);
  if (config.apiKey !== undefined)
    return {
      key: config.apiKey,
      shown: loopback ? config.apiKey : null,
      note: loopback ? '(from --api-key / MCPSIM_API_KEY)' : '(from --api-key / MCPSIM_API_KEY; not shown off loopback)',
    };
  if (!loopback)
    throw new CliError(
      `--host ${config.host}: not a loopback address, so there is no default API key; set one with --api-key or MCPSIM_API_KEY`,
    );
  return {
    key: developmentApiKey,
    shown: developmentApiKey,
    note: '(the development key on loopback; set --api-key or MCPSIM_API_KEY for another)',
  };
}
