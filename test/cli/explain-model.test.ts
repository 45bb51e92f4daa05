/**
 * `mcpsim explain --model`: a real help desk server's tools (Great Detail's support MCP server)
 * read once by a model faked at its HTTP API (msw). What the model proposes is checked against the
 * tools, printed as the scenario's own `tools:`/`entities:`, and that printed block, read back as
 * corrections, changes the reading as it says.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { EntityCorrection, ToolOverride } from '../../src/domain/tool-override.js';
import { readServer } from '../../src/reading/read-server.js';
import { toChatCompletion } from '../support/chat-completion.js';
import { runCli } from '../support/run-cli.js';

const toolsFile = new URL('../sim/servers/great-detail-support-tools.json', import.meta.url);
const tools = JSON.parse(readFileSync(toolsFile, 'utf8')) as ToolDefinition[];

/** One batch's answer: one right proposal per kind of correction, one that agrees with the rules, and three the tools refute. */
const answer = {
  tools: [
    { name: 'list-conversations', operation: 'search', entity: 'conversation', id: null, reason: 'it takes a free-text query' },
    { name: 'get-message', operation: 'read', entity: 'message', id: 'id', reason: 'as read' },
    { name: 'get-contact', operation: 'read', entity: 'contact', id: 'contactId', reason: 'the id is contactId' },
    { name: 'send-reply', operation: 'create', entity: 'reply', id: null, reason: 'replies are created' },
  ],
  entities: [
    { name: 'conversation', parent: null, states: ['active', 'pending', 'closed'], idExample: 'cnv_01HZX3', reason: 'the help desk API' },
    {
      name: 'contact',
      parent: { type: 'company', argument: 'companyId' },
      states: [],
      idExample: null,
      reason: 'contacts belong to companies',
    },
  ],
};
let status = 200;
const prompts: string[] = [];
const server = setupServer(
  http.post('https://llm.test/v1/chat/completions', async ({ request }) => {
    const body = (await request.json()) as { messages: { content: string }[] };
    prompts.push(body.messages.map((message) => message.content).join('\n'));
    if (status !== 200) return HttpResponse.json({ error: { message: 'upstream overloaded' } }, { status });
    return HttpResponse.json(toChatCompletion(answer, 'fake-reader'));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  status = 200;
  prompts.length = 0;
});

const env = { OPENAI_BASE_URL: 'https://llm.test/v1', OPENAI_API_KEY: 'k', MCPSIM_MODEL: 'fake-reader', MCPSIM_EMBEDDING_MODEL: 'off' };

const run = (argv: string[], environment: Record<string, string | undefined> = env) =>
  runCli(argv, { ...environment, MCPSIM_MODEL_TIMEOUT_MS: '2000', MCPSIM_MODEL_DEADLINE_MS: '3000' });

function toolFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpsim-explain-model-')), 'support-tools.json');
  writeFileSync(file, JSON.stringify({ tools }));
  return file;
}

describe('mcpsim explain --model', () => {
  it('prints the corrections the tools allow, and they read back as the scenario corrections they say', async () => {
    const result = await run(['explain', toolFile(), '--model']);
    expect(result.code, result.stderr).toBe(0);
    // The model is shown the tools with the rules' reading of each.
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('## list-conversations');
    expect(prompts[0]).toContain('reading: operation list, entity conversation, id null');
    const [, block] = result.stdout.split(/^Corrections fake-reader proposes for .*$/m);
    expect(result.stdout).toMatch(/Corrections fake-reader proposes for .*: 1 tool, 1 entity type/);
    expect(block).toContain('  # it takes a free-text query\n  list-conversations: { operation: search }');
    expect(block).toContain('# refused: get-contact: id "contactId" is not an argument of the tool');
    expect(block).toContain('# refused: send-reply: the server has no tool of that name');
    expect(block).toContain(
      '# refused: entities.contact: parent argument "companyId" is taken by none of its tools (list-contacts, create-contact, get-contact)',
    );
    expect(block).not.toContain('get-message:');

    const printed = parse(block!) as { tools: Record<string, ToolOverride>; entities: Record<string, EntityCorrection> };
    expect(printed.entities).toEqual({ conversation: { id: { example: 'cnv_01HZX3' }, states: ['active', 'pending', 'closed'] } });
    const corrected = readServer(tools, {
      serverNames: ['@great-detail/support-mcp'],
      corrections: printed.tools,
      entities: printed.entities,
    });
    expect(corrected.shapes.get('list-conversations')?.operation).toBe('search');
    expect(corrected.entityTypes.get('conversation')?.state?.values).toEqual(['active', 'pending', 'closed']);
    expect(corrected.entityTypes.get('conversation')?.idFormat.example).toMatch(/^cnv_/);
  });

  it('adds what was proposed to each connection of --json', async () => {
    const result = await run(['explain', toolFile(), '--model', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { connections } = JSON.parse(result.stdout) as {
      connections: { tools: unknown[]; proposed: { tools: object; entities: object; refused: string[]; failures: string[] } }[];
    };
    expect(connections[0]!.tools).toHaveLength(tools.length);
    expect(connections[0]!.proposed.tools).toEqual({ 'list-conversations': { operation: 'search' } });
    expect(connections[0]!.proposed.refused).toHaveLength(3);
    expect(connections[0]!.proposed.failures).toEqual([]);
  });

  it('still explains, says which tools the model failed on, and exits 1 when it fails', async () => {
    status = 503;
    const result = await run(['explain', toolFile(), '--model']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('list-conversations: list conversation');
    expect(result.stdout).toMatch(
      /Corrections fake-reader proposes for .*: 0 tools, 0 entity types\n# the model failed on tools list-messages … get-contact: /,
    );
    expect(prompts.length).toBeGreaterThanOrEqual(1);
  });

  it('is a usage error with no model configured', async () => {
    const result = await run(['explain', toolFile(), '--model'], { MCPSIM_EMBEDDING_MODEL: 'off' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('explain --model needs a model: set OPENAI_API_KEY');
  });
});
