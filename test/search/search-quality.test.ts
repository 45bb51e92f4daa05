import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRegistry } from '../../src/store/registry-import.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * What a person typing each query wants to see in the first five results: the official or
 * canonical servers for it. Queries cover single names, two-word intents, a prefix being typed,
 * stemming, case and accents. The registry is the demo catalog plus the public data set of
 * ../shared/registry (6,470 servers).
 */
export const searchQualityQueries: [query: string, mustAppear: string[]][] = [
  ['github', ['@github/github-mcp-server', '@modelcontextprotocol/github']],
  ['GitHub issues and pull requests', ['@github/github-mcp-server']],
  ['postgres database', ['@modelcontextprotocol/postgres']],
  ['postgr', ['@modelcontextprotocol/postgres']],
  ['slack', ['@modelcontextprotocol/slack']],
  ['notion', ['@makenotion/notion-mcp-server']],
  ['filesystem', ['@modelcontextprotocol/filesystem']],
  ['brave search', ['@brave/brave-search-mcp-server']],
  ['playwright', ['@microsoft/playwright-mcp']],
  ['puppeteer', ['@modelcontextprotocol/puppeteer']],
  ['sequential thinking', ['@modelcontextprotocol/sequentialthinking']],
  ['memory knowledge graph', ['@modelcontextprotocol/memory']],
  ['time zone', ['@modelcontextprotocol/time']],
  ['google maps', ['@modelcontextprotocol/google-maps']],
  ['linear', ['linear']],
  ['sentry', ['@getsentry/sentry-mcp']],
  ['kubernetes', ['@Flux159/mcp-server-kubernetes']],
  ['Kubernétes', ['@Flux159/mcp-server-kubernetes']],
  ['stripe', ['@stripe/agent-toolkit']],
  ['mongodb', ['@mongodb-js/mongodb-mcp-server']],
  ['redis', ['@modelcontextprotocol/redis']],
  ['sqlite', ['@modelcontextprotocol/sqlite']],
  ['gitlab', ['@modelcontextprotocol/gitlab']],
  ['git repositories', ['@modelcontextprotocol/git']],
  ['figma', ['@figma/mcp-server-guide']],
  ['youtube transcript', ['@kimtaeyoon83/mcp-server-youtube-transcript']],
  ['airtable', ['@domdomegg/airtable-mcp-server']],
  ['context7', ['@upstash/context7-mcp']],
  ['firecrawl', ['@firecrawl/firecrawl-mcp-server']],
  ['tavily', ['@tavily-ai/tavily-mcp']],
  ['exa search', ['@exa-labs/exa-mcp-server']],
  ['supabase', ['@supabase-community/supabase-mcp']],
  ['excel spreadsheet', ['@negokaz/excel-mcp-server']],
  ['obsidian notes', ['mcp-obsidian']],
  ['fetch web content', ['@modelcontextprotocol/fetch']],
  ['duckduckgo', ['@nickclyde/duckduckgo-mcp-server']],
  ['cloudflare documentation', ['cloudflare-docs']],
  ['SQLITE', ['@modelcontextprotocol/sqlite']],
];

const sharedRegistry = fileURLToPath(new URL('../../../shared/registry/', import.meta.url));
const haveData = existsSync(`${sharedRegistry}servers.json`);

describe.skipIf(!haveData)('search quality over the demo catalog and the public data set (../shared/registry)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('in-process');
    importRegistry(harness.platform.stores, sharedRegistry, { clock: harness.clock });
  });
  afterAll(() => harness.close());

  it(`puts the expected servers in the top 5 for at least 90% of ${searchQualityQueries.length} queries`, async () => {
    const misses: string[] = [];
    for (const [query, mustAppear] of searchQualityQueries) {
      const response = await harness.call('GET', `/servers?pageSize=5&fields=qualifiedName&q=${encodeURIComponent(query)}`);
      const top = (response.body.servers as { qualifiedName: string }[]).map((server) => server.qualifiedName);
      const absent = mustAppear.filter((name) => !top.includes(name));
      if (absent.length > 0) misses.push(`${query}: missing ${absent.join(', ')}; got ${top.join(', ')}`);
    }
    const hitRate = (searchQualityQueries.length - misses.length) / searchQualityQueries.length;
    console.log(
      `search quality: ${searchQualityQueries.length - misses.length}/${searchQualityQueries.length} queries hit (${(hitRate * 100).toFixed(1)}%)${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(searchQualityQueries.length).toBeGreaterThanOrEqual(30);
    expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});

describe.runIf(!haveData)('search quality', () => {
  it('is skipped: ../shared/registry/servers.json is not present beside the project', () => {
    expect(haveData).toBe(false);
  });
});
