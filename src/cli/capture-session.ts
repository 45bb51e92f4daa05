/**
 * What `serve` does for a capture (`mcpsim capture`, `serve --capture`): the real HTTP connection
 * to create, the tool listing that becomes the registry entry, and the report printed at the end.
 * The recording itself happens in the platform (the relay's capture sink).
 */
import type { CaptureSummary } from '../platform/platform.js';
import { expectSuccess, requestPlatform, type ScenarioPlatform } from '../scenario/platform-request.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CliIo } from './io.js';

/** What to capture into, and what to redact; `serve` hands it to the platform. */
export interface CaptureSettings {
  directory: string;
  scenarioFile?: string;
  patterns: RegExp[];
  serverName?: string;
  /** A real HTTP MCP server to create a connection to (`capture --url`); its headers are stored encrypted, never written. */
  http?: { namespace: string; connectionId: string; url: string; headers: Record<string, string> };
}

/**
 * `--redact` values as global regular expressions; a bad one is a usage error naming it.
 *
 * @example
 *   toRedactPatterns(['acct-[0-9]+'], 'capture'); // [/acct-[0-9]+/g]
 */
export function toRedactPatterns(sources: readonly string[], command: string): RegExp[] {
  return sources.map((source) => {
    try {
      return new RegExp(source, 'g');
    } catch (error) {
      throw new CliError(
        `--redact ${JSON.stringify(source)} is not a regular expression (${(error as Error).message}); e.g. --redact "acct_[0-9]+"`,
        exitCodes.usage,
        { command },
      );
    }
  });
}

/**
 * `--header` values (`Name=value` or `Name: value`) as headers; the value is never echoed.
 *
 * @example
 *   toHeaders(['Authorization=Bearer abc']); // { Authorization: 'Bearer abc' }
 */
export function toHeaders(pairs: readonly string[], command: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*[=:]\s?(.*)$/s.exec(pair);
    if (!match)
      throw new CliError('--header takes Name=value (or "Name: value"); got one without a header name first', exitCodes.usage, { command });
    headers[match[1]!] = match[2]!;
  }
  return headers;
}

/**
 * Creates the real HTTP connection a capture relays to (replacing one of that id), and returns its MCP URL.
 *
 * @example
 *   await connectHttpUpstream(door, { namespace: 'captured', connectionId: 'server', url: 'http://127.0.0.1:3001/mcp', headers: {} });
 */
export async function connectHttpUpstream(door: ScenarioPlatform, http: NonNullable<CaptureSettings['http']>): Promise<string> {
  const path = `/connect/${encodeURIComponent(http.namespace)}/${encodeURIComponent(http.connectionId)}`;
  await expectSuccess(door, `namespace "${http.namespace}"`, 'PUT', `/namespaces/${encodeURIComponent(http.namespace)}`);
  if ((await requestPlatform(door, 'GET', path)).status === 200)
    await expectSuccess(door, `connection "${http.namespace}/${http.connectionId}"`, 'DELETE', path);
  const created = await requestPlatform(door, 'PUT', path, {
    mcpUrl: http.url,
    ...(Object.keys(http.headers).length > 0 ? { headers: http.headers } : {}),
  });
  const body = created.body as { status?: { state?: string; message?: string } } | undefined;
  if (created.status >= 300 || body?.status?.state !== 'connected') {
    const why = body?.status?.message ?? JSON.stringify(created.body);
    throw new Error(`cannot capture ${http.url}: the connection is not connected (${body?.status?.state ?? created.status}: ${why})`);
  }
  return `${door.baseUrl}${path}/mcp`;
}

/** Lists the tools of each captured connection once through the platform, so the registry entry exists before the first call. */
export async function listCapturedTools(
  door: ScenarioPlatform,
  connections: readonly { namespace: string; connectionId: string }[],
  io: CliIo,
): Promise<void> {
  for (const { namespace, connectionId } of connections) {
    const listed = await requestPlatform(
      door,
      'GET',
      `/connect/${encodeURIComponent(namespace)}/${encodeURIComponent(connectionId)}/.tools`,
    );
    if (listed.status !== 200)
      io.stderr(
        `Listing the tools of ${namespace}/${connectionId} failed (${listed.status}); the registry entry is written at the first listing that works.\n`,
      );
  }
}

/** The end-of-capture report: counts, files, and every redaction (tool, call, JSON path, kind; never the value). */
export function toCaptureReport(summary: CaptureSummary): string {
  const lines = [
    `Captured ${summary.calls} tool call${summary.calls === 1 ? '' : 's'} from ${summary.servers.length === 0 ? 'no server' : summary.servers.join(', ')}.`,
    `  fixtures:   ${summary.files.fixtures}`,
    `  registry:   ${summary.files.registry} (mcpsim registry import ${summary.files.registry})`,
    `  scenario:   ${summary.files.scenario} (mcpsim test ${summary.files.scenario})`,
  ];
  if (summary.redactions.length === 0) lines.push('  redactions: none');
  else {
    lines.push(`  redactions: ${summary.redactions.length}, listed in ${summary.files.redactions}:`);
    for (const { connection, tool, call, path, kind } of summary.redactions)
      lines.push(`    ${call === 0 ? 'tools/list' : `call ${call}`} ${connection} ${tool} ${path}: ${kind}`);
  }
  return `${lines.join('\n')}\n`;
}
