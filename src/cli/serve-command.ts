import { resolve } from 'node:path';
import type { Config, ConfigFlags } from '../config.js';
import { startServer, type RunningServer } from '../node/start-server.js';
import { toServeMissPolicy } from '../platform/model-runtime.js';
import type { Platform } from '../platform/platform.js';
import { parseDuration } from '../domain/duration.js';
import { CliError, exitCodes } from './cli-error.js';
import { createIdleExit, idleExitRule } from './idle-exit.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { serveScenarios, type ServedScenarios } from './scenario-serving.js';
import { toServeBanner } from './serve-banner.js';
import { createServePlatform, resolveServeSetup, type ServeSetup } from './serve-setup.js';
import { pairStdioUplinks, parseUplinkOption, type StdioUplink } from './stdio-uplinks.js';
import { toScenarioCatalog } from './dashboard-scenarios.js';
import { connectHttpUpstream, listCapturedTools, toCaptureReport, toRedactPatterns, type CaptureSettings } from './capture-session.js';

export const name = 'serve';
export const usage = '[options] [scenario...]';
/** `mcpsim serve scenarios/issue-triage.yaml`: a path is a scenario, as with --scenario. */
export const positionals = true;
export const summary = 'start the server';
export const help = `Starts the platform on a socket and serves it until Ctrl+C or SIGTERM, which let requests in
flight finish and close the database. Logs one line per request (method, path, status, time).
A path after the options is a scenario file or folder, as with --scenario.`;

export const options = {
  port: configOptions.port,
  host: configOptions.host,
  'data-dir': configOptions['data-dir'],
  'api-key': configOptions['api-key'],
  fixtures: configOptions.fixtures,
  'upstream-timeout': configOptions['upstream-timeout'],
  'public-url': configOptions['public-url'],
  'cors-origin': configOptions['cors-origin'],
  'allowed-host': configOptions['allowed-host'],
  miss: configOptions.miss,
  record: configOptions.record,
  scenario: {
    type: 'string',
    multiple: true,
    value: '<path>',
    help: "load a scenario file or folder (repeatable); prints each connection's MCP URL\nand each minted token, and reloads a file when it changes",
  },
  uplink: {
    type: 'string',
    multiple: true,
    value: '<ns>/<id>=<command...>',
    help: 'start a local stdio MCP server and pair it with that uplink connection (repeatable);\nthe command line is split on spaces, leading KEY=VALUE words are its environment\n(never printed); for arguments with spaces use mcpsim uplink',
  },
  capture: {
    type: 'string',
    value: '<dir>',
    help: 'capture every tool call relayed to a real connection into <dir>: fixtures, registry.json,\nredactions.json and scenario.yaml (see mcpsim capture)',
  },
  redact: { type: 'string', multiple: true, value: '<regex>', help: 'with --capture: also redact text matching this pattern (repeatable)' },
  quiet: { type: 'boolean', short: 'q', help: 'no access log' },
  clock: configOptions.clock,
  fresh: { type: 'boolean', help: 'start anew: forget what the data directory holds first (as mcpsim reset does)' },
  'idle-exit': {
    type: 'string',
    value: '<duration>',
    help: 'stop once no request came for this long, e.g. 30m (what mcpsim mcp starts its background\nserver with; without it the server runs until stopped)',
  },
} as const satisfies CommandOptions;

export function run({ values, positionals: paths }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const uplinks = (values.uplink ?? []).map(parseUplinkOption);
  const capture = toServeCapture(values, 'serve');
  const idleExitMs = toIdleExitMs(values['idle-exit']);
  return serve(
    {
      flags: toConfigFlags(values),
      quiet: values.quiet ?? false,
      fresh: values.fresh ?? false,
      idleExitMs,
      scenarios: [...(values.scenario ?? []), ...paths],
      uplinks,
      ...(capture ? { capture } : {}),
    },
    io,
  );
}

/** `--idle-exit <duration>` in milliseconds; a bad one is a usage error that shows the accepted forms. */
export function toIdleExitMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = parseDuration(/^\d+$/.test(value) ? Number(value) : value, idleExitRule);
  if ('error' in parsed) throw new CliError(`--idle-exit ${parsed.error}`, exitCodes.usage, { command: 'serve' });
  return parsed.ms;
}

/** `--capture <dir>` and `--redact` as capture settings (serve and uplink). */
export function toServeCapture(
  values: { capture?: string | undefined; redact?: string[] | undefined },
  command: string,
): CaptureSettings | undefined {
  if (values.redact && values.capture === undefined)
    throw new CliError('--redact applies to a capture: add --capture <dir>', exitCodes.usage, { command });
  return values.capture === undefined ? undefined : { directory: values.capture, patterns: toRedactPatterns(values.redact ?? [], command) };
}

