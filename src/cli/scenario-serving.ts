import { watch, type FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
import type { Platform } from '../platform/platform.js';
import { applyScenario, type AppliedScenario } from '../scenario/apply-scenario.js';
import type { CliIo } from './io.js';
import { loadScenarioPaths, type LoadedScenario } from './scenario-files.js';

export interface ServedScenarios {
  /** The first connection's MCP URL, for the banner's "try it". */
  firstMcpUrl: string | null;
  close(): void;
}

/**
 * Loads scenarios into a running server (idempotent: the same file applied twice changes
 * nothing), prints each connection's MCP URL and each minted token, and reloads a file when it
 * changes on disk.
 */
export async function serveScenarios({
  platform,
  door: ownDoor,
  baseUrl,
  scenarios,
  paths,
  io,
}: {
  platform: Platform;
  /** How the server sends itself requests (default `app.fetch`; serve's keeps them out of its access log). */
  door?: { fetch: (request: Request) => Response | Promise<Response> };
  baseUrl: string;
  scenarios: readonly LoadedScenario[];
  paths: readonly string[];
  io: CliIo;
}): Promise<ServedScenarios> {
  const door = { fetch: ownDoor?.fetch ?? platform.app.fetch, baseUrl, apiKey: platform.sessionKey() };
  let firstMcpUrl: string | null = null;

  async function apply({ file, scenario }: LoadedScenario, verb: string): Promise<void> {
    try {
      const applied = await applyScenario(scenario, door);
      firstMcpUrl ??= applied.connections[0]?.mcpUrl ?? null;
      io.stdout(describe(verb, file, scenario.name, applied));
    } catch (error) {
      io.stderr(`✗ ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }

  for (const loaded of scenarios) await apply(loaded, 'Loaded');

  // Reload on change: one timer per file, so an editor's burst of writes applies once.
  const timers = new Map<string, NodeJS.Timeout>();
  const watchers: FSWatcher[] = [];
  const reload = (file: string) => {
    clearTimeout(timers.get(file));
    timers.set(
      file,
      setTimeout(async () => {
        timers.delete(file);
        const loaded = await loadScenarioPaths([file], io).catch(() => null);
        for (const scenario of loaded ?? []) await apply(scenario, 'Reloaded');
      }, 250),
    );
  };
  for (const path of paths) {
    try {
      watchers.push(
        watch(path, { recursive: true }, (_event, name) => {
          const file = name ? (path.endsWith('.yaml') || path.endsWith('.yml') ? path : resolve(path, name.toString())) : path;
          if (/\.ya?ml$/.test(file)) reload(file);
        }),
      );
    } catch (error) {
      io.stderr(`Not watching ${path} for changes: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return {
    get firstMcpUrl() {
      return firstMcpUrl;
    },
    close() {
      for (const watcher of watchers) watcher.close();
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}

function describe(verb: string, file: string, name: string, applied: AppliedScenario): string {
  const lines = [`${verb} scenario "${name}" (${file})`];
  for (const connection of applied.connections) {
    const state = connection.status.state + (connection.status.message ? `: ${connection.status.message}` : '');
    lines.push(`  ${`${connection.namespace}/${connection.connectionId}`.padEnd(28)} ${connection.mcpUrl}  [${state}]`);
  }
  for (const token of applied.tokens) lines.push(`  token ${token.name}: ${token.token} (expires ${token.expiresAt})`);
  for (const note of applied.notes) lines.push(`  note: ${note}`);
  return `${lines.join('\n')}\n`;
}
