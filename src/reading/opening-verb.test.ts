import { describe, expect, it } from 'vitest';
import { readServer } from './read-server.js';
import { toBaseForms, toOpeningVerb, withOpeningVerb } from './opening-verb.js';
import { parseToolName } from './tool-name.js';
import { tool, text } from './written-tools.test-support.js';

describe("a description's opening verb", () => {
  it('is read in the imperative, the third person, after an adverb, as a gerund and after a lead-in', () => {
    const lemmas = [
      'Delete an invoice.',
      'Permanently deletes an invoice.',
      'Deleting an invoice by its id',
      'This tool deletes an invoice.',
      'Use this tool to delete an invoice.',
      'Allows the user to delete an invoice.',
      '🗑️ Deletes an invoice',
      '## Delete invoice',
    ].map((description) => toOpeningVerb(description)?.lemma);
    expect(lemmas).toEqual(Array(8).fill('delete'));
  });

  it('brings regular inflections to the base form the verb table knows', () => {
    expect(['Retrieves', 'Searches', 'Queries', 'Archived', 'Mapping', 'Stopped'].map((word) => toOpeningVerb(word)?.lemma)).toEqual([
      'retrieve',
      'search',
      'query',
      'archive',
      undefined,
      'stop',
    ]);
    expect(toBaseForms('creating')).toContain('create');
  });

  it('is no verb where the sentence opens with a noun phrase or a word the table does not know', () => {
    expect(toOpeningVerb('The invoices of a customer')).toBeNull();
    expect(toOpeningVerb('Greets the caller by name')).toBeNull();
    expect(toOpeningVerb('')).toBeNull();
  });
});

describe('a name with no verb', () => {
  const invoices = [
    tool('create_invoice', { customer_id: text }, 'Create an invoice.'),
    tool('invoice', { invoice_id: text }, 'Permanently deletes an invoice.'),
    tool('unpaid_invoice', { invoice_id: text }, 'Voids an unpaid invoice so it can no longer be paid.'),
    tool('invoice_lines', { invoice_id: text }, 'Lists the lines of an invoice.'),
    tool('invoices', { query: text }, 'This tool finds invoices matching a text.'),
  ];

  it('does what its description opens with', () => {
    const model = readServer(invoices);
    const read = (name: string) => `${model.kindOf(name).kind} ${model.shapes.get(name)!.basis}`;
    expect(['invoice', 'unpaid_invoice', 'invoice_lines', 'invoices'].map(read)).toEqual([
      'delete description',
      'transition description',
      'list description',
      'search description',
    ]);
  });

  it('keeps its own act where the verb acts on a thing the name does not name', () => {
    const model = readServer([
      tool('refresh_synced_account', { account_id: text }, 'Trigger a balance refresh for a synced account.'),
      tool('get_synced_account', { account_id: text }, 'Get a synced account.'),
      tool('browser_navigate', { url: text }, 'Opens a URL in the browser.'),
      tool('enterDraftMode', { ticket_id: text }, 'Move an existing ticket into draft status.'),
    ]);
    expect(['refresh_synced_account', 'browser_navigate', 'enterDraftMode'].map((name) => model.shapes.get(name)?.operation)).toEqual([
      'other',
      'other',
      'other',
    ]);
  });

  it('reads the head noun of the object past its determiners and adjectives', () => {
    expect(toOpeningVerb('Updates an existing invoice for a customer')?.object).toBe('invoice');
    expect(toOpeningVerb('Finds invoices matching a query')?.object).toBe('invoice');
    expect(toOpeningVerb('Trigger a balance refresh for a synced account')?.object).toBe('refresh');
  });

  it('keeps the verb of a name that has one, whatever its description opens with', () => {
    const model = readServer([tool('get_invoice', { invoice_id: text }, 'Deletes nothing: reads an invoice.')]);
    expect(model.shapes.get('get_invoice')?.operation).toBe('read');
  });
});

describe('a name whose verb says only that it acts', () => {
  it('does what its description says it does to the thing it names, and keeps its verb where the description only reads', () => {
    const { shapes } = readServer([
      tool('manage_webhook', { webhook_id: text }, 'Delete a webhook. Requires: webhook_id'),
      tool('manage_label', { label_id: text, name: text }, 'Manage the labels of a project'),
    ]);
    expect(shapes.get('manage_webhook')).toMatchObject({ operation: 'delete', entity: 'webhook', idArgument: 'webhook_id' });
    expect(shapes.get('manage_label')?.operation).toBe('update');
  });

  it('gives a name with no verb no operation from a description that opens with one', () => {
    const workspaces = { name: 'workspaces', description: 'Manage workspaces and their members', inputSchema: { type: 'object' } };
    expect(withOpeningVerb(parseToolName('workspaces', null), workspaces).meaning).toBeNull();
    const invoice = { name: 'invoice', description: 'Permanently deletes an invoice.', inputSchema: { type: 'object' } };
    expect(withOpeningVerb(parseToolName('invoice', null), invoice).meaning).toEqual({ operation: 'delete' });
  });
});

describe('a verbless name whose description makes "a new" thing', () => {
  it('creates it, though the verb names a state', () => {
    const model = readServer([tool('run_job', { component_id: text }, 'Starts a new job for a given component.')]);
    expect(model.kindOf('run_job').kind).toBe('create');
  });
});