export interface ServeSettings {
  flags: ConfigFlags;
  quiet: boolean;
  /** Forget what the data directory holds before starting (`--fresh`, as `mcpsim reset`). */
  fresh?: boolean;
  /** Scenario files or folders to load (and reload when they change). */
  scenarios: readonly string[];
  /** The no-argument demo: the banner's MCP URL is the demo namespace's `time` connection. */
  demo?: boolean;
  /** Local stdio servers to start and pair with uplink connections (`mcpsim uplink`). */
  uplinks?: readonly StdioUplink[];
  /** Capture what real connections answer (`mcpsim capture`, `serve --capture`). */
  capture?: CaptureSettings;
  /** Stop once no request was in flight for this long (`--idle-exit`); without it, only a signal stops the server. */
  idleExitMs?: number | undefined;
}

/**
 * Starts the platform and serves it until SIGINT or SIGTERM; `mcpsim serve` and the demo. In
 * steps: resolve the setup and build the platform (serve-setup.ts), listen, serve the scenarios,
 * connect the upstreams, print the banner, then wait for the signal and shut down.
 *
 * @example
 *   await serve({ flags: { port: '0' }, quiet: true, scenarios: ['scenarios/'] }, io);
 */
export async function serve(settings: ServeSettings, io: CliIo): Promise<number> {
  const setup = await resolveServeSetup(settings, io);
  try {
    await serveClaimed(settings, setup, io);
  } finally {
    setup.lock.release();
  }
  return exitCodes.ok;
}

/** Serve, once the data directory is this process's. */
async function serveClaimed(settings: ServeSettings, setup: ServeSetup, io: CliIo): Promise<void> {
  const ownRequests = new WeakSet<Request>();
  const platform = createServePlatform(setup, settings, ownRequests, io);
  let stopIdle: (reason: string) => void = () => {};
  const idle =
    settings.idleExitMs === undefined
      ? null
      : createIdleExit(settings.idleExitMs, () => stopIdle(`No request for ${settings.idleExitMs! / 1000} s (--idle-exit)`));
  const server = await listen(platform, setup.config, idle?.watch ?? ((fetch) => fetch));
  setup.lock.announce(server.url);
  const { scenarios, runtime, config } = setup;
  platform.dashboard?.setScenarios(scenarios.length > 0 ? toScenarioCatalog(scenarios, runtime, config) : null);
  // Listen for the signal before telling anyone we are up, so an early SIGTERM still shuts down cleanly.
  const shutdown = new Promise<string>((done) => {
    io.onShutdownSignal(done);
    stopIdle = done;
  });
  // The server's own requests (loading scenarios) stay out of the access log.
  const door = { fetch: (request: Request) => (ownRequests.add(request), platform.app.fetch(request)) };
  const served =
    settings.scenarios.length > 0
      ? await serveScenarios({ platform, door, baseUrl: server.url, scenarios, paths: settings.scenarios, io })
      : null;
  const { paired, capturedMcpUrl } = await connectUpstreams(settings, { platform, server, door, served }, io);
  const firstMcpUrl = settings.demo ? null : (capturedMcpUrl ?? paired?.firstMcpUrl ?? served?.firstMcpUrl ?? null);
  io.stdout(toBanner(setup, platform, server.url, firstMcpUrl));
  warmSearchSoon(platform, io);
  if (settings.capture)
    io.stdout(`Capturing every tool call of a real connection into ${resolve(settings.capture.directory)}; stop with Ctrl+C.\n`);
  const reason = await shutdown;
  idle?.close();
  await shutDown(reason, { server, served, platform, paired, embedder: runtime.embedder }, io);
}

/** The socket; a port in use is the user's to change, and the platform is closed on any failure. */
async function listen(
  platform: Platform,
  config: Config,
  watch: (fetch: Platform['app']['fetch']) => Parameters<typeof startServer>[0]['fetch'],
): Promise<RunningServer> {
  try {
    const server = await startServer({ fetch: watch(platform.app.fetch), port: config.port, host: config.host });
    // Links are built from the configured public URL, else the address the server listens on (port 0 is known only now).
    platform.listeningAt(server.url);
    return server;
  } catch (error) {
    platform.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new CliError(`${(error as Error).message}: pick another --port`, exitCodes.failure);
    throw error;
  }
}

interface Running {
  platform: Platform;
  server: RunningServer;
  /** How the server sends itself requests, kept out of the access log. */
  door: { fetch: (request: Request) => Response | Promise<Response> };
  served: ServedScenarios | null;
}

type PairedUplinks = Awaited<ReturnType<typeof pairStdioUplinks>>;

/**
 * After the scenarios are served: the local stdio servers paired with their uplinks, and
 * a capture's HTTP upstream connected and its tools listed. On a failure everything started so
 * far is stopped.
 */
