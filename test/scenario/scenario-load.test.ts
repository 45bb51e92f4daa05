/**
 * Loading scenario files: every problem at its line and column (YAML syntax, the schema, and the
 * checks the schema cannot do), directories, `mcpsim check`, and the committed JSON Schema.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommand } from '../../src/cli/check-command.js';
import type { CliIo } from '../../src/cli/io.js';
import { formatProblem, loadScenarios, loadScenarioText, type ScenarioProblem } from '../../src/scenario/load-scenario.js';
import { scenarioJsonSchemaPath, toScenarioJsonSchema, toScenarioJsonSchemaText } from '../../src/scenario/scenario-json-schema.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Lines joined with newlines, so a test reads its own line numbers. */
const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

const minimal = yaml(
  'name: triage', //                                           1
  'namespaces:', //                                            2
  '  - name: triage', //                                       3
  '    connections:', //                                       4
  '      - id: everything', //                                 5
  '        server: "@modelcontextprotocol/everything"', //     6
  '        mock: true', //                                     7
);

function problemsOf(text: string): ScenarioProblem[] {
  const result = loadScenarioText(text, 'scenarios/test.yaml');
  if (!('problems' in result)) throw new Error('expected problems, the scenario loaded');
  return result.problems;
}

/** `line:column path message` of each problem, the shortest exact form to compare. */
function summarize(text: string): string[] {
  return problemsOf(text).map((problem) => `${problem.line}:${problem.column} ${problem.path} | ${problem.message}`);
}

const temporaryDirectories: string[] = [];
afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

function createDirectory(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'mcpsim-scenarios-'));
  temporaryDirectories.push(directory);
  for (const [name, text] of Object.entries(files)) {
    if (name.endsWith('/')) mkdirSync(join(directory, name));
    else writeFileSync(join(directory, name), text);
  }
  return directory;
}

