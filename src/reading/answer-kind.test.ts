import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../domain/registry.js';
import { answerKinds } from './answer-kind.js';
import { readServer } from './read-server.js';

const text = { type: 'string' };
const tool = (name: string, properties: Record<string, unknown> = {}, required: string[] = [], description?: string): ToolDefinition => ({
  name,
  ...(description ? { description } : {}),
  inputSchema: { type: 'object', properties, required },
});

/** A small desk service written for this test: one tool for each kind. */
const desk = [
  tool('create_desk', { name: text }, ['name']),
  tool('get_desk', { desk_id: text }, ['desk_id']),
  tool('list_desks', { floor: text }),
  tool('search_desks', { query: text }, ['query']),
  tool('update_desk', { desk_id: text, name: text }, ['desk_id']),
  tool('move_desk', { desk_id: text, room_id: text }, ['desk_id', 'room_id']),
  tool('get_room', { room_id: text }, ['room_id']),
  tool('close_desk', { desk_id: text }, ['desk_id']),
  tool('set_desk_status', { desk_id: text, target_status: text }, ['desk_id', 'target_status']),
  tool('create_desks', { desks: { type: 'array', items: { type: 'object' } } }, ['desks']),
  tool('delete_desk', { desk_id: text }, ['desk_id']),
  tool('ring_bell', { tone: text }),
  tool('get_me'),
  tool('get_current_time', { timezone: text }),
  tool('convert_time', { source_timezone: text, time: text, target_timezone: text }, ['source_timezone', 'time', 'target_timezone']),
  tool('open_page', { page: text }),
  tool('get_page'),
  tool('get_floor_health', {}, [], 'Returns GREEN, YELLOW, or RED'),
  tool('ping_desk_service', {}, [], "Returns 'pong' as plain text"),
  tool('desk_weather', { city: text }),
  tool('take_screenshot', { url: text }),
  tool('fetch_url', { url: text }, ['url']),
];

describe('the reading decides how each tool is answered', () => {
  const model = readServer(desk);
  const kindOf = (name: string) => model.kindOf(name).kind;

  it('reads each world operation as its kind', () => {
    expect(
      Object.fromEntries(
        ['create_desk', 'get_desk', 'list_desks', 'search_desks', 'update_desk', 'delete_desk'].map((name) => [name, kindOf(name)]),
      ),
    ).toEqual({
      create_desk: 'create',
      get_desk: 'read',
      list_desks: 'list',
      search_desks: 'search',
      update_desk: 'update',
      delete_desk: 'delete',
    });
    expect(kindOf('ring_bell')).toBe('action');
  });

  it('reads an update that must be given another parent as a move, and one that sets a state as a transition', () => {
    expect(model.kindOf('move_desk')).toEqual({ kind: 'move', why: 'it must be given the room "room_id": it moves the desk there' });
    expect(kindOf('close_desk')).toBe('transition');
    expect(model.kindOf('set_desk_status').why).toContain('"target_status" names the state');
  });

  it('reads a create of a list of items as a batch', () => {
    expect(model.kindOf('create_desks')).toEqual({ kind: 'batch', why: '"desks" takes a list: it acts on each item or id' });
  });

  it('reads the clock, the caller, a web page and a screenshot from words and schemas', () => {
    expect(kindOf('get_current_time')).toBe('clock');
    expect(kindOf('convert_time')).toBe('clock');
    expect(kindOf('get_me')).toBe('current user');
    expect(kindOf('fetch_url')).toBe('web page');
    expect(kindOf('take_screenshot')).toBe('screenshot');
  });

  it("reads a uri its description says names the server's thing as that thing's address, not a web page", () => {
    const companies = [
      tool('search-companies', { query: text }, ['query'], 'Search for companies by name'),
      tool(
        'read-company-details',
        { uri: { type: 'string', description: 'URI of the company to read' } },
        ['uri'],
        'Read details of a company',
      ),
      tool('read-page', { uri: { type: 'string', description: 'URI of the page to fetch' } }, ['uri'], 'Fetch a page'),
    ];
    expect(readServer(companies).kindOf('read-company-details').kind).toBe('read');
    expect(readServer(companies).kindOf('read-page').kind).toBe('web page');
  });

  it('reads a convert with no zones to convert between as no clock', () => {
    expect(readServer([tool('convert_time_entry', { entry_id: text }, ['entry_id'])]).kindOf('convert_time_entry').kind).not.toBe('clock');
  });

  it('reads what a description or a name says a tool returns', () => {
    expect(kindOf('get_floor_health')).toBe('described value');
    expect(model.kindOf('ping_desk_service')).toEqual({
      kind: 'described text',
      why: 'the description says it returns "pong": it answers that text',
    });
    expect(kindOf('desk_weather')).toBe('computed value');
  });

  it('takes no HTTP status code for the value a tool returns', () => {
    const ring = tool('ring_desk_bell', { desk_id: text }, ['desk_id'], 'Rings the bell of a desk. Returns `200` with the updated desk.');
    expect(readServer([...desk, ring]).kindOf('ring_desk_bell').kind).not.toBe('described text');
  });

  it('reads a read with nothing to name, of what another tool is given, as a read-back', () => {
    expect(model.kindOf('get_page')).toEqual({
      kind: 'read-back',
      why: 'a read with no id and no output schema of the page "open_page" sets: it answers the value given last',
    });
  });

  it('answers a corrected tool as the world operation it was corrected to, never from the clock', () => {
    const corrected = readServer(desk, { corrections: { get_current_time: { operation: 'read', entity: 'slot' } } });
    expect(corrected.kindOf('get_current_time').kind).toBe('read');
  });

  it('gives each choice of a tool that picks its operation per call its own kind', () => {
    const write = tool('desk_write', { method: { type: 'string', enum: ['create', 'update'] }, desk_id: text, name: text }, ['method']);
    const shapes = readServer([write, tool('get_desk', { desk_id: text }, ['desk_id'])]);
    const choices = shapes.shapes.get('desk_write')!.dispatch?.choices ?? {};
    expect(Object.values(choices).map((choice) => shapes.kindOf('desk_write', choice).kind)).toEqual(['create', 'update']);
  });

  it('shows the kind and its reason on every reading', () => {
    for (const reading of model.readings.values()) {
      expect(answerKinds).toContain(reading.kind);
      expect(reading.why.kind).toBe(model.kindOf(reading.tool).why);
    }
  });
});

