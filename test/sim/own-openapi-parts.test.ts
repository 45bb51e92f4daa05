/**
 * A server generated from an OpenAPI description, as Cal.com's `@calcom/cal-mcp` is: each tool
 * takes the request's parts side by side (`params` with the path and query values and headers,
 * `body` as one of several shapes), driven with no model over the real platform (a real SQLite
 * file, `app.fetch` in process), as it was driven with `mcpsim serve --scenario` and curl. The
 * parts are read as the tool's own arguments, and the headers in them are not data.
 */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/domain/registry.js';
import type { Harness } from '../support/harness.js';
import { connectMockClient } from '../support/mock-client.js';
import { useSimulatorHarness } from '../support/simulator-harness.js';

let harness: Harness;
useSimulatorHarness('mcpsim-own-openapi-', (started) => (harness = started));

const text = { type: 'string' };
const version = { default: '2024-08-13', type: 'string' };
const params = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { 'cal-api-version': version, ...properties },
  required: ['cal-api-version', ...required],
  default: {},
});
const attendee = { type: 'object', properties: { name: text, email: text, timeZone: text }, required: ['name', 'timeZone'] };
const bookingTools: ToolDefinition[] = [
  {
    name: 'getBookings',
    description: 'Get all bookings',
    inputSchema: {
      type: 'object',
      properties: {
        params: params(
          {
            status: { type: 'array', items: { enum: ['upcoming', 'recurring', 'past', 'cancelled', 'unconfirmed'], type: 'string' } },
            attendeeEmail: text,
            afterStart: text,
            beforeEnd: text,
            sortStart: { enum: ['asc', 'desc'], type: 'string' },
            take: { type: 'number' },
            Authorization: text,
          },
          ['Authorization'],
        ),
      },
    },
  },
  {
    name: 'createBooking',
    description: 'POST /v2/bookings is used to create regular bookings, recurring bookings and instant bookings.',
    inputSchema: {
      type: 'object',
      properties: {
        params: params({}, []),
        body: {
          anyOf: [{ $ref: '#/$defs/CreateBookingInput' }, { $ref: '#/$defs/CreateInstantBookingInput' }],
          type: 'object',
          description: 'Accepts different types of booking input.',
        },
      },
      required: ['body'],
      $defs: {
        CreateBookingInput: {
          type: 'object',
          properties: { start: text, eventTypeId: { type: 'number' }, attendee },
          required: ['start', 'eventTypeId', 'attendee'],
        },
        CreateInstantBookingInput: {
          type: 'object',
          properties: { start: text, eventTypeId: { type: 'number' }, attendee, instant: { type: 'boolean' } },
          required: ['start', 'eventTypeId', 'attendee', 'instant'],
        },
      },
    },
  },
  {
    name: 'getBooking',
    description: '`:bookingUid` can be the uid of a normal booking.',
    inputSchema: { type: 'object', properties: { params: params({ bookingUid: text }, ['bookingUid']) } },
  },
  {
    name: 'rescheduleBooking',
    description: 'Reschedule a booking or seated booking',
    inputSchema: {
      type: 'object',
      properties: {
        params: params({ bookingUid: text }, ['bookingUid']),
        body: { anyOf: [{ $ref: '#/$defs/RescheduleBookingInput' }], type: 'object' },
      },
      required: ['body'],
      $defs: { RescheduleBookingInput: { type: 'object', properties: { start: text, reschedulingReason: text }, required: ['start'] } },
    },
  },
  {
    name: 'cancelBooking',
    description:
      ':bookingUid can be :bookingUid of an usual booking, individual recurrence or recurring booking to cancel all recurrences.',
    inputSchema: {
      type: 'object',
      properties: {
        params: params({ bookingUid: text }, ['bookingUid']),
        body: { anyOf: [{ $ref: '#/$defs/CancelBookingInput' }] },
      },
      $defs: { CancelBookingInput: { type: 'object', properties: { cancellationReason: text } } },
    },
  },
];

const api = { 'cal-api-version': '2024-08-13' };

