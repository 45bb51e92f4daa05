/**
 * The corpus measurement counts what it says (bench/corpus/measure*.ts), on small made-up servers:
 * a tool read right and one read wrong are 1 of 2, the simulator's ways of answering map onto the
 * label kinds, and a walk on a real mock connection counts its checks and values, so the bench
 * cannot report 100% by counting nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { readServer } from '../../src/reading/read-server.js';
import type { CorpusEntry, CorpusLabels } from '../../bench/corpus/corpus-files.js';
import { toReadKinds } from '../../bench/corpus/measure-kind.js';
import { measureReadings, toEntityKey } from '../../bench/corpus/measure-readings.js';
import { measureCorpus, type CorpusFigures } from '../../bench/corpus/measure.js';
import { toCorpusLines } from '../../bench/corpus/measure-table.js';
import { corpusServer } from '../support/corpus-server.js';

const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = [], description = ''): ToolDefinition => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required },
});
const text = { type: 'string' };

describe('measureReadings', () => {
  it('counts a tool read right and one read wrong as 1 of 2, and says what was wrong', () => {
    const tools = [tool('get_ticket', { ticket_id: text }, ['ticket_id']), tool('ping_ticket', { ticket_id: text }, ['ticket_id'])];
    const labels: CorpusLabels = {
      server: 'qa__tickets',
      tools: {
        get_ticket: { kind: 'read', entity: 'ticket', idArgument: 'ticket_id' },
        ping_ticket: { kind: 'delete', entity: 'ping', idArgument: 'ticket_id' },
      },
    };
    const figures = measureReadings(tools, labels, ['@qa/tickets']);
    expect(figures).toMatchObject({ tools: 2, kindsRight: 1, entities: 2, entitiesRight: 1, idArguments: 2, parentArguments: 0 });
    expect(figures.failures.slice(0, 2)).toEqual([
      expect.stringMatching(/^ping_ticket: kind read as \w+ .*labelled delete$/),
      expect.stringMatching(/^ping_ticket: entity read as \w+, labelled ping$/),
    ]);
  });

  it('takes a label naming the request part an argument sits in as naming that argument, and no other', () => {
    const path = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
    const tools = [
      tool('get_room', { path: path({ room_id: { type: 'integer' } }) }, ['path']),
      tool('post_room_message', { path: path({ room_id: { type: 'integer' } }), body: path({ body: text }) }, ['path', 'body']),
    ];
    const labels: CorpusLabels = {
      server: 'qa__rooms',
      tools: {
        get_room: { kind: 'read', entity: 'room', idArgument: 'path' },
        post_room_message: { kind: 'create', entity: 'message', parentArgument: 'path' },
      },
    };
    expect(measureReadings(tools, labels, ['@qa/rooms'])).toMatchObject({ idArgumentsRight: 1, parentArgumentsRight: 1 });
    const wrong: CorpusLabels = {
      ...labels,
      tools: { ...labels.tools, post_room_message: { ...labels.tools.post_room_message!, parentArgument: 'body' } },
    };
    expect(measureReadings(tools, wrong, ['@qa/rooms']).parentArgumentsRight).toBe(0);
  });

  it('compares entities after case, plural and the service name', () => {
    const words = new Set(['stripe']);
    expect(toEntityKey('Stripe_Customers', words)).toBe(toEntityKey('customer', words));
    expect(toEntityKey('paymentLink', words)).toBe(toEntityKey('payment_link', words));
    expect(toEntityKey('invoice_item', words)).not.toBe(toEntityKey('item', words));
  });
});

describe('toReadKinds', () => {
  it('names the simulator’s ways of answering in the labels’ words', () => {
    const tools = [
      tool('get_current_time', { timezone: text }, ['timezone']),
      tool('take_screenshot', { url: text }),
      tool('get_me'),
      tool('fetch_page', { url: text }, ['url']),
      tool('get_project', { project_id: text }, ['project_id']),
      tool('create_ticket', { project_id: text, title: text }, ['project_id', 'title']),
      tool('get_ticket', { ticket_id: text }, ['ticket_id']),
      tool('close_ticket', { ticket_id: text }, ['ticket_id']),
      tool('update_ticket', { ticket_id: text, title: text }, ['ticket_id']),
      tool('delete_ticket', { ticket_id: text }, ['ticket_id']),
      tool('list_tickets', { project_id: text }),
      tool('move_ticket', { ticket_id: text, project_id: text }, ['ticket_id', 'project_id']),
      tool('edit_ticket', { project_id: text, ticket_id: text, title: text }, ['project_id', 'ticket_id']),
      tool('get_tickets', { ticket_ids: { type: 'array', items: text } }, ['ticket_ids']),
      tool('create_tickets', { tickets: { type: 'array', items: { type: 'object' } } }, ['tickets']),
    ];
    const model = readServer(tools);
    const kinds = Object.fromEntries(tools.map((entry) => [entry.name, toReadKinds(model, entry.name)]));
    expect(kinds).toEqual({
      get_current_time: ['clock'],
      take_screenshot: ['screenshot'],
      get_me: ['current_user'],
      fetch_page: ['web_page'],
      get_project: ['read'],
      create_ticket: ['create'],
      get_ticket: ['read'],
      close_ticket: ['transition'],
      update_ticket: ['update'],
      delete_ticket: ['delete'],
      list_tickets: ['list'],
      move_ticket: ['move'],
      edit_ticket: ['update'],
      get_tickets: ['batch'],
      create_tickets: ['batch'],
    });
  });
});

describe('measureCorpus', () => {
  it('walks a labelled server on a mock connection and counts the checks that held and those that did not', async () => {
    const tools = [
      tool('create_ticket', { title: text }, ['title']),
      tool('get_ticket', { ticket_id: text }, ['ticket_id']),
      tool('list_projects', { limit: { type: 'integer' } }),
    ];
    const entry: CorpusEntry = {
      server: corpusServer('qa__tickets', tools, { kind: 'tracker', npm: '@qa/tickets' }),
      labels: {
        server: 'qa__tickets',
        tools: {
          create_ticket: { kind: 'create', entity: 'ticket' },
          get_ticket: { kind: 'list', entity: 'ticket', idArgument: 'ticket_id' },
          list_projects: { kind: 'list', entity: 'project' },
        },
        walk: [
          {
            tool: 'create_ticket',
            args: { title: 'Crash on save' },
            save: { as: 'ticket', from: ['id', 'ticket_id'] },
            expect: { ok: true },
          },
          { tool: 'get_ticket', args: { ticket_id: '$ticket' }, expect: { ok: true, shows: { title: 'Crash on save' } } },
          { tool: 'get_ticket', args: { ticket_id: '$ticket' }, expect: { shows: { title: 'Something else' } } },
        ],
      },
    };
    const unlabelled: CorpusEntry = { server: { ...entry.server, name: 'qa__other' }, labels: null };
    const [figures, other] = await measureCorpus([entry, unlabelled]);
    expect(figures).toMatchObject({
      server: 'qa__tickets',
      labelled: true,
      tools: 3,
      kindsRight: 2,
      entitiesRight: 3,
      idArgumentsRight: 1,
    });
    // create: ok and an id; read: ok and the title; the third step's title is not the one asked for.
    expect(figures).toMatchObject({ walkChecks: 5, walkHeld: 4 });
    // The saved id and the three answers of the walk, and one list of the projects it leaves out: every one plausible.
    expect(figures).toMatchObject({ valueChecks: 5, valuesHeld: 5 });
    expect(figures!.failures).toEqual([
      'get_ticket: kind read as read (read ticket), labelled list',
      expect.stringMatching(/^step 3 get_ticket: does not show title = "Something else"/),
    ]);
    expect(other).toMatchObject({ server: 'qa__other', labelled: false, kindsRight: 0, walkChecks: 0 });
  });

  it("judges the read of what a dispatching create made, without handing the read the create's action", async () => {
    const actions = (...values: string[]) => ({ type: 'string', enum: values });
    const tools = [
      tool('manage_env', { action: actions('create', 'delete'), name: text }, ['action', 'name']),
      tool('query_env', { action: actions('get', 'list'), env_id: text }, ['action']),
    ];
    const entry: CorpusEntry = {
      server: corpusServer('qa__envs', tools, { kind: 'backend', npm: '@qa/envs', displayName: 'Envs' }),
      labels: {
        server: 'qa__envs',
        tools: {
          manage_env: { kind: 'create', entity: 'env' },
          query_env: { kind: 'read', entity: 'env', idArgument: 'env_id' },
        },
      },
    };
    const [figures] = await measureCorpus([entry]);
    // With `action: "create"` copied in, the read is refused by its own schema and nothing is judged.
    expect(figures).toMatchObject({ valueChecks: 1 });
    expect(figures!.failures.filter((failure) => failure.includes('not judged'))).toEqual([]);
  });
});

describe('toCorpusLines', () => {
  const row = (server: string, half: CorpusFigures['half']): CorpusFigures => ({
    server,
    kind: 'tickets',
    half,
    labelled: true,
    tools: 2,
    kindsRight: 1,
    entities: 2,
    entitiesRight: 2,
    idArguments: 0,
    idArgumentsRight: 0,
    parentArguments: 0,
    parentArgumentsRight: 0,
    walkChecks: 0,
    walkHeld: 0,
    valueChecks: 0,
    valuesHeld: 0,
    failures: [`${server}_tool: kind read as read, labelled list`],
  });
  const figures = [row('qa__tuned', 'tuning'), row('qa__unseen', 'held-out')];

  it('prints both halves with their totals when no half is named', () => {
    const printed = toCorpusLines(figures, { failures: false }).join('\n');
    expect(printed).toContain('TOTAL tuning');
    expect(printed).toContain('TOTAL held-out');
    expect(printed).toMatch(/qa__unseen +tickets +2 +1\/2 50\.0%/);
  });

  it("never lists the held-out half's failures, asked for both halves or for that half alone", () => {
    for (const half of [undefined, 'held-out'] as const) {
      const printed = toCorpusLines(figures, { failures: true, ...(half ? { half } : {}) }).join('\n');
      expect(printed).toMatch(/TOTAL held-out/);
      expect(printed).not.toContain('qa__unseen_tool');
    }
  });

  it('shows nothing of the held-out half, rows, total or failures, when the tuning half is named', () => {
    const printed = toCorpusLines(figures, { failures: true, half: 'tuning' }).join('\n');
    expect(printed).toContain('qa__tuned: qa__tuned_tool: kind read as read');
    expect(printed).not.toMatch(/held-out half|TOTAL held-out|qa__unseen/);
  });
});
