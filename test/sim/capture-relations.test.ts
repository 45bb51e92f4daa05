/**
 * A captured knowledge graph keeps its relations (issue 26, item 8): `mcpsim capture` (the CLI's
 * own `main`, in process, on a real socket and SQLite file) in front of
 * `@modelcontextprotocol/server-memory` over stdio from node_modules, then `serve --scenario` on
 * what it wrote, driven by the real MCP SDK client: calls the session never made answer from the
 * captured entities and relations.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { startCliSession } from '../support/cli-session.js';

const memoryServer = join(import.meta.dirname, '..', '..', 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
const apiKey = 'capture-key-0123456789';
const scratch = () => mkdtempSync(join(tmpdir(), 'mcpsim-capture-relations-'));

async function connect(mcpUrl: string): Promise<Client> {
  const client = new Client({ name: 'capture-relations-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: { authorization: `Bearer ${apiKey}` } } }),
  );
  return client;
}

const common = ['--port', '0', '--host', '127.0.0.1', '--api-key', apiKey, '--quiet'];
type Graph = { entities: { name: string; entityType: string }[]; relations: { from: string; to: string; relationType: string }[] };

describe('a captured knowledge graph as a mock', () => {
  const out = scratch();

  beforeAll(async () => {
    const capture = startCliSession([
      'capture',
      out,
      ...common,
      '--data-dir',
      scratch(),
      '--env',
      `MEMORY_FILE_PATH=${join(scratch(), 'memory.jsonl')}`,
      '--',
      process.execPath,
      memoryServer,
    ]);
    const client = await connect(`${await capture.ready('Capturing every tool call')}/connect/captured/server/mcp`);
    try {
      await client.callTool({
        name: 'create_entities',
        arguments: {
          entities: ['Ada', 'Babbage', 'Hopper'].map((name) => ({ name, entityType: 'person', observations: [] })),
        },
      });
      await client.callTool({
        name: 'create_relations',
        arguments: {
          relations: [
            { from: 'Ada', to: 'Babbage', relationType: 'worked with' },
            { from: 'Hopper', to: 'Ada', relationType: 'admired' },
          ],
        },
      });
    } finally {
      await client.close();
    }
    expect(await capture.stop()).toBe(0);
  }, 30_000);

  it('seeds the world with the relations the session made', () => {
    const scenario = readFileSync(join(out, 'scenario.yaml'), 'utf8');
    expect(scenario).toMatch(/relation:\n\s+relation_1:\n\s+from: Ada\n\s+to: Babbage\n\s+relationType: worked with/);
  });

  it('answers unrecorded reads with the captured relations, filtered by the names asked for', async () => {
    const serve = startCliSession(['serve', ...common, '--data-dir', scratch(), '--scenario', join(out, 'scenario.yaml')]);
    const client = await connect(`${await serve.ready()}/connect/captured/server/mcp`);
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as unknown as { structuredContent: Graph; _meta: Record<string, unknown> };
    try {
      const graph = await call('read_graph', {});
      expect(graph._meta['mcpsim/source']).toBe('simulated');
      expect(graph.structuredContent.relations).toEqual([
        { from: 'Ada', to: 'Babbage', relationType: 'worked with' },
        { from: 'Hopper', to: 'Ada', relationType: 'admired' },
      ]);
      const opened = await call('open_nodes', { names: ['Babbage'] });
      expect(opened.structuredContent.entities.map((entity) => entity.name)).toEqual(['Babbage']);
      expect(opened.structuredContent.relations).toEqual([{ from: 'Ada', to: 'Babbage', relationType: 'worked with' }]);
      // A new entity keeps the name and type it was given, and a new relation joins the captured ones.
      await call('create_entities', { entities: [{ name: 'Lovelace', entityType: 'title', observations: [] }] });
      await call('create_relations', { relations: [{ from: 'Ada', to: 'Lovelace', relationType: 'was' }] });
      const ada = await call('open_nodes', { names: ['Ada', 'Lovelace'] });
      expect(ada.structuredContent.entities).toEqual([
        expect.objectContaining({ name: 'Ada', entityType: 'person' }),
        expect.objectContaining({ name: 'Lovelace', entityType: 'title' }),
      ]);
      expect(ada.structuredContent.relations.map((relation) => `${relation.from} ${relation.relationType} ${relation.to}`)).toEqual([
        'Ada worked with Babbage',
        'Hopper admired Ada',
        'Ada was Lovelace',
      ]);
    } finally {
      await client.close();
      expect(await serve.stop()).toBe(0);
    }
  }, 30_000);
});
