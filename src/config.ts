/**
 * The only reader of the environment. Flags win over environment variables, which win over
 * defaults.
 *
 * Every variable and flag, with its default, is listed once, in the README's configuration table;
 * a new one goes there and here.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Recorded tool results of mock connections (fixtures/README.md). */
  fixturesDir: string;
  /** Whether a flag or variable chose `fixturesDir` (otherwise scenarios may bring their own). */
  fixturesDirChosen: boolean;
  /** Bound on each upstream probe (initialize) and tool listing, in ms. */
  upstreamTimeoutMs: number;
  /**
   * The base URL that links the server hands out (`setupUrl`, the CLI login's `authUrl`) are built
   * from (behind a tunnel or proxy), never the request's
   * Host header; absent: the listen address, known once the server listens.
   */
  publicUrl?: string;
  /**
   * Origins whose web pages may use the API besides loopback ones and the public URL's; `*`: any
   * (docs/decisions.md, "Origins and hosts").
   */
  corsOrigins: string[];
  /**
   * Host names requests may carry besides loopback ones, the listen address and the public URL's
   * host; `*`: any (docs/decisions.md, "Origins and hosts").
   */
  allowedHosts: string[];
  apiKey?: string;
  /**
   * How much of each mock connection's call log is kept: the latest `maxCalls` calls within
   * `maxBytes` of logged arguments, results and world changes (the world state is kept whole).
   */
  memory: { maxCalls: number; maxBytes: number };
  /** The real clock, or a virtual one that only moves through `POST /__mcpsim/clock`, starting at `start` (null: now). */
  clock: { kind: 'system' } | { kind: 'virtual'; start: string | null };
  /** An OpenAI-compatible endpoint, when a key or a base URL is set. */
  model: {
    apiKey?: string;
    baseUrl?: string;
    embeddingModel: string | null;
    /** The model that generates mock tool results; null turns generation off. */
    resultModel: string | null;
    /** Which API it speaks: null picks chat with a base URL, else responses. */
    resultModelApi: 'responses' | 'chat' | null;
  } | null;
  /** Whether `mcpsim test` reports durations: off by default in CI, so reports of two runs can be diffed. */
  reportTimings: boolean;
  results: {
    /** What answers a call no fixture answers; null: model when one is configured, else simulate (serve) or error (test). */
    missPolicy: 'error' | 'model' | 'simulate' | 'synthesize' | null;
    /** Record mode: write what the model generates into the fixtures. */
    record: boolean;
    budgetTokens: number;
    /** Time for one model attempt. */
    modelTimeoutMs: number;
    /** Time for a whole model call, every attempt and wait included: under an MCP client's 60 s by default. */
    modelDeadlineMs: number;
    /** The most tokens one model answer may take (the API's output-token limit). */
    modelMaxOutputTokens: number;
  };
}

export interface ConfigFlags {
  port?: string | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
  fixturesDir?: string | undefined;
  apiKey?: string | undefined;
  clock?: string | undefined;
  upstreamTimeout?: string | undefined;
  publicUrl?: string | undefined;
  corsOrigin?: string[] | undefined;
  allowedHost?: string[] | undefined;
  miss?: string | undefined;
  record?: boolean | undefined;
  timings?: boolean | undefined;
}

export const configDefaults = {
  port: 4010,
  host: '127.0.0.1',
  dataDir: './.mcpsim',
  fixturesDir: './fixtures',
  upstreamTimeoutMs: 5000,
} as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function resolveConfig(flags: ConfigFlags, env: Record<string, string | undefined> = process.env): Config {
  const port = flags.port ?? env.MCPSIM_PORT;
  const apiKey = flags.apiKey ?? env.MCPSIM_API_KEY;
  const publicUrl = flags.publicUrl || env.MCPSIM_PUBLIC_URL || undefined;
  if (apiKey !== undefined && !/^\S{8,256}$/.test(apiKey)) {
    throw new ConfigError('--api-key / MCPSIM_API_KEY: must be 8 to 256 characters without spaces');
  }
  if (apiKey?.startsWith('mcps_'))
    throw new ConfigError('--api-key / MCPSIM_API_KEY: must not start with "mcps_", the prefix of service tokens');
  return {
    port: port === undefined ? configDefaults.port : parsePort(port),
    host: flags.host ?? env.MCPSIM_HOST ?? configDefaults.host,
    dataDir: flags.dataDir ?? env.MCPSIM_DATA_DIR ?? configDefaults.dataDir,
    fixturesDir: flags.fixturesDir || env.MCPSIM_FIXTURES_DIR || configDefaults.fixturesDir,
    fixturesDirChosen: Boolean(flags.fixturesDir || env.MCPSIM_FIXTURES_DIR),
    upstreamTimeoutMs: parseTimeout(flags.upstreamTimeout ?? env.MCPSIM_UPSTREAM_TIMEOUT_MS),
    ...(publicUrl === undefined ? {} : { publicUrl: parsePublicUrl(publicUrl) }),
    corsOrigins: toList(flags.corsOrigin, env.MCPSIM_CORS_ORIGINS).map(parseCorsOrigin),
    allowedHosts: toList(flags.allowedHost, env.MCPSIM_ALLOWED_HOSTS).map(parseAllowedHost),
    ...(apiKey === undefined ? {} : { apiKey }),
    memory: {
      maxCalls: parseInteger(env.MCPSIM_MEMORY_MAX_CALLS, 'MCPSIM_MEMORY_MAX_CALLS', 10_000, 1, 10_000_000),
      maxBytes: parseInteger(
        env.MCPSIM_MEMORY_MAX_BYTES,
        'MCPSIM_MEMORY_MAX_BYTES',
        64 * 1024 * 1024,
        1024 * 1024,
        16 * 1024 * 1024 * 1024,
      ),
    },
    clock: parseClock(flags.clock ?? env.MCPSIM_CLOCK),
    model: resolveModel(env),
    reportTimings: flags.timings ?? !isCi(env.CI),
    results: {
      missPolicy: parseMissPolicy(flags.miss ?? env.MCPSIM_MISS_POLICY),
      record: flags.record ?? parseBoolean(env.MCPSIM_RECORD, 'MCPSIM_RECORD'),
      ...resolvePromptRoom(env),
      ...resolveModelTimes(env),
    },
  };
}

