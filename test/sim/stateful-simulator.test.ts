/**
 * The stateful simulator behind the real platform (a real SQLite file, `app.fetch` in process):
 * mock connections to catalog servers and authored ones answer from their world with no model and
 * no fixture, through `POST /connect/{ns}/{id}/.tools/{tool}`, and the control API sets the world
 * they start from and the tool corrections.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createSchemaCompiler } from '../../src/domain/json-schema.js';
import type { Harness } from '../support/harness.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
const simulator = useSimulatorHarness('mcpsim-stateful-', (started) => (harness = started));

/** Calls a tool over REST; returns the result with its text parsed as JSON when it is JSON. */
async function callTool(connection: string, tool: string, args: Record<string, unknown> = {}) {
  const response = await harness.call('POST', `/connect/${connection}/.tools/${tool}`, { body: args });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const text = response.body.content[0].text as string;
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // plain text
  }
  return { ...response.body, text, json } as {
    isError?: boolean;
    text: string;
    json: any;
    structuredContent?: any;
    _meta: Record<string, unknown>;
  };
}

async function mock(connection: string, server: string) {
  const [namespace, id] = connection.split('/');
  await harness.call('PUT', `/namespaces/${namespace}`);
  const created = await harness.call('PUT', `/connect/${namespace}/${id}`, { body: { server, mock: { enabled: true } } });
  expect(created.status).toBe(201);
  // An empty world, not the small one a new mock starts from: these walks count what their own calls make.
  const emptied = await harness.call('PUT', `/__mcpsim/connections/${namespace}/${id}/simulation`, {
    body: { world: { entities: {}, facts: [] } },
  });
  expect(emptied.status).toBe(200);
}

const widgets = { owner: 'acme', repo: 'widgets' };