describe('a server whose tools take the request parts side by side', () => {
  it('creates, reschedules, cancels and lists bookings by the values inside params and body', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'calcom', tools: bookingTools });
    const attendeeJo = { name: 'Jo Park', email: 'jo@example.com', timeZone: 'Europe/London' };
    const created = await call('createBooking', {
      params: api,
      body: { start: '2026-12-03T09:00:00Z', eventTypeId: 101, attendee: attendeeJo },
    });
    expect(created.isError).toBe(false);
    expect(created.json).toMatchObject({ start: '2026-12-03T09:00:00Z', eventTypeId: 101, attendee: attendeeJo });
    // The request's parts and headers are not the booking's fields.
    expect(Object.keys(created.json)).not.toEqual(expect.arrayContaining(['params']));
    expect(created.json).not.toHaveProperty('cal-api-version');
    const uid = created.json.uid as string;
    expect(typeof uid).toBe('string');

    const moved = await call('rescheduleBooking', { params: { ...api, bookingUid: uid }, body: { start: '2026-12-04T09:00:00Z' } });
    expect(moved.json).toMatchObject({ uid, start: '2026-12-04T09:00:00Z' });
    expect((await call('getBooking', { params: { ...api, bookingUid: uid } })).json).toMatchObject({ uid, start: '2026-12-04T09:00:00Z' });

    const cancelled = await call('cancelBooking', { params: { ...api, bookingUid: uid }, body: { cancellationReason: 'ill' } });
    expect(cancelled.json).toMatchObject({ uid, status: 'cancelled', cancellationReason: 'ill' });
    const listed = (status: string) => call('getBookings', { params: { ...api, Authorization: 'Bearer cal_x', status: [status] } });
    expect((await listed('cancelled')).json.bookings.map((booking: { uid: string }) => booking.uid)).toEqual([uid]);
    expect((await listed('upcoming')).json.bookings).toEqual([]);

    const unknown = await call('getBooking', { params: { ...api, bookingUid: 'bk_missing' } });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/not found/i);
    await close();
  });

  it('lists by the service’s own filters: a time window, a nested field, an order and a page size', async () => {
    const { call, close } = await connectMockClient(harness, { name: 'calfilters', tools: bookingTools });
    const uids: Record<string, string> = {};
    for (const [day, name] of [
      ['05', 'Ada'],
      ['03', 'Jo'],
      ['07', 'Sam'],
    ] as const) {
      const attendeeOf = { name, email: `${name.toLowerCase()}@example.com`, timeZone: 'UTC' };
      const created = await call('createBooking', {
        params: api,
        body: { start: `2026-12-${day}T09:00:00Z`, eventTypeId: 101, attendee: attendeeOf },
      });
      uids[name] = created.json.uid;
    }
    // The new mock's starting world holds one example booking of its own; these are the ones made here.
    const listed = async (filters: Record<string, unknown>) =>
      (await call('getBookings', { params: { ...api, Authorization: 'Bearer cal_x', ...filters } })).json.bookings
        .map((booking: { uid: string }) => booking.uid)
        .filter((uid: string) => Object.values(uids).includes(uid));
    expect(await listed({ afterStart: '2026-12-04T00:00:00Z' })).toEqual([uids.Ada, uids.Sam]);
    // Bookings keep no `end` here: a window on it says nothing of them.
    expect(await listed({ beforeEnd: '2026-12-06T00:00:00Z' })).toHaveLength(3);
    expect(await listed({ attendeeEmail: 'jo@example.com' })).toEqual([uids.Jo]);
    expect(await listed({ sortStart: 'desc' })).toEqual([uids.Sam, uids.Ada, uids.Jo]);
    expect(await listed({ sortStart: 'asc' })).toEqual([uids.Jo, uids.Ada, uids.Sam]);
    const page = await call('getBookings', { params: { ...api, Authorization: 'Bearer cal_x', take: 2 } });
    expect(page.json.bookings).toHaveLength(2);
    await close();
  });
});
