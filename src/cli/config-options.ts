import type { Config, ConfigFlags } from '../config.js';
import { createManualClock, createSwitchableClock, systemClock, type Clock } from '../domain/clock.js';
import type { CommandOptions, OptionValues } from './command.js';

/**
 * The options that config.ts resolves (flag, else variable, else default), as commands take
 * them; a command lists the ones it uses, and may say one in its own words.
 */
export const configOptions = {
  port: { type: 'string', value: '<n>', help: 'port to listen on (env MCPSIM_PORT, default 4010; 0 picks a free port)' },
  host: { type: 'string', value: '<host>', help: 'address to bind (env MCPSIM_HOST, default 127.0.0.1)' },
  'data-dir': {
    type: 'string',
    value: '<dir>',
    help: 'where the SQLite database and key files live (env MCPSIM_DATA_DIR, default ./.mcpsim)',
  },
  'api-key': { type: 'string', value: '<key>', help: "fix the local account's API key (env MCPSIM_API_KEY)" },
  fixtures: {
    type: 'string',
    value: '<dir>',
    help: 'recorded tool results of mock connections (env MCPSIM_FIXTURES_DIR, default ./fixtures)',
  },
  'upstream-timeout': {
    type: 'string',
    value: '<ms>',
    help: 'bound on each upstream probe and tool listing (env MCPSIM_UPSTREAM_TIMEOUT_MS, default 5000)',
  },
  'public-url': {
    type: 'string',
    value: '<url>',
    help: "the base URL this server is reached at (behind a tunnel or proxy), for the links it\nhands out: setupUrl, the CLI login's authUrl (env MCPSIM_PUBLIC_URL; default the listen\naddress); never taken from a request's Host header",
  },
  'cors-origin': {
    type: 'string',
    multiple: true,
    value: '<origin>',
    help: "also let web pages on this origin use the API (repeatable), e.g. https://app.example.com;\nloopback pages and the public URL's origin always may; '*' lets any page (env\nMCPSIM_CORS_ORIGINS, comma separated)",
  },
  'allowed-host': {
    type: 'string',
    multiple: true,
    value: '<name>',
    help: "also answer requests whose Host is this name (repeatable), e.g. mybox.lan or .example.com;\nloopback names, the listen address and the public URL's host always work; '*' turns the\nDNS rebinding guard off (env MCPSIM_ALLOWED_HOSTS, comma separated)",
  },
  miss: {
    type: 'string',
    value: '<policy>',
    help: 'what answers a tool call no fixture answers: error, model, simulate (the stateful\nsimulator, from the world) or synthesize (env MCPSIM_MISS_POLICY; default model when a\nmodel is configured, else simulate)',
  },
  record: { type: 'boolean', help: 'write what the model generates into the fixtures (env MCPSIM_RECORD=1)' },
  clock: {
    type: 'string',
    value: '<clock>',
    help: 'system (default), virtual (frozen at start; moved by POST /__mcpsim/clock),\nor an ISO 8601 date-time to start a virtual clock at (env MCPSIM_CLOCK)',
  },
} as const satisfies CommandOptions;

/**
 * The config flags among a command's option values, for `resolveConfig`.
 *
 * @example
 *   resolveConfig(toConfigFlags(values), io.env);
 */
export function toConfigFlags(values: OptionValues<typeof configOptions>): ConfigFlags {
  return {
    port: values.port,
    host: values.host,
    dataDir: values['data-dir'],
    apiKey: values['api-key'],
    fixturesDir: values.fixtures,
    upstreamTimeout: values['upstream-timeout'],
    publicUrl: values['public-url'],
    corsOrigin: values['cors-origin'],
    allowedHost: values['allowed-host'],
    miss: values.miss,
    record: values.record,
    clock: values.clock,
  };
}

/**
 * The clock the configuration asks for, switchable at run time; a virtual one starts now unless
 * told where.
 */
export function toClock(config: Config['clock']): Clock {
  return createSwitchableClock(config.kind === 'system' ? systemClock : createManualClock(config.start ?? new Date()));
}