describe('loadScenarioText', () => {
  it('loads a minimal scenario and fills the defaults', () => {
    const result = loadScenarioText(minimal, 'scenarios/test.yaml');
    expect(result).toEqual({
      scenario: {
        name: 'triage',
        servers: [],
        namespaces: [{ name: 'triage', connections: [{ id: 'everything', server: '@modelcontextprotocol/everything', mock: true }] }],
        tokens: [],
        steps: [],
      },
    });
  });

  it('loads a server with resources, resource templates and prompts, and tool events in mock.tools', () => {
    const text = yaml(
      'name: triage',
      'servers:',
      '  - qualifiedName: "@qa/tracker"',
      '    tools: [{ name: delete_issue }]',
      '    resources:',
      '      - { uri: "tracker://readme", name: readme, mimeType: text/markdown, text: "# Tracker" }',
      '      - { uri: "tracker://logo", name: logo, blob: aGVsbG8= }',
      '    resourceTemplates:',
      '      - { uriTemplate: "tracker://issues/{id}", name: issue, description: one issue as JSON }',
      '    prompts:',
      '      - name: triage_issue',
      '        arguments: [{ name: id, required: true }]',
      '        messages: [{ role: user, text: "Triage issue {{id}}" }]',
      'namespaces:',
      '  - name: triage',
      '    connections:',
      '      - id: tracker',
      '        server: "@qa/tracker"',
      '        mock:',
      '          tools:',
      '            delete_issue:',
      '              progress: 3',
      '              log: [starting, { level: debug, message: details }]',
      '              elicit: { message: Delete it? }',
      '              sample: { message: Summarize the issue }',
    );
    const result = loadScenarioText(text, 'scenarios/test.yaml');
    if (!('scenario' in result)) throw new Error(JSON.stringify(result.problems));
    const [server] = result.scenario.servers;
    expect(server?.resources?.map((resource) => resource.uri)).toEqual(['tracker://readme', 'tracker://logo']);
    expect(server?.resourceTemplates?.[0]?.uriTemplate).toBe('tracker://issues/{id}');
    expect(server?.prompts?.[0]?.messages).toEqual([{ role: 'user', text: 'Triage issue {{id}}' }]);
    const mock = result.scenario.namespaces[0]?.connections[0]?.mock;
    expect(typeof mock === 'object' && mock.tools?.delete_issue).toEqual({
      progress: 3,
      log: ['starting', { level: 'debug', message: 'details' }],
      elicit: { message: 'Delete it?', requestedSchema: { type: 'object', properties: {} } },
      sample: { message: 'Summarize the issue', maxTokens: 256 },
    });
  });

  it('refuses a resource with both text and blob, and a blob that is not base64', () => {
    const text = yaml(
      'name: triage',
      'servers:',
      '  - qualifiedName: "@qa/tracker"',
      '    tools: []',
      '    resources:',
      '      - { uri: "tracker://a", name: a, text: x, blob: aGVsbG8= }',
      '      - { uri: "tracker://b", name: b, blob: "not base64" }',
      'namespaces:',
      '  - name: triage',
    );
    const messages = problemsOf(text).map((problem) => `${problem.path} ${problem.message}`);
    expect(messages.some((message) => message.includes('resources[0]') && message.includes('takes text or blob, not both'))).toBe(true);
    expect(messages.some((message) => message.includes('resources[1]') && message.includes('must be base64'))).toBe(true);
  });

  it('points a wrong enum value at the value, with the allowed values and the value it got', () => {
    const text = yaml(
      'name: triage',
      'namespaces:',
      '  - name: triage',
      '    connections:',
      '      - id: a',
      '        server: "@modelcontextprotocol/everything"',
      '      - id: b',
      '        server: "@modelcontextprotocol/everything"',
      '        status: broken',
    );
    expect(summarize(text)).toEqual([
      '9:17 namespaces.0.connections.1.status | namespaces[0].connections[1].status: must be one of auth_required, input_required, error, disconnected (got "broken")',
    ]);
    expect(formatProblem(problemsOf(text)[0]!)).toBe(
      'scenarios/test.yaml:9:17 namespaces[0].connections[1].status: must be one of auth_required, input_required, error, disconnected (got "broken")',
    );
  });

  it('lists the properties of a mock written as an object when one is unknown', () => {
    const text = yaml(
      'name: triage',
      'namespaces:',
      '  - name: triage',
      '    connections:',
      '      - id: tracker',
      '        server: "@modelcontextprotocol/everything"',
      '        mock: { enabled: true }',
    );
    const [problem] = summarize(text);
    expect(problem).toMatch(/namespaces\[0\]\.connections\[0\]\.mock\.enabled: unknown property; the properties allowed here are \w+/);
    expect(problem).toContain('scenario');
  });

  it("loads tools pasted from a real server's tools/list, with their execution, icons and _meta", () => {
    const tool =
      '{ name: clickup_whoami, inputSchema: { type: object }, execution: { taskSupport: forbidden }, icons: [{ src: "https://x.test/i.png" }], _meta: { a: 1 } }';
    const text = yaml(
      'name: pasted',
      'servers:',
      "  - qualifiedName: '@qa/pasted'",
      `    tools: [${tool}]`,
      'namespaces: [{ name: qa, connections: [{ id: p, server: "@qa/pasted", mock: true }] }]',
    );
    const result = loadScenarioText(text, 'scenarios/pasted.yaml');
    expect('problems' in result ? result.problems : []).toEqual([]);
    expect('scenario' in result ? result.scenario.servers[0]?.tools[0] : null).toMatchObject({
      execution: { taskSupport: 'forbidden' },
      icons: [{ src: 'https://x.test/i.png' }],
      _meta: { a: 1 },
    });
    expect(summarize(text.replace('execution:', 'executon:'))[0]).toContain('executon: unknown property; did you mean "execution"?');
  });

  it('points an unknown property at its key and suggests the closest known one', () => {
    const text = yaml(
      'name: triage',
      'namespaces:',
      '  - name: triage',
      '    connections:',
      '      - id: real',
      '        mcpURL: https://example.com/mcp',
      '        colour: red',
    );
    expect(summarize(text)).toEqual([
      '6:9 namespaces.0.connections.0.mcpURL | namespaces[0].connections[0].mcpURL: unknown property; did you mean "mcpUrl"?',
      '7:9 namespaces.0.connections.0.colour | namespaces[0].connections[0].colour: unknown property; the properties allowed here are id, name, server, mcpUrl, uplink, metadata, headers, mock, status, faults',
    ]);
  });

  it('points a missing property at the object that lacks it, and a wrong type at the value', () => {
    const text = yaml(
      'name: triage',
      'namespaces:',
      '  - name: triage',
      '    connections:',
      '      - server: "@modelcontextprotocol/everything"',
      '        mock: 3',
      '        faults:',
      '          - latency: 5 minutes',
    );
    expect(summarize(text)).toEqual([
      '5:9 namespaces.0.connections.0 | namespaces[0].connections[0].id: is required; add id: <the connection id>',
      '6:15 namespaces.0.connections.0.mock | namespaces[0].connections[0].mock: must be true, false, a string or a mapping (got 3)',
      '8:22 namespaces.0.connections.0.faults.0.latency | namespaces[0].connections[0].faults[0].latency: must be a number of milliseconds or "<n>ms" / "<n>s", e.g. 250ms (got "5 minutes")',
    ]);
  });

  it('reports missing top-level properties of an empty file at 1:1', () => {
    expect(summarize('')).toEqual([
      '1:1  | name: is required; add name: <the scenario name>',
      '1:1  | namespaces: is required; add namespaces: <the namespaces to create, at least one>, e.g. namespaces: [{ name: demo, connections: [{ id: crm, server: "@acme/crm", mock: true }] }]',
    ]);
  });

  it('shows how to mock the file’s own first server when its namespaces are missing', () => {
    const text = yaml('name: desk', 'servers:', '  - qualifiedName: "@northwind/zendesk-mcp"', '    tools: []');
    expect(summarize(text)).toContainEqual(
      '1:1  | namespaces: is required; add namespaces: <the namespaces to create, at least one>, e.g. namespaces: [{ name: demo, connections: [{ id: zendesk, server: "@northwind/zendesk-mcp", mock: true }] }]',
    );
  });

  it('reports a syntax error where it is made: an unclosed quote, a line indented too far, only the first of a cascade', () => {
    expect(summarize(yaml('name: "triage', 'namespaces:', '  - name: a'))).toEqual([
      '1:7  | YAML syntax error: this " is never closed; end the text with "',
    ]);
    expect(summarize(yaml('name: triage', 'namespaces:', '  - name: a', '     connections: []'))).toEqual([
      '4:6  | YAML syntax error: this line is indented further than the key above it; align it with that key (or nest it under a key that ends with :)',
    ]);
    // A plain value with ': ' in it: at that colon, with the fix (quotes), not "indented further".
    expect(summarize(yaml('name: triage', 'description: Time tracking for agencies: clients and projects', 'namespaces: []'))).toEqual([
      `2:40  | YAML syntax error: this value has ': ' in it, which YAML reads as another key; put the whole value in quotes ("…")`,
    ]);
    expect(summarize(yaml('name: triage', 'steps:', '  - call: a/b.c', '    arguments: {a: 1}}', 'namespaces: []'))).toEqual([
      '4:22  | YAML syntax error: Unexpected flow-map-end token in YAML stream: "}"',
    ]);
  });

  it('gives YAML syntax errors their line and column', () => {
    expect(summarize(yaml('name: triage', 'namespaces: [', '  {name: a}'))).toEqual([
      // At the [ that is never closed, not where yaml notices it (the line after).
      '2:13  | YAML syntax error: this [ is never closed; end it with ] on the same line (or indent its continuation lines further than the key)',
    ]);
    expect(summarize(yaml('name: triage', 'name: again', 'namespaces: []'))).toEqual([
      '2:1  | YAML syntax error: Map keys must be unique; remove or rename one of the two',
    ]);
  });

  it('reports duplicate server names, namespace names, connection ids and token names at the second one', () => {
    const text = yaml(
      'name: triage', //                                  1
      'servers:', //                                      2
      '  - qualifiedName: "@qa/tracker"', //              3
      '    tools: []', //                                 4
      '  - qualifiedName: qa/tracker', //                 5
      '    tools: []', //                                 6
      'namespaces:', //                                   7
      '  - name: triage', //                              8
      '    connections:', //                              9
      '      - id: tracker', //                           10
      '        server: "@qa/tracker"', //                 11
      '      - id: tracker', //                           12
      '        server: "@qa/tracker"', //                 13
      '  - name: triage', //                              14
      'tokens:', //                                       15
      '  - name: ci', //                                  16
      '  - name: ci', //                                  17
    );
    expect(summarize(text)).toEqual([
      '5:20 servers.1.qualifiedName | servers[1].qualifiedName: server "qa/tracker" is already used by servers[0] (line 3); rename one of them',
      '12:13 namespaces.0.connections.1.id | namespaces[0].connections[1].id: connection id "tracker" is already used by namespaces[0].connections[0] (line 10); rename one of them',
      '14:11 namespaces.1.name | namespaces[1].name: namespace name "triage" is already used by namespaces[0] (line 8); rename one of them',
      '17:11 tokens.1.name | tokens[1].name: token name "ci" is already used by tokens[0] (line 16); rename one of them',
    ]);
  });

  it('reports a step that calls an undeclared namespace or connection, or a tool its declared server lacks', () => {
    const text = yaml(
      'name: triage', //                                  1
      'servers:', //                                      2
      '  - qualifiedName: "@qa/tracker"', //              3
      '    tools:', //                                    4
      '      - name: list_issues', //                     5
      'namespaces:', //                                   6
      '  - name: triage', //                              7
      '    connections:', //                              8
      '      - id: tracker.v2', //                        9
      '        server: "@qa/tracker"', //                 10
      '        mock: true', //                            11
      'steps:', //                                        12
      '  - call: triage/tracker.v2.list_issues', //       13
      '  - call: triag/tracker.v2.list_issues', //        14
      '  - call: triage/trackr.list_issues', //           15
      '  - name: a typo', //                              16
      '    call: triage/tracker.v2.list_isues', //        17
      '  - call: other/x.y', //                           18
    );
    expect(summarize(text)).toEqual([
      '14:11 steps.1.call | steps[1].call: namespace "triag" is not declared in this file; did you mean "triage"?',
      '15:11 steps.2.call | steps[2].call: connection "trackr" is not declared in namespace "triage"; its connections are tracker.v2',
      '17:11 steps.3.call | steps[3].call: server "@qa/tracker" (servers[0]) has no tool "list_isues"; did you mean "list_issues"?',
      '18:11 steps.4.call | steps[4].call: namespace "other" is not declared in this file; declare it under namespaces, or call one of triage',
    ]);
  });

  it('reports a connection without server or mcpUrl, mock without a server, and a server that exists nowhere', () => {
    const text = yaml(
      'name: triage', //                                      1
      'namespaces:', //                                       2
      '  - name: triage', //                                  3
      '    connections:', //                                  4
      '      - id: nothing', //                               5
      '        mock: true', //                                6
      '      - id: real', //                                  7
      '        mcpUrl: https://example.com/mcp', //           8
      '        mock: the tracker has three open issues', //   9
      '      - id: typo', //                                  10
      '        server: "@github/github-mcp-servr"', //        11
      '      - id: unknown', //                               12
      '        server: "@qa/nowhere"', //                     13
    );
    expect(summarize(text)).toEqual([
      '5:9 namespaces.0.connections.0 | namespaces[0].connections[0]: connection "nothing" has neither server, mcpUrl nor uplink; add server: <a registry qualifiedName> (from servers or the demo catalog), mcpUrl: <a real MCP server URL> or uplink: <the command of a local stdio server>',
      '9:15 namespaces.0.connections.1.mock | namespaces[0].connections[1].mock: mock needs a registry server to simulate, and this connection has only mcpUrl; add server: <qualifiedName> (from servers or the demo catalog), or remove mock to call the real server',
      '11:17 namespaces.0.connections.2.server | namespaces[0].connections[2].server: "@github/github-mcp-servr" is neither declared in servers nor in the demo catalog; did you mean "@github/github-mcp-server"?',
      '13:17 namespaces.0.connections.3.server | namespaces[0].connections[3].server: "@qa/nowhere" is neither declared in servers nor in the demo catalog; declare it under servers (qualifiedName, tools) or name a catalog server',
    ]);
  });

  it('reports a tool correction for a tool the connection’s server lacks, or an id that is not one of its arguments', () => {
    const text = yaml(
      'name: triage', //                                           1
      'tools:', //                                                 2
      '  get_curent_time: { operation: read }', //                 3
      'namespaces:', //                                            4
      '  - name: triage', //                                       5
      '    connections:', //                                       6
      '      - id: time', //                                       7
      '        server: "@modelcontextprotocol/time"', //           8
      '        mock:', //                                          9
      '          world: { entities: { zone: { UTC: {} } } }', //   10
      '          tools:', //                                       11
      '            convert: { operation: other }', //              12
      '            convert_time: { id: zone }', //                 13
    );
    expect(summarize(text)).toEqual([
      '3:3 tools.get_curent_time | tools.get_curent_time: no mock connection of this scenario has a tool "get_curent_time"; did you mean "get_current_time"?',
      '12:13 namespaces.0.connections.0.mock.tools.convert | namespaces[0].connections[0].mock.tools.convert: server "@modelcontextprotocol/time" has no tool "convert"; its tools are get_current_time, convert_time',
      '13:33 namespaces.0.connections.0.mock.tools.convert_time.id | namespaces[0].connections[0].mock.tools.convert_time.id: "zone" is not an argument of convert_time; its arguments are source_timezone, time, target_timezone',
    ]);
  });

  it('reports an entity correction for a type the tools do not act on, or a parent, unique field or id format that cannot be', () => {
    const text = yaml(
      'name: kanban', //                                                                   1
      'servers:', //                                                                       2
      "  - qualifiedName: '@qa/kanban'", //                                                3
      '    tools:', //                                                                     4
      '      - { name: create_board, inputSchema: { type: object, properties: { title: { type: string } } } }', // 5
      '      - { name: get_board, inputSchema: { type: object, properties: { board_id: { type: string } } } }', // 6
      '      - { name: create_card, inputSchema: { type: object, properties: { column_ref: { type: string } } } }', // 7
      'entities:', //                                                                      8
      '  crad: { states: [open] }', //                                                     9
      '  card:', //                                                                        10
      '    parent: { type: bord, argument: column_id }', //                                11
      '    unique: [title]', //                                                            12
      "    id: { prefix: crd_, pattern: '^crd_' }", //                                     13
      'namespaces:', //                                                                    14
      '  - name: kanban', //                                                               15
      '    connections:', //                                                               16
      "      - { id: board, server: '@qa/kanban', mock: { entities: { board: { id: { pattern: '[' } } } } }", // 17
    );
    expect(summarize(text)).toEqual([
      '9:3 entities.crad | entities.crad: no mock connection of this scenario has tools that act on a "crad"; the types it reads are board, card (mcpsim explain shows them)',
      '11:21 entities.card.parent.type | entities.card.parent.type: "bord" is not another type the server\'s tools act on; did you mean "board"?',
      '11:37 entities.card.parent.argument | entities.card.parent.argument: "column_id" is not an argument of any tool acting on a card; did you mean "column_ref"?',
      '12:14 entities.card.unique.0 | entities.card.unique[0]: "title" is not an argument of any tool acting on a card; their arguments are column_ref',
      '13:9 entities.card.id | entities.card.id: give one of prefix, example or pattern, not prefix and pattern',
      '17:88 namespaces.0.connections.0.mock.entities.board.id.pattern | namespaces[0].connections[0].mock.entities.board.id.pattern: "[" is not a regular expression',
    ]);
  });

  it('points a wrong operation in a tool correction at the value, with the operations allowed', () => {
    const text = yaml('name: triage', 'tools:', '  get_current_time: { operation: fetch }', 'namespaces:', '  - name: triage');
    expect(summarize(text)).toEqual([
      '3:34 tools.get_current_time.operation | tools.get_current_time.operation: must be one of create, read, list, search, update, delete, other (got "fetch")',
    ]);
  });

  it('accepts a real server with mcpUrl and no mock, and catalog names without the @ or in another case', () => {
    const text = yaml(
      'name: triage',
      'namespaces:',
      '  - name: triage',
      '    connections:',
      '      - id: real',
      '        mcpUrl: https://example.com/mcp',
      '      - id: everything',
      '        server: ModelContextProtocol/everything',
      'steps:',
      '  - call: triage/real.anything',
    );
    expect('scenario' in loadScenarioText(text, 'x.yaml')).toBe(true);
  });

  it('checks servers against the names it is given instead of the demo catalog', () => {
    const result = loadScenarioText(minimal, 'x.yaml', { knownServers: ['@qa/other'] });
    expect('problems' in result && result.problems.map((problem) => problem.path)).toEqual(['namespaces.0.connections.0.server']);
  });
});