describe('a read of many whose name says it answers a count, total or statistics', () => {
  const tools = [
    tool('get_desk', { desk_id: text }, ['desk_id']),
    tool('list_desk_counts', { floor: text }),
    tool('query_booking_stats', { selector: text }, ['selector']),
    tool('get_total_bookings', { room_id: text }, ['room_id'], 'Get the total booked hours of a room'),
    tool('list_desks', { floor: text }),
  ];
  const model = readServer(tools);

  it.each(['list_desk_counts', 'query_booking_stats', 'get_total_bookings'])('answers %s as the one value it computes', (name) => {
    expect(model.kindOf(name).kind).toBe('described value');
    expect(model.kindOf(name).why).toContain('a read of many');
  });

  it('keeps a plain list a list', () => {
    expect(model.kindOf('list_desks').kind).toBe('list');
  });

  it.each(['list_reporting_floors', 'get_booking_analytics', 'get_bookings_vs_desks'])(
    'answers the report %s as the one value it computes',
    (name) => {
      const reports = readServer([
        ...tools,
        tool('list_reporting_floors', { start: text }),
        tool('get_booking_analytics'),
        tool('get_bookings_vs_desks'),
      ]);
      expect(reports.kindOf(name).kind).toBe('described value');
    },
  );
});

describe('a tool named for a judgement the service makes', () => {
  const tools = [
    tool('get_desk', { desk_id: text }, ['desk_id']),
    tool('check_desk_permissions', { desk_id: text, permissions: { type: 'array', items: text } }, ['desk_id', 'permissions']),
    tool('analyze_bookings', { floor: text }),
    tool('detect_idle_desks', { days: { type: 'number' } }),
    tool('check_in_guest', { desk_id: text, guest: text }, ['desk_id', 'guest']),
    tool('list_check_runs', { desk_id: text }),
  ];
  const model = readServer(tools);

  it.each(['check_desk_permissions', 'analyze_bookings', 'detect_idle_desks'])('answers %s as the value the service concludes', (name) => {
    expect(model.kindOf(name).kind).toBe('computed value');
    expect(model.kindOf(name).why).toContain('asks the service for a judgement');
  });

  it('takes the thing a judgement is about as its id', () => {
    expect(model.shapes.get('check_desk_permissions')?.idArgument).toBe('desk_id');
    expect(model.shapes.get('analyze_bookings')?.idArgument).toBeNull();
  });

  it('keeps a check-in and a list of check runs what their verbs say', () => {
    expect(model.kindOf('check_in_guest').kind).not.toBe('computed value');
    expect(model.kindOf('list_check_runs').kind).toBe('list');
  });
});

describe('a tool named for acting on many at once', () => {
  const tools = [
    tool('get_desk', { desk_id: text }, ['desk_id']),
    tool('list_desks', { floor: text }),
    tool('batch_read_desks', { inputs: { type: 'array', items: { type: 'object' } } }, ['inputs']),
    tool('bulk_move_desks', { desk_ids: { type: 'array', items: text }, room_id: text }, ['desk_ids', 'room_id']),
    tool('bulk_flag_by_floor', { floor: text, flagged: { type: 'boolean' } }, ['floor']),
  ];
  const model = readServer(tools);

  it.each(['batch_read_desks', 'bulk_move_desks', 'bulk_flag_by_floor'])('reads %s as a batch', (name) => {
    expect(model.kindOf(name).kind).toBe('batch');
  });
});

describe('a state verb whose undo is a plain update', () => {
  const tools = [
    tool('get_desk', { desk_id: text }, ['desk_id']),
    tool('approve_desk', { desk_id: text }, ['desk_id']),
    tool('unapprove_desk', { desk_id: text }, ['desk_id']),
    tool('archive_desk', { desk_id: text }, ['desk_id']),
    tool('unarchive_desk', { desk_id: text }, ['desk_id']),
  ];
  const model = readServer(tools);

  it('reads a mark a reviewer adds and takes back as an update, and a lifecycle step with its undo as a transition', () => {
    expect(model.kindOf('unapprove_desk').kind).toBe('update');
    expect(model.kindOf('approve_desk').kind).toBe('update');
    expect(model.kindOf('archive_desk').kind).toBe('transition');
    expect(model.kindOf('unarchive_desk').kind).toBe('transition');
  });
});

describe('a read of a user that takes only flags', () => {
  it('reads the caller, as a flag says how to ask and not whom; an argument that names someone is no caller read', () => {
    const flags = { useUAT: { type: 'boolean' } };
    const kinds = readServer([
      tool('get_user_info', flags),
      tool('get_user', { user_id: text }, ['user_id']),
      tool('get_account_info', { verbose: text }),
    ]).readings;
    expect(kinds.get('get_user_info')!.kind).toBe('current user');
    expect(kinds.get('get_user')!.kind).not.toBe('current user');
    expect(kinds.get('get_account_info')!.kind).not.toBe('current user');
  });
});
