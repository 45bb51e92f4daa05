/**
 * A user's CRM server, driven as nobody had tuned on it: the 42 GoHighLevel contact, opportunity,
 * pipeline, user, company and location tools of `0nmcp` 4.22.0 (0nMCP, its real `tools/list` over
 * stdio, the `crm_` tools a sales team uses: servers/0nmcp-crm-tools.json). Every tool takes the
 * caller's `access_token`, and the sub-account is spelt `location_id` on every tool and `locationId`
 * on the API's own. Through the real platform (a real SQLite file, `app.fetch` in process), no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-0nmcp-crm-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/0nmcp-crm-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

/** The scenario a QA person wrote for the drive: a roofing company's sub-account, its people, a contact, a pipeline, deals in states. */
const northwind =
  'The GoHighLevel sub-account "Northwind Roofing" (location id loc_nw01). I am Dana Whitfield (dana@northwindroofing.com), the sales manager. Users: Dana Whitfield, Marco Ruiz and Priya Nair. Contacts: Ellen Park (ellen@harborpg.com, company Harbor Property Group, tags: vip, commercial). Pipeline "Roof Replacement". Opportunities: "Harbor HQ re-roof" for Ellen Park, status open, assigned to Marco Ruiz; "Tran storm repair" for Ellen Park, status won, assigned to Priya Nair.';

const mock = (scenario = northwind) =>
  describedMock(harness, {
    server: '@qa/ghl',
    displayName: 'GoHighLevel CRM',
    tools,
    namespace: 'sales',
    connection: 'ghl',
    scenario,
  });

const names = (listed: { name?: string; firstName?: string }[]) => listed.map((record) => record.name ?? record.firstName).sort();