describe('loadScenarios', () => {
  it('loads every *.yaml and *.yml file of a directory, sorted, and nothing else', async () => {
    const directory = createDirectory({
      'b.yaml': minimal,
      'a.yml': 'name: [',
      'notes.txt': 'x',
      'scenario.schema.json': '{}',
      'nested/': '',
    });
    const results = await loadScenarios(directory);
    expect(results.map((result) => [result.file, 'scenario' in result])).toEqual([
      [join(directory, 'a.yml'), false],
      [join(directory, 'b.yaml'), true],
    ]);
    const [first] = results;
    expect(first && 'problems' in first && first.problems[0]).toMatchObject({ file: join(directory, 'a.yml'), line: 1, column: 7 });
  });

  it('loads a single file', async () => {
    const directory = createDirectory({ 'one.yaml': minimal });
    expect(await loadScenarios(join(directory, 'one.yaml'))).toEqual([
      expect.objectContaining({ file: join(directory, 'one.yaml'), scenario: expect.any(Object) }),
    ]);
  });
});

describe('checkCommand', () => {
  function createIo() {
    const output = { stdout: '', stderr: '' };
    const io: CliIo = {
      stdout: (text) => void (output.stdout += text),
      stderr: (text) => void (output.stderr += text),
      env: {},
      onShutdownSignal: () => {},
    };
    return { io, output };
  }

  it('prints ✓ for valid files, each problem of the others, a summary, and exits 1', async () => {
    const directory = createDirectory({
      'good.yaml': minimal,
      'bad.yaml': minimal.replace('mock: true', 'mock: true\n        status: broken'),
    });
    const { io, output } = createIo();
    expect(await checkCommand([directory], { json: false }, io)).toBe(1);
    expect(output.stdout).toBe(
      [
        `✗ ${join(directory, 'bad.yaml')}`,
        `  ${join(directory, 'bad.yaml')}:8:17 namespaces[0].connections[0].status: must be one of auth_required, input_required, error, disconnected (got "broken")`,
        `✓ ${join(directory, 'good.yaml')}`,
        '2 scenario files checked: 1 with 1 problem, 1 valid',
        '',
      ].join('\n'),
    );
  });

  it('prints { files: [{ file, ok, problems }] } with --json and exits 0 when all are valid', async () => {
    const directory = createDirectory({ 'good.yaml': minimal });
    const { io, output } = createIo();
    expect(await checkCommand([join(directory, 'good.yaml')], { json: true }, io)).toBe(0);
    expect(JSON.parse(output.stdout)).toEqual({ files: [{ file: join(directory, 'good.yaml'), ok: true, problems: [] }] });
  });

  it('exits 2 for a path that does not exist or a directory without scenario files', async () => {
    const { io, output } = createIo();
    expect(await checkCommand(['no/such/dir'], { json: false }, io)).toBe(2);
    expect(output.stderr).toContain('"no/such/dir" does not exist');
    expect(await checkCommand([createDirectory({})], { json: false }, io)).toBe(2);
    expect(output.stderr).toContain('no *.yaml or *.yml files');
  });
});

describe('the scenario JSON Schema', () => {
  const committedPath = new URL(`../../${scenarioJsonSchemaPath}`, import.meta.url);

  it(`is committed as ${scenarioJsonSchemaPath} exactly as generated`, () => {
    expect(readFileSync(committedPath, 'utf8'), `${scenarioJsonSchemaPath} is stale: regenerate it with npm run scenario:schema`).toBe(
      toScenarioJsonSchemaText(),
    );
  });

  it('is valid JSON Schema 2020-12 that accepts a valid scenario and rejects a broken one', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }));
    const validate = ajv.compile(toScenarioJsonSchema());
    expect(validate(parse(minimal)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(parse(minimal.replace('mock: true', 'mock: true\n        status: broken')))).toBe(false);
    expect(validate({ name: 'x', namespaces: [] })).toBe(false);
    expect(validate({ name: 'x', namespaces: [{ name: 'a' }], extra: 1 })).toBe(false);
  });
});
