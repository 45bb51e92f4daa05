import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import type { CliIo } from './io.js';
import { toSecretValues, toEnvSecretValues, scrubSecrets } from '../domain/secrets.js';
import { loadRecordedServers, RecordedFilesError, type RecordedServer } from '../scenario/verify/recorded-server.js';
import { verifyServer, type ServerVerification } from '../scenario/verify/verify-server.js';
import { countDrifts, toVerifyReport, verifyReporters, type VerifyReporter } from '../scenario/verify/verify-report.js';
import { updateDriftedFiles } from '../scenario/verify/update-files.js';
import { clientCapabilities, openLiveServer, type ClientCapability, type LiveTarget, type OpenLiveServer } from './verify-live.js';

export const name = 'verify';
export const usage = '<scenario|capture dir>... ( --url <http-url> [--header Name=value]... | [--env K=V]... -- <command...> )';
export const summary = 'compare scenarios and captures with the live server: surface and answer shapes, drift reported';
export const help = `Connects to the live server (an HTTP one at --url, or a local stdio server started with <command>)
and holds it against what the files recorded:

  the surface   tools added, removed or changed (arguments, required ones, types, enums,
                descriptions, output schemas, annotations), resources, templates, prompts,
                and the server's name and version
  the answers   each recorded call that only reads (the tool's readOnlyHint, else how mcpsim
                reads the tool) is replayed, and its answer compared with the fixture's by
                shape: structure, types, id formats, error versus success, list versus object;
                times, generated ids, counts and text are expected to differ

Calls that write are replayed only with --writes (it lists them and asks, unless --yes); a call
during which the server asked the client for sampling or elicitation is never replayed (verify
has no model or person to answer as the client did) and is counted as left out. A
report per server: each tool same, drifted, missing or new, and each drift with its JSON
pointer, the recorded and the live side, and the file and line to look at. Credentials come
from --header and --env and are redacted from the report as capture redacts them.
--update rewrites the drifted fixture entries and the server's declaration from the live
server, and nothing else, so a reviewer sees the drift as a diff.
Exit 0 when nothing drifted, 1 on drift, 2 on bad usage, 3 when the server cannot be reached.`;
export const positionals = true;

export const options = {
  url: { type: 'string', value: '<http-url>', help: 'verify against the Streamable HTTP MCP server at this URL' },
  header: { type: 'string', multiple: true, value: '<Name=value>', help: 'with --url: a header to send (repeatable); never printed' },
  env: {
    type: 'string',
    multiple: true,
    value: '<KEY=VALUE>',
    help: 'with a command: an environment variable for it (repeatable); never printed',
  },
  capability: {
    type: 'string',
    multiple: true,
    value: '<roots|sampling|elicitation>',
    help: 'declare this client capability to the server (repeatable): some servers show tools only to clients that have it',
  },
  writes: { type: 'boolean', help: 'also replay the recorded calls that write (they change the live server; asks unless --yes)' },
  yes: { type: 'boolean', help: 'with --writes: do not ask' },
  update: { type: 'boolean', help: 'rewrite the drifted fixtures and declarations from the live server' },
  reporter: { type: 'string', value: '<text|json|junit>', help: 'how to print the report (default text)' },
} as const satisfies CommandOptions;

export async function run({ values, positionals: words, afterDashes = [] }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const paths = words.slice(0, words.length - afterDashes.length);
  const example = 'mcpsim verify captures/memory -- npx -y @modelcontextprotocol/server-memory';
  const usageError = (message: string) => new CliError(message, exitCodes.usage, { command: name });
  if (paths.length === 0) throw usageError(`verify needs scenario files or capture directories first, e.g. ${example}`);
  if (afterDashes.length > 0 === (values.url !== undefined))
    throw usageError(`verify needs exactly one live server: a command after --, or --url <http-url>, e.g. ${example}`);
  if (values.header && values.url === undefined) throw usageError('--header applies to --url');
  if (values.env && values.url !== undefined) throw usageError('--env applies to a command after --');
  if (values.yes && !values.writes) throw usageError('--yes applies to --writes');
  const reporter = (values.reporter ?? 'text') as VerifyReporter;
  if (!verifyReporters.includes(reporter)) throw usageError(`--reporter: "${values.reporter}" is not one of ${verifyReporters.join(', ')}`);
  const capabilities = (values.capability ?? []).map((capability) => {
    if (!(clientCapabilities as readonly string[]).includes(capability))
      throw usageError(`--capability: "${capability}" is not one of ${clientCapabilities.join(', ')}`);
    return capability as ClientCapability;
  });
  const headers = toPairs(values.header ?? [], '--header', 'Authorization=Bearer $TOKEN', usageError);
  const env = toPairs(values.env ?? [], '--env', 'API_KEY=$API_KEY', usageError);
  const [command, ...args] = afterDashes;
  const target: LiveTarget =
    values.url !== undefined ? { url: toHttpUrl(values.url, usageError), headers } : { command: command!, args, env, cwd: process.cwd() };
  const secrets = [...toSecretValues(headers, values.url ?? null), ...toEnvSecretValues(env)];

  let recorded: RecordedServer[];
  try {
    recorded = paths.flatMap((path) => loadRecordedServers(path));
  } catch (error) {
    if (error instanceof RecordedFilesError) throw usageError(error.message);
    throw error;
  }
  if (recorded.length === 0) throw usageError(`${paths.join(', ')} declare no server to verify (a scenario's servers:)`);

  const where = values.url !== undefined ? scrubSecrets(values.url, secrets) : `"${command}"`;
  let live: OpenLiveServer;
  try {
    live = await openLiveServer(target, capabilities);
  } catch (error) {
    io.stderr(
      `mcpsim verify: could not reach the live server ${where}: ${scrubSecrets(error instanceof Error ? error.message : String(error), secrets)}\n`,
    );
    return exitCodes.unreachable;
  }
  try {
    if (values.writes && !values.yes) {
      const question = `--writes replays ${recorded.reduce((sum, server) => sum + server.calls.length, 0)} recorded calls on ${where}, writes included: they change the live server. Go on?`;
      if (!io.confirm) throw usageError(`${question.replace(/ Go on\?$/, '')}; add --yes to replay them where nobody can answer`);
      if (!(await io.confirm(question))) return exitCodes.usage;
    }
    const verifications: ServerVerification[] = [];
    for (const server of recorded) verifications.push(await verifyServer(server, live, { writes: values.writes === true }));
    io.stdout(scrubSecrets(toVerifyReport(verifications, reporter), secrets));
    if (values.update && countDrifts(verifications) > 0) {
      const now = new Date().toISOString();
      const written = verifications.flatMap((verification) => updateDriftedFiles({ verification, live: live.surface, secrets, now }));
      io.stderr(`mcpsim verify: updated ${[...new Set(written)].join(', ')}\n`);
    }
    return countDrifts(verifications) > 0 ? exitCodes.failure : exitCodes.ok;
  } finally {
    await live.close();
  }
}

function toPairs(
  pairs: readonly string[],
  option: string,
  example: string,
  usageError: (message: string) => CliError,
): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0) throw usageError(`${option} takes Name=value, e.g. ${option} "${example}" (got ${JSON.stringify(pair.slice(0, 40))})`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

function toHttpUrl(url: string, usageError: (message: string) => CliError): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw usageError(`--url takes an http(s) URL of a Streamable HTTP MCP server (got ${JSON.stringify(url.slice(0, 80))})`);
}
