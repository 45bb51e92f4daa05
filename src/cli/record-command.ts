import { relative } from 'node:path';
import { createReplayPlatform } from '../platform/platform.js';
import { resolveConfig, type ConfigFlags } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { applyScenario } from '../scenario/apply-scenario.js';
import { summarizeReports, toSummaryLine, toTextReport } from '../scenario/reporters.js';
import { runSteps } from '../scenario/run-steps.js';
import { toFixturePath } from '../sim/fixture-file.js';
import type { RecordChange } from '../sim/fixture-recorder.js';
import { createSimulatorModel } from '../sim/model-provider.js';
import { createSimulator } from '../sim/simulator.js';
import type { ToolCall } from '../sim/tool-result-source.js';
import { exitCodes, UsageError, type CliIo } from './io.js';
import { loadScenarioPaths } from './scenario-files.js';
import { toJudge } from './test-command.js';

/**
 * `mcpsim record <scenario...>`: runs each scenario's steps against the configured model, with
 * no replay, and writes every generated result into the scenario's fixtures; then lists, call by
 * call, which recorded results were added, changed or unchanged. Exit 0 when every call was
 * recorded, 1 when the model failed a call (its result is not written), 2 on bad usage.
 */
export async function recordCommand(paths: readonly string[], options: ConfigFlags, io: CliIo): Promise<number> {
  if (paths.length === 0) throw new UsageError('record needs a scenario file or folder, e.g. mcpsim record scenarios/issue-triage.yaml');
  const config = resolveConfig(options, io.env);
  if (!config.model?.simulatorModel) throw new UsageError('record needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint); MCPSIM_MODEL names the model');
  const scenarios = await loadScenarioPaths(paths, io);
  if (!scenarios) return exitCodes.failure;
  const model = createSimulatorModel({ ...config.model, model: config.model.simulatorModel, ...(config.model.simulatorApi ? { api: config.model.simulatorApi } : {}) });
  const judge = toJudge(config.model);
  let failed = false;
  for (const { file, scenario, fixturesDir } of scenarios) {
    io.stderr(`▶ recording ${file} with ${model.modelId} (${model.api} API) into ${fixturesDir}\n`);
    const changes: { call: ToolCall; change: RecordChange }[] = [];
    const platform = createReplayPlatform({
      apiKey: 'mcpsim-record-key',
      seed: file,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
      toolResults: createSimulator({
        fixturesDir,
        model,
        record: true,
        replay: false,
        missPolicy: 'model',
        clock: systemClock,
        budgetTokens: config.simulator.budgetTokens,
        modelTimeoutMs: config.simulator.modelTimeoutMs,
        onRecord: (call, change) => {
          changes.push({ call, change });
          io.stderr(`  ${change.padEnd(9)} ${call.connectionId}.${call.tool} ${call.argumentsKey} #${call.occurrence}\n`);
        },
      }),
    });
    try {
      const door = { fetch: platform.app.fetch, baseUrl: 'http://mcpsim.local', apiKey: 'mcpsim-record-key' };
      await applyScenario(scenario, door);
      const reports = await runSteps(scenario, door, judge ? { judge } : {});
      const modelFailures = reports.filter((report) => report.result?._meta?.['mcpsim/source'] === 'simulator-error');
      failed ||= modelFailures.length > 0;
      io.stdout(toTextReport(reports, scenario.name));
      const count = (kind: RecordChange) => changes.filter((entry) => entry.change === kind).length;
      const files = new Set(changes.map(({ call }) => toFixturePath(fixturesDir, call.server, call.tool)).filter((path): path is string => path !== null));
      io.stdout(
        `Recorded ${changes.length} results: ${count('added')} added, ${count('changed')} changed, ${count('unchanged')} unchanged, in ${[...files].map((path) => relative(process.cwd(), path)).join(', ') || 'no file'}` +
          `${modelFailures.length > 0 ? `; ${modelFailures.length} calls failed in the model and were not recorded` : ''}\n` +
          `Expectations: ${toSummaryLine(summarizeReports(reports))}\n\n`,
      );
    } finally {
      platform.close();
    }
  }
  return failed ? exitCodes.failure : exitCodes.ok;
}
