/**
 * A user's BoondManager server (an ERP/CRM of consulting firms), driven as a sales user would with no
 * model: the real 43 tools `boondmanager-mcp-server` 2.15.2 lists with
 * `BOOND_MCP_DOMAINS=companies,contacts,opportunities,actions,application`
 * (servers/boondmanager-crm-tools.json), described in French, over the real platform (a real SQLite
 * file, `app.fetch` in process). Each record's children are listed by the parent's `id`
 * (`boond_companies_contacts(id)`), and created with the parent's `companyId`/`contactId`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { mockOnTools, toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-boond-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/boondmanager-crm-tools.json', import.meta.url), 'utf8')) as unknown[];

/** A new BoondManager mock on an empty world, with one client company: a caller that fails on an error, and one that answers errors as `{ error }`. */
async function boond() {
  const call = await mockOnTools(harness, { namespace: 'sales', connection: 'boond', tools });
  const company = await call('boond_companies_create', { name: 'Acme Logistique', city: 'Lyon', state: 1 });
  return { call, answer: toolAnswers(harness, 'sales/boond'), companyId: company.id as string };
}

describe('a BoondManager server driven with no model', () => {
  it('answers a contact created under a company with its own new id, not the company id', async () => {
    const { call, companyId } = await boond();
    const contact = await call('boond_contacts_create', { firstName: 'Julie', lastName: 'Perrin', companyId });
    expect(contact.id).not.toBe(companyId);
    expect(await call('boond_contacts_get', { id: contact.id })).toMatchObject({ id: contact.id, lastName: 'Perrin', companyId });
    const listed = await call('boond_companies_contacts', { id: companyId });
    expect(JSON.stringify(listed)).toContain(`"id":"${contact.id}"`);
  });

  it('keeps an opportunity its own id when an update moves it to another company', async () => {
    const { call, companyId } = await boond();
    const other = await call('boond_companies_create', { name: 'Banque Rhône', state: 0 });
    const opportunity = await call('boond_opportunities_create', { name: 'Migration cloud', companyId, state: 0 });
    expect(opportunity.id).not.toBe(companyId);
    expect(await call('boond_opportunities_update', { id: opportunity.id, companyId: other.id })).toEqual({ id: opportunity.id });
    expect(await call('boond_opportunities_get', { id: opportunity.id })).toMatchObject({ id: opportunity.id, companyId: other.id });
    expect(JSON.stringify(await call('boond_companies_opportunities', { id: other.id }))).toContain(`"id":"${opportunity.id}"`);
    expect(JSON.stringify(await call('boond_companies_opportunities', { id: companyId }))).not.toContain('Migration cloud');
  });

  it('answers an action logged on a contact and an opportunity with its own id', async () => {
    const { call, companyId } = await boond();
    const contact = await call('boond_contacts_create', { firstName: 'Marc', lastName: 'Dubois', companyId });
    const opportunity = await call('boond_opportunities_create', { name: 'Audit', companyId, contactId: contact.id });
    const action = await call('boond_actions_create', { typeOf: 10, title: 'Appel', contactId: contact.id, opportunityId: opportunity.id });
    expect([companyId, contact.id, opportunity.id]).not.toContain(action.id);
    expect(await call('boond_actions_get', { id: action.id })).toMatchObject({ id: action.id, title: 'Appel' });
  });

  it('searches opportunities by the states opportunityStates names, the entity word before the plural of its state field', async () => {
    const { call, companyId } = await boond();
    const open = await call('boond_opportunities_create', { name: 'TMA entrepôt', companyId, state: 0 });
    const won = await call('boond_opportunities_create', { name: 'Audit sécurité', companyId, state: 1 });
    const ids = async (args: Record<string, unknown>) =>
      ((await call('boond_opportunities_search', args)) as { items: { id: string }[] }).items.map((item) => item.id);
    expect(await ids({ opportunityStates: [1] })).toEqual([won.id]);
    expect(await ids({ opportunityStates: [0] })).toEqual([open.id]);
    expect((await ids({ opportunityStates: [0, 1] })).sort()).toEqual([open.id, won.id].sort());
  });

  it('answers each search item with a summary naming the record, since the item schema forbids every other field', async () => {
    const { call, companyId } = await boond();
    const contact = await call('boond_contacts_create', { firstName: 'Julie', lastName: 'Perrin', title: 'DSI', companyId });
    expect(await call('boond_companies_search', { keywords: 'Acme' })).toMatchObject({
      items: [{ id: companyId, summary: 'Acme Logistique' }],
    });
    expect(await call('boond_contacts_search', { keywords: 'Perrin' })).toMatchObject({
      items: [{ id: contact.id, summary: 'Julie Perrin' }],
    });
    await call('boond_contacts_update', { id: contact.id, lastName: 'Perrin-Morel' });
    expect(await call('boond_contacts_search', { keywords: 'Perrin' })).toMatchObject({ items: [{ summary: 'Julie Perrin-Morel' }] });
    expect(await call('boond_contacts_get', { id: contact.id })).not.toHaveProperty('summary');
  });
});