describe('a GitHub mock connection with no model and no fixture', () => {
  it('walks create → read → list → update → read → delete → read, each answer agreeing with the ones before', async () => {
    await mock('lab/gh', '@github/github-mcp-server');
    const created = await callTool('lab/gh', 'issue_write', {
      method: 'create',
      ...widgets,
      title: 'Flaky login test',
      body: 'Fails one run in ten.',
      labels: ['bug'],
    });
    expect(created._meta['mcpsim/source']).toBe('simulated');
    expect(created.json).toMatchObject({
      number: 1,
      title: 'Flaky login test',
      state: 'open',
      labels: ['bug'],
      created_at: '2026-01-01T00:00:00.000Z',
    });

    const read = await callTool('lab/gh', 'issue_read', { method: 'get', ...widgets, issue_number: 1 });
    expect(read.json).toEqual(created.json);
    const listed = await callTool('lab/gh', 'list_issues', widgets);
    expect(listed.json).toEqual({ issues: [created.json], total: 1 });

    harness.clock.advance(60_000);
    const updated = await callTool('lab/gh', 'issue_write', {
      method: 'update',
      ...widgets,
      issue_number: 1,
      state: 'closed',
      title: 'Flaky login test (fixed)',
    });
    expect(updated.json).toMatchObject({
      number: 1,
      state: 'closed',
      title: 'Flaky login test (fixed)',
      body: 'Fails one run in ten.',
      updated_at: '2026-01-01T00:01:00.000Z',
    });
    expect((await callTool('lab/gh', 'issue_read', { method: 'get', ...widgets, issue_number: 1 })).json).toEqual(updated.json);
    expect((await callTool('lab/gh', 'list_issues', { ...widgets, state: 'OPEN' })).json).toEqual({ issues: [], total: 0 });

    // Files have a delete: the whole walk.
    const file = { ...widgets, path: 'docs/setup.md' };
    const written = await callTool('lab/gh', 'create_or_update_file', { ...file, content: '# Setup', message: 'add', branch: 'main' });
    expect(written.json).toMatchObject({ path: 'docs/setup.md', content: '# Setup' });
    expect((await callTool('lab/gh', 'get_file_contents', file)).json).toEqual(written.json);
    const rewritten = await callTool('lab/gh', 'create_or_update_file', {
      ...file,
      content: '# Setup\n\nRun npm ci.',
      message: 'more',
      branch: 'main',
    });
    expect((await callTool('lab/gh', 'get_file_contents', file)).json).toEqual(rewritten.json);
    const deleted = await callTool('lab/gh', 'delete_file', { ...file, message: 'rm', branch: 'main' });
    expect(deleted).toMatchObject({ isError: false, text: 'Deleted file docs/setup.md.' });
    const gone = await callTool('lab/gh', 'get_file_contents', file);
    expect(gone).toMatchObject({ isError: true, text: 'File docs/setup.md not found' });

    // What the calls did is the connection's world, as the model path would have left it: files held once, none left.
    const memory = await harness.call('GET', '/__mcpsim/connections/lab/gh/memory');
    expect(Object.keys(memory.body.world.entities)).toEqual(['issue', 'file']);
    expect(memory.body.world.entities.file).toEqual({});
    expect(memory.body.calls.every((call: { source: string }) => call.source === 'simulated')).toBe(true);
  });

  it('answers the same calls with the same bytes on a fresh platform', async () => {
    const run = async () => {
      await mock('lab/gh', '@github/github-mcp-server');
      const results = [];
      results.push(await callTool('lab/gh', 'create_branch', { ...widgets, branch: 'feature' }));
      results.push(await callTool('lab/gh', 'create_pull_request', { ...widgets, title: 'Feature', head: 'feature', base: 'main' }));
      results.push(await callTool('lab/gh', 'merge_pull_request', { ...widgets, pullNumber: 1 }));
      results.push(await callTool('lab/gh', 'get_me'));
      results.push(await callTool('lab/gh', 'search_repositories', { query: 'widgets' }));
      return JSON.stringify(results);
    };
    const first = await run();
    await harness.close();
    await simulator.startAnother();
    expect(await run()).toBe(first);
    // The server's own state enum is open | closed: a merged pull request is closed and merged, as on GitHub.
    expect(JSON.parse(first)[2].json).toMatchObject({ number: 1, state: 'closed', merged: true });
  });

  it('says an unknown id is not found and a chosen key already exists, as a real server words it', async () => {
    await mock('lab/gh', '@github/github-mcp-server');
    expect(await callTool('lab/gh', 'issue_read', { method: 'get', ...widgets, issue_number: 999 })).toMatchObject({
      isError: true,
      text: 'Issue 999 not found',
    });
    expect((await callTool('lab/gh', 'create_branch', { ...widgets, branch: 'feature' })).isError).toBe(false);
    expect(await callTool('lab/gh', 'create_branch', { ...widgets, branch: 'feature' })).toMatchObject({
      isError: true,
      text: 'Branch feature already exists',
    });
    // The scope of the read must agree with the entity's.
    await callTool('lab/gh', 'issue_write', { method: 'create', ...widgets, title: 'Scoped' });
    expect((await callTool('lab/gh', 'issue_read', { method: 'get', owner: 'acme', repo: 'other', issue_number: 1 })).isError).toBe(true);
  });
});

