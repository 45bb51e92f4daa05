import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { inferServerShapes } from './tool-operation.js';
import { tool, text, entities } from './written-tools.test-support.js';

describe('the entity a tool acts on, read across the server', () => {
  it('reads get_<owner>_<entities> as the entities of an owner another tool reads', () => {
    expect(entities([tool('get_album', { album_id: text }), tool('get_album_tracks', { album_id: text })])).toMatchObject({
      get_album_tracks: 'track',
    });
  });

  it('keeps a compound the descriptions name as a type of its own', () => {
    const tools = [
      tool('get_shipment', { shipment_id: text }),
      tool('create_shipment_label', { shipment_id: text }, 'Create a new shipment label for a parcel'),
      tool('get_shipment_label', { id: text }, 'Get a shipment label by ID'),
    ];
    expect(entities(tools)).toMatchObject({ create_shipment_label: 'shipment_label', get_shipment_label: 'shipment_label' });
  });

  it('reads a tail that stands alone as the entity, and one two owners share where the descriptions do not name the whole', () => {
    const tools = [
      tool('get_team', { team_id: text }),
      tool('get_site', { site_id: text }),
      tool('list_team_hooks', { team_id: text }, 'List the hooks of a team'),
      tool('list_site_hooks', { site_id: text }, 'List site hooks'),
      tool('list_shop_hooks', {}, 'List shop hooks'),
      tool('get_note', { note_id: text }),
      tool('create_team_note', { team_id: text }, 'Create a team note'),
    ];
    expect(entities(tools)).toMatchObject({ list_team_hooks: 'hook', list_shop_hooks: 'shop_hook', create_team_note: 'note' });
  });

  it('reads a plural owner as the owner: candidates_actions lists the actions of candidates', () => {
    const tools = [tool('crm_candidates_get', { id: text }), tool('crm_candidates_actions', { id: text })];
    expect(entities(tools)).toMatchObject({ crm_candidates_actions: 'action' });
  });

  it('drops a word that ends three or more entities, keeping the id argument its whole name found', () => {
    const tools = ['card', 'shape', 'sticky_note'].map((kind) => tool(`get_${kind}_item`, { boardId: text, itemId: text }));
    const shapes = inferServerShapes(tools);
    expect(shapes.get('get_sticky_note_item')).toMatchObject({ entity: 'sticky_note', idArgument: 'itemId' });
    expect(inferServerShapes([tool('get_checklist_item', { itemId: text })]).get('get_checklist_item')?.entity).toBe('checklist_item');
  });

  it('reads the object of a verb the verb table does not know as the entity, where another tool names it', () => {
    const tools = [tool('get_alert', { alert_id: text }), tool('snooze_alert', { alert_id: text, until: text })];
    expect(entities(tools)).toMatchObject({ snooze_alert: 'alert' });
  });
});

