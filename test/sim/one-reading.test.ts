/**
 * One reading per server (reading/read-server.ts): the world a new mock starts from and the world
 * a capture writes are typed as the simulator reads the tools, with the server's names and the
 * same corrections. Before, both read the tools without the names, so a SonarQube mock started
 * with `sonarqube_project` entities that the simulator's `project` list never showed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { readServer } from '../../src/reading/read-server.js';
import { inferCapturedWorld } from '../../src/sim/capture/capture-world.js';
import { createToolResults } from '../../src/sim/tool-results.js';
import { startHarness, type Harness } from '../support/harness.js';

const emptyFixtures = mkdtempSync(join(tmpdir(), 'mcpsim-one-reading-'));
afterAll(() => rmSync(emptyFixtures, { recursive: true, force: true }));

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, Record<string, unknown>> = {}): ToolDefinition => ({
  name,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

/** Tools named like SonarQube's: the service's name sits inside each tool's name. */
const sonarTools = (): ToolDefinition[] => [
  tool('list_sonarqube_projects'),
  tool('get_sonarqube_project', { project_key: text }),
  tool('create_sonarqube_project', { name: text }),
];
const serverNames = ['@SonarSource/sonarqube-mcp-server', 'SonarQube'];

describe('the service model', () => {
  it('reads the entity without the service’s words only when given the server’s names', () => {
    const tools = sonarTools();
    expect(readServer(tools).shapes.get('list_sonarqube_projects')?.entity).toBe('sonarqube_project');
    const model = readServer(tools, { serverNames });
    expect(model.shapes.get('list_sonarqube_projects')?.entity).toBe('project');
    expect([...model.entityTypes.keys()]).toEqual(['project']);
    expect(model.entityTypes.get('project')).toMatchObject({ idField: 'key', tools: sonarTools().map((entry) => entry.name) });
    // Memoised per (tools, corrections, names): the same inputs give the same model.
    expect(readServer(tools, { serverNames: [...serverNames] })).toBe(model);
  });
});

describe('the world a capture writes', () => {
  it('types what the real server showed as the mock’s simulator will read it', () => {
    const calls = [
      {
        tool: 'create_sonarqube_project',
        arguments: { name: 'Shop' },
        result: { content: [{ type: 'text', text: '{"key":"shop","name":"Shop"}' }] },
      },
    ];
    const world = inferCapturedWorld(sonarTools(), calls, {}, serverNames);
    expect(Object.keys(world.entities)).toEqual(['project']);
  });
});

describe('the starting world of a new mock', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness('in-process', { toolResults: createToolResults({ fixturesDir: emptyFixtures, missPolicy: 'simulate' }) });
    await harness.call('PUT', '/namespaces/lab');
  });
  afterEach(() => harness.close());

  it('holds the types the simulator lists, read with the server’s names', async () => {
    const server = '@SonarSource/sonarqube-mcp-server';
    const registered = await harness.call('PUT', `/__mcpsim/servers/${server}`, {
      body: { displayName: 'SonarQube', tools: sonarTools() },
    });
    expect(registered.status).toBeLessThan(300);
    expect((await harness.call('PUT', '/connect/lab/sonar', { body: { server, mock: { enabled: true } } })).status).toBeLessThan(300);

    const simulation = await harness.call('GET', '/__mcpsim/connections/lab/sonar/simulation');
    const world = (simulation.body as { world: { entities: Record<string, Record<string, unknown>> } }).world;
    expect(Object.keys(world.entities)).toEqual(['project']);

    // The simulator reads `list_sonarqube_projects` as a list of `project`: it shows the starting one.
    const listed = await harness.call('POST', '/connect/lab/sonar/.tools/list_sonarqube_projects', { body: {} });
    const answer = JSON.parse((listed.body as { content: { text: string }[] }).content[0]!.text) as Record<string, unknown[]>;
    const [id] = Object.keys(world.entities.project!);
    expect(JSON.stringify(answer)).toContain(JSON.stringify(id));
  });
});
