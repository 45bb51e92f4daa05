import { relative } from 'node:path';
import { resolveConfig } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { createModelRuntime, type RecordedCall } from '../platform/model-runtime.js';
import { summarizeReports, toSummaryLine, toTextReport } from '../scenario/reporters.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { runScenario } from './run-scenario.js';
import { loadScenarioPaths } from './scenario-files.js';

export const name = 'record';
export const usage = '<paths...>';
export const summary = 'run scenario steps against the model and write the fixtures';
export const help = `Runs each scenario's steps against the configured model, with no replay, and writes every
generated result into the scenario's fixtures; then lists, call by call, which recorded results were
added, changed or unchanged. Needs OPENAI_API_KEY or OPENAI_BASE_URL; MCPSIM_MODEL names the model.
Exits 1 when the model failed a call (its result is not written).`;
export const positionals = true;

export const options = {
  'upstream-timeout': configOptions['upstream-timeout'],
} as const satisfies CommandOptions;

const recordApiKey = 'mcpsim-record-key';

export async function run({ values, positionals: paths }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  if (paths.length === 0) throw new CliError('record needs a scenario file or folder, e.g. mcpsim record scenarios/issue-triage.yaml');
  const config = resolveConfig(toConfigFlags(values), io.env);
  const runtime = createModelRuntime(config);
  const model = runtime.simulatorModel;
  if (!model) throw new CliError('record needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint); MCPSIM_MODEL names the model');
  const scenarios = await loadScenarioPaths(paths, io);
  if (!scenarios) return exitCodes.failure;
  let failed = false;
  for (const loaded of scenarios) {
    const { file, scenario, fixturesDir } = loaded;
    io.stderr(`▶ recording ${file} with ${model.modelId} (${model.api} API) into ${fixturesDir}\n`);
    const changes: RecordedCall[] = [];
    const onRecord = (recorded: RecordedCall) => {
      const { call, change } = recorded;
      changes.push(recorded);
      io.stderr(`  ${change.padEnd(9)} ${call.connectionId}.${call.tool} ${call.argumentsKey} #${call.occurrence}\n`);
    };
    const toolResults = { mode: 'record', fixturesDir, clock: systemClock, onRecord } as const;
    const reports = await runScenario(loaded, { runtime, toolResults, apiKey: recordApiKey, upstreamTimeoutMs: config.upstreamTimeoutMs });
    const modelFailures = reports.filter((report) => report.result?._meta?.['mcpsim/source'] === 'simulator-error');
    failed ||= modelFailures.length > 0;
    io.stdout(toTextReport(reports, scenario.name));
    const count = (kind: RecordedCall['change']) => changes.filter((entry) => entry.change === kind).length;
    const files = new Set(changes.map((entry) => entry.file).filter((path): path is string => path !== null));
    io.stdout(
      `Recorded ${changes.length} results: ${count('added')} added, ${count('changed')} changed, ${count('unchanged')} unchanged, in ${[...files].map((path) => relative(process.cwd(), path)).join(', ') || 'no file'}` +
        `${modelFailures.length > 0 ? `; ${modelFailures.length} calls failed in the model and were not recorded` : ''}\n` +
        `Expectations: ${toSummaryLine(summarizeReports(reports))}\n\n`,
    );
  }
  return failed ? exitCodes.failure : exitCodes.ok;
}
