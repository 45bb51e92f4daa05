import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';
import { version } from '../version.js';
import { exitCodes, UsageError, type CliIo } from './io.js';
import { keysCreateCommand } from './keys-command.js';
import { registryCommand } from './registry-command.js';
import { serveCommand } from './serve-command.js';
import { tokenCreateCommand } from './token-command.js';
import { checkCommand, defaultScenarioPaths } from './check-command.js';
import { recordCommand } from './record-command.js';
import { bundledScenariosDir, MissingPathError } from './scenario-files.js';
import { testCommand } from './test-command.js';

export const helpText = `mcpsim ${version}: a local stand-in for a hosted MCP platform

Usage:
  mcpsim                          the demo: serve with the bundled scenarios (scenarios/) and their fixtures
  mcpsim serve [options]          start the server
  mcpsim check [paths...]         validate scenario files (default scenarios/)
  mcpsim test [paths...]          replay scenario steps from fixtures (no model), check expectations, report
  mcpsim record <paths...>        run scenario steps against the model and write the fixtures
  mcpsim keys create [options]    add an account with its own API key and print the key
  mcpsim token create [options]   mint a service token from the data directory and print it
  mcpsim registry import <path>   import servers from a JSON file or a data set directory
  mcpsim registry generate [options]   print synthetic servers to stdout, as a JSON array
  mcpsim --help | --version

Options of serve:
  --port <n>        port to listen on (env MCPSIM_PORT, default 4010; 0 picks a free port)
  --host <host>     address to bind (env MCPSIM_HOST, default 127.0.0.1)
  --data-dir <dir>  where the SQLite database and key file live (env MCPSIM_DATA_DIR, default ./.mcpsim)
  --api-key <key>   fix the local account's API key (env MCPSIM_API_KEY)
  --fixtures <dir>  recorded tool results of mock connections (env MCPSIM_FIXTURES_DIR, default ./fixtures)
  --upstream-timeout <ms>  bound on each upstream probe and tool listing (env MCPSIM_UPSTREAM_TIMEOUT_MS, default 5000)
  --miss <policy>   what answers a tool call no fixture answers: error, model or synthesize
                    (env MCPSIM_MISS_POLICY; default model when a model is configured, else error)
  --record          write what the model generates into the fixtures (env MCPSIM_RECORD=1)
  --scenario <path> load a scenario file or folder (repeatable); prints each connection's MCP URL
                    and each minted token, and reloads a file when it changes
  --quiet           no access log (one line per request: method, path, status, time)
  --clock <clock>   system (default), virtual (frozen at start; moved by POST /__mcpsim/clock),
                    or an ISO 8601 date-time to start a virtual clock at (env MCPSIM_CLOCK)

Options of check:
  --json            print {files: [{file, ok, problems}]}

Options of test:
  --reporter <r>    text (default), json or junit
  --output <file>   write the report there (progress and the summary still go to stderr)
  --upstream-timeout, --fixtures (instead of each scenario's own fixtures folder)

Options of record (needs OPENAI_API_KEY or OPENAI_BASE_URL; MCPSIM_MODEL names the model):
  --upstream-timeout

Options of keys create:
  --data-dir <dir>  as above
  --name <name>     a label for the new account (default "extra")
  --json            print {accountId, name, apiKey} as JSON

Options of token create:
  --policy <json>   a constraint, e.g. '{"namespaces":"demo","operations":"read","metadata":{"team":"a"}}',
                    or a JSON list of them; repeat for more constraints (any one grants)
  --ttl <ttl>       lifetime of every constraint without its own ttl: 3600, 30m, 1h (default 1h, max 24h)
  --data-dir, --api-key (the account whose key it is; default the local account), --clock, --json

Options of registry import (works while the server runs; prints the counts, or every problem and exits 1):
  --data-dir <dir>, --json (print {read, created, updated, tools})

Options of registry generate (the same count and seed always print the same servers):
  --count <n>       how many servers, 1 to 1000000
  --seed <s>        any text (default "mcpsim")

Exit codes: 0 success, 1 failure (a failed step, a replay miss, an invalid scenario), 2 bad usage.
`;

const options = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  'api-key': { type: 'string' },
  fixtures: { type: 'string' },
  'upstream-timeout': { type: 'string' },
  miss: { type: 'string' },
  record: { type: 'boolean' },
  scenario: { type: 'string', multiple: true },
  reporter: { type: 'string' },
  output: { type: 'string' },
  clock: { type: 'string' },
  policy: { type: 'string', multiple: true },
  ttl: { type: 'string' },
  count: { type: 'string' },
  seed: { type: 'string' },
  name: { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/**
 * Runs the command line `argv` (without `node` and the script) and returns the exit code.
 *
 * @example
 *   await main(['serve', '--port', '0'], io);
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    if (values.help) return print(io, helpText);
    if (values.version) return print(io, `${version}\n`);
    const flags = {
      ...(values.port === undefined ? {} : { port: values.port }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
      ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }),
      ...(values.clock === undefined ? {} : { clock: values.clock }),
      ...(values.fixtures === undefined ? {} : { fixturesDir: values.fixtures }),
      ...(values['upstream-timeout'] === undefined ? {} : { upstreamTimeout: values['upstream-timeout'] }),
      ...(values.miss === undefined ? {} : { miss: values.miss }),
      ...(values.record === undefined ? {} : { record: values.record }),
    };
    const command = positionals.join(' ');
    const scenarios = values.scenario ?? [];
    // No command at all is the demo: the bundled scenarios, unless --scenario names others.
    if (command === '') return await serveCommand({ ...flags, quiet: values.quiet ?? false, scenarios: scenarios.length > 0 ? scenarios : [bundledScenariosDir] }, io);
    if (command === 'serve') return await serveCommand({ ...flags, quiet: values.quiet ?? false, scenarios }, io);
    const [verb, ...paths] = positionals;
    if (verb === 'check') return await checkCommand(paths.length > 0 ? paths : [...defaultScenarioPaths], { json: values.json ?? false }, io);
    if (verb === 'test') {
      return await testCommand(paths, { ...flags, ...(values.reporter === undefined ? {} : { reporter: values.reporter }), ...(values.output === undefined ? {} : { output: values.output }) }, io);
    }
    if (verb === 'record') return await recordCommand(paths, flags, io);
    if (command === 'keys create') {
      return keysCreateCommand({ ...flags, ...(values.name === undefined ? {} : { name: values.name }), json: values.json ?? false }, io);
    }
    if (command === 'token create') {
      return await tokenCreateCommand({ ...flags, ...(values.policy ? { policy: values.policy } : {}), ...(values.ttl === undefined ? {} : { ttl: values.ttl }), json: values.json ?? false }, io);
    }
    if (positionals[0] === 'registry') {
      return registryCommand(positionals.slice(1), { ...flags, ...(values.count === undefined ? {} : { count: values.count }), ...(values.seed === undefined ? {} : { seed: values.seed }), json: values.json ?? false }, io);
    }
    throw new UsageError(`Unknown command "${command}". Run "mcpsim --help" for the commands.`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError || error instanceof MissingPathError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`mcpsim: ${(error as Error).message}\n`);
      return exitCodes.usage;
    }
    io.stderr(`mcpsim: ${(error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? `${(error as Error).message}: pick another --port` : ((error as Error).stack ?? String(error))}\n`);
    return exitCodes.failure;
  }
}

function print(io: CliIo, text: string): number {
  io.stdout(text);
  return exitCodes.ok;
}
