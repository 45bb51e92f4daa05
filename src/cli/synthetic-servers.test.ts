import { describe, expect, it } from 'vitest';
import { parseRegistryRecord, toRegistryId } from '../domain/registry-record.js';
import { createSyntheticServers } from './synthetic-servers.js';

const servers = createSyntheticServers(2000, { seed: 'unit' });

/** Share of entries whose name or description contains each word. */
function documentFrequencies(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const server of servers) {
    const words = new Set(
      `${server.displayName} ${server.description}`
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    );
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return new Map([...counts].map(([word, count]) => [word, count / servers.length]));
}

describe('createSyntheticServers', () => {
  it('gives byte-identical output for the same count and seed, and different output for another seed', () => {
    expect(JSON.stringify(createSyntheticServers(2000, { seed: 'unit' }))).toBe(JSON.stringify(servers));
    expect(createSyntheticServers(50, { seed: 'other' }).map((server) => server.qualifiedName)).not.toEqual(
      servers.slice(0, 50).map((server) => server.qualifiedName),
    );
  });

  it('names every server @synthetic-<owner>/<name>, uniquely ignoring case, with the id derived from the name', () => {
    const names = servers.map((server) => server.qualifiedName.toLowerCase());
    expect(new Set(names).size).toBe(servers.length);
    for (const server of servers) {
      expect(server.qualifiedName).toMatch(/^@synthetic-[a-z0-9]+\/[a-z0-9][a-z0-9-]*$/);
      expect(server.id).toBe(toRegistryId(server.qualifiedName));
    }
  });

  it('writes records that an import accepts as catalog-shaped', () => {
    const refused = servers.map((server) => parseRegistryRecord(JSON.parse(JSON.stringify(server)))).filter((parsed) => !parsed.ok);
    expect(refused).toEqual([]);
  });

  it('uses a few words in most entries, some in 5–10%, and a long tail of rare ones', () => {
    const frequencies = [...documentFrequencies().values()];
    expect(frequencies.filter((share) => share > 0.5).length).toBeGreaterThanOrEqual(3);
    expect(frequencies.filter((share) => share >= 0.05 && share <= 0.1).length).toBeGreaterThanOrEqual(5);
    expect(frequencies.filter((share) => share < 0.01).length).toBeGreaterThan(frequencies.length / 2);
  });

  it('makes popularity heavy-tailed: many unused servers and a few far above the typical one', () => {
    const counts = servers.map((server) => server.useCount).sort((a, b) => a - b);
    const used = counts.filter((count) => count > 0);
    expect(counts.length - used.length).toBeGreaterThan(servers.length * 0.3);
    const median = used[Math.floor(used.length / 2)]!;
    expect(counts.at(-1)!).toBeGreaterThan(median * 100);
  });

  it('verifies some servers and gives about a third of them 1 to 5 tools with object input schemas and distinct names', () => {
    const verified = servers.filter((server) => server.verified).length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThan(servers.length * 0.2);
    const withTools = servers.filter((server) => server.tools.length > 0);
    expect(withTools.length).toBeGreaterThan(servers.length * 0.2);
    expect(withTools.length).toBeLessThan(servers.length * 0.5);
    for (const { tools } of withTools) {
      expect(tools.length).toBeLessThanOrEqual(5);
      expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
        expect(tool.inputSchema).toMatchObject({ type: 'object', required: [expect.any(String)] });
        expect(Object.keys(tool.inputSchema.properties as object)).toContain((tool.inputSchema.required as string[])[0]);
      }
    }
  });
});
