import { isManualClock, isSwitchableClock, type Clock, type ManualClock } from '../../domain/clock.js';
import { apiError } from '../../errors.js';
import { defineOperation, type Operation } from '../http/operation.js';
import { errorSchema, validationErrorSchema } from '../schemas/connection-schemas.js';
import { clockChangeSchema, clockSchema, toAdvanceMs } from '../schemas/control-schemas.js';

const tag = 'mcpsim';
/** The range of a JavaScript Date. */
const maxTime = 8.64e15;

/**
 * mcpsim's own control API under `/__mcpsim` (API key only): for now, the clock. A
 * platform on a virtual clock (`mcpsim serve --clock virtual`) lets tests move time, e.g. to see
 * a token expire without waiting; any platform can switch between the system and a virtual clock while
 * it runs. Any account may read the clock; only the local account moves or switches it.
 */
export function controlOperations({ clock }: { clock: Clock }): Operation[] {
  const virtualClock = (): ManualClock | null => (isSwitchableClock(clock) ? clock.virtual() : isManualClock(clock) ? clock : null);
  const view = () => ({ now: clock.now().toISOString(), virtual: virtualClock() !== null });
  return [
    defineOperation({
      method: 'GET',
      path: '/__mcpsim/clock',
      tag,
      summary: "The server's current time, and whether it runs on a virtual clock",
      permission: 'api-key',
      responses: { 200: { description: 'The clock', schema: clockSchema } },
      handle: (c) => c.json(view()),
    }),
    defineOperation({
      method: 'POST',
      path: '/__mcpsim/clock',
      tag,
      summary:
        'Move the virtual clock: {"advance": "1h" | milliseconds} or {"set": "<ISO 8601>"}; or switch: {"mode": "system" | "virtual"}',
      permission: 'api-key',
      body: { schema: clockChangeSchema, required: true },
      responses: {
        200: { description: 'The clock after the change', schema: clockSchema },
        400: { description: 'Bad body, or a move while the clock is not virtual', schema: validationErrorSchema },
        403: {
          description: "Another account than the server's first (local) one: the clock is shared, so only the local account moves it",
          schema: errorSchema,
        },
      },
      handle(c, { body, account }) {
        // One clock serves every account (token expiry, setup links, memory times): letting any
        // account move it would let one account expire (or revive) another's tokens.
        if (!account.isLocal) {
          throw apiError(
            'forbidden',
            "The virtual clock is shared by every account of this server, so only the local (first) account may move it; use that account's API key",
          );
        }
        if ('mode' in body) {
          if (!isSwitchableClock(clock)) throw apiError('validation_error', 'mode: this server was given a clock that cannot switch');
          // A switch to virtual starts where time is now, so nothing stamped so far lies in the future.
          if (body.mode === 'virtual') clock.useVirtual();
          else clock.useSystem();
          return c.json(view());
        }
        const manual = virtualClock();
        if (manual === null) {
          throw apiError(
            'validation_error',
            'The clock is not virtual: switch to a virtual clock first with {"mode": "virtual"} (or start mcpsim with --clock virtual) to move it',
          );
        }
        // An advance too long to be a number of milliseconds (null) moves the clock out of range too.
        const target = 'set' in body ? new Date(body.set).getTime() : manual.now().getTime() + (toAdvanceMs(body.advance) ?? Infinity);
        if (!(Math.abs(target) <= maxTime))
          throw apiError('validation_error', `${'set' in body ? 'set' : 'advance'}: moves the clock out of the range of dates`);
        manual.set(new Date(target));
        return c.json(view());
      },
    }),
  ];
}
