/**
 * A type's id traits are the service model's (reading/id-traits.ts, issue 36 point 1): the field
 * its ids are in, whether the service assigns them and the field that names a record come from
 * the model read with the connection's corrections, so a `tools:` correction changes what the
 * simulator does as it changes what `mcpsim explain` says. Two mock connections of one server, one
 * corrected (with an `entities:` id format too), driven in turn over the real platform (`app.fetch` in process, a real SQLite file, no
 * model, no fixture); each answers as explain says of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import type { EntityCorrection, ToolOverride } from '../../src/domain/tool-override.js';
import type { EntityType } from '../../src/reading/read-server.js';
import { startHarness, type Harness } from '../support/harness.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { toolAnswers } from '../support/simulator-harness.js';

const scratch = mkdtempSync(join(tmpdir(), 'mcpsim-id-traits-'));
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const uid = { uid: { type: 'string' } };

/** An inventory service written for this test: layers, gateways and policies named by `uid`, hosts only listed and added. */
const tools = [
  { name: 'show_access_layer', inputSchema: object(uid, ['uid']) },
  { name: 'show_gateway', inputSchema: object(uid, ['uid']) },
  { name: 'show_policy', inputSchema: object(uid, ['uid']) },
  { name: 'show_hosts', inputSchema: object({ limit: { type: 'integer' } }) },
  { name: 'add_host', inputSchema: object({ name: { type: 'string' } }, ['name']) },
  { name: 'create_widget', inputSchema: object({ slug: { type: 'string' }, color: { type: 'string' } }, ['slug']) },
  { name: 'get_widget', inputSchema: object({ id: { type: 'string' }, slug: { type: 'string' } }) },
  { name: 'list_products', inputSchema: object({ sortKey: { type: 'string', enum: ['ID', 'TITLE'] } }) },
  { name: 'get_product', inputSchema: object({ product_id: { type: 'string' } }, ['product_id']) },
  { name: 'list_vendors', inputSchema: object({ name: { type: 'string' } }) },
];

/** Gateways' ids kept under `id`, widgets named by `slug`, vendors' list a list of products (it takes a `name`). */
const corrections: Record<string, ToolOverride> = {
  show_gateway: { field: 'id' },
  get_widget: { id: 'slug', field: 'slug' },
  list_vendors: { entity: 'product' },
};

/** New hosts' ids in a format of the scenario's own. */
const entities: Record<string, EntityCorrection> = { host: { id: { prefix: 'hst_' } } };

let harness: Harness;
let explained: Map<string, Map<string, EntityType>>;

beforeAll(async () => {
  const scenario = {
    name: 'inventory',
    servers: [{ qualifiedName: '@qa/inventory', tools }],
    namespaces: [
      {
        name: 'lab',
        connections: [
          { id: 'plain', server: '@qa/inventory', mock: true },
          { id: 'fixed', server: '@qa/inventory', mock: { tools: corrections, entities } },
        ],
      },
    ],
    steps: [],
  };
  const file = join(scratch, 'inventory.json');
  writeFileSync(file, JSON.stringify(scenario));
  let stdout = '';
  const io: CliIo = { stdout: (text) => void (stdout += text), stderr: () => {}, env: {}, onShutdownSignal: () => {} };
  expect(await main(['explain', '--json', file], io)).toBe(0);
  const { connections } = JSON.parse(stdout) as { connections: { connection: string; entityTypes: EntityType[] }[] };
  explained = new Map(connections.map((one) => [one.connection, new Map(one.entityTypes.map((type) => [type.name, type]))]));

  harness = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: scratch, missPolicy: 'simulate' }) });
  await harness.call('PUT', '/namespaces/lab');
  expect((await harness.call('PUT', '/__mcpsim/servers/@qa/inventory', { body: { tools } })).status).toBeLessThan(300);
  for (const [id, mock] of [
    ['plain', {}],
    ['fixed', { tools: corrections, entities }],
  ] as const) {
    expect((await harness.call('PUT', `/connect/lab/${id}`, { body: { server: '@qa/inventory', mock: { enabled: true } } })).status).toBe(
      201,
    );
    const simulation = { world: { entities: {}, facts: [] }, ...mock };
    expect((await harness.call('PUT', `/__mcpsim/connections/lab/${id}/simulation`, { body: simulation })).status).toBe(200);
  }
});

afterAll(async () => {
  await harness?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const typeOf = (connection: string, type: string): EntityType => explained.get(`lab/${connection}`)!.get(type)!;

describe("a type's id traits under a tools: correction", () => {
  it('are read apart for each connection, as explain shows them', () => {
    expect(typeOf('plain', 'host')).toMatchObject({ idField: 'uid', idFrom: { field: 'service' } });
    expect(typeOf('fixed', 'host')).toMatchObject({ idField: 'id', idFrom: { field: 'tools' } });
    expect(typeOf('plain', 'widget').assignedId).toBe(true);
    expect(typeOf('fixed', 'widget').assignedId).toBe(false);
    expect(typeOf('plain', 'product').nameField).toBe('title');
    expect(typeOf('fixed', 'product').nameField).toBe('name');
  });

  it('key a new host by the id field explain names, in the format it names, the uncorrected connection first', async () => {
    expect(typeOf('fixed', 'host').idFormat).toMatchObject({ example: expect.stringMatching(/^hst_/), source: 'pattern' });
    for (const connection of ['plain', 'fixed']) {
      const host = (await toolAnswers(harness, `lab/${connection}`)('add_host', { name: 'db-1' })) as Record<string, unknown>;
      const { idField, idFormat } = typeOf(connection, 'host');
      expect(host, connection).toHaveProperty(idField);
      expect(String(host[idField]).startsWith('hst_'), connection).toBe(idFormat.example.startsWith('hst_'));
      expect(
        Object.keys(host).filter((field) => field === 'uid' || field === 'id'),
        connection,
      ).toEqual([idField]);
    }
  });

  it('give a widget named by its slug a new id where explain says the service assigns it, and keep the slug as its id where not', async () => {
    const plain = (await toolAnswers(harness, 'lab/plain')('create_widget', { slug: 'blue', color: 'blue' })) as Record<string, unknown>;
    expect(plain).toMatchObject({ slug: 'blue' });
    expect(plain.id).toEqual(expect.any(String));
    expect(plain.id).not.toBe('blue');
    const fixed = (await toolAnswers(harness, 'lab/fixed')('create_widget', { slug: 'blue', color: 'blue' })) as Record<string, unknown>;
    expect(fixed).toMatchObject({ slug: 'blue' });
    expect(fixed).not.toHaveProperty('id');
  });

  it('make up products named by the field explain names', async () => {
    for (const connection of ['plain', 'fixed']) {
      const { products } = (await toolAnswers(harness, `lab/${connection}`)('list_products', {})) as {
        products: Record<string, unknown>[];
      };
      const { nameField } = typeOf(connection, 'product');
      expect(products.length, connection).toBeGreaterThan(0);
      for (const product of products) {
        expect(product, connection).toHaveProperty(nameField);
        expect(product, connection).not.toHaveProperty(nameField === 'title' ? 'name' : 'title');
      }
    }
  });
});
