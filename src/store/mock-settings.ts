import { emptyWorld, type WorldChanges, type WorldState } from '../domain/memory-log.js';
import type { MockSurface } from '../domain/mock-surface.js';
import type { EntityCorrection, ToolOverride } from '../domain/tool-override.js';
import type { ToolScript } from '../domain/tool-script.js';
import { applyWorldChanges } from '../domain/world-state.js';
import type { Sqlite } from './database.js';
import type { MemoryKey } from './memory-keys.js';

/** What a scenario tells the simulator about one mock connection. */
export interface MockSettings {
  /** The world its memory starts from (again after each reset). */
  world: WorldState;
  /** Corrections of the operation inference, and the events a tool sends before it answers, by tool name. */
  tools: Record<string, ToolOverride & ToolScript>;
  /** Corrections of the service model, by entity type (absent: none). */
  entities?: Record<string, EntityCorrection> | undefined;
  /** Its resources, resource templates and prompts with their fixed contents (absent: none). */
  surface?: MockSurface | undefined;
}

/**
 * The `mock_settings` table: each connection's seed world and tool overrides, and what a memory
 * starts from, which for a shared world is the seeds of all its mock connections merged (oldest
 * connection first) and their overrides together.
 *
 * @example
 *   const settings = createMockSettingsTable(db);
 *   settings.set(seq, { world: { entities: { issue: { '12': { title: 'Bug' } } }, facts: [] }, tools: {} });
 *   settings.startOf(key).world; // the seed world
 */
export function createMockSettingsTable(db: Sqlite) {
  const statements = {
    get: db.prepare<[number], { world: string; tools: string; surface: string; entities: string }>(
      'SELECT world, tools, surface, entities FROM mock_settings WHERE connection_seq = ?',
    ),
    set: db.prepare<[number, string, string, string, string]>(
      'INSERT INTO mock_settings (connection_seq, world, tools, surface, entities) VALUES (?, ?, ?, ?, ?) ON CONFLICT (connection_seq) DO UPDATE SET world = excluded.world, tools = excluded.tools, surface = excluded.surface, entities = excluded.entities',
    ),
    // The memory's own connection, and when it owns a shared world, every mock connection of its namespace.
    members: db.prepare<{ key: number }, { world: string; tools: string; entities: string }>(
      `SELECT s.world, s.tools, s.entities FROM mock_settings s JOIN connections c ON c.seq = s.connection_seq
        WHERE c.seq = @key OR (c.mock_enabled = 1
          AND c.namespace_id = (SELECT namespace_id FROM connections WHERE seq = @key)
          AND EXISTS (SELECT 1 FROM memory_shared_namespaces m WHERE m.namespace_id = c.namespace_id)
          AND @key = (SELECT MIN(o.seq) FROM connections o WHERE o.namespace_id = c.namespace_id AND o.mock_enabled = 1))
        ORDER BY c.seq`,
    ),
  };

  return {
    /** One connection's settings (by its `connections.seq`), or null when it has none. */
    get(seq: number): MockSettings | null {
      const row = statements.get.get(seq);
      return row ? toSettings(row) : null;
    },
    set(seq: number, settings: MockSettings): void {
      statements.set.run(
        seq,
        JSON.stringify(settings.world),
        JSON.stringify(settings.tools),
        JSON.stringify(settings.surface ?? {}),
        JSON.stringify(settings.entities ?? {}),
      );
    },
    /** What the memory `key` starts from: its members' seeds merged, and their overrides. */
    startOf(key: MemoryKey): MockSettings {
      let world = emptyWorld();
      const tools: Record<string, ToolOverride> = {};
      const entities: Record<string, EntityCorrection> = {};
      for (const row of statements.members.all({ key })) {
        const settings = toSettings(row);
        world = applyWorldChanges(world, toSeedChanges(settings.world));
        Object.assign(tools, settings.tools);
        Object.assign(entities, settings.entities);
      }
      return Object.keys(entities).length > 0 ? { world, tools, entities } : { world, tools };
    },
  };
}

/** A seed world as the changes that build it from nothing. */
function toSeedChanges(seed: WorldState): WorldChanges {
  const upserts = Object.entries(seed.entities).flatMap(([type, byId]) =>
    Object.entries(byId).map(([id, fields]) => ({ type, id, fields })),
  );
  return { upserts, facts: seed.facts };
}

function toSettings(row: { world: string; tools: string; surface?: string; entities?: string }): MockSettings {
  const entities = row.entities === undefined ? {} : (JSON.parse(row.entities) as Record<string, EntityCorrection>);
  const settings: MockSettings = {
    world: JSON.parse(row.world) as WorldState,
    tools: JSON.parse(row.tools) as MockSettings['tools'],
    ...(Object.keys(entities).length > 0 ? { entities } : {}),
  };
  const surface = row.surface === undefined ? {} : (JSON.parse(row.surface) as MockSurface);
  return Object.keys(surface).length === 0 ? settings : { ...settings, surface };
}
