/**
 * What a scenario tells the simulator about a mock connection, in one shape shared by the scenario
 * format and the control API (`PUT /__mcpsim/connections/{ns}/{id}/simulation`): the world its
 * memory starts from (entities by type and id with their fields, and facts), and corrections of
 * the operation inference per tool.
 */
import { z } from 'zod';
import { maxWorldFacts } from './world-state.js';
import { toolOperations } from './tool-override.js';
import { toolScriptFields } from './tool-script.js';
import { mockSurfaceSchema } from './mock-surface.js';

const name = (what: string) => z.string().min(1, `must name the ${what}`).max(256, `must be at most 256 characters`);

export const seedWorldSchema = z
  .strictObject({
    entities: z
      .record(
        name('entity type'),
        z
          .record(name('entity id'), z.record(z.string(), z.unknown()).describe("the entity's fields"))
          .describe('entities of this type by id'),
      )
      .default({})
      .describe('entities by type, then id, e.g. issue: { "12": { title: Crash on empty config, state: open } }'),
    facts: z
      .array(z.string().min(1).max(2000, 'must be at most 2000 characters'))
      .max(maxWorldFacts, `must hold at most ${maxWorldFacts} facts`)
      .default([])
      .describe('things that are true in the world, in plain words'),
  })
  .describe('the world the connection starts from: every source (fixtures, the model, the stateful simulator) sees it from call 1');

export const toolOverrideSchema = z
  .strictObject({
    operation: z.enum(toolOperations).optional().describe('what the tool does: create, read, list, search, update, delete or other'),
    entity: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_]{0,63}$/, 'must be a singular snake_case type name, e.g. ticket or pull_request')
      .optional()
      .describe('the entity type it acts on, singular, e.g. ticket'),
    id: z.string().min(1).max(256).nullable().optional().describe('the argument that names the entity, e.g. ticket_id; null: none'),
    field: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('the field that holds that id in results, e.g. key for project_key (default: inferred, mostly id)'),
    sets: z
      .record(z.string().min(1).max(256), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional()
      .describe('fields an update sets, e.g. { status: archived } for archive_project (state stands for state or status)'),
    notFound: z.boolean().optional().describe('true: an unknown id is a not-found; false: the entity is made up once and remembered'),
    upsert: z.boolean().optional().describe('true: an update creates the entity it does not find'),
    ...toolScriptFields,
  })
  .describe("a correction of the simulator's guess about one tool, and the events it sends before it answers");

export const toolOverridesSchema = z
  .record(z.string().min(1).max(256), toolOverrideSchema)
  .describe('corrections of the operation inference, by tool name');

export const mockSettingsSchema = z
  .strictObject({
    world: seedWorldSchema.optional().describe('the world the connection starts from (and again after a reset)'),
    tools: toolOverridesSchema.optional(),
    ...mockSurfaceSchema.shape,
  })
  .describe("a mock connection's seed world, tool corrections and events, and its resources, resource templates and prompts");

export type SeedWorld = z.output<typeof seedWorldSchema>;
export type MockSettingsInput = z.output<typeof mockSettingsSchema>;