/**
 * One attempt's time (`MCPSIM_MODEL_TIMEOUT_MS`, 30 s) and the whole call's (`MCPSIM_MODEL_DEADLINE_MS`,
 * 45 s: an MCP client gives up after 60 s by default). An attempt time set above 45 s with no
 * deadline set raises the deadline to it, so a slow local model that worked with it still does.
 */
function resolveModelTimes(env: Record<string, string | undefined>): Pick<Config['results'], 'modelTimeoutMs' | 'modelDeadlineMs'> {
  const modelTimeoutMs = parseInteger(env.MCPSIM_MODEL_TIMEOUT_MS, 'MCPSIM_MODEL_TIMEOUT_MS', 30_000, 100, 600_000);
  const fallback = Math.max(45_000, env.MCPSIM_MODEL_TIMEOUT_MS ? modelTimeoutMs : 0);
  const modelDeadlineMs = parseInteger(env.MCPSIM_MODEL_DEADLINE_MS, 'MCPSIM_MODEL_DEADLINE_MS', fallback, 100, 600_000);
  return { modelTimeoutMs, modelDeadlineMs };
}

/**
 * The prompt budget and the answer's token limit, from the model's context when the user states it
 * (`MCPSIM_MODEL_CONTEXT`, e.g. Ollama's 4096 by default): a quarter of the context (at most 4096)
 * is kept for the answer, and the prompt gets 85% of the rest, since the budget is an estimate
 * (characters / 4) and chat templates add their own tokens. Without a context: 4000 and 4096.
 */
function resolvePromptRoom(env: Record<string, string | undefined>): Pick<Config['results'], 'budgetTokens' | 'modelMaxOutputTokens'> {
  const context = env.MCPSIM_MODEL_CONTEXT ? parseInteger(env.MCPSIM_MODEL_CONTEXT, 'MCPSIM_MODEL_CONTEXT', 0, 1024, 10_000_000) : null;
  const modelMaxOutputTokens = context === null ? 4096 : Math.min(4096, Math.floor(context / 4));
  const fit = context === null ? Number.POSITIVE_INFINITY : Math.floor((context - modelMaxOutputTokens) * 0.85);
  const minimum = 2000;
  if (fit < minimum)
    throw new ConfigError(
      `MCPSIM_MODEL_CONTEXT: ${context} tokens leave room for a prompt of only ${fit} (at least ${minimum} needed, with ${modelMaxOutputTokens} kept for the answer): give the model a context of at least 3200 tokens (Ollama: OLLAMA_CONTEXT_LENGTH=8192)`,
    );
  const budgetTokens = parseInteger(env.MCPSIM_PROMPT_BUDGET, 'MCPSIM_PROMPT_BUDGET', Math.min(4000, fit), minimum, 1_000_000);
  if (budgetTokens > fit)
    throw new ConfigError(
      `MCPSIM_PROMPT_BUDGET: ${budgetTokens} does not fit MCPSIM_MODEL_CONTEXT ${context} (room for a prompt of ${fit} tokens, with ${modelMaxOutputTokens} kept for the answer): set MCPSIM_PROMPT_BUDGET to at most ${fit}, or give the model a larger context`,
    );
  return { budgetTokens, modelMaxOutputTokens };
}

/** CI systems set CI (GitHub Actions, GitLab, CircleCI: true; some: 1); false, 0 or empty mean not. */
function isCi(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase());
}

