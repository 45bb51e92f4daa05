import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { tool, text, entities } from './written-tools.test-support.js';

describe('an owner the description puts after a preposition is a scope', () => {
  const invoice = tool('get_invoice', { id: text }, 'Get an invoice by ID');

  it('reads list_invoice_remarks "List all remarks attached to an invoice" as remarks', () => {
    const tools = [
      invoice,
      tool('list_invoice_remarks', { id: text }, 'List all remarks attached to an invoice'),
      tool('create_invoice_remark', { id: text, remark: text }, 'Add a remark to an invoice. Remarks are free text.'),
    ];
    expect(entities(tools)).toMatchObject({ list_invoice_remarks: 'remark', create_invoice_remark: 'remark' });
  });

  it('keeps the compound a description writes, one after a word that is no tool entity', () => {
    const tools = [
      invoice,
      tool('list_invoice_remarks', { id: text }, 'List invoice remarks for an invoice'),
      tool('get_pdf_file', { id: text }, 'Get the file of a PDF'),
    ];
    expect(entities(tools)).toMatchObject({
      list_invoice_remarks: 'invoice_remark',
      get_pdf_file: 'pdf_file',
    });
  });

  it('reads an owner the tool takes as an argument as a scope, where no tool acts on the owner', () => {
    const tools = [
      tool('list_org_secrets', { org: text }, 'List secrets for an organization'),
      tool('get_team_secret', { team_slug: text, name: text }, 'Get a secret for a team'),
      tool('get_vault_secret', { name: text }, 'Get a secret for a vault'),
    ];
    expect(entities(tools)).toMatchObject({ list_org_secrets: 'secret', get_team_secret: 'secret' });
    // An owner neither acted on nor taken is part of the name's type.
    expect(entities(tools).get_vault_secret).toBe('vault_secret');
  });

  it('reads an owner taken by any id suffix the other rules read as one (id-stem.ts), a Grafana-style uid too', () => {
    // Optional, so only the argument's noun says whose it is.
    const optional = (made: ToolDefinition): ToolDefinition => ({ ...made, inputSchema: { ...made.inputSchema, required: [] } });
    const tools = [
      optional(tool('list_dashboard_panels', { dashboard_uid: text }, 'List panels of a dashboard')),
      optional(tool('get_project_issue', { project_iid: text }, 'Get an issue in a project')),
    ];
    expect(entities(tools)).toMatchObject({ list_dashboard_panels: 'panel', get_project_issue: 'issue' });
  });
});
