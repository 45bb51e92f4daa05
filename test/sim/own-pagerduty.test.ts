/**
 * A user's on-call server, driven as nobody had tuned on it: 30 of the real tools of PagerDuty's
 * official MCP server (`pagerduty-mcp`, github.com/PagerDuty/pagerduty-mcp-server at 22adbf1; a
 * Python FastMCP server, so its input and output schemas are the ones Pydantic writes from its
 * models, `$defs` and `$ref` included: servers/pagerduty-mcp-tools.json), through the real
 * platform (a real SQLite file, `app.fetch` in process), with no model.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { describedMock, useSimulatorHarness } from '../support/simulator-harness.js';
import type { ToolDefinition } from '../../src/domain/registry.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-pagerduty-', (started) => (harness = started));

const tools = JSON.parse(readFileSync(new URL('./servers/pagerduty-mcp-tools.json', import.meta.url), 'utf8')) as ToolDefinition[];

/** The scenario a QA person wrote for the drive: people, teams, services, three incidents in three states, a note. */
const onCall =
  'The on-call world of Acme Payments. I am Priya Shah (priya@acme.dev), an engineer on the Platform team. Teams: Platform (Priya Shah, Leo Brandt) and Payments (Ana Costa, Tom Reyes). Services: "Checkout API" (team Platform), "Payments Worker" (team Payments) and "Status Site" (team Platform). Escalation policy "Platform primary" pages Priya, then Leo after 30 minutes. Priorities are P1, P2 and P3. Incidents: #1042 "Checkout 500s spike" on Checkout API, triggered on 2026-05-04 at 09:12, high urgency, assigned to Priya; #1041 "Payments queue backlog" on Payments Worker, acknowledged by Ana Costa on 2026-05-03, high urgency; #1039 "Status page certificate expiring" on Status Site, resolved on 2026-05-01, low urgency. Incident #1042 has a note from Leo: "Rolled back deploy 311, errors dropping".';

const mock = (scenario: string) =>
  describedMock(harness, { server: '@qa/pagerduty', displayName: 'PagerDuty', tools, namespace: 'ops', connection: 'pd', scenario });

