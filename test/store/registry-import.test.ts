/**
 * `importRegistry` on a real SQLite file, over hand-written inputs and the public data set in
 * `../shared/registry` (skipped when that folder is absent), and `mcpsim registry` as a child
 * process. Inputs are written to temporary directories; nothing is copied into the project.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/domain/clock.js';
import { ApiError } from '../../src/errors.js';
import { openDataDir } from '../../src/store/data-dir.js';
import { loadDemoCatalog } from '../../src/store/demo-catalog.js';
import { importRegistry } from '../../src/store/registry-import.js';
import { createStores, type Stores } from '../../src/store/stores.js';
import { createPlatform } from '../../src/platform/platform.js';
import { startHarness } from '../support/harness.js';
import { cliArguments } from '../support/built-cli.js';

const projectDirectory = fileURLToPath(new URL('../..', import.meta.url));
const sharedRegistry = fileURLToPath(new URL('../../../shared/registry/', import.meta.url));
const hasSharedRegistry = existsSync(join(sharedRegistry, 'servers.json'));

const temporaryDirectories: string[] = [];
function createTemporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-import-'));
  temporaryDirectories.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

function writeJson(directory: string, name: string, value: unknown): string {
  const file = join(directory, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** What the import wrote: both registry tables, row by row. */
function dumpRegistry(databaseFile: string): unknown {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return {
      servers: db.prepare('SELECT * FROM registry_servers ORDER BY id').all(),
      tools: db.prepare('SELECT * FROM registry_tools ORDER BY server_id, position').all(),
    };
  } finally {
    db.close();
  }
}

/** Runs `work`, expects an ApiError, and returns it. */
function failure(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the import to fail');
}

