/**
 * The whole platform inside a test process, as msw handlers: requests to the platform's base
 * URLs are answered by the same `app.fetch` the server runs (no second implementation), backed by
 * an in-memory database. An app whose production configuration points at the hosted platform is
 * intercepted unchanged.
 */
import { toRecordHint } from '../domain/record-hint.js';
import { http, type HttpHandler } from 'msw';
import { dirname, resolve } from 'node:path';
import { createModelRuntime } from '../platform/model-runtime.js';
import { createReplayPlatform, type Platform } from '../platform/platform.js';
import type { CallLogEntry, WorldState } from '../domain/memory-log.js';
import { applyScenario, type AppliedScenario } from '../scenario/apply-scenario.js';
import { resolveScenarioPath } from '../scenario/bundled-scenarios.js';
import { formatProblem, loadScenarioFileSync } from '../scenario/load-scenario.js';
import type { Scenario } from '../scenario/scenario-schema.js';

/** The hosted platform's public base URLs, as the official SDK defaults to them. */
export const hostedBaseUrl = 'https://api.smithery.ai';
export const hostedConnectBaseUrl = 'https://smithery.run';
/** The API key the handlers accept unless told otherwise; give it to the client (`SMITHERY_API_KEY`). */
export const defaultMockApiKey = 'mcpsim-msw-key';

export interface CreateHandlersOptions {
  /** Where the platform API is reached (default the hosted `https://api.smithery.ai`). */
  baseUrl?: string;
  /** Where the Connect API is reached, as `{connectBaseUrl}/{namespace}/...` (default `https://smithery.run`). */
  connectBaseUrl?: string;
  /**
   * The scenario to load: a bundled one by name (`'issue-triage'`), a file (a `URL`, e.g.
   * `new URL('./triage.yaml', import.meta.url)`, an absolute path, or a path relative to the
   * current directory), or a parsed scenario. Read at once: a missing or invalid file throws here.
   */
  scenario?: string | URL | Scenario;
  /** Recorded tool results (default: the scenario file's fixtures, else `./fixtures`). */
  fixtures?: string;
  /**
   * What answers a call no fixture answers (default: the scenario's `miss:`, else `error`):
   * `error` (an isError result naming the call), `simulate` (the stateful simulator, from the
   * world) or `synthesize`.
   */
  miss?: 'error' | 'simulate' | 'synthesize';
  /** The API key the platform accepts (default `mcpsim-msw-key`). */
  apiKey?: string;
}

/** The handlers, plus what a test needs around them. Spread it into `setupServer(...)`. */
export interface MockPlatformHandlers extends Array<HttpHandler> {
  apiKey: string;
  /** Forgets everything (a fresh in-memory platform); the scenario is loaded again on the next request. */
  reset(): void;
  /** What the scenario created (connections with their MCP URLs, minted tokens); loads it if needed. */
  ready(): Promise<AppliedScenario | null>;
  /** A mock connection's memory: its call log and world state. */
  memory(namespace: string, connectionId: string): Promise<{ world: WorldState; calls: CallLogEntry[] }>;
  /** Closes the platform's database. */
  close(): void;
}

/**
 * msw handlers that answer the platform API and every connection's MCP endpoint in-process.
 *
 * @example
 *   const mcpsim = createHandlers({ scenario: 'scenarios/issue-triage.yaml' });
 *   const server = setupServer(...mcpsim);
 *   beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 *   afterEach(() => mcpsim.reset());
 */