describe('a PagerDuty server driven with no model', () => {
  it('shows a seeded incident the same in every list and read, whatever the filter (`response: {items: {$ref}}`)', async () => {
    const call = await mock(onCall);
    const all = (await call('list_incidents', {})).response as { id: string; title: string }[];
    const [filtered] = (await call('list_incidents', { statuses: ['triggered'] })).response;
    const [urgent] = (await call('list_incidents', { urgencies: ['high'] })).response;
    for (const shown of [filtered, urgent]) {
      const listed = all.find((incident) => incident.id === shown.id);
      expect(listed?.title).toEqual(expect.any(String));
      expect(shown).toEqual(listed);
      expect(await call('get_incident', { incident_id: shown.id })).toEqual(listed);
    }
  });

  it('acknowledges and resolves several incidents at once, and keeps none of the list answer in the records', async () => {
    const call = await mock('Services: "Checkout API" and "Payments Worker".');
    const [service] = (await call('list_services', { query: 'Checkout' })).response;
    const ids: string[] = [];
    for (const title of ['Card declines rising', 'Webhook retries piling up']) {
      const created = await call('create_incident', { incident: { title, service: { id: service.id }, urgency: 'high' } });
      expect(created.status).toBe('triggered');
      ids.push(created.id);
    }
    const managed = await call('manage_incidents', { manage_request: { incident_ids: ids, status: 'acknowledged' } });
    expect(Object.keys(managed).sort()).toEqual(['response', 'response_summary']);
    expect(managed.response.map((incident: { id: string; status: string }) => [incident.id, incident.status])).toEqual([
      [ids[0], 'acknowledged'],
      [ids[1], 'acknowledged'],
    ]);
    const read = await call('get_incident', { incident_id: ids[1] });
    expect(read).toEqual(expect.objectContaining({ title: 'Webhook retries piling up', status: 'acknowledged' }));
    expect(read).not.toHaveProperty('response');
    expect(read).not.toHaveProperty('response_summary');
    // Acknowledging sets no resolution time; resolving stamps resolved_at, the field PagerDuty's Incident carries.
    expect(read.resolved_at ?? null).toBeNull();
    const resolved = (await call('manage_incidents', { manage_request: { incident_ids: [ids[0]], status: 'resolved' } })).response[0];
    expect(resolved.resolved_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect((await call('get_incident', { incident_id: ids[0] })).resolved_at).toBe(resolved.resolved_at);
    const open = (await call('list_incidents', { statuses: ['triggered', 'acknowledged'] })).response;
    expect(open.map((incident: { id: string }) => incident.id)).toEqual([ids[1]]);
  });

  it('answers the person the scenario speaks as ("I am Priya Shah (priya@acme.dev)") to get_user_data', async () => {
    const call = await mock(onCall);
    expect(await call('get_user_data', {})).toEqual(expect.objectContaining({ name: 'Priya Shah', email: 'priya@acme.dev' }));
    const me = await call('get_user_data', {});
    const users = (await call('list_users', {})).response as { name: string }[];
    // What the read made up for the caller (the role the schema requires) is the same in the list of users.
    expect(users.find((user) => user.name === 'Priya Shah')).toEqual(me);
  });

  it('keeps the text of a note as its content, under a new id, and lists it on its incident', async () => {
    const call = await mock('Services: "Checkout API".');
    const [service] = (await call('list_services', {})).response;
    const incident = await call('create_incident', { incident: { title: 'Card declines rising', service: { id: service.id } } });
    const note = await call('add_note_to_incident', { incident_id: incident.id, note: 'Issuer outage at BankCo, waiting' });
    expect(note.content).toBe('Issuer outage at BankCo, waiting');
    expect(note.id).not.toBe('Issuer outage at BankCo, waiting');
    const notes = (await call('list_incident_notes', { incident_id: incident.id })).response;
    expect(notes).toEqual([expect.objectContaining({ id: note.id, content: 'Issuer outage at BankCo, waiting' })]);
  });

  it('points a made-up reference at a record the world holds, named as it is named, the same on every read', async () => {
    const call = await mock(onCall);
    const services = (await call('list_services', {})).response as { id: string; name: string; escalation_policy: { id: string } }[];
    const names = new Map(services.map((service) => [service.id, service.name]));
    const policies = ((await call('list_escalation_policies', {})).response as { id: string }[]).map((policy) => policy.id);
    const users = new Map(((await call('list_users', {})).response as { id: string; name: string }[]).map((user) => [user.id, user.name]));
    const [incident] = (await call('list_incidents', {})).response;
    expect(names.get(incident.service.id)).toEqual(expect.any(String));
    expect(incident.service.summary).toBe(names.get(incident.service.id));
    for (const service of services) expect(policies).toContain(service.escalation_policy.id);
    const oncalls = (await call('list_oncalls', {})).response as { user: { id: string; summary: string } }[];
    expect(oncalls.length).toBeGreaterThan(0);
    for (const oncall of oncalls) expect(oncall.user.summary).toBe(users.get(oncall.user.id));
    expect((await call('list_oncalls', {})).response).toEqual(oncalls);
    expect(await call('get_incident', { incident_id: incident.id })).toEqual(incident);
  });

  it("spells a reference's `type` as the server spells reference types (`user_reference`), for a reference given or made up", async () => {
    const call = await mock(onCall);
    const [incident] = (await call('list_incidents', {})).response;
    expect(incident.service.type).toBe('service_reference');
    const [oncall] = (await call('list_oncalls', {})).response;
    expect(oncall.user.type).toBe('user_reference');
    const [service] = (await call('list_services', { query: 'Checkout' })).response;
    const created = await call('create_incident', { incident: { title: 'Card declines rising', service: { id: service.id } } });
    expect(created.service).toEqual({ id: service.id, summary: 'Checkout API', type: 'service_reference' });
  });

  it('sums up an answer in `response_summary` ("Generate a summary of the response.") by what it holds', async () => {
    const call = await mock(onCall);
    expect((await call('list_services', {})).response_summary).toBe('3 services');
    expect((await call('list_incidents', { statuses: ['resolved'] })).response_summary).toMatch(/^\d+ incidents?$/);
    const incidents = await call('list_incidents', {});
    expect(incidents.response_summary).toBe(`${incidents.response.length} incident${incidents.response.length === 1 ? '' : 's'}`);
  });

  it('never shows a record changed before it was made (a made-up `updated_at` before its `created_at`)', async () => {
    const call = await mock('Services: "Checkout API".');
    const [service] = (await call('list_services', {})).response;
    for (const title of ['Card declines rising', 'Webhook retries piling up', 'Refunds stuck', 'Login latency']) {
      const created = await call('create_incident', { incident: { title, service: { id: service.id } } });
      expect(Date.parse(created.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    }
  });

  it("seeds every incident the scenario lists between semicolons, its `#N` as its `incident_number` and its id in PagerDuty's format", async () => {
    const call = await mock(onCall);
    const incidents = (await call('list_incidents', {})).response as { id: string; incident_number: number; title: string }[];
    expect(incidents.map((incident) => [incident.incident_number, incident.title]).sort()).toEqual([
      [1039, 'Status page certificate expiring'],
      [1041, 'Payments queue backlog'],
      [1042, 'Checkout 500s spike'],
    ]);
    // The id keeps the format of the ids the server's tools show (`Q…`, 14 characters), never the number.
    for (const incident of incidents) expect(incident.id).toMatch(/^Q[A-Z0-9]{13}$/);
    // get_incident takes "The ID or number of the incident": either finds it, the same record.
    const backlog = incidents.find((incident) => incident.incident_number === 1041)!;
    expect(await call('get_incident', { incident_id: '1041' })).toEqual(backlog);
    expect(await call('get_incident', { incident_id: backlog.id })).toEqual(backlog);
    expect((await call('get_incident', { incident_id: '1040' })).error).toMatch(/not found/i);
  });

  it('seeds each incident in the state the scenario says it took and when ("resolved on 2026-05-01"), at the urgency it names ("high urgency")', async () => {
    const call = await mock(onCall);
    // By the number the scenario gives (`#1042`): get_incident takes "The ID or number of the incident".
    const read = async (id: string) => (await call('get_incident', { incident_id: id })) as Record<string, unknown>;
    expect(await read('1042')).toEqual(expect.objectContaining({ status: 'triggered' }));
    expect(Date.parse((await read('1042')).created_at as string)).toBe(Date.parse('2026-05-04T09:12:00Z'));
    expect(await read('1041')).toEqual(expect.objectContaining({ status: 'acknowledged' }));
    expect(await read('1039')).toEqual(expect.objectContaining({ status: 'resolved' }));
    // PagerDuty's `Incident` shows no urgency (its schema lists none), but the filter finds each by the urgency it was given.
    const urgent = (await call('list_incidents', { urgencies: ['high'] })).response as { title: string }[];
    expect(urgent.map((incident) => incident.title).sort()).toEqual(['Checkout 500s spike', 'Payments queue backlog']);
    expect((await read('1042')).urgency).toBeUndefined();
    expect(Date.parse((await read('1039')).resolved_at as string)).toBe(Date.parse('2026-05-01T00:00:00Z'));
    const resolved = (await call('list_incidents', { statuses: ['resolved'] })).response as { incident_number: number }[];
    expect(resolved.map((incident) => incident.incident_number)).toEqual([1039]);
  });

  it('links each incident to the service the scenario puts it on ("#1042 … on Checkout API"), a `service: {id}` reference', async () => {
    const call = await mock(onCall);
    const services = (await call('list_services', {})).response as { id: string; name: string }[];
    const names = new Map(services.map((service) => [service.id, service.name]));
    const serviceOf = async (id: string) => {
      const incident = (await call('get_incident', { incident_id: id })) as { service: { id: string; summary: string } };
      expect(incident.service.summary).toBe(names.get(incident.service.id));
      return names.get(incident.service.id);
    };
    expect([await serviceOf('1042'), await serviceOf('1041'), await serviceOf('1039')]).toEqual([
      'Checkout API',
      'Payments Worker',
      'Status Site',
    ]);
  });

  it('seeds the people a team\'s parenthesis lists ("Platform (Priya Shah, Leo Brandt)") as users and as its members', async () => {
    const call = await mock(onCall);
    const users = new Map(((await call('list_users', {})).response as { id: string; name: string }[]).map((user) => [user.id, user.name]));
    expect([...users.values()].sort()).toEqual(['Ana Costa', 'Leo Brandt', 'Priya Shah', 'Tom Reyes']);
    const teams = (await call('list_teams', {})).response as { id: string; name: string }[];
    const membersOf = async (name: string) => {
      const team = teams.find((candidate) => candidate.name === name)!;
      const members = (await call('list_team_members', { team_id: team.id })).response as { id: string }[];
      return members.map((member) => users.get(member.id)).sort();
    };
    expect(await membersOf('Platform')).toEqual(['Leo Brandt', 'Priya Shah']);
    expect(await membersOf('Payments')).toEqual(['Ana Costa', 'Tom Reyes']);
  });

  it("answers list_priorities, whose output is FastMCP's `{result: string}`, with the priorities the scenario names as JSON text and nothing beside", async () => {
    const call = await mock(onCall);
    const answer = await call('list_priorities', {});
    expect(Object.keys(answer)).toEqual(['result']);
    const priorities = JSON.parse(answer.result) as { id: string; name: string }[];
    expect(priorities.map((priority) => priority.name).sort()).toEqual(['P1', 'P2', 'P3']);
    for (const priority of priorities) expect(priority.id).toMatch(/^P[A-Z0-9]{6}$/);
  });

  it('shows an on-call record with only the properties its schema lists (`Oncall`: no `id` or `name` the world keeps for it)', async () => {
    const call = await mock(onCall);
    const oncalls = (await call('list_oncalls', {})).response as Record<string, unknown>[];
    expect(oncalls.length).toBeGreaterThan(0);
    const listed = ['escalation_policy', 'escalation_level', 'schedule', 'user', 'start', 'end'];
    for (const oncall of oncalls) {
      expect(oncall).toHaveProperty('user');
      for (const key of Object.keys(oncall)) expect(listed).toContain(key);
    }
    // The same holds in a reference: a `UserReference` is `{id, summary, type}`.
    for (const oncall of oncalls) expect(Object.keys(oncall.user as object).sort()).toEqual(['id', 'summary', 'type']);
  });

  it("shows each user's `teams` as the teams the scenario puts them on, and after a member is added to a team or removed from one", async () => {
    const call = await mock(onCall);
    const teams = new Map(((await call('list_teams', {})).response as { id: string; name: string }[]).map((team) => [team.name, team.id]));
    const users = (await call('list_users', {})).response as {
      id: string;
      name: string;
      teams: { id: string; summary: string; type: string }[];
    }[];
    const teamsOf = (name: string) => users.find((user) => user.name === name)!.teams.map((team) => team.summary);
    expect(teamsOf('Priya Shah')).toEqual(['Platform']);
    expect(teamsOf('Tom Reyes')).toEqual(['Payments']);
    const leo = users.find((user) => user.name === 'Leo Brandt')!;
    expect(leo.teams).toEqual([{ id: teams.get('Platform'), summary: 'Platform', type: 'team_reference' }]);
    // The caller's own read says the same.
    expect((await call('get_user_data', {})).teams.map((team: { id: string }) => team.id)).toEqual([teams.get('Platform')]);
    await call('add_team_member', { team_id: teams.get('Payments'), member_data: { user_id: leo.id } });
    const after = (await call('list_users', { query: 'Leo' })).response[0] as { teams: { summary: string }[] };
    expect(after.teams.map((team) => team.summary).sort()).toEqual(['Payments', 'Platform']);
    await call('remove_team_member', { team_id: teams.get('Platform'), user_id: leo.id });
    const left = (await call('list_users', { query: 'Leo' })).response[0] as { teams: { summary: string }[] };
    expect(left.teams.map((team) => team.summary)).toEqual(['Payments']);
  });

  it('stamps an acknowledgement where the Incident names one (`acknowledged_at`), seeded ("acknowledged by Ana Costa on 2026-05-03") or made', async () => {
    // PagerDuty's Incident names no acknowledgement stamp, so none is shown; the same tools with one named carry it.
    const stamp = { anyOf: [{ format: 'date-time', type: 'string' }, { type: 'null' }], default: null, title: 'Acknowledged At' };
    const withStamp = JSON.parse(JSON.stringify(tools), (_key, value) =>
      value && typeof value === 'object' && value.title === 'Incident' && value.properties?.resolved_at
        ? { ...value, properties: { ...value.properties, acknowledged_at: stamp } }
        : value,
    ) as ToolDefinition[];
    const plain = await mock(onCall);
    expect(await plain('get_incident', { incident_id: '1041' })).not.toHaveProperty('acknowledged_at');
    const call = await describedMock(harness, {
      server: '@qa/pagerduty-stamped',
      displayName: 'PagerDuty',
      tools: withStamp,
      namespace: 'ops',
      connection: 'pd-stamped',
      scenario: onCall,
    });
    expect((await call('get_incident', { incident_id: '1041' })).acknowledged_at).toBe('2026-05-03T00:00:00Z');
    const triggered = await call('get_incident', { incident_id: '1042' });
    expect(triggered.acknowledged_at ?? null).toBeNull();
    const [acknowledged] = (await call('manage_incidents', { manage_request: { incident_ids: [triggered.id], status: 'acknowledged' } }))
      .response;
    expect(acknowledged.acknowledged_at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it("never shows an incident changed before it was acknowledged or resolved, and a move bumps `updated_at` to the clock's now", async () => {
    const call = await mock(onCall);
    const at = (value: unknown) => Date.parse(value as string);
    // "resolved on 2026-05-01": its last change is no earlier than its resolution, nor than its triggering.
    const resolved = await call('get_incident', { incident_id: '1039' });
    expect(at(resolved.updated_at)).toBeGreaterThanOrEqual(at(resolved.resolved_at));
    expect(at(resolved.updated_at)).toBeGreaterThanOrEqual(at(resolved.created_at));
    expect(await call('get_incident', { incident_id: '1039' })).toEqual(resolved);
    const triggered = await call('get_incident', { incident_id: '1042' });
    harness.clock.set('2026-05-06T08:30:00.000Z');
    const [acknowledged] = (await call('manage_incidents', { manage_request: { incident_ids: [triggered.id], status: 'acknowledged' } }))
      .response;
    expect(acknowledged.updated_at).toBe('2026-05-06T08:30:00.000Z');
    harness.clock.advance(60_000);
    const [closed] = (await call('manage_incidents', { manage_request: { incident_ids: [acknowledged.id], status: 'resolved' } })).response;
    expect([closed.resolved_at, closed.updated_at]).toEqual(['2026-05-06T08:31:00.000Z', '2026-05-06T08:31:00.000Z']);
  });

  it("adds a user to a team once, answers the membership it made, and lists the team by its members' user ids", async () => {
    const call = await mock(onCall);
    const teams = new Map(((await call('list_teams', {})).response as { id: string; name: string }[]).map((team) => [team.name, team.id]));
    const users = new Map(((await call('list_users', {})).response as { id: string; name: string }[]).map((user) => [user.name, user.id]));
    const leo = users.get('Leo Brandt')!;
    const tom = users.get('Tom Reyes')!;
    // `-> str` "The API response confirming the addition": the membership as JSON text, never a made-up sentence.
    const added = await call('add_team_member', { team_id: teams.get('Payments'), member_data: { user_id: leo, role: 'responder' } });
    expect(JSON.parse(added.result)).toEqual(expect.objectContaining({ team_id: teams.get('Payments'), user_id: leo, role: 'responder' }));
    // Tom is on Payments already: adding him again keeps one membership.
    await call('add_team_member', { team_id: teams.get('Payments'), member_data: { user_id: tom } });
    const members = (await call('list_team_members', { team_id: teams.get('Payments') })).response as { id: string; type: string }[];
    expect(members.map((member) => member.id).sort()).toEqual([users.get('Ana Costa'), leo, tom].sort());
    // A `UserReference` is a user's: its type says so, as PagerDuty spells references.
    for (const member of members) expect(member.type).toBe('user_reference');
    const created = await call('create_team', { create_model: { team: { name: 'SRE' } } });
    await call('add_team_member', { team_id: created.id, member_data: { user_id: tom } });
    expect((await call('list_team_members', { team_id: created.id })).response).toEqual([
      expect.objectContaining({ id: tom, type: 'user_reference' }),
    ]);
  });

  it('numbers a new incident after the ones the scenario numbered (#1043 after #1042), one after another', async () => {
    const call = await mock(onCall);
    const [service] = (await call('list_services', { query: 'Checkout' })).response;
    const first = await call('create_incident', { incident: { title: 'Card declines rising', service: { id: service.id } } });
    const second = await call('create_incident', { incident: { title: 'Webhook retries piling up', service: { id: service.id } } });
    expect([first.incident_number, second.incident_number]).toEqual([1043, 1044]);
    expect(await call('get_incident', { incident_id: '1044' })).toEqual(
      expect.objectContaining({ id: second.id, title: 'Webhook retries piling up' }),
    );
  });
});