/** Model settings shared by semantic search and the simulator: any OpenAI-compatible endpoint. */
function resolveModel(env: Record<string, string | undefined>): Config['model'] {
  const apiKey = env.OPENAI_API_KEY || undefined;
  const baseUrl = env.OPENAI_BASE_URL || undefined;
  if (apiKey === undefined && baseUrl === undefined) return null;
  const embeddingModel = env.MCPSIM_EMBEDDING_MODEL ?? 'text-embedding-3-small';
  const resultModel = env.MCPSIM_MODEL ?? 'gpt-4.1-mini';
  const api = env.MCPSIM_MODEL_API || undefined;
  if (api !== undefined && api !== 'responses' && api !== 'chat')
    throw new ConfigError(`MCPSIM_MODEL_API: "${api}" is not "responses" or "chat"`);
  return {
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    embeddingModel: embeddingModel === 'off' || embeddingModel === '' ? null : embeddingModel,
    resultModel: resultModel === 'off' || resultModel === '' ? null : resultModel,
    resultModelApi: api ?? null,
  };
}

function parseClock(value: string | undefined): Config['clock'] {
  if (value === undefined || value === 'system') return { kind: 'system' };
  if (value === 'virtual') return { kind: 'virtual', start: null };
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) {
    return { kind: 'virtual', start: new Date(value).toISOString() };
  }
  throw new ConfigError(
    `--clock / MCPSIM_CLOCK: "${value}" is not "system", "virtual" or an ISO 8601 date-time to start a virtual clock at (e.g. 2026-01-01T00:00:00Z)`,
  );
}

function parseMissPolicy(value: string | undefined): Config['results']['missPolicy'] {
  if (value === undefined || value === '') return null;
  if (value === 'error' || value === 'model' || value === 'simulate' || value === 'synthesize') return value;
  throw new ConfigError(`--miss / MCPSIM_MISS_POLICY: "${value}" is not "error", "model", "simulate" or "synthesize"`);
}

function parseBoolean(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`${name}: "${value}" is not 1, true, 0 or false`);
}

function parseInteger(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max)
    throw new ConfigError(`${name}: "${value}" is not an integer from ${min} to ${max} (default ${fallback})`);
  return number;
}

function parseTimeout(value: string | undefined): number {
  if (value === undefined || value === '') return configDefaults.upstreamTimeoutMs;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < 1 || ms > 600_000) {
    throw new ConfigError(
      `--upstream-timeout / MCPSIM_UPSTREAM_TIMEOUT_MS: "${value}" is not a number of milliseconds from 1 to 600000 (default 5000)`,
    );
  }
  return ms;
}

/** An absolute http(s) URL with an optional path (behind a proxy), without query, fragment or credentials; no trailing slash. */
function parsePublicUrl(value: string): string {
  const refuse = (why: string) =>
    new ConfigError(`--public-url / MCPSIM_PUBLIC_URL: "${value}" ${why}, e.g. http://127.0.0.1:4010 or https://mcpsim.example.com`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must be an http or https URL');
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw refuse('must not have a query, a fragment or credentials');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A repeatable flag's values when given, else the variable's comma-separated ones. */
function toList(flag: string[] | undefined, variable: string | undefined): string[] {
  const values = flag && flag.length > 0 ? flag : (variable ?? '').split(',');
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

/** `*`, or an origin (scheme, host, port; no path), as a browser sends it (`HTTPS://App.Example:443/` reads `https://app.example`). */
function parseCorsOrigin(value: string): string {
  if (value === '*') return value;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // not a URL: refused below
  }
  const bare = url && url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ConfigError(
      `--cors-origin / MCPSIM_CORS_ORIGINS: "${value}" is not an origin (http or https, host and port, no path), e.g. http://192.168.1.20:5173 or https://app.example.com; or * for any page`,
    );
  return url.origin;
}

/**
 * `*`, a host name or IP address without port (`mybox.lan`, `192.168.1.20`, `[fd00::1]`), or
 * `.example.com` (also `*.example.com`) for a domain and its subdomains.
 */
function parseAllowedHost(value: string): string {
  if (value === '*') return value;
  const name = value
    .toLowerCase()
    .replace(/^\*\./, '.')
    .replace(/^\[([0-9a-f:.]+)\]$/, '$1');
  if (/^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?$/.test(name) || /^[0-9a-f]*:[0-9a-f:.]*$/.test(name)) return name;
  throw new ConfigError(
    `--allowed-host / MCPSIM_ALLOWED_HOSTS: "${value}" is not a host name (no scheme, no port), e.g. mybox.lan, 192.168.1.20 or .example.com for a domain and its subdomains; or * for any`,
  );
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535)
    throw new ConfigError(`--port / MCPSIM_PORT: "${value}" is not a port number (0 to 65535; 0 picks a free one)`);
  return port;
}
