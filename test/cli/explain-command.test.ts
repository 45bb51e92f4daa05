/**
 * `mcpsim explain` and `mcpsim check --explain`: per tool, the operation, entity, id argument,
 * filters and id format the simulator infers, with why, for a scenario (with its corrections and
 * world), a demo catalog server, or a file of tool definitions. Through `main` in process.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: {},
    onShutdownSignal: () => {},
  };
  const code = await main(argv, io);
  return { code, ...out };
}

const scenario = `name: helpdesk
servers:
  - qualifiedName: '@qa/helpdesk'
    tools:
      - name: create_ticket
        inputSchema: { type: object, properties: { subject: { type: string } }, required: [subject] }
      - name: list_tickets
        inputSchema: { type: object, properties: { status: { type: string }, query: { type: string }, page: { type: integer } } }
      - name: escalate
        inputSchema: { type: object, properties: { ticket_ref: { type: string } }, required: [ticket_ref] }
tools:
  escalate: { operation: update, entity: ticket, id: ticket_ref }
world:
  entities:
    ticket:
      T-7: { subject: Printer on fire }
namespaces:
  - name: desk
    connections:
      - { id: main, server: '@qa/helpdesk', mock: true }
steps: []
`;

function scratchFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpsim-explain-')), name);
  writeFileSync(file, text);
  return file;
}

describe('mcpsim explain', () => {
  it("prints each mock connection's tools with the operation, entity, id, filters and id format, and why", async () => {
    const result = await run(['explain', scratchFile('helpdesk.yaml', scenario)]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('desk/main (@qa/helpdesk)\n  type ticket\n');
    expect(result.stdout).toContain('\n  create_ticket: create ticket\n');
    expect(result.stdout).toContain('    operation  create: the verb "create" in the name\n');
    expect(result.stdout).toContain("    id format  next new id T-8: after the world's ticket ids (T-7)\n");
    expect(result.stdout).toContain(
      "    filters    status, query: each argument is matched against the ticket's field of that name; query searches the text of every field; page only page or shape the answer\n",
    );
    expect(result.stdout).toContain("  escalate: update ticket\n    operation  update: the scenario's tools: correction\n");
    expect(result.stdout).toContain(`    id         ticket_ref: the scenario's tools: correction; "ticket_ref" names the ticket`);
    expect(result.stdout).toContain('A misreading is corrected in the scenario, under tools:');
  });

  it('shows the entity types before the tools: ids, parents, states and unique fields', async () => {
    const board = JSON.stringify({
      tools: [
        { name: 'create_board', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
        { name: 'get_board', inputSchema: { type: 'object', properties: { board_id: { type: 'string' } }, required: ['board_id'] } },
        {
          name: 'create_card',
          description: 'Creates a card. Card titles must be unique on a board.',
          inputSchema: {
            type: 'object',
            properties: { board_id: { type: 'string' }, title: { type: 'string' }, status: { type: 'string', enum: ['open', 'done'] } },
            required: ['board_id'],
          },
        },
        { name: 'get_card', inputSchema: { type: 'object', properties: { card_id: { type: 'string' } }, required: ['card_id'] } },
        { name: 'archive_card', inputSchema: { type: 'object', properties: { card_id: { type: 'string' } }, required: ['card_id'] } },
      ],
    });
    const file = scratchFile('board.json', board);
    const text = await run(['explain', file]);
    expect(text.code, text.stderr).toBe(0);
    const card = text.stdout.slice(text.stdout.indexOf('  type card\n'));
    expect(text.stdout.indexOf('  type card\n')).toBeLessThan(text.stdout.indexOf('  create_board: create board\n'));
    expect(card).toContain('    parent     board (named by board_id)\n');
    expect(card).toMatch(/ {4}state {6}status: open \| done; moved by archive_card\n/);
    expect(card).toContain('    unique     title\n');
    const [connection] = JSON.parse((await run(['explain', '--json', file])).stdout).connections;
    expect(connection.entityTypes.map((type: { name: string }) => type.name)).toEqual(['board', 'card']);
    expect(connection.entityTypes[1]).toMatchObject({
      name: 'card',
      idField: 'id',
      parents: [{ type: 'board', argument: 'board_id' }],
      state: { field: 'status', tools: ['archive_card'] },
      unique: ['title'],
    });
  });

  it('explains a demo catalog server as JSON, with the argument that picks the operation per call', async () => {
    const result = await run(['explain', '--json', '@github/github-mcp-server']);
    expect(result.code).toBe(0);
    const [connection] = JSON.parse(result.stdout).connections;
    const write = connection.tools.find((tool: { tool: string }) => tool.tool === 'issue_write');
    expect(write).toMatchObject({
      entity: 'issue',
      choices: { argument: 'method', values: { create: 'create issue', update: 'update issue' } },
    });
    expect(write.why.id).toContain('"issue_number" names the issue');
  });

  it('explains a file of tool definitions, and names the servers it knows for a name it does not', async () => {
    const tools = {
      tools: [
        { name: 'get_pipeline', inputSchema: { type: 'object', properties: { pipeline_slug: { type: 'string' } } } },
        { name: 'get_space_activities', inputSchema: { type: 'object', properties: {} } },
      ],
    };
    const fromFile = await run(['explain', scratchFile('tools.json', JSON.stringify(tools))]);
    expect(fromFile.stdout).toContain('of a plural ("space_activities")');
    expect(fromFile.stdout).toContain('  get_pipeline: read pipeline\n');
    expect(fromFile.stdout).toContain('    id         pipeline_slug: "pipeline_slug" names the pipeline');
    const unknown = await run(['explain', '@nobody/nothing']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"@nobody/nothing" is neither a file nor a demo catalog server');
    expect(unknown.stderr).toContain('@github/github-mcp-server');
  });

  it('explains a scenario written as JSON as a scenario, not as a file of tool definitions', async () => {
    const asJson = {
      name: 'helpdesk-json',
      servers: [
        {
          qualifiedName: '@qa/desk',
          tools: [{ name: 'get_ticket', inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' } } } }],
        },
      ],
      namespaces: [{ name: 'desk', connections: [{ id: 'main', server: '@qa/desk', mock: 'Tickets: "Printer on fire".' }] }],
    };
    const result = await run(['explain', scratchFile('helpdesk.json', JSON.stringify(asJson))]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('desk/main (@qa/desk)\n');
    expect(result.stdout).toContain('  get_ticket: read ticket\n');
    expect(result.stdout).toContain('starts with ticket: Printer on fire');
  });

  it('says what a mock described in words starts with when no world is given, and foretells ids after it', async () => {
    const described = scenario
      .replace(/world:\n(?: {2}.*\n)+/, '')
      .replace('mock: true }', 'mock: \'Tickets: "Printer on fire" and "VPN down".\' }');
    const text = (await run(['explain', scratchFile('described.yaml', described)])).stdout;
    expect(text).toContain('\n  starts with ticket: Printer on fire, VPN down (named in its description)\n');
    expect(text).toMatch(/create_ticket: create ticket\n(?:.*\n)*? {4}id format {2}next new id ticket_3:/);
    const json = JSON.parse((await run(['explain', '--json', scratchFile('described.yaml', described)])).stdout);
    expect(json.connections[0].described).toEqual({ ticket: ['Printer on fire', 'VPN down'] });
    const seeded = JSON.parse((await run(['explain', '--json', scratchFile('seeded.yaml', scenario)])).stdout);
    expect(seeded.connections[0]).not.toHaveProperty('described');
  });
});

describe('mcpsim check --explain', () => {
  it('adds the explanation under each valid file, and only when asked', async () => {
    const file = scratchFile('helpdesk.yaml', scenario);
    const plain = await run(['check', file]);
    expect(plain.stdout).not.toContain('create_ticket');
    const explained = await run(['check', '--explain', file]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain(`✓ ${file}\ndesk/main (@qa/helpdesk)\n  type ticket\n`);
    expect(explained.stdout).toContain('\n  create_ticket: create ticket\n');
    const json = JSON.parse((await run(['check', '--explain', '--json', file])).stdout);
    expect(json.files[0].connections[0].tools.map((tool: { operation: string }) => tool.operation)).toEqual(['create', 'list', 'update']);
  });
});
