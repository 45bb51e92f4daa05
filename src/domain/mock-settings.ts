/**
 * What a scenario tells the simulator about a mock connection, in one shape shared by the scenario
 * format and the control API (`PUT /__mcpsim/connections/{ns}/{id}/simulation`): the world its
 * memory starts from (entities by type and id with their fields, and facts), and corrections of
 * the operation inference per tool.
 */
import { z } from 'zod';
import { maxFactLength, maxWorldFacts } from './world-state.js';
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
      .array(z.string().min(1).max(maxFactLength, `must be at most ${maxFactLength} characters`))
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

const entityName = z.string().regex(/^[a-z0-9][a-z0-9_]{0,63}$/, 'must be a singular snake_case type name, e.g. ticket or pull_request');

export const entityCorrectionSchema = z
  .strictObject({
    id: z
      .strictObject({
        prefix: z.string().min(1).max(64).optional().describe('ids are this prefix and a random tail, e.g. crd_'),
        example: z.string().min(1).max(256).optional().describe('ids look like this one, e.g. INC-1042 or 64f1c2a9e4b0d3a1b2c3d4e5'),
        pattern: z.string().min(1).max(512).optional().describe('ids match this regular expression, e.g. ^crd_[a-z0-9]{8}$'),
      })
      .optional()
      .describe('the format of a new id: one of prefix, example or pattern'),
    parent: z
      .strictObject({
        type: entityName.describe('the parent entity type, e.g. list'),
        argument: z.string().min(1).max(256).describe("the argument of this type's tools that names the parent, e.g. list_id"),
      })
      .nullable()
      .optional()
      .describe('the type this one lives under, and the argument that names it; null: none'),
    states: z.array(z.string().min(1).max(256)).min(1).max(64).optional().describe('the values its state takes, e.g. [open, archived]'),
    unique: z.array(z.string().min(1).max(256)).max(64).optional().describe('fields no two entities of the type share, e.g. [email]'),
  })
  .describe("a correction of the simulator's reading of one entity type; what it leaves out is still inferred");

export const entityCorrectionsSchema = z
  .record(entityName, entityCorrectionSchema)
  .describe('corrections of the service model, by entity type');

export const mockSettingsSchema = z
  .strictObject({
    world: seedWorldSchema.optional().describe('the world the connection starts from (and again after a reset)'),
    tools: toolOverridesSchema.optional(),
    entities: entityCorrectionsSchema.optional(),
    ...mockSurfaceSchema.shape,
  })
  .describe(
    "a mock connection's seed world, tool corrections and events, entity type corrections, and its resources, resource templates and prompts",
  );

export type SeedWorld = z.output<typeof seedWorldSchema>;
export type MockSettingsInput = z.output<typeof mockSettingsSchema>;
