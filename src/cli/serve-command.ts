import { resolve } from 'node:path';
import { resolveConfig, type ConfigFlags } from '../config.js';
import { startServer } from '../node/start-server.js';
import { createModelRuntime } from '../platform/model-runtime.js';
import { createPlatform } from '../platform/platform.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toClock, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { loadScenarioPaths } from './scenario-files.js';
import { serveScenarios } from './scenario-serving.js';
import { toServeBanner } from './serve-banner.js';
import { toScenarioCatalog } from './dashboard-scenarios.js';

export const name = 'serve';
export const usage = '[options]';
export const summary = 'start the server';
export const help = `Starts the platform on a socket and serves it until Ctrl+C or SIGTERM, which let requests in
flight finish and close the database. Logs one line per request (method, path, status, time).`;

export const options = {
  port: configOptions.port,
  host: configOptions.host,
  'data-dir': configOptions['data-dir'],
  'api-key': configOptions['api-key'],
  fixtures: configOptions.fixtures,
  'upstream-timeout': configOptions['upstream-timeout'],
  miss: configOptions.miss,
  record: configOptions.record,
  scenario: {
    type: 'string',
    multiple: true,
    value: '<path>',
    help: "load a scenario file or folder (repeatable); prints each connection's MCP URL\nand each minted token, and reloads a file when it changes",
  },
  quiet: { type: 'boolean', short: 'q', help: 'no access log' },
  clock: configOptions.clock,
} as const satisfies CommandOptions;

export function run({ values }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  return serve({ flags: toConfigFlags(values), quiet: values.quiet ?? false, scenarios: values.scenario ?? [] }, io);
}

export interface ServeSettings {
  flags: ConfigFlags;
  quiet: boolean;
  /** Scenario files or folders to load (and reload when they change). */
  scenarios: readonly string[];
}

/**
 * Starts the platform and serves it until SIGINT or SIGTERM; `mcpsim serve` and the demo.
 *
 * @example
 *   await serve({ flags: { port: '0' }, quiet: true, scenarios: ['scenarios/'] }, io);
 */
export async function serve({ flags, quiet, scenarios: scenarioPaths }: ServeSettings, io: CliIo): Promise<number> {
  const config = resolveConfig(flags, io.env);
  const scenarios = scenarioPaths.length > 0 ? ((await loadScenarioPaths(scenarioPaths, io)) ?? []) : [];
  // Scenarios bring their recorded results, unless a flag or variable chose a fixtures folder.
  const fixturesDir = !config.fixturesDirChosen && scenarios[0] ? scenarios[0].fixturesDir : config.fixturesDir;
  const clock = toClock(config.clock);
  const runtime = createModelRuntime(config);
  const { simulatorModel: model, embedder, createToolResults } = runtime;
  if (config.simulator.record && !model) throw new CliError('--record / MCPSIM_RECORD: recording needs a model; set OPENAI_API_KEY or OPENAI_BASE_URL');
  const platform = createPlatform({
    dataDir: config.dataDir,
    fixturesDir,
    toolResults: createToolResults({ mode: 'serve', fixturesDir, clock }),
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    clock,
    ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
    ...(embedder ? { embedder } : {}),
    ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
    logger: {
      error: (message, error) => io.stderr(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
      ...(quiet ? {} : { request: ({ method, path, status, milliseconds }) => io.stdout(`${method} ${path} ${status} ${milliseconds.toFixed(1)}ms\n`) }),
    },
  });
  let server;
  try {
    server = await startServer({ fetch: platform.app.fetch, port: config.port, host: config.host });
  } catch (error) {
    platform.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(`${(error as Error).message}: pick another --port`, exitCodes.failure);
    throw error;
  }
  platform.listeningAt(server.url);
  platform.dashboard?.setScenarios(scenarios.length > 0 ? toScenarioCatalog(scenarios, runtime, config) : null);
  // Listen for the signal before telling anyone we are up, so an early SIGTERM still shuts down cleanly.
  const shutdown = new Promise<string>((done) => io.onShutdownSignal(done));
  const served = scenarioPaths.length > 0 ? await serveScenarios({ platform, baseUrl: server.url, scenarios, paths: scenarioPaths, io }) : null;
  io.stdout(
    toServeBanner({
      url: server.url,
      dashboardUrl: platform.dashboard?.loginUrl() ?? null,
      apiKey: platform.apiKey,
      namespace: platform.demoNamespace,
      dataDir: resolve(config.dataDir),
      mcpUrl: served?.firstMcpUrl ?? `${server.url}/connect/${platform.demoNamespace}/time/mcp`,
      virtualClock: config.clock.kind === 'virtual' ? clock.now().toISOString() : null,
      search: embedder ? `full-text + semantic (${embedder.model})` : 'full-text (set OPENAI_API_KEY or OPENAI_BASE_URL for semantic search)',
      simulator: `${model ? `model ${model.modelId} (${model.api} API)` : 'no model'}; fixtures ${resolve(fixturesDir)}${config.simulator.record ? ' (recording)' : ''}; on a miss: ${config.simulator.missPolicy ?? (model ? 'model' : 'error')}`,
    }),
  );

  // Build the search index now, while nobody waits for it, rather than on the first search.
  setImmediate(() => {
    try {
      platform.warmSearch();
    } catch (error) {
      io.stderr(`Building the search index failed (searches will try again): ${error instanceof Error ? error.message : String(error)}\n`);
    }
  });
  const signal = await shutdown;
  io.stdout(`\n${signal} received: finishing requests in flight, then closing the database...\n`);
  served?.close();
  await server.close();
  platform.close();
  io.stdout('mcpsim stopped.\n');
  return exitCodes.ok;
}
