import type { CommandInput, CommandOptions } from './command.js';
import { toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { options as serveOptions, serve, toIdleExitMs, toServeCapture } from './serve-command.js';
import { parseUplinkOption, toStdioUplink } from './stdio-uplinks.js';

export const name = 'uplink';
export const usage = '<ns>/<id> [options] -- <command...>';
export const summary = 'serve, with a local stdio MCP server paired to an uplink connection';
export const help = `Starts the server (as serve does) and a local stdio MCP server with <command>, paired with the
uplink connection <namespace>/<id> (created when missing): MCP requests, REST tool calls and
namespace listings reach it like any real upstream. The connection reads connected (with the
server's serverInfo) while it runs, disconnected once it has ended (the exit code and its last
stderr lines are printed, and given in the errors of later calls). The process gets only a safe
default environment (PATH, HOME, USER, SHELL, TERM, LOGNAME) plus what --env gives; values are
never printed. To pair with an mcpsim that is already running, use the official CLI instead:
smithery mcp add -- <command>.`;
export const positionals = true;

export const options = {
  ...serveOptions,
  env: {
    type: 'string',
    multiple: true,
    value: '<KEY=VALUE>',
    help: 'an environment variable for the local server (repeatable); never printed',
  },
} as const satisfies CommandOptions;

export function run({ values, positionals: words }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const [target, ...command] = words;
  const uplink = toStdioUplink(target, command, values.env ?? []);
  const more = (values.uplink ?? []).map(parseUplinkOption);
  const capture = toServeCapture(values, 'uplink');
  return serve(
    {
      flags: toConfigFlags(values),
      quiet: values.quiet ?? false,
      idleExitMs: toIdleExitMs(values['idle-exit']),
      scenarios: values.scenario ?? [],
      uplinks: [uplink, ...more],
      ...(capture ? { capture } : {}),
    },
    io,
  );
}