async function connectUpstreams(
  { uplinks = [], capture }: ServeSettings,
  { platform, server, door, served }: Running,
  io: CliIo,
): Promise<{ paired: PairedUplinks | null; capturedMcpUrl: string | null }> {
  let paired = null;
  let capturedMcpUrl: string | null = null;
  try {
    const localDoor = { fetch: door.fetch, baseUrl: server.url, apiKey: platform.sessionKey() };
    if (uplinks.length > 0) paired = await pairStdioUplinks({ platform, door: localDoor, uplinks, io });
    // A capture of a server that did not start would record nothing while looking busy: stop instead.
    if (capture && uplinks.length > 0 && paired?.firstMcpUrl === null)
      throw new Error(`nothing to capture: the local server "${uplinks[0]!.command}" did not start (see above)`);
    if (capture?.http) capturedMcpUrl = await connectHttpUpstream(localDoor, capture.http);
    // The registry entry is written from a listing: make one now, before any client asks.
    if (capture) await listCapturedTools(localDoor, [...uplinks, ...(capture.http ? [capture.http] : [])], io);
  } catch (error) {
    await served?.close();
    await server.close();
    platform.close();
    // Not a usage mistake: an upstream that cannot be reached or started.
    throw new CliError(error instanceof Error ? error.message : String(error), exitCodes.failure);
  }
  return { paired, capturedMcpUrl };
}

/** The banner; its MCP URL is `firstMcpUrl`, else the demo namespace's `time` connection. */
function toBanner(
  { config, apiKey, fixturesDir, clock, runtime: { resultModel: model, embedder } }: ServeSetup,
  platform: Platform,
  url: string,
  firstMcpUrl: string | null,
): string {
  return toServeBanner({
    url,
    dashboardUrl: platform.dashboard?.loginUrl() ?? null,
    apiKey: apiKey.shown,
    apiKeyNote: apiKey.note,
    warnings: toExposureWarnings(config),
    namespace: platform.demoNamespace,
    dataDir: resolve(config.dataDir),
    mcpUrl: firstMcpUrl ?? `${url}/connect/${platform.demoNamespace}/time/mcp`,
    virtualClock: config.clock.kind === 'virtual' ? clock.now().toISOString() : null,
    search: embedder ? `full-text + semantic (${embedder.model})` : 'full-text (set OPENAI_API_KEY or OPENAI_BASE_URL for semantic search)',
    simulator: toSourcesLine(
      resolve(fixturesDir),
      model ? `model ${model.modelId} (${model.api} API)` : null,
      toServeMissPolicy(config.results.missPolicy, model !== null),
      config.results.record,
    ),
  });
}

/** Builds the search index now, while nobody waits for it, rather than on the first search. */
function warmSearchSoon(platform: Platform, io: CliIo): void {
  setImmediate(() => {
    try {
      platform.warmSearch();
    } catch (error) {
      io.stderr(`Building the search index failed (searches will try again): ${error instanceof Error ? error.message : String(error)}\n`);
    }
  });
}

/** On SIGINT or SIGTERM: requests in flight finish, then everything stops in an order that logs nothing false. */
async function shutDown(
  signal: string,
  {
    server,
    served,
    platform,
    paired,
    embedder,
  }: Omit<Running, 'door'> & { paired: PairedUplinks | null; embedder: ServeSetup['runtime']['embedder'] },
  io: CliIo,
): Promise<void> {
  io.stdout(`\n${signal.startsWith('SIG') ? `${signal} received` : signal}: finishing requests in flight, then closing the database...\n`);
  // A search waiting on the embeddings endpoint answers lexically at once, so the requests in flight end promptly.
  embedder?.close?.();
  await server.close();
  // The scenarios' local servers stop before the platform closes, so their connections read disconnected.
  await served?.close();
  if (platform.capture) io.stdout(toCaptureReport(platform.capture.summary()));
  platform.close();
  await paired?.stopped();
  io.stdout('mcpsim stopped.\n');
}

/** What the banner warns about: a guard of docs/decisions.md ("Origins and hosts") turned off with '*'. */
function toExposureWarnings({ corsOrigins, allowedHosts }: Config): string[] {
  return [
    ...(corsOrigins.includes('*')
      ? ["--cors-origin '*': any web page you open can use this server with its key (the development key is public)"]
      : []),
    ...(allowedHosts.includes('*')
      ? ["--allowed-host '*': the DNS rebinding guard is off; a web page whose name points at this machine can use the server"]
      : []),
  ];
}

/** Which sources answer mock tool calls, in order: `fixtures (<dir>), then the stateful simulator on a miss`. */
function toSourcesLine(fixturesDir: string, model: string | null, missPolicy: string, record: boolean): string {
  const onMiss: Record<string, string> = {
    model: model ?? 'a model (none configured: misses are errors)',
    simulate: 'the stateful simulator (no model: set OPENAI_API_KEY or OPENAI_BASE_URL for one)',
    synthesize: 'synthesized values',
    error: 'an error naming the record command',
  };
  return `fixtures (${fixturesDir})${record ? ' recording' : ''}, then on a miss ${onMiss[missPolicy] ?? missPolicy}`;
}
