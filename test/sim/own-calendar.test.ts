/**
 * A booking calendar written by hand as a user would bring it (calendars, events with attendees,
 * cancel, free/busy; Google Calendar's argument names), driven with no model over the real
 * platform (a real SQLite file, `app.fetch` in process), as it was driven with `mcpsim serve
 * --scenario` and curl.
 */
import { describe, expect, it } from 'vitest';
import type { Harness } from '../support/harness.js';
import { toolAnswers, useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-calendar-', (started) => (harness = started));

const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
const text = { type: 'string' };
const moment = { type: 'string', format: 'date-time' };
const where = { calendarId: text, eventId: text };

const calendarTools = [
  { name: 'list_calendars', description: 'Lists the calendars the user can see.', inputSchema: object({}) },
  {
    name: 'create_calendar',
    description: 'Creates a secondary calendar.',
    inputSchema: object({ summary: text, timeZone: text }, ['summary']),
  },
  {
    name: 'list_events',
    description:
      'Lists events on a calendar, those between timeMin and timeMax when given. Cancelled events are left out unless showDeleted is true.',
    inputSchema: object({ calendarId: text, timeMin: moment, timeMax: moment, q: text, showDeleted: { type: 'boolean' } }, ['calendarId']),
  },
  { name: 'get_event', description: 'Returns an event by its id.', inputSchema: object(where, ['calendarId', 'eventId']) },
  {
    name: 'create_event',
    description: 'Creates an event on a calendar and invites its attendees.',
    inputSchema: object(
      {
        calendarId: text,
        summary: text,
        location: text,
        start: moment,
        end: moment,
        attendees: { type: 'array', items: object({ email: text }) },
      },
      ['calendarId', 'summary', 'start', 'end'],
    ),
  },
  {
    name: 'cancel_event',
    description: 'Cancels an event; its status becomes cancelled.',
    inputSchema: object({ ...where, sendUpdates: { type: 'string', enum: ['all', 'externalOnly', 'none'] } }, ['calendarId', 'eventId']),
  },
  {
    name: 'add_attendee',
    description: 'Invites one more person to an event.',
    inputSchema: object({ ...where, email: text }, ['calendarId', 'eventId', 'email']),
  },
  {
    name: 'remove_attendee',
    description: "Removes a person from an event's attendees.",
    inputSchema: object({ ...where, email: text }, ['calendarId', 'eventId', 'email']),
  },
  {
    name: 'query_free_busy',
    description: 'Returns the busy intervals of a set of calendars between timeMin and timeMax.',
    inputSchema: object({ timeMin: moment, timeMax: moment, calendarIds: { type: 'array', items: text } }, [
      'timeMin',
      'timeMax',
      'calendarIds',
    ]),
  },
];

const scenario =
  'Two calendars: "Team" and "Rooms". In calendar "Team": event "Sprint planning" (start 2026-01-05T09:00:00Z, end 2026-01-05T10:00:00Z) and event "Retro" (start 2026-01-09T15:00:00Z, end 2026-01-09T16:00:00Z).';

async function calendar() {
  expect((await harness.call('PUT', '/servers/@qa/calendar', { body: { tools: calendarTools } })).status).toBe(201);
  await harness.call('PUT', '/namespaces/team');
  const mock = { enabled: true, scenario };
  expect((await harness.call('PUT', '/connect/team/calendar', { body: { server: '@qa/calendar', mock } })).status).toBe(201);
  return toolAnswers(harness, 'team/calendar');
}

const summaries = (listed: { events: { summary: string }[] }) => listed.events.map((event) => event.summary).sort();

describe('a booking calendar described in words', () => {
  it('lists the events described in a calendar, and those created there within the window asked for', async () => {
    const answers = await calendar();
    const team = (await answers('list_calendars', {})).calendars.find((found: { summary: string }) => found.summary === 'Team');
    expect(summaries(await answers('list_events', { calendarId: team.id }))).toEqual(['Retro', 'Sprint planning']);
    await answers('create_event', {
      calendarId: team.id,
      summary: '1:1 Ada',
      start: '2026-01-06T10:00:00Z',
      end: '2026-01-06T10:30:00Z',
      attendees: [{ email: 'ada@example.com' }],
    });
    const window = { timeMin: '2026-01-06T00:00:00Z', timeMax: '2026-01-07T00:00:00Z' };
    expect(summaries(await answers('list_events', { calendarId: team.id, ...window }))).toEqual(['1:1 Ada']);
  });

  it('leaves a cancelled event out of the lists until showDeleted asks for it, and reads it by id as cancelled', async () => {
    const answers = await calendar();
    const team = (await answers('list_calendars', {})).calendars.find((found: { summary: string }) => found.summary === 'Team');
    const listed = await answers('list_events', { calendarId: team.id });
    const planning = listed.events.find((event: { summary: string }) => event.summary === 'Sprint planning');
    expect((await answers('cancel_event', { calendarId: team.id, eventId: planning.id, sendUpdates: 'all' })).error).toBeUndefined();
    expect(summaries(await answers('list_events', { calendarId: team.id }))).toEqual(['Retro']);
    expect(summaries(await answers('list_events', { calendarId: team.id, showDeleted: true }))).toEqual(['Retro', 'Sprint planning']);
    expect(await answers('get_event', { calendarId: team.id, eventId: planning.id })).toMatchObject({ status: 'cancelled' });
  });

  it("adds an invited person to the event's own attendees, and removes one from them by email", async () => {
    const answers = await calendar();
    const team = (await answers('list_calendars', {})).calendars.find((found: { summary: string }) => found.summary === 'Team');
    const event = await answers('create_event', {
      calendarId: team.id,
      summary: '1:1 Ada',
      start: '2026-01-06T10:00:00Z',
      end: '2026-01-06T10:30:00Z',
      attendees: [{ email: 'ada@example.com' }],
    });
    const at = { calendarId: team.id, eventId: event.id };
    expect((await answers('add_attendee', { ...at, email: 'grace@example.com' })).error).toBeUndefined();
    expect((await answers('get_event', at)).attendees).toEqual([{ email: 'ada@example.com' }, { email: 'grace@example.com' }]);
    expect((await answers('remove_attendee', { ...at, email: 'ada@example.com' })).error).toBeUndefined();
    expect((await answers('get_event', at)).attendees).toEqual([{ email: 'grace@example.com' }]);
    expect((await answers('remove_attendee', { ...at, email: 'nobody@example.com' })).error).toMatch(/not found/);
  });

  it('answers free/busy with the intervals the events of each calendar take in the window, a cancelled one freeing its time', async () => {
    const answers = await calendar();
    const calendars = (await answers('list_calendars', {})).calendars as { id: string; summary: string }[];
    const team = calendars.find((found) => found.summary === 'Team')!;
    const rooms = calendars.find((found) => found.summary === 'Rooms')!;
    const window = { timeMin: '2026-01-05T00:00:00Z', timeMax: '2026-01-08T00:00:00Z', calendarIds: [team.id, rooms.id] };
    expect((await answers('query_free_busy', window)).calendars).toEqual({
      [team.id]: { busy: [{ start: '2026-01-05T09:00:00Z', end: '2026-01-05T10:00:00Z' }] },
      [rooms.id]: { busy: [] },
    });
    const planning = (await answers('list_events', { calendarId: team.id })).events.find(
      (event: { summary: string }) => event.summary === 'Sprint planning',
    );
    await answers('cancel_event', { calendarId: team.id, eventId: planning.id });
    expect((await answers('query_free_busy', window)).calendars[team.id]).toEqual({ busy: [] });
  });
});
