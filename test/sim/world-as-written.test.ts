/**
 * The stateful simulator on tools it was never tuned on, driven call by call with the world each
 * answer leaves: a seeded world is read as written, new ids take the service's format, lifecycle
 * verbs move the state as the server spells it.
 */
import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../src/domain/memory-log.js';
import type { ToolDefinition } from '../../src/domain/registry.js';
import { createSimulatorSession } from '../support/simulator-session.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

const createSession = createSimulatorSession;

const library: ToolDefinition[] = [
  {
    name: 'get_book',
    description: 'Get a book by its id',
    inputSchema: object({ id: { type: 'string' } }, ['id']),
    outputSchema: object({ id: { type: 'string' }, title: { type: 'string' }, available: { type: 'boolean' } }, [
      'id',
      'title',
      'available',
    ]),
  },
  { name: 'find_book', description: 'Find a book by title', inputSchema: object({ title: { type: 'string' } }, ['title']) },
  { name: 'list_books', description: 'List books', inputSchema: object({ available: { type: 'boolean' } }) },
];
const seeded: WorldState = {
  entities: { book: { 'b-1': { title: 'The Left Hand of Darkness', available: true }, 'b-2': { title: 'Kindred', available: false } } },
  facts: [],
};

describe('the world as written', () => {
  it('reads a seeded entity with its own fields, and answers an unknown id with a not-found', async () => {
    const session = createSession(library, seeded);
    expect((await session.call('get_book', { id: 'b-1' })).json).toEqual({
      id: 'b-1',
      title: 'The Left Hand of Darkness',
      available: true,
    });
    expect(await session.call('get_book', { id: 'b-9' })).toMatchObject({ isError: true, text: 'Book b-9 not found' });
    expect(Object.keys(session.state.world.entities)).toEqual(['book']);
  });

  it('finds an entity by its title: exactly, then ignoring case, then by a part of it', async () => {
    const session = createSession(library, seeded);
    expect((await session.call('find_book', { title: 'Kindred' })).json).toMatchObject({ title: 'Kindred' });
    expect((await session.call('find_book', { title: 'the left hand of darkness' })).json).toMatchObject({
      title: 'The Left Hand of Darkness',
    });
    expect((await session.call('find_book', { title: 'Left Hand' })).json).toMatchObject({ title: 'The Left Hand of Darkness' });
    expect((await session.call('find_book', { title: 'Dune' })).isError).toBe(true);
  });
});

