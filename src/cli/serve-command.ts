import { resolve } from 'node:path';
import { createPlatform } from '../platform/platform.js';
import { ConfigError, resolveConfig, type Config, type ConfigFlags } from '../config.js';
import { createSimulatorModel } from '../sim/model-provider.js';
import { createSimulator } from '../sim/simulator.js';
import { loadScenarioPaths } from './scenario-files.js';
import { serveScenarios } from './scenario-serving.js';
import { createManualClock, systemClock, type Clock } from '../domain/clock.js';
import { startServer } from '../node/start-server.js';
import { createOpenAIEmbedder } from '../sim/embedder.js';
import { version } from '../version.js';
import { exitCodes, type CliIo } from './io.js';

export interface ServeFlags extends ConfigFlags {
  quiet?: boolean;
  /** Scenario files or folders to load (and reload when they change). */
  scenarios?: readonly string[];
}

/** `mcpsim serve`: starts the platform and serves it until SIGINT or SIGTERM. */
export async function serveCommand(flags: ServeFlags, io: CliIo): Promise<number> {
  const config = resolveConfig(flags, io.env);
  const scenarioPaths = flags.scenarios ?? [];
  const scenarios = scenarioPaths.length > 0 ? ((await loadScenarioPaths(scenarioPaths, io)) ?? []) : [];
  // Scenarios bring their recorded results, unless a flag or variable chose a fixtures folder.
  const fixturesDir = !config.fixturesDirChosen && scenarios[0] ? scenarios[0].fixturesDir : config.fixturesDir;
  const clock = toClock(config.clock);
  const embedder = config.model?.embeddingModel ? createOpenAIEmbedder({ ...config.model, model: config.model.embeddingModel }) : undefined;
  const model = config.model?.simulatorModel
    ? createSimulatorModel({ ...config.model, model: config.model.simulatorModel, ...(config.model.simulatorApi ? { api: config.model.simulatorApi } : {}) })
    : null;
  if (config.simulator.record && !model) throw new ConfigError('--record / MCPSIM_RECORD: recording needs a model; set OPENAI_API_KEY or OPENAI_BASE_URL');
  const toolResults = createSimulator({
    fixturesDir,
    model,
    clock,
    record: config.simulator.record,
    budgetTokens: config.simulator.budgetTokens,
    modelTimeoutMs: config.simulator.modelTimeoutMs,
    ...(config.simulator.missPolicy ? { missPolicy: config.simulator.missPolicy } : {}),
  });
  const platform = createPlatform({
    dataDir: config.dataDir,
    fixturesDir,
    toolResults,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    clock,
    ...(embedder ? { embedder } : {}),
    ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
    logger: {
      error: (message, error) => io.stderr(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
      ...(flags.quiet ? {} : { request: ({ method, path, status, milliseconds }) => io.stdout(`${method} ${path} ${status} ${milliseconds.toFixed(1)}ms\n`) }),
    },
  });
  let server;
  try {
    server = await startServer({ fetch: platform.app.fetch, port: config.port, host: config.host });
  } catch (error) {
    platform.close();
    throw error;
  }
  // Listen for the signal before telling anyone we are up, so an early SIGTERM still shuts down cleanly.
  const shutdown = new Promise<string>((done) => io.onShutdownSignal(done));
  const served = scenarioPaths.length > 0 ? await serveScenarios({ platform, baseUrl: server.url, scenarios, paths: scenarioPaths, io }) : null;
  io.stdout(
    banner({
      url: server.url,
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

/** The clock the configuration asks for; a virtual one starts now unless told where. */
export function toClock(config: Config['clock']): Clock {
  return config.kind === 'system' ? systemClock : createManualClock(config.start ?? new Date());
}

interface BannerFacts {
  url: string;
  apiKey: string | null;
  namespace: string;
  dataDir: string;
  virtualClock: string | null;
  search: string;
  simulator: string;
  /** An MCP URL to give a client. */
  mcpUrl: string;
}

function banner({ url, apiKey, namespace, dataDir, virtualClock, search, simulator, mcpUrl }: BannerFacts): string {
  const key = apiKey ?? '$MCPSIM_API_KEY';
  const keyLine = apiKey
    ? `  API key     ${apiKey}`
    : '  API key     (set on first start and stored only as a hash; pass --api-key or MCPSIM_API_KEY to fix one)';
  return [
    `mcpsim ${version} is listening`,
    '',
    `  Base URL    ${url}`,
    keyLine,
    `  Namespace   ${namespace}`,
    `  Data        ${dataDir}`,
    `  Search      ${search}`,
    `  Simulator   ${simulator}`,
    ...(virtualClock ? [`  Clock       virtual, at ${virtualClock} (move it: POST ${url}/__mcpsim/clock {"advance":"1h"})`] : []),
    '',
    'Try it:',
    `  curl -s -H "Authorization: Bearer ${key}" ${url}/connect/${namespace}`,
    '',
    'MCP URL for an MCP client (send the key as "Authorization: Bearer <key>"):',
    `  ${mcpUrl}`,
    '',
    'MCP Inspector:',
    `  npx --engine-strict=false -y @modelcontextprotocol/inspector@2.12.0 --cli ${mcpUrl} --transport http --header "Authorization: Bearer ${key}" --method tools/list`,
    '',
    'Official SDK / CLI:',
    `  SMITHERY_BASE_URL=${url} SMITHERY_CONNECT_BASE_URL=${url}/connect SMITHERY_API_KEY=${key}`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
