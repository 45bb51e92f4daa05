import { existsSync } from 'node:fs';
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
export const summary = 'run scenario steps against the model (or the simulator) and write the fixtures';
export const help = `Runs each scenario's steps: a call its fixtures already answer (recorded, or written by hand)
is kept and replayed; every other call is answered by the configured model and written into the
scenario's fixtures. Lists, call by call, what was added, kept, replaced or unchanged. --overwrite
asks the model again for every call (--overwrite <tool>: for that tool's calls) and replaces what
differs. Needs OPENAI_API_KEY or OPENAI_BASE_URL; MCPSIM_MODEL names the model. --source simulated
needs no model: the simulator answers from the scenario's world, and its answers are written (as
model "mcpsim-simulator") to review, edit by hand and replay. Exits 1 when the model failed a call
(its result is not written) or an expectation failed (what was recorded stays).`;
export const positionals = true;

export const options = {
  overwrite: {
    type: 'string',
    multiple: true,
    value: '<tool|all>',
    help: 'record these calls afresh and replace the answers in the fixtures: every call (all, or a\nscenario path right after it), or the calls of one tool (repeatable)',
  },
  source: {
    type: 'string',
    value: '<model|simulated>',
    help: 'who answers the calls no fixture answers: the model (default), or the simulator (no model needed)',
  },
  'upstream-timeout': configOptions['upstream-timeout'],
} as const satisfies CommandOptions;

const recordSources = ['model', 'simulated'] as const;

const recordApiKey = 'mcpsim-record-key';

export async function run({ values, positionals }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const { overwrite, paths } = toOverwrite(values.overwrite ?? [], positionals);
  if (paths.length === 0) throw new CliError('record needs a scenario file or folder, e.g. mcpsim record scenarios/issue-triage.yaml');
  const source = values.source ?? 'model';
  if (!(recordSources as readonly string[]).includes(source))
    throw new CliError(`--source: "${source}" is not one of ${recordSources.join(', ')}`);
  const simulated = source === 'simulated';
  const config = resolveConfig(toConfigFlags(values), io.env);
  const runtime = createModelRuntime(config);
  const model = runtime.resultModel;
  if (!model && !simulated)
    throw new CliError(
      'record needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint); MCPSIM_MODEL names the model; or record what the simulator answers, with no model: mcpsim record --source simulated <paths...>',
    );
  const answeredBy = simulated || !model ? 'the simulator (no model)' : `${model.modelId} (${model.api} API)`;
  const scenarios = await loadScenarioPaths(paths, io);
  if (!scenarios) return exitCodes.failure;
  let failed = false;
  for (const loaded of scenarios) {
    const { file, scenario, fixturesDir } = loaded;
    io.stderr(`▶ recording ${file} with ${answeredBy} into ${fixturesDir}\n`);
    const changes: RecordedCall[] = [];
    const onRecord = (recorded: RecordedCall) => {
      const { call, change } = recorded;
      changes.push(recorded);
      io.stderr(`  ${change.padEnd(9)} ${call.connectionId}.${call.tool} ${call.argumentsKey} #${call.occurrence}\n`);
    };
    const toolResults = {
      mode: 'record',
      fixturesDir,
      clock: systemClock,
      onRecord,
      overwrite,
      source: simulated ? 'simulated' : 'model',
    } as const;
    const reports = await runScenario(loaded, { runtime, toolResults, apiKey: recordApiKey, upstreamTimeoutMs: config.upstreamTimeoutMs });
    const modelFailures = reports.filter((report) => report.result?._meta?.['mcpsim/source'] === 'simulator-error');
    const summary = summarizeReports(reports);
    failed ||= modelFailures.length > 0 || summary.failed > 0;
    io.stdout(toTextReport(reports, scenario.name));
    const count = (kind: RecordedCall['change']) => changes.filter((entry) => entry.change === kind).length;
    const files = new Set(
      changes
        .filter((entry) => entry.change === 'added' || entry.change === 'replaced')
        .map((entry) => entry.file)
        .filter((path): path is string => path !== null),
    );
    const written = [...files].map((path) => relative(process.cwd(), path)).join(', ');
    io.stdout(
      `${changes.length} calls: ${count('added')} added, ${count('kept')} kept, ${count('replaced')} replaced, ${count('unchanged')} unchanged${written ? `, written to ${written}` : ''}` +
        `${modelFailures.length > 0 ? `; ${modelFailures.length} calls failed in the model and were not recorded` : ''}\n` +
        `Expectations: ${toSummaryLine(summary)}` +
        `${summary.failed > 0 ? `; the fixtures written stay: review them, fix the answer or the expectation, and run mcpsim test ${file}` : ''}\n` +
        `${count('kept') > 0 && !overwrite ? `Kept answers were replayed; ${simulated ? 'to ask the simulator again: mcpsim record --source simulated' : 'to ask the model again: mcpsim record'} --overwrite <tool> ${file}\n` : ''}\n`,
    );
  }
  return failed ? exitCodes.failure : exitCodes.ok;
}

/**
 * `--overwrite all` (or a scenario path given as its value: `--overwrite scenarios/a.yaml`) means
 * every call; other values are tool names.
 *
 * @example
 *   toOverwrite(['get_forecast'], ['scenarios/a.yaml']); // { overwrite: ['get_forecast'], paths: ['scenarios/a.yaml'] }
 */
export function toOverwrite(values: readonly string[], positionals: readonly string[]): { overwrite: boolean | string[]; paths: string[] } {
  const asPaths = values.filter((value) => /\.ya?ml$/i.test(value) || existsSync(value));
  const tools = values.filter((value) => !asPaths.includes(value) && value !== 'all');
  const all = values.length > tools.length;
  return { overwrite: all ? true : tools.length > 0 ? tools : false, paths: [...asPaths, ...positionals] };
}
