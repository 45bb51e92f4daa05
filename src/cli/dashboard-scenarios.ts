import { toRecordHint } from '../domain/record-hint.js';
import type { Config } from '../config.js';
import type { ModelRuntime } from '../platform/model-runtime.js';
import type { ScenarioCatalog } from '../platform/platform.js';
import { runScenario } from './run-scenario.js';
import type { LoadedScenario } from './scenario-files.js';

/** The key of the private replay platform a dashboard run uses (never the server's own). */
const runKey = 'mcpsim-dashboard-run-key';

/**
 * The scenarios page's catalog: the files `mcpsim serve` loaded, and a run of one file's steps
 * as `mcpsim test` runs them (a fresh in-memory replay platform, the file's fixtures).
 *
 * @example
 *   platform.dashboard?.setScenarios(toScenarioCatalog(scenarios, runtime, config));
 */
export function toScenarioCatalog(
  scenarios: readonly LoadedScenario[],
  runtime: ModelRuntime,
  config: Pick<Config, 'fixturesDir' | 'fixturesDirChosen' | 'upstreamTimeoutMs'>,
): ScenarioCatalog {
  return {
    list: () =>
      scenarios.map(({ file, scenario }) => ({
        name: scenario.name,
        file,
        connections: scenario.namespaces.flatMap((namespace) =>
          namespace.connections.map((connection) => `${namespace.name}/${connection.id}`),
        ),
        steps: scenario.steps.length,
      })),
    async run(name) {
      const loaded = scenarios.find((candidate) => candidate.scenario.name === name);
      if (!loaded) return { steps: [], error: `No loaded scenario is named "${name}"` };
      const fixturesDir = config.fixturesDirChosen ? config.fixturesDir : loaded.fixturesDir;
      try {
        const reports = await runScenario(loaded, {
          runtime,
          toolResults: { mode: 'replay', fixturesDir, recordHint: toRecordHint(loaded.file) },
          apiKey: runKey,
          upstreamTimeoutMs: config.upstreamTimeoutMs,
        });
        return {
          steps: reports.map((report) => ({
            title: `${report.name} (${report.call})`,
            passed: report.outcome !== 'failed',
            message:
              report.error ??
              (report.checks
                .filter((check) => check.pass === false)
                .map((check) => `${check.name}: ${check.message}`)
                .join('; ') ||
                null),
            checks: report.checks.map((check) => ({
              name: check.name,
              outcome: check.pass === 'skipped' ? ('skipped' as const) : check.pass ? ('passed' as const) : ('failed' as const),
              message: check.message,
            })),
          })),
          error: null,
        };
      } catch (error) {
        return { steps: [], error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
