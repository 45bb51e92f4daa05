import { existsSync } from 'node:fs';
import type { Platform } from '../platform/platform.js';
import { applyScenario, type AppliedScenario } from '../scenario/apply-scenario.js';
import { findRemovedItems, removeScenarioItems } from '../scenario/remove-scenario-items.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import type { CliIo } from './io.js';
import { loadScenarioPaths, type LoadedScenario } from './scenario-files.js';
import { createScenarioUplinks } from './scenario-uplinks.js';
import { watchScenarioPaths } from './scenario-watcher.js';

export interface ServedScenarios {
  /** The first connection's MCP URL, for the banner's "try it". */
  firstMcpUrl: string | null;
  /** Stops watching the files and stops the local servers their `uplink:` connections started (awaited: bounded). */
  close(): Promise<void>;
}

/**
 * Loads scenarios into a running server (idempotent: the same file applied twice changes
 * nothing), prints each connection's MCP URL and each minted token, and reloads a file however it
 * changes on disk (scenario-watcher.ts): what the file no longer declares is removed from the
 * server, a file that no longer loads keeps its previous version, a deleted file takes its
 * namespaces and connections with it, a new file in a watched folder is loaded. The local stdio
 * servers of `uplink:` connections are started once their file is applied, restarted when their
 * command changes, and stopped with their connection or file (scenario-uplinks.ts).
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
  const uplinks = createScenarioUplinks({ platform, door, io });

  async function apply({ file, scenario }: LoadedScenario, verb: string, removed: readonly string[] = []): Promise<void> {
    try {
      const applied = await applyScenario(scenario, door);
      await uplinks.sync(file, scenario, applied);
      firstMcpUrl ??= applied.connections[0]?.mcpUrl ?? null;
      io.stdout(describe(verb, file, scenario.name, applied, removed));
    } catch (error) {
      io.stderr(`✗ ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }

  const current = new Map<string, Scenario>();
  for (const loaded of scenarios) {
    await apply(loaded, 'Loaded');
    current.set(loaded.file, loaded.scenario);
  }

  /** One file saved, replaced, created or deleted: apply what it says now, and take off what it no longer says. */
  async function reload(file: string): Promise<void> {
    const previous = current.get(file);
    const others = [...current].filter(([other]) => other !== file).map(([, scenario]) => scenario);
    if (!existsSync(file)) {
      if (!previous) return;
      current.delete(file);
      const lines = await removeScenarioItems(door, findRemovedItems(previous, null, others));
      await uplinks.sync(file, null);
      io.stdout(`Removed scenario "${previous.name}" (${file}: the file is gone)\n${lines.map((line) => `  ${line}\n`).join('')}`);
      return;
    }
    const loaded = (
      await loadScenarioPaths([file], io).catch((error: unknown) => {
        io.stderr(`✗ ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
        return null;
      })
    )?.[0];
    if (!loaded) {
      io.stderr(
        previous
          ? `  kept the previous version of ${file} (scenario "${previous.name}"); fix the file and save it again\n`
          : `  ${file} is not loaded; fix it and save it again\n`,
      );
      return;
    }
    const removed = previous ? await removeScenarioItems(door, findRemovedItems(previous, loaded.scenario, others)) : [];
    current.set(file, loaded.scenario);
    await apply(loaded, previous ? 'Reloaded' : 'Loaded', removed);
  }

  // Reloads run one at a time, in the order the files settled.
  let queue = Promise.resolve();
  const watcher = watchScenarioPaths(
    paths,
    (file) => void (queue = queue.then(() => reload(file))),
    (problem) => io.stderr(problem),
  );
  return {
    get firstMcpUrl() {
      return firstMcpUrl;
    },
    async close() {
      watcher.close();
      await queue;
      await uplinks.close();
    },
  };
}

function describe(verb: string, file: string, name: string, applied: AppliedScenario, removed: readonly string[]): string {
  const lines = [`${verb} scenario "${name}" (${file})`];
  for (const connection of applied.connections) {
    const state = connection.status.state + (connection.status.message ? `: ${connection.status.message}` : '');
    lines.push(`  ${`${connection.namespace}/${connection.connectionId}`.padEnd(28)} ${connection.mcpUrl}  [${state}]`);
  }
  for (const token of applied.tokens) lines.push(`  token ${token.name}: ${token.token} (expires ${token.expiresAt})`);
  for (const line of removed) lines.push(`  ${line}`);
  for (const note of applied.notes) lines.push(`  note: ${note}`);
  return `${lines.join('\n')}\n`;
}
