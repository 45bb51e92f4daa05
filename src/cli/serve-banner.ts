import { version } from '../version.js';

export interface BannerFacts {
  url: string;
  /** The one-click dashboard login link (`<public URL>/?token=...`), or null without a dashboard. */
  dashboardUrl: string | null;
  /** The key to show, or null when it is not shown (off loopback). */
  apiKey: string | null;
  /** Where the key comes from, e.g. "(the development key on loopback; ...)". */
  apiKeyNote: string;
  /** Guards turned off (`--cors-origin '*'`, `--allowed-host '*'`), one line each. */
  warnings: readonly string[];
  namespace: string;
  dataDir: string;
  virtualClock: string | null;
  search: string;
  simulator: string;
  /** An MCP URL to give a client. */
  mcpUrl: string;
}

/**
 * What `mcpsim serve` prints once it listens: where it is, the key, and what to try.
 *
 * @example
 *   io.stdout(toServeBanner({ url, dashboardUrl, apiKey, apiKeyNote, warnings: [], namespace: 'demo', dataDir, virtualClock: null, search, simulator, mcpUrl }));
 */
export function toServeBanner({
  url,
  dashboardUrl,
  apiKey,
  apiKeyNote,
  warnings,
  namespace,
  dataDir,
  virtualClock,
  search,
  simulator,
  mcpUrl,
}: BannerFacts): string {
  const key = apiKey ?? '$MCPSIM_API_KEY';
  const keyLine = `  API key     ${apiKey ? `${apiKey}  ` : ''}${apiKeyNote}`;
  return [
    `mcpsim ${version} is listening`,
    '',
    `  Base URL    ${url}`,
    ...(dashboardUrl ? [`  Dashboard   ${dashboardUrl}  (open it in a browser: it logs you in, once)`] : []),
    keyLine,
    ...warnings.map((warning) => `  Warning     ${warning}`),
    `  Namespace   ${namespace}`,
    `  Data        ${dataDir}`,
    `  Search      ${search}`,
    `  Tool calls  ${simulator}`,
    ...(virtualClock ? [`  Clock       virtual, at ${virtualClock} (move it: POST ${url}/__mcpsim/clock {"advance":"1h"})`] : []),
    '',
    'Try it:',
    `  curl -s -H "Authorization: Bearer ${key}" ${url}/connect/${namespace}`,
    `  curl -s -H "Authorization: Bearer ${key}" -X POST ${url}/connect/${namespace}/time/.tools/get_current_time -d '{"timezone":"Europe/Berlin"}'`,
    '',
    'MCP URL for an MCP client (send the key as "Authorization: Bearer <key>"):',
    `  ${mcpUrl}`,
    '',
    'MCP Inspector:',
    `  npx --engine-strict=false -y @modelcontextprotocol/inspector@2.12.0 --cli ${mcpUrl} --transport http --header "Authorization: Bearer ${key}" --method tools/list`,
    '',
    'Official SDK / CLI:',
    `  SMITHERY_BASE_URL=${url} SMITHERY_CONNECT_BASE_URL=${url}/connect SMITHERY_UPLINK_BASE_URL=${url} SMITHERY_URL=${url} SMITHERY_API_KEY=${key}`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n');
}