const listItem = {
  qualifiedName: '@acme/notes',
  displayName: 'Acme Notes',
  description: 'Notes for agents.',
  useCount: 42,
  verified: true,
  score: 0.5,
};
const detail = {
  qualifiedName: '@acme/weather',
  displayName: 'Acme Weather',
  description: 'Forecasts.',
  iconUrl: null,
  remote: true,
  deploymentUrl: 'https://weather.acme.test/mcp',
  connections: [
    {
      type: 'http',
      deploymentUrl: 'https://weather.acme.test/mcp',
      configSchema: { type: 'object', required: ['key'], properties: { key: { type: 'string', 'x-from': { header: 'x-weather-key' } } } },
    },
  ],
  tools: [{ name: 'forecast', description: 'Tomorrow.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
  resources: null,
  prompts: null,
  security: null,
};
const catalogFile = JSON.parse(readFileSync(join(projectDirectory, 'catalog', 'modelcontextprotocol__time.json'), 'utf8'));

/** Runs `mcpsim <args>` as a child process (no MCPSIM_* variables), killed after 60 s: only a hang, since a busy machine took 15 s to start it. */
function runRegistryCli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('MCPSIM_')) environment[name] = value;
  const child = spawn(process.execPath, [...cliArguments(), ...args], {
    cwd: projectDirectory,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let dataDir: string;
let stores: Stores;
const clock = createManualClock('2026-02-03T04:05:06.000Z');

beforeEach(() => {
  dataDir = createTemporaryDirectory();
  stores = createStores(openDataDir(dataDir));
});
afterEach(() => stores.close());

describe('importing a file', () => {
  it('imports list items, server details and catalog files from one JSON array', () => {
    const file = writeJson(dataDir, 'mixed.json', [listItem, detail, catalogFile]);
    expect(importRegistry(stores, file, { clock })).toEqual({ read: 3, created: 3, updated: 0, tools: 1 + catalogFile.tools.length });
    expect(stores.registry.get('@acme/notes')).toMatchObject({
      useCount: 42,
      verified: true,
      quality: 0.5,
      createdAt: '2026-02-03T04:05:06.000Z',
      tools: [],
    });
    expect(stores.registry.get('@acme/weather')).toMatchObject({
      deploymentUrl: 'https://weather.acme.test/mcp',
      config: { headers: { 'x-weather-key': { label: 'key', required: true } } },
      tools: [{ name: 'forecast' }],
    });
    expect(stores.registry.get('@modelcontextprotocol/time')).toMatchObject({
      id: catalogFile.id,
      serverInfo: catalogFile.serverInfo,
      tools: catalogFile.tools,
    });
  });

  it('accepts an object with a servers array, as GET /servers answers', () => {
    const file = writeJson(dataDir, 'page.json', {
      servers: [listItem],
      pagination: { currentPage: 1, pageSize: 10, totalPages: 1, totalCount: 1 },
    });
    expect(importRegistry(stores, file, { clock })).toMatchObject({ read: 1, created: 1 });
    expect(stores.registry.findTarget('acme/notes')?.qualifiedName).toBe('@acme/notes');
  });

  it('changes nothing when the same input is imported again, even a record without createdAt at a later time', () => {
    const file = writeJson(dataDir, 'mixed.json', [listItem, detail, catalogFile]);
    importRegistry(stores, file, { clock });
    const before = dumpRegistry(join(dataDir, 'mcpsim.db'));
    clock.advance(86_400_000);
    expect(importRegistry(stores, file, { clock })).toEqual({ read: 3, created: 0, updated: 3, tools: 1 + catalogFile.tools.length });
    expect(dumpRegistry(join(dataDir, 'mcpsim.db'))).toEqual(before);
  });

  it('replaces a stored entry with the same id, tools included', () => {
    importRegistry(stores, writeJson(dataDir, 'a.json', [detail]), { clock });
    const changed = { ...detail, displayName: 'Renamed', tools: [{ name: 'alerts', inputSchema: { type: 'object' } }] };
    expect(importRegistry(stores, writeJson(dataDir, 'b.json', [changed]), { clock })).toEqual({
      read: 1,
      created: 0,
      updated: 1,
      tools: 1,
    });
    expect(stores.registry.get('@acme/weather')).toMatchObject({ displayName: 'Renamed', tools: [{ name: 'alerts' }] });
  });
});

describe('refusing bad input', () => {
  it('imports nothing when one record is bad, and names its file, position, name and reason', () => {
    const file = writeJson(dataDir, 'servers.json', [listItem, detail, { ...listItem, qualifiedName: '@x/y', useCount: 1.5 }]);
    const error = failure(() => importRegistry(stores, file, { clock }));
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe(
      `${file}: nothing imported, 1 problem:\n  servers.json: record 2 (@x/y): useCount: must be an integer (got 1.5)`,
    );
    expect(stores.registry.count()).toBe(0);
  });

  it('lists the first 20 bad records and counts the rest', () => {
    const records = Array.from({ length: 26 }, (_, index) => ({ qualifiedName: `@bad/n${index}`, verified: index === 0 ? true : 'yes' }));
    const error = failure(() => importRegistry(stores, writeJson(dataDir, 'many.json', records), { clock }));
    const lines = error.message.split('\n');
    expect(lines[0]).toMatch(/nothing imported, 25 problems:$/);
    expect(lines.slice(1, 21)).toEqual(
      Array.from(
        { length: 20 },
        (_, index) => `  many.json: record ${index + 1} (@bad/n${index + 1}): verified: must be a boolean (got "yes")`,
      ),
    );
    expect(lines.slice(21)).toEqual(['  ... and 5 more']);
  });

  it('refuses a qualifiedName given twice, ignoring case and a leading @, naming both positions', () => {
    const file = writeJson(dataDir, 'twice.json', [listItem, detail, { qualifiedName: 'ACME/Notes' }]);
    const error = failure(() => importRegistry(stores, file, { clock }));
    expect(error.message).toContain(
      'twice.json: record 2 (ACME/Notes): repeats the qualifiedName (names are unique ignoring case and a leading @) of twice.json: record 0 (@acme/notes)',
    );
    expect(stores.registry.count()).toBe(0);
  });

  it('refuses an id given twice', () => {
    const id = '11111111-2222-5333-8444-555555555555';
    const error = failure(() =>
      importRegistry(
        stores,
        writeJson(dataDir, 'ids.json', [
          { ...listItem, id },
          { qualifiedName: '@acme/other', id },
        ]),
        { clock },
      ),
    );
    expect(error.message).toContain(`ids.json: record 1 (@acme/other): repeats the id ${id} of ids.json: record 0 (@acme/notes)`);
  });

  it('refuses a name that a stored entry with another id has, and imports none of the other records', () => {
    importRegistry(stores, writeJson(dataDir, 'first.json', [{ ...listItem, id: '11111111-2222-5333-8444-555555555555' }]), { clock });
    const error = failure(() =>
      importRegistry(stores, writeJson(dataDir, 'second.json', [detail, { qualifiedName: '@Acme/Notes' }]), { clock }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(
      /second\.json: record 1 \(@Acme\/Notes\): the name is taken by the stored entry "@acme\/notes" \(id 11111111-2222-5333-8444-555555555555\), but this record's id is [0-9a-f-]{36}; give the record id 11111111-2222-5333-8444-555555555555 to replace that entry/,
    );
    expect(stores.registry.get('@acme/weather')).toBeNull();
  });

  it('says what is wrong with a file that is missing, not JSON, or not a list of records', () => {
    expect(failure(() => importRegistry(stores, join(dataDir, 'nope.json'), { clock }))).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('nope.json: no such file or directory'),
    });
    writeFileSync(join(dataDir, 'broken.json'), '[{"qualifiedName": ');
    expect(failure(() => importRegistry(stores, join(dataDir, 'broken.json'), { clock })).message).toContain('broken.json: not valid JSON');
    expect(failure(() => importRegistry(stores, writeJson(dataDir, 'object.json', { items: [] }), { clock })).message).toContain(
      'must be a JSON array of server records, or an object {"servers": [...]}',
    );
    expect(failure(() => importRegistry(stores, createTemporaryDirectory(), { clock })).message).toContain('has no servers.json');
  });
});

describe('importing a directory with tool files', () => {
  function writeDirectory(tools: { file: string; qualifiedName: string; body: unknown }[]): string {
    const directory = createTemporaryDirectory();
    writeJson(directory, 'servers.json', [listItem, { qualifiedName: 'linear' }]);
    writeJson(
      directory,
      'tools/index.json',
      tools.map(({ file, qualifiedName }) => ({ qualifiedName, file })),
    );
    for (const { file, body } of tools) writeJson(directory, `tools/${file}`, body);
    return directory;
  }
  const notesTools = {
    qualifiedName: '@acme/notes',
    toolCount: 1,
    source: { kind: 'npm-tools-list-capture', serverInfo: { name: 'notes-server', version: '2.0.0', capabilities: { tools: {} } } },
    tools: [{ name: 'add_note', inputSchema: { type: 'object', properties: {} } }],
  };

  it('attaches each file’s tools and serverInfo to the server with the same name', () => {
    const directory = writeDirectory([{ file: '@acme__notes.json', qualifiedName: '@acme/notes', body: notesTools }]);
    expect(importRegistry(stores, directory, { clock })).toEqual({ read: 2, created: 2, updated: 0, tools: 1 });
    expect(stores.registry.get('@acme/notes')).toMatchObject({
      serverInfo: { name: 'notes-server', version: '2.0.0' },
      tools: [{ name: 'add_note' }],
    });
    expect(stores.registry.get('@acme/notes')?.serverInfo).not.toHaveProperty('capabilities');
    expect(stores.registry.get('linear')).toMatchObject({ serverInfo: { name: 'linear', version: '1.0.0' }, tools: [] });
  });

  it('imports nothing when a tool file is bad, names a server missing from servers.json, or miscounts', () => {
    const directory = writeDirectory([
      {
        file: '@acme__notes.json',
        qualifiedName: '@acme/notes',
        body: { ...notesTools, tools: [{ name: 'add_note', inputSchema: { type: 'array' } }] },
      },
      { file: 'ghost.json', qualifiedName: 'ghost', body: { qualifiedName: 'ghost', tools: [] } },
      { file: 'linear.json', qualifiedName: 'linear', body: { qualifiedName: 'linear', toolCount: 2, tools: [] } },
    ]);
    const error = failure(() => importRegistry(stores, directory, { clock }));
    expect(error.message.split('\n').slice(1)).toEqual([
      '  tools/@acme__notes.json: tools.0.inputSchema.type: must be "object" (got "array")',
      '  tools/linear.json: toolCount says 2, but tools has 0',
      '  tools/ghost.json: its server is not in servers.json; add the server or remove the file from tools/index.json',
    ]);
    expect(stores.registry.count()).toBe(0);
  });
});

describe.skipIf(!hasSharedRegistry)('the public data set in ../shared/registry (skipped when that folder is absent)', () => {
  const servers = hasSharedRegistry
    ? (JSON.parse(readFileSync(join(sharedRegistry, 'servers.json'), 'utf8')) as {
        id: string;
        qualifiedName: string;
        description: string;
      }[])
    : [];

  // How long the import takes is bench:registry's to show (it imports this data set first).
  it('imports all 6,470 servers and 704 tools of 46 files, keeping the data set’s ids', () => {
    const counts = importRegistry(stores, sharedRegistry, { clock });
    expect(counts).toEqual({ read: 6470, created: 6470, updated: 0, tools: 704 });
    const stored = new Map(stores.registry.listSummaries().map((summary) => [summary.qualifiedName, summary.id]));
    expect(stored.size).toBe(servers.length);
    for (const server of servers) expect(stored.get(server.qualifiedName), server.qualifiedName).toBe(server.id);

    const time = stores.registry.get('@modelcontextprotocol/time')!;
    expect(time.id).toBe('8024cc2f-3467-59f2-a299-8cbb989d6629');
    expect(time.tools.map((tool) => tool.name)).toEqual(['get_current_time', 'convert_time']);
    // Its tools file is a Python source capture, which records no serverInfo: the default stays.
    expect(time.serverInfo).toEqual({ name: 'time', version: '1.0.0' });
    expect(stores.registry.get('@modelcontextprotocol/everything')?.serverInfo).toEqual({
      name: 'mcp-servers/everything',
      title: 'Everything Reference Server',
      version: '2.0.0',
    });
    expect(stores.registry.get('@github/github-mcp-server')?.tools).toHaveLength(117);
  });

  it('updates the demo catalog’s entries by id and creates the rest, keeping what a list item cannot say', () => {
    stores.registry.upsert(loadDemoCatalog());
    expect(importRegistry(stores, sharedRegistry, { clock })).toMatchObject({ created: 6470 - 27, updated: 27 });
    const notion = stores.registry.get('@makenotion/notion-mcp-server')!;
    // The data set's listing fields win; the catalog's config (what a connection must supply) stays.
    expect(notion.description).toBe(servers.find((server) => server.qualifiedName === '@makenotion/notion-mcp-server')!.description);
    expect(notion.config.headers?.Authorization?.required).toBe(true);
  });

  it('changes nothing when imported a second time', () => {
    importRegistry(stores, sharedRegistry, { clock });
    const before = dumpRegistry(join(dataDir, 'mcpsim.db'));
    expect(importRegistry(stores, sharedRegistry, { clock })).toEqual({ read: 6470, created: 0, updated: 6470, tools: 704 });
    expect(dumpRegistry(join(dataDir, 'mcpsim.db'))).toEqual(before);
  });

  it('keeps every imported entry when the server then starts on that fresh data directory: seeding adds only what is missing', async () => {
    const fresh = createTemporaryDirectory();
    const imported = await runRegistryCli(['registry', 'import', sharedRegistry, '--data-dir', fresh, '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ read: 6470, created: 6470, tools: 704 });

    const platform = createPlatform({ dataDir: fresh, apiKey: 'seed-test-key-0123', logger: { error: () => {} } });
    try {
      const read = async (name: string) =>
        (await platform.app.request(`/servers/${name}`, { headers: { authorization: 'Bearer seed-test-key-0123' } })).json() as Promise<{
          description: string;
          tools: { name: string }[];
        }>;
      const github = await read('@github/github-mcp-server');
      // The data set's 117 tools and texts, not the catalog's 25.
      expect(github.tools).toHaveLength(117);
      const notion = await read('@makenotion/notion-mcp-server');
      expect(notion.description).toBe(servers.find((server) => server.qualifiedName === '@makenotion/notion-mcp-server')!.description);
      expect(platform.stores.registry.count()).toBe(6470);
      // The demo namespace still gets its connections to those entries.
      const demo = await platform.app.request('/connect/demo', { headers: { authorization: 'Bearer seed-test-key-0123' } });
      expect(
        ((await demo.json()) as { connections: { connectionId: string }[] }).connections
          .map((connection) => connection.connectionId)
          .sort(),
      ).toEqual(['github', 'notion', 'time']);
    } finally {
      platform.close();
    }
  }, 30_000);

  it('imports nothing from a copy with one broken record, and names servers.json, the position and the reason', () => {
    const copy = createTemporaryDirectory();
    const broken = servers.map((server, index) => (index === 12 ? { ...server, useCount: 'lots' } : server));
    writeFileSync(join(copy, 'servers.json'), JSON.stringify(broken));
    symlinkSync(join(sharedRegistry, 'tools'), join(copy, 'tools'));
    const error = failure(() => importRegistry(stores, copy, { clock }));
    expect(error.message).toBe(
      `${copy}: nothing imported, 1 problem:\n  servers.json: record 12 (${servers[12]!.qualifiedName}): useCount: must be a number (got "lots")`,
    );
    expect(stores.registry.count()).toBe(0);
  });
});

// Each test starts the CLI through tsx a few times: 18–25 s a start when eight sessions share 2 cores.
describe('mcpsim registry', { timeout: 180_000 }, () => {
  const runCli = runRegistryCli;

  it('generates servers that import, prints the counts, and exits 0', async () => {
    const generated = await runCli(['registry', 'generate', '--count', '40', '--seed', 'cli']);
    expect(generated.code).toBe(0);
    expect(JSON.parse(generated.stdout)).toHaveLength(40);
    expect((await runCli(['registry', 'generate', '--count', '40', '--seed', 'cli'])).stdout).toBe(generated.stdout);
    const file = join(createTemporaryDirectory(), 'synthetic.json');
    writeFileSync(file, generated.stdout);
    const target = createTemporaryDirectory();
    const imported = await runCli(['registry', 'import', file, '--data-dir', target]);
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(imported.stdout).toMatch(/^Imported 40 servers from .*synthetic\.json in \d+\.\d\d s: 40 created, 0 updated, \d+ tools\.\n$/);
    const again = await runCli(['registry', 'import', file, '--data-dir', target, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ read: 40, created: 0, updated: 40 });
  });

  it('prints every problem and exits 1 when the input is bad, importing nothing', async () => {
    const file = writeJson(createTemporaryDirectory(), 'bad.json', [listItem, { qualifiedName: '@x/y', useCount: -1 }]);
    const target = createTemporaryDirectory();
    const failed = await runCli(['registry', 'import', file, '--data-dir', target]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      `mcpsim: ${file}: nothing imported, 1 problem:\n  bad.json: record 1 (@x/y): useCount: must be at least 0 (got -1)\n`,
    );
    expect(dumpRegistry(join(target, 'mcpsim.db'))).toEqual({ servers: [], tools: [] });
  });

  it('exits 2 with a hint when the path or the count is missing or wrong', async () => {
    const missing = await runCli(['registry', 'import']);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('mcpsim registry import <file|dir>') });
    expect((await runCli(['registry', 'generate'])).code).toBe(2);
    expect((await runCli(['registry', 'generate', '--count', '2.5'])).stderr).toContain('--count: must be a whole number');
  });

  it('writes through to a running server’s database, whose connections can use the new server at once', async () => {
    const harness = await startHarness('socket');
    try {
      const file = writeJson(createTemporaryDirectory(), 'new.json', [detail]);
      const imported = await runCli(['registry', 'import', file, '--data-dir', harness.dataDir]);
      expect(imported.code, imported.stderr).toBe(0);
      const response = await harness.call('PUT', '/connect/demo/weather', { body: { server: '@acme/weather', mock: { enabled: true } } });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        mcpUrl: 'https://weather.acme.test/mcp',
        status: { state: 'connected' },
        serverInfo: { name: 'weather', version: '1.0.0' },
      });
    } finally {
      await harness.close();
    }
  });
});
