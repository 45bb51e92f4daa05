/**
 * A user's invoicing server, driven as nobody had tuned on it: the real 14 tools of
 * `@mpurdon/mcp-freshbooks` 0.1.0 (read from its own tools/list, servers/freshbooks-mpurdon-tools.json),
 * through the real MCP SDK client over the real platform (a real SQLite file, `app.fetch` in
 * process), with no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';
import { connectMockClient } from '../support/mock-client.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

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
});
