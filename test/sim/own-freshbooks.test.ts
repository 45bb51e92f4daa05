/**
 * A user's invoicing server, driven as nobody had tuned on it: the real 14 tools of
 * `@mpurdon/mcp-freshbooks` 0.1.0 (read from its own tools/list, servers/freshbooks-mpurdon-tools.json),
 * through the real MCP SDK client over the real platform (a real SQLite file, `app.fetch` in
 * process), with no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { readServer } from '../../src/reading/read-server.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-freshbooks-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/freshbooks-mpurdon-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

const world = {
  world: {
    entities: { client: { '4101': { id: 4101, name: 'Harbor Bakery' }, '4102': { id: 4102, name: 'Lumen Dental' } } },
    facts: [],
  },
};

async function connect() {
  const connected = await connectMockClient(harness, { name: 'freshbooks', tools });
  expect((await harness.call('PUT', '/__mcpsim/connections/lab/freshbooks/simulation', { body: world })).status).toBe(200);
  return connected;
}

describe('a FreshBooks server driven with no model', () => {
  it('moves an invoice to sent when send_invoice sends it, so the list of sent invoices shows it', async () => {
    const { call, close } = await connect();
    try {
      const created = await call('create_invoice', {
        client_id: 4102,
        lines: [{ description: 'Patient brochure', qty: 10, unit_cost: 75 }],
      });
      expect(created.isError, created.text).toBe(false);
      const id = created.json.id as number;
      expect(created.json.status).toBe('draft');
      const sent = await call('send_invoice', { invoice_id: id, subject: 'Your invoice' });
      expect(sent.isError, sent.text).toBe(false);
      expect(sent.json).toMatchObject({ id, status: 'sent' });
      expect((await call('get_invoice', { invoice_id: id })).json.status).toBe('sent');
      const listed = (await call('list_invoices', { status: 'sent' })).json.invoices as { id: number }[];
      expect(listed.map((invoice) => invoice.id)).toEqual([id]);
      expect((await call('list_invoices', { status: 'draft' })).json.invoices).toEqual([]);
    } finally {
      await close();
    }
  });

  it('answers not-found for send_invoice on an invoice id the service never handed out, and makes no invoice', async () => {
    const { call, close } = await connect();
    try {
      const sent = await call('send_invoice', { invoice_id: 777 });
      expect(sent.isError).toBe(true);
      expect(sent.text).toMatch(/777 not found/i);
      expect((await call('list_invoices', {})).json.invoices).toEqual([]);
    } finally {
      await close();
    }
  });

  it('walks invoices under a client: create, list by client, date window and state, update, delete, then the deleted and an unknown id are not found', async () => {
    const { call, close } = await connect();
    try {
      const line = { description: 'Menu board', qty: 1, unit_cost: 300 };
      const april = await call('create_invoice', { client_id: 4101, lines: [line], create_date: '2026-04-10', invoice_number: 'INV-0046' });
      const may = await call('create_invoice', { client_id: 4102, lines: [line], create_date: '2026-05-04', notes: 'Spring brochure' });
      expect([april.isError, may.isError], april.text + may.text).toEqual([false, false]);
      expect((await call('create_invoice', { client_id: 9999, lines: [line] })).isError).toBe(true);
      const ids = async (args: Record<string, unknown>) =>
        ((await call('list_invoices', args)).json.invoices as { id: number }[]).map((invoice) => invoice.id);
      expect(await ids({ client_id: 4101 })).toEqual([april.json.id]);
      expect(await ids({ date_from: '2026-05-01', date_to: '2026-05-31' })).toEqual([may.json.id]);
      expect(await ids({ status: 'draft', client_id: 4102 })).toEqual([may.json.id]);
      expect(await ids({ search: 'INV-0046' })).toEqual([april.json.id]);
      const updated = await call('update_invoice', { invoice_id: may.json.id, notes: 'Spring brochure, 10 pages' });
      expect(updated.json).toMatchObject({ id: may.json.id, notes: 'Spring brochure, 10 pages', client_id: 4102 });
      expect((await call('delete_invoice', { invoice_id: april.json.id })).isError).toBe(false);
      expect((await call('get_invoice', { invoice_id: april.json.id })).isError).toBe(true);
      expect((await call('get_invoice', { invoice_id: 424242 })).isError).toBe(true);
      expect(await ids({})).toEqual([may.json.id]);
    } finally {
      await close();
    }
  });

  it('never gives a deleted invoice id again: create 1 and 2, delete 2, create, and invoice 2 stays not found', async () => {
    const { call, close } = await connect();
    try {
      const line = { description: 'Menu board', qty: 1, unit_cost: 300 };
      const first = await call('create_invoice', { client_id: 4101, lines: [line] });
      const second = await call('create_invoice', { client_id: 4101, lines: [line] });
      const [one, two] = [first.json.id as number, second.json.id as number];
      expect(two).toBeGreaterThan(one);
      expect((await call('delete_invoice', { invoice_id: two })).isError).toBe(false);
      const third = await call('create_invoice', { client_id: 4102, lines: [line] });
      expect(third.isError, third.text).toBe(false);
      expect(third.json.id).toBe(two + 1);
      expect((await call('get_invoice', { invoice_id: two })).isError).toBe(true);
      // Deleting every invoice still leaves the counter where it was.
      for (const id of [one, two + 1]) expect((await call('delete_invoice', { invoice_id: id })).isError).toBe(false);
      expect((await call('create_invoice', { client_id: 4101, lines: [line] })).json.id).toBe(two + 2);
    } finally {
      await close();
    }
  });

  it('gives a time entry an integer id, as every other id of the server is, where no tool types a time entry id', async () => {
    const { call, close } = await connect();
    try {
      const created = await call('create_time_entry', { date: '2026-05-04', duration_hours: 8, project_id: 12, service_id: 3 });
      expect(created.isError, created.text).toBe(false);
      expect(JSON.stringify(created.json)).not.toMatch(/time_entry_/);
      expect(created.json.id).toEqual(expect.any(Number));
      // `mcpsim explain` foretells the same kind of id the simulator made.
      expect(readServer(tools).readings.get('create_time_entry')!.nextId).toMatch(/^\d+$/);
    } finally {
      await close();
    }
  });

  it('explains send_invoice as acting on the invoice its id names, making no new id, as the simulator answers it', () => {
    const reading = readServer(tools).readings.get('send_invoice')!;
    expect(reading.nextId).toBeNull();
    expect(reading.why.id).toMatch(/names the invoice it acts on.*an unknown one is a not-found/);
    expect(readServer(tools).readings.get('create_invoice')!.nextId).not.toBeNull();
  });

  it('answers the person the scenario says runs the studio ("run by Nora Quinn (nora@…)") to get_account_info', async () => {
    const call = await describedMock(harness, {
      server: '@qa/freshbooks-described',
      displayName: 'FreshBooks',
      tools,
      namespace: 'books',
      connection: 'fb',
      scenario:
        'Maple & Pine Design Studio, a two-person design studio run by Nora Quinn (nora@mapleandpine.ca), bills its clients in FreshBooks.',
    });
    expect(JSON.stringify(await call('get_account_info', {}))).toMatch(/Nora Quinn/);
  });

  it('seeds the clients and invoices a QA person lists in prose: "(client 4101)" is the id, "INV-0041 for Harbor Bakery, …" an invoice', async () => {
    const call = await describedMock(harness, {
      server: '@qa/freshbooks-invoices',
      displayName: 'FreshBooks',
      tools,
      namespace: 'ledger',
      connection: 'fb',
      scenario: [
        'Maple & Pine Design Studio bills its clients in FreshBooks.',
        'Clients: Harbor Bakery (client 4101) and Lumen Dental (client 4102).',
        'Invoices: INV-0041 for Harbor Bakery, 1,200 USD, sent on March 3; INV-0042 for Lumen Dental, 850 USD, paid on March 10;',
        'INV-0043 for Harbor Bakery, 300 USD, draft.',
      ].join('\n'),
    });
    expect(await call('get_client', { client_id: 4101 })).toMatchObject({ id: 4101, name: 'Harbor Bakery' });
    const invoices = (await call('list_invoices', {})).invoices as Record<string, unknown>[];
    expect(invoices.map((invoice) => [invoice.invoice_number, invoice.client_id, invoice.status, invoice.amount])).toEqual([
      ['INV-0041', 4101, 'sent', 1200],
      ['INV-0042', 4102, 'paid', 850],
      ['INV-0043', 4101, 'draft', 300],
    ]);
    const bakery = (await call('list_invoices', { client_id: 4101, status: 'sent' })).invoices as Record<string, unknown>[];
    expect(bakery.map((invoice) => invoice.invoice_number)).toEqual(['INV-0041']);
    expect(
      ((await call('list_invoices', { search: 'INV-0042' })).invoices as Record<string, unknown>[]).map((invoice) => invoice.client_id),
    ).toEqual([4102]);
  });
});