describe('ids in the service’s own format', () => {
  it('takes the project key from the arguments where the id argument’s pattern asks for PROJ-N', async () => {
    const pattern = '^[A-Z][A-Z0-9_]+-\\d+$';
    const tools: ToolDefinition[] = [
      {
        name: 'create_issue',
        description: 'Create an issue',
        inputSchema: object({ project_key: { type: 'string' }, summary: { type: 'string' } }),
      },
      { name: 'get_issue', description: 'Get an issue', inputSchema: object({ issue_key: { type: 'string', pattern } }, ['issue_key']) },
    ];
    const session = createSession(tools);
    const first = await session.call('create_issue', { project_key: 'OPS', summary: 'Crash on save' });
    const second = await session.call('create_issue', { project_key: 'OPS', summary: 'Slow start' });
    expect([first.json.key, second.json.key]).toEqual(['OPS-1', 'OPS-2']);
    expect((await session.call('get_issue', { issue_key: 'OPS-2' })).json).toMatchObject({ summary: 'Slow start' });
  });

  it('follows an example in a description (cus_…) and a 16-digit number, and every id matches the patterns that take it', async () => {
    const tools: ToolDefinition[] = [
      { name: 'create_customer', description: 'Create a customer', inputSchema: object({ email: { type: 'string' } }) },
      {
        name: 'retrieve_customer',
        description: 'Retrieve a customer',
        inputSchema: object({ customer_id: { type: 'string', description: 'The id of the customer, e.g. cus_NffrFeUfNV2Hib' } }, [
          'customer_id',
        ]),
      },
      { name: 'create_task', description: 'Create a task', inputSchema: object({ name: { type: 'string' } }) },
      {
        name: 'get_task',
        description: 'Get a task',
        inputSchema: object({ task_gid: { type: 'string', pattern: '^\\d+$', description: 'Globally unique id, e.g. 1204567890123456' } }),
      },
    ];
    const session = createSession(tools);
    const customer = await session.call('create_customer', { email: 'ada@example.com' });
    expect(customer.json.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect((await session.call('retrieve_customer', { customer_id: customer.json.id })).json).toMatchObject({ email: 'ada@example.com' });
    const task = await session.call('create_task', { name: 'Write the report' });
    expect(task.json.gid).toMatch(/^\d{16}$/);
    expect((await session.call('get_task', { task_gid: task.json.gid })).json).toMatchObject({ name: 'Write the report' });
  });
});

describe('actions change state', () => {
  const status = { type: 'string', enum: ['active', 'paused', 'canceled'] };
  const subscription = object({ id: { type: 'string' }, status }, ['id', 'status']);
  const tools: ToolDefinition[] = [
    { name: 'create_subscription', description: 'Create', inputSchema: object({ plan: { type: 'string' } }), outputSchema: subscription },
    ...['get', 'pause', 'resume', 'cancel'].map((verb) => ({
      name: `${verb}_subscription`,
      description: verb,
      inputSchema: object({ subscription_id: { type: 'string' } }, ['subscription_id']),
      outputSchema: subscription,
    })),
    { name: 'list_subscriptions', description: 'List', inputSchema: object({ status }) },
  ];

  it('moves the status through pause, resume and cancel, spelled as the enum spells it, and reads and lists show it', async () => {
    const session = createSession(tools);
    const created = await session.call('create_subscription', { plan: 'pro' });
    expect(created.json.status).toBe('active');
    const id = created.json.id as string;
    expect((await session.call('pause_subscription', { subscription_id: id })).json.status).toBe('paused');
    expect((await session.call('get_subscription', { subscription_id: id })).json.status).toBe('paused');
    expect((await session.call('resume_subscription', { subscription_id: id })).json.status).toBe('active');
    expect((await session.call('cancel_subscription', { subscription_id: id })).json.status).toBe('canceled');
    expect((await session.call('list_subscriptions', { status: 'canceled' })).json.subscriptions).toHaveLength(1);
    expect((await session.call('list_subscriptions', { status: 'active' })).json.subscriptions).toHaveLength(0);
  });

  it('moves an issue to the state a transition names', async () => {
    const issueTools: ToolDefinition[] = [
      { name: 'create_issue', description: 'Create', inputSchema: object({ title: { type: 'string' } }) },
      { name: 'get_issue', description: 'Get', inputSchema: object({ issue_id: { type: 'string' } }, ['issue_id']) },
      {
        name: 'transition_issue',
        description: 'Move an issue to another status',
        inputSchema: object({ issue_id: { type: 'string' }, transition: { type: 'string' } }, ['issue_id', 'transition']),
      },
    ];
    const session = createSession(issueTools);
    const id = (await session.call('create_issue', { title: 'Crash' })).json.id as string;
    await session.call('transition_issue', { issue_id: id, transition: 'In Progress' });
    expect((await session.call('get_issue', { issue_id: id })).json).toMatchObject({ title: 'Crash', status: 'In Progress' });
  });
});

describe('filters hold', () => {
  const events: WorldState = {
    entities: {
      event: {
        e1: { summary: 'Standup', start: { dateTime: '2026-03-02T09:00:00Z' }, attendees: 4 },
        e2: { summary: 'Planning', start: { dateTime: '2026-03-05T13:00:00Z' }, attendees: 9 },
        e3: { summary: 'Retro', start: { dateTime: '2026-03-12T15:00:00Z' }, attendees: 6 },
      },
      deal: {
        d1: { name: 'Acme renewal', amount: 1200, stage: 'open', created_at: '2026-01-10T00:00:00Z' },
        d2: { name: 'Globex upsell', amount: 5400, stage: 'won', created_at: '2026-02-20T00:00:00Z' },
      },
      contact: { c1: { email: 'ada@example.com', firstname: 'Ada' } },
    },
    facts: [],
  };
  const tools: ToolDefinition[] = [
    {
      name: 'list_events',
      description: 'List events',
      inputSchema: object({ timeMin: { type: 'string' }, timeMax: { type: 'string' }, maxResults: { type: 'integer' } }),
    },
    {
      name: 'search_deals',
      description: 'Search deals',
      inputSchema: object({
        filterGroups: { type: 'array' },
        created_after: { type: 'string' },
        min_amount: { type: 'number' },
        query: { type: 'string' },
      }),
    },
    { name: 'list_objects', description: 'List CRM objects', inputSchema: object({ objectType: { type: 'string' } }) },
    {
      name: 'update_deal',
      description: 'Update a deal',
      inputSchema: object({ deal_id: { type: 'string' }, properties: { type: 'object' } }, ['deal_id', 'properties']),
    },
    { name: 'get_deal', description: 'Get a deal', inputSchema: object({ deal_id: { type: 'string' }, properties: { type: 'array' } }) },
    {
      name: 'edit_deal',
      description: 'Edit a deal',
      inputSchema: object({ deal_id: { type: 'string' }, fields: { type: 'string', description: 'JSON object of fields' } }),
    },
  ];
  const summaries = (value: any) => (value.events as { summary: string }[]).map((event) => event.summary);
  const names = (value: any) => (value.deals as { name: string }[]).map((deal) => deal.name);

  it('keeps a time window (timeMin/timeMax) on the entity’s start', async () => {
    const session = createSession(tools, events);
    const week = await session.call('list_events', { timeMin: '2026-03-01T00:00:00Z', timeMax: '2026-03-08T00:00:00Z' });
    expect(summaries(week.json)).toEqual(['Standup', 'Planning']);
    expect(summaries((await session.call('list_events', { timeMin: '2026-03-06T00:00:00Z' })).json)).toEqual(['Retro']);
  });

  it('keeps ranges, structured filter groups and query strings', async () => {
    const session = createSession(tools, events);
    expect(names((await session.call('search_deals', { created_after: '2026-02-01' })).json)).toEqual(['Globex upsell']);
    expect(names((await session.call('search_deals', { min_amount: 2000 })).json)).toEqual(['Globex upsell']);
    const group = { filterGroups: [{ filters: [{ propertyName: 'amount', operator: 'LT', value: '2000' }] }] };
    expect(names((await session.call('search_deals', group)).json)).toEqual(['Acme renewal']);
    const contains = { filterGroups: [{ filters: [{ propertyName: 'name', operator: 'CONTAINS_TOKEN', value: 'globex' }] }] };
    expect(names((await session.call('search_deals', contains)).json)).toEqual(['Globex upsell']);
    expect(names((await session.call('search_deals', { query: 'stage = won AND amount > 5000' })).json)).toEqual(['Globex upsell']);
    expect(names((await session.call('search_deals', { query: 'renewal' })).json)).toEqual(['Acme renewal']);
  });

  it('lists the type a generic list names (objectType: contacts)', async () => {
    const session = createSession(tools, events);
    expect((await session.call('list_objects', { objectType: 'contacts' })).json).toMatchObject({
      contacts: [{ email: 'ada@example.com', firstname: 'Ada' }],
    });
  });

  it('takes a payload named properties, or JSON text in fields, as the data of an update', async () => {
    const session = createSession(tools, events);
    const updated = await session.call('update_deal', { deal_id: 'd1', properties: { stage: 'won' } });
    expect(updated.isError).toBe(false);
    expect((await session.call('get_deal', { deal_id: 'd1' })).json).toMatchObject({ stage: 'won', amount: 1200 });
    await session.call('edit_deal', { deal_id: 'd1', fields: '{"amount": 1500}' });
    expect((await session.call('get_deal', { deal_id: 'd1' })).json).toMatchObject({ stage: 'won', amount: 1500 });
  });
});

describe('batches and uniqueness', () => {
  const world: WorldState = {
    entities: { issue: { '1': { title: 'Crash' }, '2': { title: 'Slow' }, '3': { title: 'Typo' } } },
    facts: [],
  };
  const tools: ToolDefinition[] = [
    { name: 'get_issues', description: 'Get issues by id', inputSchema: object({ ids: { type: 'array', items: { type: 'string' } } }) },
    { name: 'get_issue', description: 'Get an issue', inputSchema: object({ id: { type: 'array', items: { type: 'string' } } }, ['id']) },
    {
      name: 'create_user',
      description: 'Create a user',
      inputSchema: object({ email: { type: 'string', description: 'Email address; must be unique' }, name: { type: 'string' } }),
    },
    {
      name: 'create_team',
      description: 'Create a team. Handles must be unique across the workspace.',
      inputSchema: object({ handle: { type: 'string' }, name: { type: 'string' } }),
    },
  ];

  it('reads each id of a batch read, not the whole list', async () => {
    const session = createSession(tools, world);
    const titles = (value: any) => (value.issues as { title: string }[]).map((issue) => issue.title);
    expect(titles((await session.call('get_issues', { ids: ['3', '1', '9'] })).json)).toEqual(['Crash', 'Typo']);
    expect(titles((await session.call('get_issue', { id: ['2', '3'] })).json)).toEqual(['Slow', 'Typo']);
    // Each id the world lacks is a not-found of its own.
    const batch = (await session.call('get_issue', { id: ['2', '9'] })).json;
    expect(titles(batch)).toEqual(['Slow']);
    expect(batch.errors).toEqual([{ id: '9', error: 'Issue 9 not found' }]);
    expect((await session.call('get_issue', { id: ['8', '9'] })).isError).toBe(true);
  });

  it('refuses a second entity with a value the description says is unique', async () => {
    const session = createSession(tools);
    expect((await session.call('create_user', { email: 'ada@example.com', name: 'Ada' })).isError).toBe(false);
    expect(await session.call('create_user', { email: 'ADA@example.com', name: 'Ada L.' })).toMatchObject({
      isError: true,
      text: 'User with email "ADA@example.com" already exists',
    });
    expect((await session.call('create_team', { handle: 'core', name: 'Core' })).isError).toBe(false);
    expect((await session.call('create_team', { handle: 'web', name: 'Core' })).isError).toBe(false);
    expect(await session.call('create_team', { handle: 'core', name: 'Core 2' })).toMatchObject({
      isError: true,
      text: 'Team with handle "core" already exists',
    });
  });
});

describe('a knowledge graph the simulator never saw (the memory server’s tools)', () => {
  const entity = {
    type: 'object',
    properties: { name: { type: 'string' }, entityType: { type: 'string' } },
    required: ['name', 'entityType'],
  };
  const relation = { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, relationType: { type: 'string' } } };
  const graph = object({ entities: { type: 'array', items: entity }, relations: { type: 'array', items: relation } }, [
    'entities',
    'relations',
  ]);
  const tools: ToolDefinition[] = [
    {
      name: 'create_entities',
      description: 'Create entities',
      inputSchema: object({ entities: { type: 'array', items: entity } }, ['entities']),
    },
    {
      name: 'create_relations',
      description: 'Create relations',
      inputSchema: object({ relations: { type: 'array', items: relation } }, ['relations']),
    },
    {
      name: 'open_nodes',
      description: 'Open nodes by name',
      inputSchema: object({ names: { type: 'array', items: { type: 'string' } } }),
      outputSchema: graph,
    },
  ];
  const overrides = { open_nodes: { operation: 'list' as const, entity: 'entity' } };

  it('creates each entity of a batch with the name and type it was given, keeps relations, and filters by names', async () => {
    const session = createSession(tools);
    const created = await session.call('create_entities', {
      entities: [
        { name: 'Ada', entityType: 'person' },
        { name: 'Analytical Engine', entityType: 'machine' },
      ],
    });
    expect(created.json).toEqual({
      entities: [
        { name: 'Ada', entityType: 'person' },
        { name: 'Analytical Engine', entityType: 'machine' },
      ],
    });
    await session.call('create_relations', { relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }] });
    expect(Object.keys(session.state.world.entities.entity ?? {})).toEqual(['Ada', 'Analytical Engine']);
    const opened = await session.callWith(overrides, 'open_nodes', { names: ['Ada'] });
    expect(opened.json).toEqual({
      entities: [{ name: 'Ada', entityType: 'person' }],
      relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }],
    });
  });
});
