import { resolveConfig } from '../config.js';
import { developmentApiKey } from '../domain/api-key.js';
import { createAgentCaptures } from './agent-captures.js';
import { createAgentScenarios } from './agent-scenarios.js';
import { findOrStartServer } from './background-server.js';
import { toIdleExitMs } from './serve-command.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';

export const name = 'mcp';
export const usage = '[options]';
export const summary = "serve mcpsim's own tools to a coding agent over stdio (mock, seed, verify)";
export const help = `Serves mcpsim's tools over MCP on stdin/stdout, for a coding agent (Claude Code, Cursor, VS Code)
to set up mocks, seed their worlds, read what a client under test called and verify it
(docs/agents.md). It uses the server running on the data directory, or --url; when none runs, it
starts one in the background on the data directory (its log in <data-dir>/serve.log) that keeps
running after this command ends, until no request came for --idle-exit (default 30m). Its tools act through the server's REST API with the API key
(--api-key / MCPSIM_API_KEY, else the development key of a loopback server). Nothing but the
protocol is written to stdout; messages go to stderr.`;

/** How long the server `mcpsim mcp` starts in the background waits for a request before it stops. */
const defaultIdleExit = '30m';

export const options = {
  url: { type: 'string', value: '<url>', help: 'the mcpsim server to use (default: the one on the data directory)' },
  'data-dir': configOptions['data-dir'],
  'api-key': { ...configOptions['api-key'], help: 'the API key the tools act with (env MCPSIM_API_KEY; default the development key)' },
  port: { ...configOptions.port, help: 'the port of a server started in the background (default 0: a free one)' },
  'idle-exit': {
    type: 'string',
    value: '<duration>',
    help: 'a server started in the background stops once no request came for this long (default 30m);\nwhile this command runs it keeps the server up',
  },
} as const satisfies CommandOptions;

export async function run({ values }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const config = resolveConfig(toConfigFlags(values), io.env);
  const apiKey = config.apiKey ?? developmentApiKey;
  // Loaded here, not at the top: every other command starts without the tools and the MCP server.
  const [{ StdioServerTransport }, { createAgentServer }, { createApiClient }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('../agent/agent-server.js'),
    import('../agent/api-client.js'),
  ]);
  const baseUrl = (
    values.url ??
    (await findOrStartServer({
      dataDir: config.dataDir,
      serveArgs: ['--port', values.port ?? '0', '--idle-exit', values['idle-exit'] ?? defaultIdleExit],
      env: io.env,
      log: io.stderr,
    }))
  ).replace(/\/+$/, '');
  const api = createApiClient({ baseUrl, apiKey, fetch: (request) => fetch(request) });
  // One look before serving: a wrong key or URL is said once here, not in every tool's answer.
  await api.request('GET', '/__mcpsim/clock').catch((error: unknown) => {
    throw new CliError(
      `${baseUrl} refused the tools' first request (${(error as Error).message}); check --url and --api-key`,
      exitCodes.failure,
    );
  });
  // Subscribed resources are polled through the API (the server is another process), once a second.
  // The project is the directory the agent started this in: scenario and capture tools read and write under it only.
  const dir = process.cwd();
  const captures = createAgentCaptures({ projectDir: dir, apiKey, env: io.env });
  const project = { dir, scenarios: createAgentScenarios(dir, io.env), captures };
  const server = createAgentServer({ api, baseUrl, project }, { watchIntervalMs: 1000 });
  // A session keeps the data directory's server up: a request now and then, well within its idle time.
  const idleMs = toIdleExitMs(values['idle-exit'] ?? defaultIdleExit)!;
  const heartbeat =
    values.url === undefined
      ? setInterval(() => void api.request('GET', '/__mcpsim/clock').catch(() => undefined), Math.max(500, idleMs / 4))
      : undefined;
  heartbeat?.unref();
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  io.stderr(`mcpsim mcp: serving mcpsim's tools on stdio, acting on ${baseUrl}\n`);
  // The client closing stdin is the end of the session; so is a signal.
  process.stdin.once('end', () => void server.close());
  io.onShutdownSignal(() => void server.close());
  await closed;
  clearInterval(heartbeat);
  // Each capture ends with the session, writing its files as a stopped `mcpsim capture` does.
  await captures.close();
  return exitCodes.ok;
}
