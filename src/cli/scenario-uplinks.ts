/**
 * The local stdio servers scenario files declare (`uplink:` on a connection): started through the
 * same code as `serve --uplink` once the scenario is applied, kept running while the file declares
 * them unchanged, restarted when their command changes (or their connection was re-created), and
 * stopped when the file no longer declares them, is deleted, or the server stops. Their
 * environment is given to the process only: never printed, never sent to the platform.
 */
import { dirname, resolve } from 'node:path';
import type { Platform } from '../platform/platform.js';
import type { AppliedScenario } from '../scenario/apply-scenario.js';
import { requestPlatform, type ScenarioPlatform } from '../scenario/platform-request.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import type { CliIo } from './io.js';
import { parseUplinkOption, startStdioUplink, waitForStdioUplinks, type StartedStdioUplink, type StdioUplink } from './stdio-uplinks.js';

export interface ScenarioUplinks {
  /**
   * Brings the servers of `file` in line with its scenario as just applied (`scenario` null: the
   * file is gone): starts what is missing or changed, stops what it no longer declares, and
   * updates the status of the started connections in `applied` (for the reload summary).
   */
  sync(file: string, scenario: Scenario | null, applied?: AppliedScenario): Promise<void>;
  /** Stops every server and waits (bounded) for the processes to end. */
  close(): Promise<void>;
}

interface Running {
  file: string;
  /** The command, arguments, folder and environment it was started with, to see a change. */
  signature: string;
  started: StartedStdioUplink;
  alive: boolean;
}

/**
 * The uplinks a scenario declares, with the command line form split as `serve --uplink` splits it
 * and `cwd` resolved against the file's folder (the default).
 *
 * @example
 *   toScenarioStdioUplinks('scenarios/memory.yaml', scenario);
 *   // [{ namespace: 'notes', connectionId: 'memory', command: 'node', args: ['../node_modules/...'], env: {}, cwd: '/abs/scenarios' }]
 */
export function toScenarioStdioUplinks(file: string, scenario: Scenario): StdioUplink[] {
  const folder = dirname(resolve(file));
  return scenario.namespaces.flatMap((namespace) =>
    namespace.connections.flatMap(({ id, uplink }) => {
      if (uplink === undefined) return [];
      if (typeof uplink === 'string') return [{ ...parseUplinkOption(`${namespace.name}/${id}=${uplink}`), cwd: folder }];
      return [
        {
          namespace: namespace.name,
          connectionId: id,
          command: uplink.command,
          args: uplink.args,
          env: uplink.env ?? {},
          cwd: resolve(folder, uplink.cwd ?? '.'),
        },
      ];
    }),
  );
}

/**
 * @example
 *   const uplinks = createScenarioUplinks({ platform, door, io });
 *   const applied = await applyScenario(scenario, door);
 *   await uplinks.sync(file, scenario, applied);
 *   ...; await uplinks.close();
 */
export function createScenarioUplinks({ platform, door, io }: { platform: Platform; door: ScenarioPlatform; io: CliIo }): ScenarioUplinks {
  const running = new Map<string, Running>();
  const ended: Promise<void>[] = [];
  let closing = false;

  function stop(key: string): void {
    running.get(key)?.started.stop();
    running.delete(key);
  }

  return {
    async sync(file, scenario, applied) {
      const declared = scenario ? toScenarioStdioUplinks(file, scenario) : [];
      const keyOf = (uplink: { namespace: string; connectionId: string }) => `${uplink.namespace}/${uplink.connectionId}`;
      const keys = new Set(declared.map(keyOf));
      for (const [key, entry] of running) if (entry.file === file && !keys.has(key)) stop(key);
      for (const uplink of declared) {
        const key = keyOf(uplink);
        const signature = JSON.stringify([uplink.command, uplink.args, uplink.cwd, Object.entries(uplink.env).sort()]);
        const shown = applied?.connections.find(
          (connection) => connection.namespace === uplink.namespace && connection.connectionId === uplink.connectionId,
        );
        const current = running.get(key);
        // Still paired as declared (a re-created connection reads disconnected: its pairing went with the old row).
        if (current && current.signature === signature && current.alive && shown?.status.state === 'connected') continue;
        stop(key);
        const path = `/connect/${encodeURIComponent(uplink.namespace)}/${encodeURIComponent(uplink.connectionId)}`;
        const started = startStdioUplink(platform, uplink, io, {
          mcpUrl: `${door.baseUrl.replace(/\/+$/, '')}${path}/mcp`,
          quiet: () => closing,
        });
        const entry: Running = { file, signature, started, alive: true };
        running.set(key, entry);
        ended.push(started.ended.then(() => void (entry.alive = false)));
        await started.paired;
        const view = await requestPlatform(door, 'GET', path);
        const status = (view.body as { status?: { state?: unknown; message?: unknown } } | null)?.status;
        if (shown && typeof status?.state === 'string')
          shown.status = { state: status.state, ...(typeof status.message === 'string' ? { message: status.message } : {}) };
      }
    },
    async close() {
      closing = true;
      for (const key of [...running.keys()]) stop(key);
      await waitForStdioUplinks(ended);
    },
  };
}