describe('the entity where the name alone is not enough', () => {
  it('reads an owner every tool of a compound takes an argument for as a scope', () => {
    const tools = [
      tool('get_repo', { repo: text }),
      tool('list_repo_hooks', { repo: text }, 'List the repo hooks'),
      tool('get_repo_hook', { repo: text, hook_id: text }, 'Get a repo hook'),
    ];
    expect(entities(tools)).toMatchObject({ list_repo_hooks: 'hook', get_repo_hook: 'hook' });
  });

  it('reads a first word that verbless names swap before the same object as their verb', () => {
    const tools = [tool('open_session', { user: text }), tool('close_session', { session: text })];
    expect(entities(tools)).toMatchObject({ open_session: 'session', close_session: 'session' });
  });

  it('reads a setter of an attribute no other tool names as acting on what its one id argument names', () => {
    const tools = [tool('get_layer', { layerId: text }), tool('set_opacity', { layerId: text, value: { type: 'number' } })];
    expect(entities(tools)).toMatchObject({ set_opacity: 'layer' });
  });

  it('reads <entity>_tool as the tool for that entity', () => {
    expect(entities([tool('asset_tool', { action: text })])).toMatchObject({ asset_tool: 'asset' });
  });

  it('reads a name with no noun as acting on the first of the server entities its description names', () => {
    const tools = [
      tool('get_ticket', { ticket_id: text }),
      tool('get_user', { user_id: text }),
      tool('search', { query: text }, 'Search tickets of a user by text'),
      tool('bulk_close', { ids: { type: 'array' } }, 'Close many tickets at once'),
      tool('list_items'),
    ];
    expect(entities(tools)).toMatchObject({ search: 'ticket', bulk_close: 'ticket', list_items: 'item' });
  });

  it('drops a product within the service that names several tools but the descriptions write as a proper noun', () => {
    const tools = [
      tool('list_pager_rotas', {}, 'List the Acme Pager rotas of a team'),
      tool('get_pager_rota', { rota_id: text }, 'Get one Pager rota by id'),
      tool('list_pager_teams', {}, 'List teams configured in Pager'),
      tool('list_api_keys', {}, 'List the API keys'),
      tool('get_api_key', { key_id: text }, 'Get an API key'),
      tool('listOAuthApps', {}, 'List the OAuth apps of a team'),
      tool('getOAuthApp', { app_id: text }, 'Get one OAuth app'),
      tool('create_delivery_note', { customer: text }, 'Create a Delivery Note for a customer'),
      tool('get_delivery_note', { name: text }, 'Get a Delivery Note by name'),
    ];
    expect(entities(tools)).toMatchObject({
      list_pager_rotas: 'rota',
      get_pager_rota: 'rota',
      list_pager_teams: 'team',
      list_api_keys: 'api_key',
      getOAuthApp: 'oauth_app',
      create_delivery_note: 'delivery_note',
    });
  });
});

describe('a verb the verb table does not know, read from the description', () => {
  const described = (name: string, description: string, properties: Record<string, Record<string, unknown>>): ToolDefinition => ({
    name,
    description,
    inputSchema: { type: 'object', properties, required: Object.keys(properties) },
  });

  it('reads the first word as the verb where the description starts with it before its object', () => {
    const shapes = inferServerShapes([
      described('subscribe_topic', 'Subscribes the caller to a topic', { topic: text }),
      described('tally_ballots', 'Tally the ballots of an election', { election_id: text }),
    ]);
    expect(shapes.get('subscribe_topic')?.entity).toBe('topic');
    expect(shapes.get('tally_ballots')?.entity).toBe('ballot');
  });

  it('reads the words after `as` as the form of the answer, not the entity', () => {
    const shapes = inferServerShapes([described('render_invoice_as_pdf', 'Render an invoice as a PDF file', { invoice_id: text })]);
    expect(shapes.get('render_invoice_as_pdf')?.entity).toBe('invoice');
  });

  it('keeps a name whose description opens with it as a noun phrase', () => {
    const shapes = inferServerShapes([described('revenue_heatmap', 'Revenue heatmap of the last quarter', { quarter: text })]);
    expect(shapes.get('revenue_heatmap')?.entity).toBe('revenue_heatmap');
  });

  it('keeps the owner of members that two owners have and that the service acts on one by one', () => {
    const kept = [
      tool('get_team', { team_id: text }),
      tool('get_site', { site_id: text }),
      tool('list_team_members', { team_id: text }),
      tool('update_team_member', { team_id: text, member_id: text }),
      tool('list_site_members', { site_id: text }),
      tool('get_site_member', { site_id: text, member_id: text }),
    ];
    expect(entities(kept)).toMatchObject({
      list_team_members: 'team_member',
      update_team_member: 'team_member',
      get_site_member: 'site_member',
    });
    // Members only ever listed under an owner are the users who belong: one kind.
    const listed = [
      tool('get_team', { team_id: text }),
      tool('get_site', { site_id: text }),
      tool('list_team_members', { team_id: text }),
      tool('list_site_members', { site_id: text }),
    ];
    expect(entities(listed)).toMatchObject({ list_team_members: 'member', list_site_members: 'member' });
  });
});
