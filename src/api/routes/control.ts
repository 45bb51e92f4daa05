import { isManualClock, type Clock } from '../../domain/clock.js';
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
 * a token expire without waiting. Any account may read the clock; only the local account moves it.
 */
export function controlOperations({ clock }: { clock: Clock }): Operation[] {
  const view = () => ({ now: clock.now().toISOString(), virtual: isManualClock(clock) });
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
      summary: 'Move the virtual clock: {"advance": "1h" | milliseconds} or {"set": "<ISO 8601>"}',
      permission: 'api-key',
      body: { schema: clockChangeSchema, required: true },
      responses: {
        200: { description: 'The clock after the change', schema: clockSchema },
        400: { description: 'Bad body, or the clock is not virtual', schema: validationErrorSchema },
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
        if (!isManualClock(clock)) {
          throw apiError(
            'validation_error',
            'The clock is not virtual: start mcpsim with --clock virtual (or MCPSIM_CLOCK=virtual) to move it',
          );
        }
        // An advance too long to be a number of milliseconds (null) moves the clock out of range too.
        const target = 'set' in body ? new Date(body.set).getTime() : clock.now().getTime() + (toAdvanceMs(body.advance) ?? Infinity);
        if (!(Math.abs(target) <= maxTime))
          throw apiError('validation_error', `${'set' in body ? 'set' : 'advance'}: moves the clock out of the range of dates`);
        clock.set(new Date(target));
        return c.json(view());
      },
    }),
  ];
}
