/**
 * The virtual clock: `GET|POST /__mcpsim/clock`, and `--clock` / `MCPSIM_CLOCK` in the config.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../../src/config.js';
import { systemClock } from '../../src/domain/clock.js';
import { doors, startHarness, testStart, type Harness } from '../support/harness.js';
import { addAccount } from '../support/accounts.js';
import { mint } from '../support/tokens.js';

describe.each(doors)('the /__mcpsim/clock control route (%s)', (door) => {
  let harness: Harness;
  afterEach(() => harness.close());

  it('reports the virtual time, and moves it by a duration, by milliseconds or to a date', async () => {
    harness = await startHarness(door);
    expect((await harness.call('GET', '/__mcpsim/clock')).body).toEqual({ now: testStart, virtual: true });
    const steps: [unknown, string][] = [
      [{ advance: '1h' }, '2026-01-01T01:00:00.000Z'],
      [{ advance: 1500 }, '2026-01-01T01:00:01.500Z'],
      [{ advance: '30m' }, '2026-01-01T01:30:01.500Z'],
      [{ advance: '250ms' }, '2026-01-01T01:30:01.750Z'],
      [{ advance: '2d' }, '2026-01-03T01:30:01.750Z'],
      [{ set: '2027-06-01T12:00:00+02:00' }, '2027-06-01T10:00:00.000Z'],
      [{ set: '2026-01-01T00:00:00Z' }, testStart],
    ];
    for (const [body, now] of steps) {
      const response = await harness.call('POST', '/__mcpsim/clock', { body });
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.body).toEqual({ now, virtual: true });
      expect((await harness.call('GET', '/health', { key: null })).body.timestamp).toBe(now);
    }
  });

  it("refuses another account's move of the shared clock with 403, so A's tokens neither expire nor revive (issue 16, item 7)", async () => {
    harness = await startHarness(door);
    const tokenOfLocal = await mint(harness, [{ ttl: '1h' }]);
    addAccount(harness.platform, 'b', 'account-b-key-0123456789');
    for (const body of [{ advance: '2h' }, { set: '2030-01-01T00:00:00Z' }, { set: '2020-01-01T00:00:00Z' }]) {
      const response = await harness.call('POST', '/__mcpsim/clock', { key: 'account-b-key-0123456789', body });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: 'forbidden',
        message:
          "The virtual clock is shared by every account of this server, so only the local (first) account may move it; use that account's API key",
      });
    }
    expect((await harness.call('GET', '/__mcpsim/clock', { key: 'account-b-key-0123456789' })).body).toEqual({
      now: testStart,
      virtual: true,
    });
    expect((await harness.call('GET', '/namespaces', { key: tokenOfLocal })).status).toBe(200);
  });

  it('expires a token when the clock is moved past its expiry, without sleeping', async () => {
    harness = await startHarness(door);
    const token = await mint(harness, [{ ttl: '10m' }]);
    await harness.call('POST', '/__mcpsim/clock', { body: { advance: '9m' } });
    expect((await harness.call('GET', '/namespaces', { key: token })).status).toBe(200);
    await harness.call('POST', '/__mcpsim/clock', { body: { advance: '1m' } });
    expect((await harness.call('GET', '/namespaces', { key: token })).body).toEqual({
      error: 'unauthorized',
      message: 'Token expired at 2026-01-01T00:10:00.000Z; mint a new one with POST /tokens',
    });
  });

  it.each([
    [{}, 'body: send exactly one of {"advance": "1h" | milliseconds}, {"set": "<ISO 8601 date-time>"} or {"mode": "system" | "virtual"}'],
    [{ advance: '1h', set: testStart }, 'body: send exactly one of'],
    [{ advance: -1 }, 'advance: must be a non-negative number of milliseconds'],
    [{ advance: '1 hour' }, 'advance: must be milliseconds or a duration such as "500ms", "20s", "30m", "1h", "2d"'],
    [{ set: 'tomorrow' }, 'set: must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z'],
    [{ advance: 9_000_000_000_000_000 }, 'advance: moves the clock out of the range of dates'],
    [{ advance: 1e17 }, 'advance: '],
    [{ advance: '999999999999d' }, 'advance: moves the clock out of the range of dates'],
    [{ rewind: '1h' }, 'body: send exactly one of'],
    [{ mode: 'frozen' }, 'body: send exactly one of'],
    [{ mode: 'virtual', advance: '1h' }, 'body: send exactly one of'],
  ])('refuses %j with 400 validation_error', async (body, message) => {
    harness = await startHarness(door);
    const response = await harness.call('POST', '/__mcpsim/clock', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation_error', message: expect.stringContaining(message) });
    expect((await harness.call('GET', '/__mcpsim/clock')).body.now).toBe(testStart);
  });

  it('answers 400 to a move when the server runs on the system clock', async () => {
    harness = await startHarness(door, { clock: systemClock });
    const before = Date.now();
    const clock = await harness.call('GET', '/__mcpsim/clock');
    expect(clock.body.virtual).toBe(false);
    expect(Date.parse(clock.body.now)).toBeGreaterThanOrEqual(before - 1000);
    const response = await harness.call('POST', '/__mcpsim/clock', { body: { advance: '1h' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'validation_error',
      message:
        'The clock is not virtual: switch to a virtual clock first with {"mode": "virtual"} (or start mcpsim with --clock virtual) to move it',
    });
  });

  it('switches from the system clock to a virtual one that starts now, and back, while running', async () => {
    harness = await startHarness(door, { clock: systemClock });
    const before = Date.now();
    const virtual = await harness.call('POST', '/__mcpsim/clock', { body: { mode: 'virtual' } });
    expect(virtual.status).toBe(200);
    expect(virtual.body.virtual).toBe(true);
    expect(Date.parse(virtual.body.now)).toBeGreaterThanOrEqual(before - 1000);
    const moved = await harness.call('POST', '/__mcpsim/clock', { body: { set: '2030-01-01T00:00:00Z' } });
    expect(moved.body).toEqual({ now: '2030-01-01T00:00:00.000Z', virtual: true });
    expect((await harness.call('GET', '/health', { key: null })).body.timestamp).toBe('2030-01-01T00:00:00.000Z');
    // Switching to virtual again keeps the virtual time as it is.
    expect((await harness.call('POST', '/__mcpsim/clock', { body: { mode: 'virtual' } })).body.now).toBe('2030-01-01T00:00:00.000Z');

    const system = await harness.call('POST', '/__mcpsim/clock', { body: { mode: 'system' } });
    expect(system.body.virtual).toBe(false);
    expect(Date.parse(system.body.now)).toBeLessThan(Date.parse('2030-01-01T00:00:00Z'));
    expect((await harness.call('POST', '/__mcpsim/clock', { body: { advance: '1h' } })).status).toBe(400);
  });

  it("refuses another account's switch of the shared clock with 403", async () => {
    harness = await startHarness(door);
    addAccount(harness.platform, 'b', 'account-b-key-0123456789');
    const response = await harness.call('POST', '/__mcpsim/clock', { key: 'account-b-key-0123456789', body: { mode: 'system' } });
    expect(response.status).toBe(403);
    expect((await harness.call('GET', '/__mcpsim/clock')).body).toEqual({ now: testStart, virtual: true });
  });

  it('needs the API key', async () => {
    harness = await startHarness(door);
    expect((await harness.call('GET', '/__mcpsim/clock', { key: null })).status).toBe(401);
  });
});

describe('the clock setting', () => {
  it.each([
    [{}, {}, { kind: 'system' }],
    [{ clock: 'system' }, {}, { kind: 'system' }],
    [{ clock: 'virtual' }, {}, { kind: 'virtual', start: null }],
    [{}, { MCPSIM_CLOCK: 'virtual' }, { kind: 'virtual', start: null }],
    [{ clock: '2026-01-01T00:00:00Z' }, { MCPSIM_CLOCK: 'system' }, { kind: 'virtual', start: '2026-01-01T00:00:00.000Z' }],
    [{}, { MCPSIM_CLOCK: '2026-03-01T10:30+01:00' }, { kind: 'virtual', start: '2026-03-01T09:30:00.000Z' }],
  ])('reads flags %j and environment %j as %j', (flags, env, clock) => {
    expect(resolveConfig(flags, env).clock).toEqual(clock);
  });

  it.each(['tomorrow', '2026-01-01', '2026-13-01T00:00:00Z', 'Virtual'])(
    'refuses --clock %s with a message that lists the choices',
    (value) => {
      expect(() => resolveConfig({ clock: value }, {})).toThrow(ConfigError);
      expect(() => resolveConfig({ clock: value }, {})).toThrow(/is not "system", "virtual" or an ISO 8601 date-time/);
    },
  );

  it('refuses an API key that looks like a service token', () => {
    expect(() => resolveConfig({ apiKey: 'mcps_looks-like-a-token' }, {})).toThrow(/must not start with "mcps_"/);
  });
});
