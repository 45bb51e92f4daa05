/** Wire shapes of faults, forced statuses and shared worlds under `/__mcpsim` (mcpsim's own API). */
import { z } from 'zod';
import { faultSchema } from '../../domain/fault.js';

/** The most rules one connection may carry. */
export const maxFaults = 100;

const fault = faultSchema.meta({ id: 'Fault' });

export const faultsBodySchema = z
  .strictObject({
    faults: z
      .array(fault)
      .max(maxFaults, `must hold at most ${maxFaults} faults`)
      .describe('replaces every rule of the connection; [] removes them'),
  })
  .meta({ id: 'FaultsChange' });

export const faultsSchema = z
  .strictObject({
    faults: z.array(fault),
    calls: z.int().meta({ description: 'Calls counted since the rules were set (0 right after a PUT)' }),
  })
  .meta({ id: 'Faults' });

export const faultsClearedSchema = z.strictObject({ success: z.literal(true) });

export const forcedStatusBodySchema = z
  .strictObject({
    state: z.enum(['connected', 'disconnected', 'auth_required', 'input_required', 'error']),
    message: z.string().max(2000, 'must be at most 2000 characters').optional().describe('the error message, for state error'),
  })
  .meta({ id: 'ForcedStatus' });

export const sharedWorldBodySchema = z.strictObject({ enabled: z.boolean() }).meta({ id: 'SharedWorldChange' });

export const sharedWorldSchema = z
  .strictObject({
    namespace: z.string(),
    enabled: z.boolean(),
    connections: z
      .array(z.string())
      .meta({ description: 'The mock connections now sharing one memory, the owner (oldest) first; [] when disabled' }),
  })
  .meta({ id: 'SharedWorld' });
