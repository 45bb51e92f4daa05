/** Wire shapes of a mock connection's simulation settings under `/__mcpsim/connections/...` (mcpsim's own API). */
import { z } from 'zod';
import { entityCorrectionSchema, mockSettingsSchema, toolOverrideSchema } from '../../domain/mock-settings.js';
import { mockSurfaceSchema } from '../../domain/mock-surface.js';
import { worldStateSchema } from './memory-schemas.js';

export const simulationBodySchema = mockSettingsSchema.meta({ id: 'SimulationChange' });

const settings = {
  world: worldStateSchema.meta({ description: 'The world the connection starts from (empty when none was set)' }),
  tools: z
    .record(z.string(), toolOverrideSchema.meta({ id: 'ToolOverride' }))
    .meta({ description: 'Corrections of the operation inference, and the events a tool sends before it answers, by tool name' }),
  entities: z
    .record(z.string(), entityCorrectionSchema.meta({ id: 'EntityCorrection' }))
    .optional()
    .meta({ description: 'Corrections of the service model by entity type: id format, parent, states, unique fields (absent: none)' }),
  ...mockSurfaceSchema.shape,
};

export const simulationSchema = z.strictObject(settings).meta({ id: 'Simulation' });

export const simulationChangedSchema = z
  .strictObject({
    ...settings,
    appliesFrom: z.enum(['now', 'next-reset']).meta({
      description:
        'now: the memory had no calls, so its next call sees the new world; next-reset: the memory keeps the world its calls built until DELETE .../memory',
    }),
  })
  .meta({ id: 'SimulationChanged' });
