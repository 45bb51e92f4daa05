import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { readServer } from './read-server.js';
import { toDescribedWorld } from './described-world.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object' as const, properties, required });
const text = { type: 'string' };
const tools: ToolDefinition[] = [
  { name: 'list_services', description: 'List the services. Each service has an id like "PSVC12A".', inputSchema: object({}) },
  {
    name: 'create_incident',
    description: 'Trigger an incident.',
    inputSchema: object({ service_id: text, title: text }, ['service_id', 'title']),
  },
  { name: 'list_incidents', description: 'List incidents.', inputSchema: object({ service_id: text }) },
  { name: 'create_time_entry', description: 'Log time.', inputSchema: object({ hours: { type: 'number' } }) },
  { name: 'list_time_entries', description: 'List time entries.', inputSchema: object({}) },
];
const model = readServer(tools);
const names = (world: ReturnType<typeof toDescribedWorld>, type: string) =>
  Object.values(world.entities[type] ?? {}).map((fields) => fields.name ?? fields.title);

describe('the world a mock’s description names', () => {
  it('seeds the names listed after a type’s word, with ids in the type’s format', () => {
    const world = toDescribedWorld(model, 'Two services, checkout-api and payments. Grace Hopper and Alan Turing are on call.');
    expect(names(world, 'service')).toEqual(['checkout-api', 'payments']);
    const ids = Object.keys(world.entities.service!);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^P[A-Z0-9]{6}$/);
    expect(world.entities.service![ids[0]!]).toEqual({ id: ids[0], name: 'checkout-api' });
    expect(Object.keys(world.entities)).toEqual(['service']);
  });

  it('names a type of two words by its head noun where no other type has it, and not where one does', () => {
    expect(names(toDescribedWorld(model, 'Two entries: "Design review" and "Standup".'), 'time_entry')).toEqual([
      'Design review',
      'Standup',
    ]);
    const both = readServer([
      ...tools,
      { name: 'create_log_entry', description: 'Write a log entry.', inputSchema: object({ message: text }) },
      { name: 'list_log_entries', description: 'List log entries.', inputSchema: object({}) },
    ]);
    const world = toDescribedWorld(both, 'Two entries: "Design review" and "Standup".');
    expect(world.entities.time_entry).toBeUndefined();
    expect(world.entities.log_entry).toBeUndefined();
  });

  it('reads a colon, a parenthesis, "called" and quoted names, and names a type of two words', () => {
    expect(names(toDescribedWorld(model, 'Services: "Checkout API", payments & search.'), 'service')).toEqual([
      'Checkout API',
      'payments',
      'search',
    ]);
    expect(names(toDescribedWorld(model, 'We run three services (web, api, worker) in production.'), 'service')).toEqual([
      'web',
      'api',
      'worker',
    ]);
    expect(names(toDescribedWorld(model, 'An incident called "Checkout down" is open.'), 'incident')).toEqual(['Checkout down']);
    expect(names(toDescribedWorld(model, 'Time entries: standup, review.'), 'time_entry')).toEqual(['standup', 'review']);
  });

  it('seeds nothing where the words after a type are not names', () => {
    for (const description of [
      'The services are down since noon.',
      'Services, mostly written in Go, run on two hosts.',
      'An on-call team with no open incidents.',
      'Incidents are triggered by alerts.',
    ])
      expect(toDescribedWorld(model, description).entities).toEqual({});
  });

  it('makes the same world from the same words', () => {
    const description = 'Services: web, api.';
    expect(toDescribedWorld(model, description)).toEqual(toDescribedWorld(model, description));
  });

  it('seeds every quoted name a sentence gives after the type, with the values in parentheses after it', () => {
    const taskTools: ToolDefinition[] = [
      {
        name: 'create_task',
        description: 'Create a task.',
        inputSchema: object({ name: text, status: text, priority: { type: 'number' }, urgent: { type: 'boolean' }, dueDate: text }, [
          'name',
        ]),
      },
      { name: 'get_tasks', description: 'List tasks.', inputSchema: object({}) },
    ];
    const taskModel = readServer(taskTools);
    const world = toDescribedWorld(
      taskModel,
      'Task "Fix login redirect" (status in progress, priority 1, urgent: yes) and task "Write release notes" (due date tomorrow).',
    );
    expect(Object.values(world.entities.task!)).toEqual([
      expect.objectContaining({ name: 'Fix login redirect', status: 'in progress', priority: 1, urgent: true }),
      expect.objectContaining({ name: 'Write release notes', dueDate: 'tomorrow' }),
    ]);
    const listed = toDescribedWorld(taskModel, 'Tasks: "Fix login" (status done), "Ship it" (priority 2, colour green).');
    expect(Object.values(listed.entities.task!)).toEqual([
      expect.objectContaining({ name: 'Fix login', status: 'done' }),
      { id: expect.any(String), name: 'Ship it', priority: 2 },
    ]);
  });

  it('seeds the parents a sentence names and links the children named with them, by id and by name', () => {
    const taskTools: ToolDefinition[] = [
      {
        name: 'create_task',
        description: 'Create a task in a list.',
        inputSchema: object({ name: text, listId: text, listName: text }, ['name']),
      },
      { name: 'get_tasks', description: 'List the tasks of a list.', inputSchema: object({ listId: text, listName: text }) },
    ];
    const world = toDescribedWorld(
      readServer(taskTools),
      'Lists "Backlog" and "Sprint 12". In "Sprint 12": task "Fix login". List "Backlog" has tasks "Plan Q3" and "Audit logs". Task "Loose end".',
    );
    const lists = Object.values(world.entities.list!);
    expect(lists.map((list) => list.name)).toEqual(['Backlog', 'Sprint 12']);
    const [backlog, sprint] = lists.map((list) => list.id);
    expect(Object.values(world.entities.task!)).toEqual([
      expect.objectContaining({ name: 'Fix login', listId: sprint, listName: 'Sprint 12' }),
      expect.objectContaining({ name: 'Plan Q3', listId: backlog, listName: 'Backlog' }),
      expect.objectContaining({ name: 'Audit logs', listId: backlog, listName: 'Backlog' }),
      { id: expect.any(String), name: 'Loose end' },
    ]);
  });

  it('writes a name to the text its create requires where the create takes no name or title', () => {
    const deskTools: ToolDefinition[] = [
      {
        name: 'create_ticket',
        description: 'Open a ticket.',
        inputSchema: object({ requester_id: text, subject: text, body: text }, ['requester_id', 'subject']),
      },
      {
        name: 'create_event',
        description: 'Add an event.',
        inputSchema: object({ event: object({ summary: text, start: text }, ['summary']) }),
      },
      { name: 'list_tickets', description: 'List tickets.', inputSchema: object({}) },
      { name: 'list_events', description: 'List events.', inputSchema: object({}) },
    ];
    const world = toDescribedWorld(readServer(deskTools), 'Ticket "VPN down". Event "Standup".');
    expect(Object.values(world.entities.ticket!)).toEqual([{ id: expect.any(String), subject: 'VPN down' }]);
    expect(Object.values(world.entities.event!)).toEqual([{ id: expect.any(String), summary: 'Standup' }]);
  });

  it('seeds one of a type named after its singular, and keeps a name written to the id field as the id', () => {
    const shelfTools: ToolDefinition[] = [
      { name: 'create_shelf', description: 'Creates a shelf.', inputSchema: object({ Shelf: text }, ['Shelf']) },
      { name: 'delete_shelf', description: 'Deletes a shelf.', inputSchema: object({ Shelf: text }, ['Shelf']) },
      { name: 'list_shelves', description: 'Lists shelves.', inputSchema: object({}) },
    ];
    const shelves = readServer(shelfTools);
    expect(toDescribedWorld(shelves, 'One shelf, north-wing, holding two books.').entities.shelf).toEqual({
      'north-wing': { Shelf: 'north-wing' },
    });
    expect(Object.keys(toDescribedWorld(shelves, 'The shelf attic.2 is full.').entities.shelf ?? {})).toEqual(['attic.2']);
    expect(names(toDescribedWorld(model, 'A service: checkout-api, paged at night.'), 'service')).toEqual(['checkout-api']);
    // A word after the type that is not spelled as a key is no name.
    for (const description of ['One shelf, mostly empty.', 'The shelf holding books is full.'])
      expect(toDescribedWorld(shelves, description).entities).toEqual({});
  });

  it('reads an id in parentheses, capitalised names after one, bare emails, and puts children in the one parent there is', () => {
    const teamTools: ToolDefinition[] = [
      { name: 'list_workspaces', description: 'List workspaces.', inputSchema: object({}) },
      {
        name: 'create_member',
        description: 'Add a member.',
        inputSchema: object({ workspaceId: text, name: text, email: text }, ['workspaceId', 'name']),
      },
      { name: 'list_members', description: 'List members.', inputSchema: object({ workspaceId: text }) },
    ];
    const world = toDescribedWorld(
      readServer(teamTools),
      'One workspace, Acme Labs (id 7), for research. Two members: Ada Lovelace (ada@acme.test) and Alan Turing.',
    );
    expect(world.entities.workspace).toEqual({ '7': { id: '7', name: 'Acme Labs' } });
    expect(Object.values(world.entities.member!)).toEqual([
      { id: expect.any(String), name: 'Ada Lovelace', email: 'ada@acme.test', workspaceId: '7' },
      { id: expect.any(String), name: 'Alan Turing', workspaceId: '7' },
    ]);
  });

  it('seeds what a named entity sells and has, in the states the server names, linked to it and to what they are for', () => {
    const billingTools: ToolDefinition[] = [
      { name: 'list_members', description: 'List members.', inputSchema: object({}) },
      { name: 'create_member', description: 'Add a member.', inputSchema: object({ name: text, email: text }, ['name']) },
      { name: 'list_plans', description: 'List plans.', inputSchema: object({}) },
      {
        name: 'list_invoices',
        description: 'List invoices.',
        inputSchema: object({ memberEmail: text, status: { type: 'string', enum: ['draft', 'sent', 'paid'] } }),
      },
      { name: 'get_invoice', description: 'Get an invoice.', inputSchema: object({ invoiceId: text }, ['invoiceId']) },
    ];
    const world = toDescribedWorld(
      readServer(billingTools),
      'We are selling a Team plan. Members: Ada Lovelace (ada@acme.test), Alan Turing. Ada has two paid invoices for the Team plan.',
    );
    const [plan] = Object.values(world.entities.plan!);
    expect(plan).toMatchObject({ name: 'Team' });
    const [ada] = Object.values(world.entities.member!);
    expect(Object.values(world.entities.invoice!)).toEqual([
      { id: expect.any(String), status: 'paid', memberId: ada!.id, memberEmail: 'ada@acme.test', planId: plan!.id },
      { id: expect.any(String), status: 'paid', memberId: ada!.id, memberEmail: 'ada@acme.test', planId: plan!.id },
    ]);
    // A holder the text does not name, or a count it does not give, seeds nothing.
    const vague = toDescribedWorld(readServer(billingTools), 'Members: Ada Lovelace. Someone has paid invoices. Ada has invoices.');
    expect(vague.entities.invoice).toBeUndefined();
  });

  it('seeds names in sentence case after an article and what describes them, with their ids, and labels them as the update writes', () => {
    const eventTools: ToolDefinition[] = [
      { name: 'getEventTypes', description: 'Get all event types', inputSchema: object({}) },
      { name: 'getEventTypeById', description: 'Get an event type', inputSchema: object({ eventTypeId: { type: 'integer' } }) },
      {
        name: 'updateEventType',
        description: 'Update an event type',
        inputSchema: object({ eventTypeId: { type: 'integer' }, title: text }),
      },
    ];
    const world = toDescribedWorld(
      readServer(eventTools),
      'Two event types: a 30 minute Free consultation (id 101) and a 50 minute Therapy session (id 102). Projects: Apollo and Zeus are active.',
    );
    expect(world.entities.event_type).toEqual({
      '101': { id: 101, title: 'Free consultation' },
      '102': { id: 102, title: 'Therapy session' },
    });
  });
  it('reads the parts after a colon as names in sentence case too, up to the first that is not one', () => {
    expect(names(toDescribedWorld(model, 'Services: Checkout service, Payments and search.'), 'service')).toEqual([
      'Checkout service',
      'Payments',
      'search',
    ]);
    expect(toDescribedWorld(model, 'Services: all archived.').entities).toEqual({});
    expect(names(toDescribedWorld(model, 'Two services, Checkout service and payments.'), 'service')).toEqual([]);
  });

  it('gives a record counted without an id none that another record was written beside', () => {
    const eventTools: ToolDefinition[] = [
      { name: 'getEventTypes', description: 'Get all event types', inputSchema: object({}) },
      { name: 'getEventTypeById', description: 'Get an event type', inputSchema: object({ eventTypeId: { type: 'integer' } }) },
    ];
    const world = toDescribedWorld(readServer(eventTools), 'Event types: Intro (id 1), Review and Followup (id 2).');
    expect(world.entities.event_type).toEqual({
      '1': { id: 1, name: 'Intro' },
      '3': { id: 3, name: 'Review' },
      '2': { id: 2, name: 'Followup' },
    });
  });

  it('seeds a record written with its number before its quoted name, with the fields the clause after it gives', () => {
    const topicTools: ToolDefinition[] = [
      { name: 'read_topic', description: 'Read a topic', inputSchema: object({ topic_id: { type: 'integer' } }, ['topic_id']) },
      {
        name: 'create_topic',
        description: 'Create a topic',
        inputSchema: object({ title: text, raw: text, tags: { type: 'array', items: text } }, ['title', 'raw']),
      },
    ];
    const world = toDescribedWorld(
      readServer(topicTools),
      'Topics: topic 101 "Brake pads arrived damaged" by anna_s, tags shipping; topic 102 "Where is my order?" and topic 7 "Hello".',
    );
    expect(world.entities.topic).toEqual({
      '101': { id: 101, title: 'Brake pads arrived damaged', tags: ['shipping'] },
      '102': { id: 102, title: 'Where is my order?' },
      '7': { id: 7, title: 'Hello' },
    });
  });

  it('seeds the people a description names as the users of a service with no person type', () => {
    const userTools: ToolDefinition[] = [
      { name: 'get_user', description: 'Get a user', inputSchema: object({ user_id: { type: 'integer' } }, ['user_id']) },
      { name: 'create_user', description: 'Create a user', inputSchema: object({ name: text, username: text }, ['username']) },
    ];
    const world = toDescribedWorld(
      readServer(userTools),
      'People: Maya Okafor (username maya_support, id 2), and the customers Anna Schmidt (username anna_s, id 11) and Léa Martin (id 13).',
    );
    expect(world.entities.user).toEqual({
      '2': { id: 2, name: 'Maya Okafor', username: 'maya_support' },
      '11': { id: 11, name: 'Anna Schmidt', username: 'anna_s' },
      '13': { id: 13, name: 'Léa Martin' },
    });
    const withPeople = readServer([
      ...userTools,
      { name: 'get_person', description: 'Get a person', inputSchema: object({ person_id: text }, ['person_id']) },
    ]);
    expect(toDescribedWorld(withPeople, 'People: Maya Okafor (id 2).').entities.user).toBeUndefined();
  });

  it('seeds records written as their word and number, in the parent a sentence names by its number before them', () => {
    const forumTools: ToolDefinition[] = [
      { name: 'read_topic', description: 'Read a topic', inputSchema: object({ topic_id: { type: 'integer' } }, ['topic_id']) },
      { name: 'create_topic', description: 'Create a topic', inputSchema: object({ title: text }, ['title']) },
      { name: 'read_post', description: 'Read a post', inputSchema: object({ post_id: { type: 'integer' } }, ['post_id']) },
      {
        name: 'create_post',
        description: 'Reply in a topic',
        inputSchema: object({ topic_id: { type: 'integer' }, raw: text }, ['topic_id', 'raw']),
      },
    ];
    const world = toDescribedWorld(
      readServer(forumTools),
      'Topics: topic 101 "Brake pads arrived damaged"; topic 102 "Where is my order?". ' +
        'Posts: topic 101 has post 1001 by anna_s (2026-03-02) and post 1002 by jonas_b; topic 102 has post 1003.',
    );
    expect(Object.keys(world.entities.topic!)).toEqual(['101', '102']);
    expect(world.entities.topic!['101']).toMatchObject({ title: 'Brake pads arrived damaged' });
    expect(world.entities.post).toEqual({
      '1001': { id: 1001, topic_id: 101 },
      '1002': { id: 1002, topic_id: 101 },
      '1003': { id: 1003, topic_id: 102 },
    });
  });

  it('places a record in the parent its clause names whole after `in`, with the parent’s numeric id', () => {
    const forumTools: ToolDefinition[] = [
      { name: 'list_categories', description: 'List categories', inputSchema: object({}) },
      { name: 'read_topic', description: 'Read a topic', inputSchema: object({ topic_id: { type: 'integer' } }, ['topic_id']) },
      {
        name: 'create_topic',
        description: 'Create a topic',
        inputSchema: object({ title: text, category_id: { type: 'integer' } }, ['title']),
      },
    ];
    const world = toDescribedWorld(
      readServer(forumTools),
      'Categories: Support (id 5) and Orders & Shipping (id 6). ' +
        'Topics: topic 101 "Brake pads arrived damaged" by anna_s in Orders & Shipping, created 2026-03-02; ' +
        'topic 103 "Size exchange" by anna_s in Support; topic 104 "Sale" in progress.',
    );
    expect(world.entities.topic).toEqual({
      '101': { id: 101, title: 'Brake pads arrived damaged', category_id: 6 },
      '103': { id: 103, title: 'Size exchange', category_id: 5 },
      '104': { id: 104, title: 'Sale' },
    });
  });
});
