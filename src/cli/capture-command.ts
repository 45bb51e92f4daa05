import { join } from 'node:path';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { toHeaders, toRedactPatterns } from './capture-session.js';
import { options as serveOptions, serve } from './serve-command.js';
import { toStdioUplink } from './stdio-uplinks.js';

export const name = 'capture';
export const usage = '<out-dir> [options] ( -- <command...> | --url <http-url> )';
export const summary = 'record a real MCP server (stdio or HTTP) into fixtures, a registry entry and a scenario';
export const help = `Starts the server (as serve does) in front of a real MCP server: a local stdio server started
with <command>, or an HTTP one at --url. Point the MCP Inspector or your own client at the MCP
URL it prints; every tool call is relayed as usual and recorded until Ctrl+C or SIGTERM:

  <out-dir>/fixtures/<server>/<tool>.json   the results (model: null, upstream named)
  <out-dir>/registry.json                   the server, its serverInfo and tools (mcpsim registry import)
  <out-dir>/redactions.json                 what was redacted: call, tool, JSON path, kind
  <out-dir>/scenario.yaml                   a ready scenario: the server, a mock connection seeded
                                            with the world the results show, one step per call

Every file is rewritten whole after each call, so a killed capture leaves usable files. Before
anything is written, secrets are replaced by a marker such as [redacted:bearer]: bearer tokens,
JWTs, API keys (sk-, ghp_, xox, AKIA...), values under keys such as password or api_key, the
connection's own header and query values, the command's --env values (those under a name such as
*_KEY or *_TOKEN, and any of 8 characters or more but a plain word or number), and whatever
--redact matches. Headers are never written.
Then: mcpsim test <out-dir>/scenario.yaml (in CI), or mcpsim serve --scenario <out-dir>/scenario.yaml.`;
export const positionals = true;

const { scenario: _loaded, uplink: _uplinks, capture: _capture, 'idle-exit': _idle, ...shared } = serveOptions;

export const options = {
  ...shared,
  redact: { ...shared.redact, help: 'also redact text matching this regular expression (repeatable), e.g. --redact "acct_[0-9]+"' },
  url: { type: 'string', value: '<http-url>', help: 'capture the Streamable HTTP MCP server at this URL instead of a command' },
  header: {
    type: 'string',
    multiple: true,
    value: '<Name=value>',
    help: 'with --url: a header to send upstream (repeatable); stored encrypted, never written or printed',
  },
  env: {
    type: 'string',
    multiple: true,
    value: '<KEY=VALUE>',
    help: 'with a command: an environment variable for it (repeatable); never printed',
  },
  as: {
    type: 'string',
    value: '<ns>/<id>',
    help: 'the connection to capture through (default captured/server); the scenario uses the same names',
  },
  name: {
    type: 'string',
    value: '<@owner/name>',
    help: 'the registry name of the captured server (default @captured/<its serverInfo name>)',
  },
  scenario: { type: 'string', value: '<path>', help: 'where to write the scenario (default <out-dir>/scenario.yaml)' },
} as const satisfies CommandOptions;

export function run({ values, positionals: words }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const [directory, ...command] = words;
  const example = 'mcpsim capture ./captures/memory -- npx -y @modelcontextprotocol/server-memory';
  if (directory === undefined)
    throw new CliError(`capture needs an output directory first, e.g. ${example}`, exitCodes.usage, { command: name });
  if (command.length > 0 === (values.url !== undefined)) {
    throw new CliError(`capture needs exactly one upstream: a command after --, or --url <http-url>, e.g. ${example}`, exitCodes.usage, {
      command: name,
    });
  }
  if (values.header && values.url === undefined) throw new CliError('--header applies to --url', exitCodes.usage, { command: name });
  if (values.env && values.url !== undefined) throw new CliError('--env applies to a command after --', exitCodes.usage, { command: name });
  if (values.name !== undefined && !/^@?[a-zA-Z0-9][a-zA-Z0-9_-]*\/[a-zA-Z0-9][a-zA-Z0-9_-]*$/.test(values.name)) {
    throw new CliError(`--name takes a registry name such as @acme/notes (got ${JSON.stringify(values.name)})`, exitCodes.usage, {
      command: name,
    });
  }
  const target = values.as ?? 'captured/server';
  const patterns = toRedactPatterns(values.redact ?? [], name);
  const uplink = command.length > 0 ? toStdioUplink(target, command, values.env ?? []) : null;
  const [namespace = '', connectionId = ''] = target.split('/');
  if (values.url !== undefined && !/^[^/\s]+\/[^/\s]+$/.test(target))
    throw new CliError(`--as takes <namespace>/<id> (got ${JSON.stringify(target)})`, exitCodes.usage, { command: name });
  const capture = {
    directory,
    patterns,
    scenarioFile: values.scenario ?? join(directory, 'scenario.yaml'),
    ...(values.name === undefined ? {} : { serverName: values.name }),
    ...(values.url === undefined
      ? {}
      : { http: { namespace, connectionId, url: values.url, headers: toHeaders(values.header ?? [], name) } }),
  };
  return serve({ flags: toConfigFlags(values), quiet: values.quiet ?? false, scenarios: [], uplinks: uplink ? [uplink] : [], capture }, io);
}
