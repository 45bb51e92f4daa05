import type { WorldState } from '../domain/memory-log.js';
import type { MockPrompt, MockResource, ServedSurface } from '../domain/mock-surface.js';
import type { ToolScript } from '../domain/tool-script.js';
import type { Memory, MemoryStore } from '../store/memory-store.js';
import type { RegistryStore } from '../store/registry-store.js';
import type { MockConnection } from './mock-tool-runner.js';

export interface MockSurfaces {
  /** What the connection serves beside its tools: the registry entry's lists, with the contents and templates of its mock settings. */
  surfaceOf(connection: MockConnection): ServedSurface;
  /** The connection's world as it is now (the store's cache: read it, do not keep it). */
  worldOf(connection: MockConnection): WorldState;
  /** The connection's memory as it is now: its world, its calls and the next call's sequence (the store's cache: read it, do not keep it). */
  memoryOf(connection: MockConnection): Pick<Memory, 'world' | 'history' | 'nextSequence'>;
  /** The events a tool of the connection sends before it answers (`mock.tools.<tool>`); null when none. */
  scriptOf(connection: MockConnection, tool: string): ToolScript | null;
}

/**
 * Reads what a mock connection serves beyond its tools calls: resources, templates and prompts,
 * its world, and its tools' scripted events.
 *
 * @example
 *   const surfaces = createMockSurfaces({ registry: stores.registry, memory: stores.memory });
 *   surfaces.surfaceOf(connection).resourceTemplates; // [{ uriTemplate: 'tracker://issues/{id}', name: 'issue' }]
 */
export function createMockSurfaces({
  registry,
  memory,
}: {
  registry: Pick<RegistryStore, 'get'>;
  memory: Pick<MemoryStore, 'load' | 'keyFor' | 'settingsOf'>;
}): MockSurfaces {
  const keyOf = (connection: MockConnection) => {
    if (connection.key === undefined) throw new Error(`connection "${connection.connectionId}" has no store key`);
    return connection.key;
  };
  return {
    surfaceOf(connection) {
      const entry = registry.get(connection.server);
      const own = memory.settingsOf(keyOf(connection))?.surface ?? {};
      // The settings' entries carry contents; the registry's list what has none, in the registry's order.
      const resources = mergeBy<MockResource>(entry?.resources ?? [], own.resources ?? [], (resource) => resource.uri);
      const prompts = mergeBy<MockPrompt>(entry?.prompts ?? [], own.prompts ?? [], (prompt) => prompt.name);
      return { resources, resourceTemplates: own.resourceTemplates ?? [], prompts, completions: own.completions ?? [] };
    },
    worldOf: (connection) => memory.load(memory.keyFor(keyOf(connection))).world,
    memoryOf: (connection) => memory.load(memory.keyFor(keyOf(connection))),
    scriptOf(connection, tool) {
      const overrides = memory.load(memory.keyFor(keyOf(connection))).toolOverrides as Readonly<Record<string, ToolScript>> | undefined;
      const own = overrides && Object.hasOwn(overrides, tool) ? overrides[tool] : undefined;
      if (!own) return null;
      const { progress, log, elicit, sample } = own;
      return progress === undefined && log === undefined && elicit === undefined && sample === undefined ? null : own;
    },
  };
}

function mergeBy<T>(listed: readonly T[], own: readonly T[], keyOf: (item: T) => string): T[] {
  const byKey = new Map(own.map((item) => [keyOf(item), item]));
  const merged = listed.map((item) => byKey.get(keyOf(item)) ?? item);
  const seen = new Set(listed.map(keyOf));
  return [...merged, ...own.filter((item) => !seen.has(keyOf(item)))];
}
