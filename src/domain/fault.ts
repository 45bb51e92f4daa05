/**
 * Faults a test can put on a connection (scenario files, `PUT /__mcpsim/connections/{ns}/{id}/faults`):
 * latency, an error on the n-th call, a status change after n calls. The shape is shared by the
 * control API and the scenario format, so it lives here once.
 */
import { z } from 'zod';
import { parseDuration, type DurationRule } from './duration.js';

/** Fault latency: milliseconds, or `<n>ms` / `<n>s`; at most 10 minutes, whichever way it is written. */
const latencyRule: DurationRule = { numberUnit: 'ms', units: ['ms', 's'], minMs: 0, maxMs: 600_000 };

const duration = z
  .union([
    z.number().int().min(0).max(600_000),
    z.string().regex(/^\d+(ms|s)$/, 'must be a number of milliseconds or "<n>ms" / "<n>s", e.g. 250ms'),
  ])
  // The text form is bounded like the number form ("601s" is too long too).
  .superRefine((value, context) => {
    // zod runs this even when the union failed; only a well-formed text needs its bound checked here.
    if (typeof value !== 'string' || !/^\d+(ms|s)$/.test(value)) return;
    const parsed = parseDuration(value, latencyRule);
    if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
  })
  .describe('milliseconds, or "<n>ms" / "<n>s" (e.g. 250ms, 2s); at most 600000 ms');

export const faultSchema = z
  .strictObject({
    tool: z.string().optional().describe('only calls of this tool (default: every tool)'),
    latency: duration.optional().describe('wait this long before answering'),
    error: z
      .strictObject({
        onCall: z.number().int().min(1).describe('the n-th call (of the tool, or of any tool) fails'),
        message: z.string().optional().describe('the error text the client sees'),
      })
      .optional()
      .describe('make one call fail with an isError result'),
    status: z
      .strictObject({
        after: z.number().int().min(1).describe('after this many calls'),
        state: z.enum(['auth_required', 'input_required', 'error', 'disconnected']).describe('the connection moves to this state'),
        message: z.string().optional().describe('the error message, for state error'),
      })
      .optional()
      .describe('change the connection status after some calls'),
  })
  .describe('a fault: latency, an error on the n-th call, or a status change after n calls');

export type Fault = z.output<typeof faultSchema>;

/** Milliseconds of a validated latency. */
export function toMilliseconds(value: number | string): number {
  const parsed = parseDuration(value, latencyRule);
  if ('error' in parsed) throw new Error(`latency ${JSON.stringify(value)} ${parsed.error}`);
  return parsed.ms;
}
