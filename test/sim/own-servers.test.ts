/**
 * A user's own servers, written by hand as a user would and driven with no model, over the real
 * platform (a real SQLite file, `app.fetch` in process): a table service whose records are
 * updated in batches of `{ id, fields }` items under scope ids (`baseId`, `tableId`) and listed
 * through a formula (`{Status} = 'Done'`), shown with their values under `fields` as the create takes
 * them, with ids that stay random; a helpdesk whose macro is applied to a ticket; a wiki searched
 * by a search named for content.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-servers-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const scope = { baseId: text, tableId: text };

const tableTools = [
  { name: 'create_base', description: 'Creates a base.', inputSchema: object({ name: text }, ['name']) },
  {
    name: 'create_table',
    description: 'Creates a table in a base.',
    inputSchema: object({ baseId: text, name: text }, ['baseId', 'name']),
  },
  {
    name: 'create_record',
    description: 'Creates a new record in a table.',
    inputSchema: object({ ...scope, fields: { type: 'object' } }, ['baseId', 'tableId', 'fields']),
  },
  {
    name: 'get_record',
    description: 'Gets a record by its ID.',
    inputSchema: object({ ...scope, recordId: { type: 'string', description: 'ID of the record, e.g. recA1b2C3d4E5f6G78' } }, [
      'baseId',
      'tableId',
      'recordId',
    ]),
  },
  {
    name: 'list_records',
    description: 'Lists records from a table.',
    inputSchema: object({ ...scope, filterByFormula: { type: 'string', description: "A formula, e.g. {Status} = 'Done'" } }, [
      'baseId',
      'tableId',
    ]),
  },
  {
    name: 'update_records',
    description: 'Updates several records of a table at once.',
    inputSchema: object(
      { ...scope, records: { type: 'array', items: object({ id: text, fields: { type: 'object' } }, ['id', 'fields']) } },
      ['baseId', 'tableId', 'records'],
    ),
  },
];

async function tableCall() {
  const call = await mockOnTools(harness, { namespace: 'own', connection: 'tables', tools: tableTools });
  const base = await call('create_base', { name: 'Roadmap' });
  const table = await call('create_table', { baseId: base.id, name: 'Features' });
  return { call, where: { baseId: base.id, tableId: table.id } };
}

describe('a table service driven with no model', () => {
  it('updates each record a batch names by the id in its item, under the table', async () => {
    const { call, where } = await tableCall();
    const record = await call('create_record', { ...where, fields: { Name: 'Export', Status: 'Todo' } });
    await call('update_records', { ...where, records: [{ id: record.id, fields: { Status: 'Doing' } }] });
    const read = await call('get_record', { ...where, recordId: record.id });
    expect(JSON.stringify(read)).toContain('"Status":"Doing"');
    expect(JSON.stringify(read)).not.toContain('"Status":"Todo"');
  });

  it('lists only the records a formula with {Field} names selects', async () => {
    const { call, where } = await tableCall();
    await call('create_record', { ...where, fields: { Name: 'Dark mode', Status: 'Done' } });
    await call('create_record', { ...where, fields: { Name: 'Export', Status: 'Todo' } });
    const done = await call('list_records', { ...where, filterByFormula: "{Status} = 'Done'" });
    expect(JSON.stringify(done)).toContain('Dark mode');
    expect(JSON.stringify(done)).not.toContain('Export');
  });

  it('answers a record with the values of its create under `fields`, the scope beside them', async () => {
    const { call, where } = await tableCall();
    const made = await call('create_record', { ...where, fields: { Name: 'Export', Status: 'Todo' } });
    expect(made).toMatchObject({ ...where, fields: { Name: 'Export', Status: 'Todo' } });
    expect(made.Name).toBeUndefined();
    await call('update_records', { ...where, records: [{ id: made.id, fields: { Status: 'Doing' } }] });
    expect(await call('get_record', { ...where, recordId: made.id })).toMatchObject({ fields: { Name: 'Export', Status: 'Doing' } });
  });

  it('makes each new record id random in the shape of the last, not counted on from it', async () => {
    const { call, where } = await tableCall();
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await call('create_record', { ...where, fields: { Name: name } })).id as string);
    // The example ends in digits, and so does the first id made from it: the next ones are not counted on from it. One
    // example shows the alphabet and length, not whether its start is a code of the type (opaque-ids.ts).
    expect(ids[0]).toMatch(/^[A-Za-z0-9]{16}\d\d$/);
    const stems = new Set(ids.map((id) => id.replace(/\d+$/, '')));
    expect(stems.size).toBe(3);
  });
});

describe('a helpdesk driven with no model', () => {
  const integer = { type: 'integer' };
  const deskTools = [
    { name: 'create_ticket', description: 'Create a ticket.', inputSchema: object({ subject: text }, ['subject']) },
    { name: 'get_ticket', description: 'Show one ticket.', inputSchema: object({ ticket_id: integer }, ['ticket_id']) },
    { name: 'list_macros', description: 'List the macros agents can apply.', inputSchema: object({}) },
    {
      name: 'apply_macro',
      description: 'Apply a macro to a ticket.',
      inputSchema: object({ ticket_id: integer, macro_id: integer }, ['ticket_id', 'macro_id']),
    },
  ];

  it('applies a macro to the ticket the description names, which the ticket does not hold as a parent', async () => {
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'desk', tools: deskTools });
    const ticket = await call('create_ticket', { subject: 'Refund not received' });
    const macros = (await call('list_macros', {})).macros as { id: number }[];
    const applied = await harness.call('POST', '/connect/own/desk/.tools/apply_macro', {
      body: { ticket_id: ticket.id, macro_id: macros[0]!.id },
    });
    expect(applied.body.isError, applied.body.content[0].text).not.toBe(true);
    expect(applied.body._meta['mcpsim/operation']).toMatchObject({ entity: 'ticket', idArgument: 'ticket_id' });
    expect((await call('list_macros', {})).macros).toEqual(macros);
  });
});

describe('a wiki driven with no model', () => {
  it('searches its pages with a search named for content, not the web', async () => {
    const tools = [
      {
        name: 'create_page',
        description: 'Create a page in a space.',
        inputSchema: object({ space_key: text, title: text, body: text }, ['space_key', 'title', 'body']),
      },
      { name: 'get_page', description: 'Get a page.', inputSchema: object({ page_id: text }, ['page_id']) },
      {
        name: 'search_content',
        description: 'Full-text search across page titles and bodies.',
        inputSchema: object({ text, space_key: text }, ['text']),
      },
    ];
    const call = await mockOnTools(harness, { namespace: 'own', connection: 'wiki', tools });
    const runbook = await call('create_page', { space_key: 'ENG', title: 'Deploy runbook', body: 'How to roll back a release' });
    await call('create_page', { space_key: 'ENG', title: 'Onboarding', body: 'Laptop setup' });
    const found = await call('search_content', { text: 'roll back' });
    expect(found.pages).toEqual([expect.objectContaining({ id: runbook.id, title: 'Deploy runbook' })]);
  });
});
