/** Wire shapes of a mock connection's memory under `/__mcpsim/connections/...` (mcpsim's own API). */
import { z } from 'zod';

/** The largest page of calls `GET .../memory` returns at once. */
export const maxMemoryPage = 1000;

/**
 * A page of `GET .../memory` stops before the call that would take its logged arguments, results
 * and changes past this (it holds one call at least).
 */
export const maxMemoryPageBytes = 8 * 1024 * 1024;

const record = z.record(z.string(), z.unknown());

export const callLogEntrySchema = z
  .strictObject({
    sequence: z.int(),
    tool: z.string(),
    arguments: record,
    argumentsKey: z.string(),
    occurrence: z.int(),
    result: z.looseObject({
      content: z.array(z.unknown()),
      structuredContent: record.optional(),
      isError: z.boolean().optional(),
      _meta: record.optional(),
    }),
    source: z.enum([
      'fixture',
      'fixture-miss',
      'model',
      'simulated',
      'synthetic',
      'validation',
      'simulator-error',
      'cancelled',
      'fault',
      'none',
    ]),
    model: z.string().nullable(),
    usage: z.strictObject({ inputTokens: z.number(), outputTokens: z.number(), cachedInputTokens: z.number().optional() }).nullable(),
    latencyMs: z.number(),
    at: z.string(),
    connectionId: z
      .string()
      .optional()
      .describe(
        'The connection that made the call: in a namespace with a shared world, several connections share one log (absent in calls logged by older versions)',
      ),
    changes: z
      .strictObject({
        upserts: z.array(z.strictObject({ type: z.string(), id: z.string(), fields: record })).optional(),
        deletes: z.array(z.strictObject({ type: z.string(), id: z.string() })).optional(),
        facts: z.array(z.string()).optional(),
      })
      .optional()
      .meta({ id: 'WorldChanges', description: 'What the call changed in the world; absent when it changed nothing' }),
  })
  .meta({ id: 'CallLogEntry' });

export const worldStateSchema = z
  .strictObject({
    entities: z.record(z.string(), z.record(z.string(), record)).meta({ description: 'Entities by type, then id: their fields' }),
    facts: z.array(z.string()),
  })
  .meta({ id: 'WorldState' });

export const memorySchema = z
  .strictObject({
    connectionId: z.string(),
    namespace: z.string(),
    world: worldStateSchema,
    calls: z.array(callLogEntrySchema),
    /**
     * Sequences ascend and are never reused; retention drops the oldest, and a connection-scope
     * reset or restore in a shared world leaves gaps. Page on with since=<last sequence> until a
     * page is empty or its last call is nextSequence - 1.
     */
    nextSequence: z.int(),
  })
  .meta({ id: 'ConnectionMemory' });

const sequenceText = (name: string, rule: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `must be ${rule}`)
    .transform(Number)
    .meta({ description: name });

export const memoryQuerySchema = z.looseObject({
  since: sequenceText('Only calls with a greater sequence', 'a non-negative integer (a call sequence)').optional(),
  limit: sequenceText(
    `At most this many calls (1 to ${maxMemoryPage}); when absent, all of them that fit in 8 MiB (a page never passes that: page on with since)`,
    `an integer from 1 to ${maxMemoryPage}`,
  )
    .pipe(
      z.int().min(1, `must be an integer from 1 to ${maxMemoryPage}`).max(maxMemoryPage, `must be an integer from 1 to ${maxMemoryPage}`),
    )
    .optional(),
});

export const memoryScopeSchema = z
  .enum(['world', 'connection'], {
    error:
      'must be "world" (the whole memory, shared by every connection of a shared world) or "connection" (only the calls this connection made, and what they changed)',
  })
  .meta({
    id: 'MemoryScope',
    description:
      "What to act on. world (the default; for a restore, the snapshot's own scope): the whole memory, in a namespace with a shared world that of every sharing connection. connection: only the calls this connection made in a shared world, and what they changed; the other connections' calls stay and the world is rebuilt from the seed world with their changes. For a connection whose world is its own, both mean the whole memory and the answer says world.",
  });

export const scopeQuerySchema = z.looseObject({ scope: memoryScopeSchema.optional() });

export const snapshotBodySchema = z
  .strictObject({ label: z.string().max(200, 'must be at most 200 characters').optional() })
  .meta({ id: 'SnapshotCreate' });

export const snapshotSchema = z
  .strictObject({
    id: z.string(),
    label: z.string().nullable(),
    createdAt: z.string(),
    calls: z.int().meta({ description: 'How many calls the snapshot holds' }),
    scope: memoryScopeSchema,
    connectionId: z.string().optional().meta({ description: 'With scope connection: the connection whose calls the snapshot holds' }),
  })
  .meta({ id: 'Snapshot' });

export const snapshotListSchema = z.strictObject({ snapshots: z.array(snapshotSchema) }).meta({ id: 'SnapshotList' });

export const memorySuccessSchema = z.strictObject({ success: z.literal(true) });

export const resetSchema = z
  .strictObject({
    success: z.literal(true),
    scope: memoryScopeSchema,
    calls: z.int().meta({ description: 'How many calls the memory still holds (0 after a world reset)' }),
  })
  .meta({ id: 'MemoryReset' });

export const restoreSchema = z
  .strictObject({
    success: z.literal(true),
    scope: memoryScopeSchema,
    calls: z.int().meta({ description: 'How many calls the memory now holds' }),
  })
  .meta({ id: 'SnapshotRestored' });