describe('worlds, schemas and paging', () => {
  const tracker = {
    displayName: 'Tracker',
    tools: [
      {
        name: 'create_ticket',
        inputSchema: {
          type: 'object',
          properties: { title: { type: 'string' }, priority: { type: 'string', enum: ['low', 'high'] } },
          required: ['title'],
        },
      },
      {
        name: 'get_ticket',
        inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' } }, required: ['ticket_id'] },
        outputSchema: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            title: { type: 'string' },
            assignee: { type: 'string', format: 'email' },
            points: { type: 'integer', minimum: 1, maximum: 8 },
            createdAt: { type: 'string', format: 'date-time' },
          },
          required: ['id', 'title', 'assignee', 'points', 'createdAt'],
          additionalProperties: false,
        },
      },
      {
        name: 'list_tickets',
        inputSchema: {
          type: 'object',
          properties: { priority: { type: 'string' }, page: { type: 'integer' }, per_page: { type: 'integer' } },
        },
        outputSchema: {
          type: 'object',
          properties: {
            tickets: {
              type: 'array',
              items: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } }, required: ['id', 'title'] },
            },
            total: { type: 'integer' },
          },
          required: ['tickets', 'total'],
        },
      },
      { name: 'escalate', inputSchema: { type: 'object', properties: { ticket_id: { type: 'string' } } } },
    ],
  };

  beforeEach(async () => {
    expect((await harness.call('PUT', '/servers/@lab/tracker', { body: tracker })).status).toBeLessThan(300);
    await mock('lab/tracker', '@lab/tracker');
  });

  it('fills what an outputSchema requires, valid against it, and gives the same made-up values on the next read', async () => {
    const created = await callTool('lab/tracker', 'create_ticket', { title: 'Printer jam', priority: 'high' });
    expect(created.json).toMatchObject({ id: 'ticket_1', title: 'Printer jam', priority: 'high' });
    const read = await callTool('lab/tracker', 'get_ticket', { ticket_id: 'ticket_1' });
    const validate = createSchemaCompiler().compile(tracker.tools[1]!.outputSchema!);
    expect(validate.ok && validate.validate(read.structuredContent)).toBe(true);
    expect(read.structuredContent).toMatchObject({ id: 'ticket_1', title: 'Printer jam', createdAt: '2026-01-01T00:00:00.000Z' });
    expect((await callTool('lab/tracker', 'get_ticket', { ticket_id: 'ticket_1' })).structuredContent).toEqual(read.structuredContent);
  });

  it('filters a list by argument values and pages it, counting all that match', async () => {
    for (const [index, priority] of ['low', 'high', 'high', 'low', 'high'].entries())
      await callTool('lab/tracker', 'create_ticket', { title: `T${index + 1}`, priority });
    const page = await callTool('lab/tracker', 'list_tickets', { priority: 'high', page: 2, per_page: 2 });
    expect(page.structuredContent.tickets.map((ticket: { title: string }) => ticket.title)).toEqual(['T5']);
    expect(page.structuredContent.total).toBe(3);
    expect(
      (await callTool('lab/tracker', 'list_tickets', { per_page: 2 })).structuredContent.tickets.map((ticket: { id: string }) => ticket.id),
    ).toEqual(['ticket_1', 'ticket_2']);
  });

  it('acknowledges another action and keeps it as a fact', async () => {
    const done = await callTool('lab/tracker', 'escalate', { ticket_id: 'ticket_9' });
    expect(done).toMatchObject({ isError: false, text: 'Done: escalate {"ticket_id":"ticket_9"}' });
    const memory = await harness.call('GET', '/__mcpsim/connections/lab/tracker/memory');
    expect(memory.body.world.facts).toEqual(['call #1: escalate {"ticket_id":"ticket_9"}']);
  });

  it('starts from the world the control API sets, on the first call and again after a reset', async () => {
    const world = { entities: { ticket: { T_7: { title: 'Seeded', priority: 'low' } } }, facts: ['The team is on call this week'] };
    const set = await harness.call('PUT', '/__mcpsim/connections/lab/tracker/simulation', { body: { world } });
    expect(set.body).toEqual({ world, tools: {}, appliesFrom: 'now' });
    expect((await harness.call('GET', '/__mcpsim/connections/lab/tracker/memory')).body.world).toEqual(world);
    expect((await callTool('lab/tracker', 'get_ticket', { ticket_id: 'T_7' })).structuredContent).toMatchObject({
      id: 'T_7',
      title: 'Seeded',
    });
    expect((await callTool('lab/tracker', 'create_ticket', { title: 'Next' })).json.id).toBe('T_8');

    expect((await harness.call('DELETE', '/__mcpsim/connections/lab/tracker/memory')).status).toBe(200);
    expect((await harness.call('GET', '/__mcpsim/connections/lab/tracker/memory')).body.world).toEqual(world);
    expect((await harness.call('GET', '/__mcpsim/connections/lab/tracker/simulation')).body).toEqual({ world, tools: {} });
  });

  it('keeps the world a memory built when a new seed comes in, until the next reset', async () => {
    await callTool('lab/tracker', 'create_ticket', { title: 'Kept' });
    const set = await harness.call('PUT', '/__mcpsim/connections/lab/tracker/simulation', {
      body: { world: { entities: { ticket: { T_1: { title: 'Seed' } } } } },
    });
    expect(set.body.appliesFrom).toBe('next-reset');
    expect(Object.keys((await harness.call('GET', '/__mcpsim/connections/lab/tracker/memory')).body.world.entities.ticket)).toEqual([
      'ticket_1',
    ]);
    await harness.call('DELETE', '/__mcpsim/connections/lab/tracker/memory');
    expect(Object.keys((await harness.call('GET', '/__mcpsim/connections/lab/tracker/memory')).body.world.entities.ticket)).toEqual([
      'T_1',
    ]);
  });

  it('follows a tool correction from the control API', async () => {
    await callTool('lab/tracker', 'create_ticket', { title: 'Urgent' });
    expect((await callTool('lab/tracker', 'escalate', { ticket_id: 'ticket_1' })).text).toMatch(/^Done/);
    await harness.call('PUT', '/__mcpsim/connections/lab/tracker/simulation', {
      body: { tools: { escalate: { operation: 'read', entity: 'ticket', id: 'ticket_id' } } },
    });
    expect((await callTool('lab/tracker', 'escalate', { ticket_id: 'ticket_1' })).json).toMatchObject({ id: 'ticket_1', title: 'Urgent' });
  });

  it('refuses settings for a connection that is not a mock, a bad body, and an unknown connection', async () => {
    await harness.call('PUT', '/connect/lab/real', { body: { mcpUrl: 'http://127.0.0.1:9/mcp' } });
    const notMock = await harness.call('PUT', '/__mcpsim/connections/lab/real/simulation', { body: {} });
    expect(notMock.status).toBe(409);
    expect(notMock.body.message).toContain('is not a mock connection');
    const bad = await harness.call('PUT', '/__mcpsim/connections/lab/tracker/simulation', {
      body: { tools: { create_ticket: { operation: 'make' } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'validation_error', message: expect.stringContaining('tools.create_ticket.operation') });
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/nope/simulation', { body: {} })).status).toBe(404);
    expect((await harness.call('PUT', '/__mcpsim/connections/lab/tracker/simulation', { body: {}, key: 'wrong-key-000000' })).status).toBe(
      401,
    );
  });
});

describe('the clock tools', () => {
  it('tell the time of the platform clock in the zone asked for, and convert between zones', async () => {
    await mock('lab/time', '@modelcontextprotocol/time');
    harness.clock.set('2026-07-01T10:00:00.000Z');
    expect((await callTool('lab/time', 'get_current_time', { timezone: 'Europe/Berlin' })).json).toEqual({
      timezone: 'Europe/Berlin',
      datetime: '2026-07-01T12:00:00+02:00',
      day_of_week: 'Wednesday',
      is_dst: true,
    });
    expect(
      (await callTool('lab/time', 'convert_time', { source_timezone: 'Europe/Berlin', time: '14:30', target_timezone: 'Asia/Tokyo' })).json,
    ).toMatchObject({
      source: { datetime: '2026-07-01T14:30:00+02:00' },
      target: { datetime: '2026-07-01T21:30:00+09:00', is_dst: false },
      time_difference: '+7.0h',
    });
    expect(await callTool('lab/time', 'get_current_time', { timezone: 'Mars/Olympus' })).toMatchObject({
      isError: true,
      text: 'Invalid timezone: Mars/Olympus',
    });
  });
});