describe('a GoHighLevel CRM server (0nmcp) driven with no model', () => {
  it('lists the same contacts whatever access token the call carries, and keeps no token in what it creates', async () => {
    const call = await mock();
    const created = await call('crm_create_contact', {
      access_token: 'tok-dana',
      locationId: 'loc_nw01',
      firstName: 'Rosa',
      email: 'rosa@bayview.com',
    });
    expect(created).not.toHaveProperty('access_token');
    const asDana = (await call('crm_search_contacts', { access_token: 'tok-dana', locationId: 'loc_nw01' })).contacts;
    const asMarco = (await call('crm_search_contacts', { access_token: 'tok-marco', locationId: 'loc_nw01' })).contacts;
    expect(names(asMarco)).toEqual(['Ellen Park', 'Rosa']);
    expect(asMarco).toEqual(asDana);
    // A note written with one token is listed with another.
    await call('crm_create_contact_note', { access_token: 'tok-dana', contactId: created.id, body: 'Wants a site visit' });
    const notes = (await call('crm_get_contact_notes', { access_token: 'tok-marco', contactId: created.id })).notes;
    expect(notes.map((note: { body: string }) => note.body)).toEqual(['Wants a site visit']);
  });

  it("keeps the seeded records in the sub-account once a created one names it (`locationId` beside every tool's `location_id`)", async () => {
    const call = await mock();
    const scope = { access_token: 'tok', locationId: 'loc_nw01' };
    expect((await call('crm_get_location', { access_token: 'tok', locationId: 'loc_nw01' })).id).toBe('loc_nw01');
    const [pipeline] = (await call('crm_list_pipelines', scope)).pipelines;
    const [ellen] = (await call('crm_search_contacts', scope)).contacts;
    const deal = {
      ...scope,
      name: 'Diaz warehouse roof',
      pipelineId: pipeline.id,
      pipelineStageId: 'stage_new',
      contactId: ellen.id,
      status: 'won',
    };
    const created = await call('crm_create_opportunity', deal);
    expect(created.locationId).toBe('loc_nw01');
    // The sub-account the call named as `locationId` is not copied under the other spelling, `location_id`.
    expect(created).not.toHaveProperty('location_id');
    const won = (await call('crm_search_opportunities', { ...scope, status: 'won' })).opportunities;
    expect(names(won)).toEqual(['Diaz warehouse roof', 'Tran storm repair']);
    expect(names((await call('crm_search_opportunities', { ...scope, status: 'open' })).opportunities)).toEqual(['Harbor HQ re-roof']);
    // The deal made in this sub-account is not in another one.
    const elsewhere = (await call('crm_search_opportunities', { access_token: 'tok', locationId: 'loc_other', status: 'won' }))
      .opportunities;
    expect(names(elsewhere)).not.toContain('Diaz warehouse roof');
  });

  it('finds the deals of the user a filter names by id, where the scenario assigned them by name', async () => {
    const call = await mock();
    const scope = { access_token: 'tok', locationId: 'loc_nw01' };
    const users = (await call('crm_list_users', scope)).users as { id: string; name: string }[];
    const marco = users.find((user) => user.name === 'Marco Ruiz')!;
    const priya = users.find((user) => user.name === 'Priya Nair')!;
    expect(names((await call('crm_search_opportunities', { ...scope, assignedTo: marco.id })).opportunities)).toEqual([
      'Harbor HQ re-roof',
    ]);
    expect(names((await call('crm_search_opportunities', { ...scope, assignedTo: priya.id })).opportunities)).toEqual([
      'Tran storm repair',
    ]);
    expect((await call('crm_search_opportunities', { ...scope, assignedTo: 'user_unknown' })).opportunities).toEqual([]);
  });

  it('wins a deal, reopens it, and refuses a status its tool does not list ("Valid statuses: open, won, lost, abandoned")', async () => {
    const call = await mock();
    const scope = { access_token: 'tok', locationId: 'loc_nw01' };
    const [deal] = (await call('crm_search_opportunities', { ...scope, status: 'open' })).opportunities;
    const move = (status: string) => call('crm_update_opportunity_status', { access_token: 'tok', opportunityId: deal.id, status });
    expect((await move('won')).status).toBe('won');
    expect((await move('open')).status).toBe('open');
    expect(await move('archived')).toEqual({ error: 'Invalid status "archived": expected one of open, won, lost, abandoned' });
    expect((await call('crm_get_opportunity', { access_token: 'tok', opportunityId: deal.id })).status).toBe('open');
    expect((await move('lost')).status).toBe('lost');
  });
  it('adds a contact to a workflow and removes her from it: the contact, her notes and deals stay (issue 36)', async () => {
    const call = await mock();
    const scope = { access_token: 'tok', locationId: 'loc_nw01' };
    const [ellen] = (await call('crm_search_contacts', scope)).contacts;
    await call('crm_create_contact_note', { access_token: 'tok', contactId: ellen.id, body: 'Prefers morning calls' });
    const enrol = { access_token: 'tok', contactId: ellen.id, workflowId: 'wf_nurture' };
    const added = await call('crm_add_contact_to_workflow', enrol);
    expect(added.id).toBe(ellen.id);
    expect((await call('crm_get_contact', { access_token: 'tok', contactId: ellen.id })).workflow_ids).toEqual(['wf_nurture']);
    // Adding her again keeps one enrolment; nobody new was made.
    await call('crm_add_contact_to_workflow', enrol);
    expect(names((await call('crm_search_contacts', scope)).contacts)).toEqual(['Ellen Park']);

    await call('crm_remove_contact_from_workflow', enrol);
    const after = await call('crm_get_contact', { access_token: 'tok', contactId: ellen.id });
    expect(after).toMatchObject({ id: ellen.id, workflow_ids: [] });
    expect(names((await call('crm_search_contacts', scope)).contacts)).toEqual(['Ellen Park']);
    const notes = (await call('crm_get_contact_notes', { access_token: 'tok', contactId: ellen.id })).notes;
    expect(notes.map((note: { body: string }) => note.body)).toEqual(['Prefers morning calls']);
    expect(names((await call('crm_search_opportunities', scope)).opportunities)).toEqual(['Harbor HQ re-roof', 'Tran storm repair']);
    // Her tags are a set the same way: one leaves, one joins, and she stays.
    await call('crm_remove_contact_tags', { access_token: 'tok', contactId: ellen.id, tags: ['vip'] });
    await call('crm_add_contact_tags', { access_token: 'tok', contactId: ellen.id, tags: ['storm'] });
    expect((await call('crm_get_contact', { access_token: 'tok', contactId: ellen.id })).tags).toEqual(['commercial', 'storm']);
    // A contact the world does not hold is a not-found, not a new enrolment.
    const unknown = await call('crm_remove_contact_from_workflow', { ...enrol, contactId: 'contact_unknown' });
    expect(unknown).toHaveProperty('error');
    expect(String(unknown.error)).toMatch(/not found/i);
  });

  it('seeds every contact a list parts by semicolons, and the one a sentence labels with the singular', async () => {
    const call = await mock(
      'Contacts: Ellen Park (ellen@harborpg.com, vip); Sam Okafor (sam@oakline.com); and Jill Tran (jill@tran.co). Contact: Omar Haddad (omar@haddad.io).',
    );
    const { contacts } = await call('crm_search_contacts', { access_token: 'tok', locationId: 'loc_nw01' });
    expect(names(contacts)).toEqual(['Ellen Park', 'Jill Tran', 'Omar Haddad', 'Sam Okafor']);
  });

  /** A sales team's own words for its CRM: people with their address and role, a pipeline's stages, a deal in one of them. */
  const described =
    'The GoHighLevel sub-account "Northwind Roofing" (location id loc_nw01). Users: Marco Ruiz (marco@northwindroofing.com, admin) and Priya Nair (priya@northwindroofing.com, user). Contacts: Omar Haddad (omar@haddad.io); Ellen Park (ellen@harborpg.com). Sales pipeline: Lead, Qualified, Proposal, Won. Deal \'Rooftop solar\' for Omar Haddad, 12,500 USD, stage Proposal, closes March 30.';
  const scope = { access_token: 'tok', locationId: 'loc_nw01' };

  it('seeds a described deal with its contact, monetary value and stage', async () => {
    const call = await mock(described);
    const [omar] = (await call('crm_search_contacts', { ...scope, query: 'Omar' })).contacts;
    const [pipeline] = (await call('crm_list_pipelines', scope)).pipelines;
    const proposal = pipeline.stages.find((stage: { name: string }) => stage.name === 'Proposal');
    const [deal] = (await call('crm_search_opportunities', scope)).opportunities;
    expect(deal).toMatchObject({
      name: 'Rooftop solar',
      contactId: omar.id,
      monetaryValue: 12500,
      pipelineId: pipeline.id,
      pipelineStageId: proposal.id,
    });
  });

  it('seeds a described pipeline with its stages, and moves a deal to a stage by its id', async () => {
    const call = await mock(described);
    const { pipelines } = await call('crm_list_pipelines', scope);
    expect(pipelines).toHaveLength(1);
    expect(pipelines[0].name).toBe('Sales');
    const stages = pipelines[0].stages as { id: string; name: string; position: number }[];
    expect(stages.map((stage) => [stage.name, stage.position])).toEqual([
      ['Lead', 0],
      ['Qualified', 1],
      ['Proposal', 2],
      ['Won', 3],
    ]);
    expect(new Set(stages.map((stage) => stage.id)).size).toBe(4);
    expect((await call('crm_get_pipeline', { access_token: 'tok', pipelineId: pipelines[0].id })).stages).toEqual(stages);
    const [deal] = (await call('crm_search_opportunities', scope)).opportunities;
    const won = stages.find((stage) => stage.name === 'Won')!;
    expect(
      (await call('crm_update_opportunity', { access_token: 'tok', opportunityId: deal.id, pipelineStageId: won.id })).pipelineStageId,
    ).toBe(won.id);
    expect((await call('crm_get_opportunity', { access_token: 'tok', opportunityId: deal.id })).pipelineStageId).toBe(won.id);
    expect(names((await call('crm_search_opportunities', { ...scope, pipelineStageId: won.id })).opportunities)).toEqual(['Rooftop solar']);
  });

  it("seeds users' email addresses and roles, and filters users by role", async () => {
    const call = await mock(described);
    const { users } = await call('crm_list_users', scope);
    expect(users).toEqual([
      expect.objectContaining({ name: 'Marco Ruiz', email: 'marco@northwindroofing.com', role: 'admin' }),
      expect.objectContaining({ name: 'Priya Nair', email: 'priya@northwindroofing.com', role: 'user' }),
    ]);
    expect(names((await call('crm_list_users', { ...scope, role: 'admin' })).users)).toEqual(['Marco Ruiz']);
  });

  it('upserts a contact by the email or phone it matches on: the one found is updated, an unknown address makes a new contact', async () => {
    const call = await mock(described);
    const [omar] = (await call('crm_search_contacts', { ...scope, query: 'Omar' })).contacts;
    const updated = await call('crm_upsert_contact', { ...scope, email: 'omar@haddad.io', phone: '+1 512 555 0101', city: 'Austin' });
    expect(updated).toMatchObject({ id: omar.id, name: 'Omar Haddad', phone: '+1 512 555 0101', city: 'Austin' });
    expect(names((await call('crm_search_contacts', scope)).contacts)).toEqual(['Ellen Park', 'Omar Haddad']);
    // Matched by the phone alone now.
    expect((await call('crm_upsert_contact', { ...scope, phone: '+1 512 555 0101', city: 'Dallas' })).id).toBe(omar.id);
    const made = await call('crm_upsert_contact', { ...scope, firstName: 'Rosa', email: 'rosa@bayview.com' });
    expect(made.id).not.toBe('loc_nw01');
    expect(made.id).not.toBe(omar.id);
    expect((await call('crm_get_contact', { access_token: 'tok', contactId: made.id })).email).toBe('rosa@bayview.com');
    expect((await call('crm_search_contacts', scope)).contacts).toHaveLength(3);
  });

  it("lists a business's contacts by the business id a `_by_business` read takes", async () => {
    const call = await mock(described);
    const { contacts } = await call('crm_get_contact_by_business', { access_token: 'tok', businessId: 'biz_harbor' });
    expect(contacts).toEqual([]);
  });

  it('refuses to add a follower the CRM has no user for, in its words', async () => {
    const call = await mock(described);
    const [deal] = (await call('crm_search_opportunities', scope)).opportunities;
    const users = (await call('crm_list_users', scope)).users as { id: string; name: string }[];
    const added = await call('crm_add_opportunity_followers', { access_token: 'tok', opportunityId: deal.id, followers: [users[0]!.id] });
    expect(added.followers).toEqual([users[0]!.id]);
    const unknown = await call('crm_add_opportunity_followers', {
      access_token: 'tok',
      opportunityId: deal.id,
      followers: ['user_nobody'],
    });
    expect(unknown).toEqual({ error: expect.stringMatching(/^User "?user_nobody"? not found/) });
    expect((await call('crm_get_opportunity', { access_token: 'tok', opportunityId: deal.id })).followers).toEqual([users[0]!.id]);
  });
});