export function createHandlers(options: CreateHandlersOptions = {}): MockPlatformHandlers {
  const apiKey = options.apiKey ?? defaultMockApiKey;
  const baseUrl = trimSlash(options.baseUrl ?? hostedBaseUrl);
  const connectBaseUrl = trimSlash(options.connectBaseUrl ?? hostedConnectBaseUrl);
  // Read now, so a wrong path or an invalid file fails the test file where it is set up.
  const { scenario, file } = loadScenario(options.scenario);
  const fixturesDir = options.fixtures ?? (file && scenario ? resolve(dirname(file), scenario.fixtures ?? '../fixtures') : './fixtures');
  const missPolicy = options.miss ?? scenario?.miss ?? 'error';
  // One replay source for every reset: fixture files are read once.
  const runtime = createModelRuntime({
    model: null,
    results: {
      missPolicy: null,
      record: false,
      budgetTokens: 4000,
      modelTimeoutMs: 30_000,
      modelDeadlineMs: 45_000,
      modelMaxOutputTokens: 4096,
    },
  });
  const toolResults = runtime.createToolResults({
    mode: 'replay',
    fixturesDir,
    recordHint: toRecordHint(file ?? '<scenario>'),
    missPolicy,
  });
  let state: Promise<{ platform: Platform; applied: AppliedScenario | null }> | null = null;

  /** The platform with the scenario applied: made on first use, again after a reset. */
  function current() {
    state ??= (async () => {
      // The setup pages are answered at the base URL, so its links point there.
      const platform = createReplayPlatform({
        apiKey,
        seed: 'msw',
        fixturesDir,
        toolResults,
        publicUrl: baseUrl,
        ...(scenario?.clock ? { clockStart: scenario.clock } : {}),
      });
      const door = { fetch: platform.app.fetch, baseUrl, apiKey };
      try {
        return { platform, applied: scenario ? await applyScenario(scenario, door) : null };
      } catch (error) {
        platform.close();
        throw error;
      }
    })();
    return state;
  }

  async function forward(request: Request, path: string): Promise<Response> {
    const { platform } = await current();
    const target = new Request(`http://mcpsim.local${path}${new URL(request.url).search}`, request);
    // A client on node:http names the hosted platform in a Host header, which the URL above replaces:
    // in process there is no DNS to rebind, so the app's host guard has nothing to judge.
    target.headers.delete('host');
    return platform.app.fetch(target);
  }

  function drop() {
    const previous = state;
    state = null;
    void previous?.then(
      ({ platform }) => platform.close(),
      () => {},
    );
  }

  const handlers: HttpHandler[] = [
    http.all(`${connectBaseUrl}/*`, ({ request }) => forward(request, `/connect${new URL(request.url).pathname}`)),
    http.all(`${baseUrl}/*`, ({ request }) => forward(request, new URL(request.url).pathname)),
  ];
  return Object.assign(handlers, {
    apiKey,
    reset: drop,
    ready: async () => (await current()).applied,
    async memory(namespace: string, connectionId: string) {
      const { platform } = await current();
      const response = await platform.app.fetch(
        new Request(
          `http://mcpsim.local/__mcpsim/connections/${encodeURIComponent(namespace)}/${encodeURIComponent(connectionId)}/memory`,
          { headers: { authorization: `Bearer ${apiKey}` } },
        ),
      );
      const body = (await response.json()) as { world: WorldState; calls: CallLogEntry[]; message?: string };
      if (!response.ok) throw new Error(`mcpsim: no memory for ${namespace}/${connectionId}: ${body.message ?? response.status}`);
      return { world: body.world, calls: body.calls };
    },
    close: drop,
  });
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The scenario option as a parsed scenario and its file: a file is found and loaded now (its problems thrown, with positions). */
function loadScenario(scenario: CreateHandlersOptions['scenario']): { scenario: Scenario | null; file: string | null } {
  if (scenario === undefined) return { scenario: null, file: null };
  if (typeof scenario !== 'string' && !(scenario instanceof URL)) return { scenario, file: null };
  const file = resolveScenarioPath(scenario);
  const loaded = loadScenarioFileSync(file);
  if ('problems' in loaded) throw new Error(`mcpsim: the scenario ${file} has problems:\n${loaded.problems.map(formatProblem).join('\n')}`);
  return { scenario: loaded.scenario, file };
}
