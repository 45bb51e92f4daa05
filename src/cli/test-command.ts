import { toRecordHint } from '../domain/record-hint.js';
import { writeFileSync } from 'node:fs';
import { resolveConfig } from '../config.js';
import { createModelRuntime } from '../platform/model-runtime.js';
import {
  summarizeReports,
  toJsonReport,
  toJunitReport,
  toSummaryLine,
  toTextReport,
  type ReportOptions,
  type ReportSuite,
} from '../scenario/reporters.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { runScenario, type Judging } from './run-scenario.js';
import { loadScenarioPaths, type LoadedScenario } from './scenario-files.js';

export const name = 'test';
export const usage = '[paths...]';
export const summary = 'replay scenario steps from fixtures (no model), check expectations, report';
export const help = `Replays every scenario's steps (default scenarios/) from its fixtures on a fresh in-memory
platform, with no model: a missing fixture fails the step and names the record command, unless
--miss (or the scenario's miss: field) says to simulate it from the world or synthesize it. A
read-only call past its recorded occurrences is answered from the world. Checks the expectations
and prints a report. Plain-language checks are judged by the model (OPENAI_API_KEY or
OPENAI_BASE_URL) only when asked, with --judge or the scenario's judge: field, so a test needs no
network; a check the model could not judge is reported as such and skipped, unless judging is strict
(--judge-strict, judge: strict). Exits 1 on a failed step or a replay miss.`;
export const positionals = true;

const reporters = ['text', 'json', 'junit'] as const;
type Reporter = (typeof reporters)[number];

export const options = {
  reporter: { type: 'string', value: '<reporter>', help: 'text (default), json or junit' },
  output: { type: 'string', value: '<file>', help: 'write the report there (progress and the summary still go to stderr)' },
  'no-timings': { type: 'boolean', help: 'leave durations out of the report (the default when CI is set), so two runs diff clean' },
  timings: { type: 'boolean', help: 'report durations even when CI is set' },
  fixtures: { ...configOptions.fixtures, help: "replay from this folder instead of each scenario's own (env MCPSIM_FIXTURES_DIR)" },
  'upstream-timeout': configOptions['upstream-timeout'],
  judge: { type: 'boolean', help: "judge plain-language checks with the configured model (else the scenario's judge: field decides)" },
  'judge-strict': { type: 'boolean', help: 'judge them, and fail a step whose check the model could not judge' },
  miss: {
    type: 'string',
    value: '<policy>',
    help: "what answers a call no fixture answers: error (default: the step fails), simulate (the\nstateful simulator, from the world) or synthesize; overrides each scenario's miss: field",
  },
} as const satisfies CommandOptions;

const testMissPolicies = ['error', 'simulate', 'synthesize'] as const;

const scenarioApiKey = 'mcpsim-scenario-key';

export async function run({ values, positionals: paths }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  const reporter = (values.reporter ?? 'text') as Reporter;
  if (!reporters.includes(reporter)) throw new CliError(`--reporter: "${values.reporter}" is not one of ${reporters.join(', ')}`);
  const miss = values.miss as (typeof testMissPolicies)[number] | undefined;
  if (miss !== undefined && !testMissPolicies.includes(miss))
    throw new CliError(`--miss: "${values.miss}" is not one of ${testMissPolicies.join(', ')}`);
  // Only the flag: MCPSIM_MISS_POLICY is serve's setting, and a test stays strict unless asked here or in the scenario.
  if (values.timings && values['no-timings']) throw new CliError('--timings and --no-timings contradict each other; give one');
  const timings = values.timings ? true : values['no-timings'] ? false : undefined;
  const config = resolveConfig(
    { ...toConfigFlags({ ...values }), miss: undefined, ...(timings === undefined ? {} : { timings }) },
    { ...io.env, MCPSIM_MISS_POLICY: undefined },
  );
  const scenarios = await loadScenarioPaths(paths.length > 0 ? paths : ['scenarios/'], io);
  if (!scenarios) return exitCodes.failure;
  const runtime = createModelRuntime(config);
  const suites: ReportSuite[] = [];
  for (const loaded of scenarios) {
    io.stderr(`▶ ${loaded.file}: ${loaded.scenario.steps.length} steps\n`);
    const fixturesDir = config.fixturesDirChosen ? config.fixturesDir : loaded.fixturesDir;
    const toolResults = {
      mode: 'replay',
      fixturesDir,
      recordHint: toRecordHint(loaded.file),
      missPolicy: miss ?? loaded.scenario.miss ?? 'error',
    } as const;
    suites.push({
      name: loaded.scenario.name,
      file: loaded.file,
      reports: await runScenario(loaded, {
        runtime,
        toolResults,
        apiKey: scenarioApiKey,
        upstreamTimeoutMs: config.upstreamTimeoutMs,
        warn: io.stderr,
        judging: toJudging(values, loaded.scenario.judge),
      }),
    });
  }
  const report = render(reporter, suites, { timings: config.reportTimings });
  if (values.output) writeFileSync(values.output, report);
  else io.stdout(report);
  const all = summarizeReports(suites.flatMap((suite) => suite.reports));
  io.stderr(
    `${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'}: ${toSummaryLine(all)}${toJudgingNote(scenarios, values, runtime.judge !== null)}\n`,
  );
  return all.failed > 0 || all.misses > 0 ? exitCodes.failure : exitCodes.ok;
}

/** `--judge-strict` and `--judge` win over the scenario's `judge:` field; without either, checks are not judged. */
function toJudging(values: { judge?: boolean; 'judge-strict'?: boolean }, scenario: boolean | 'strict' | undefined): Judging {
  if (values['judge-strict'] || (!values.judge && scenario === 'strict')) return 'strict';
  return values.judge || scenario ? 'on' : 'off';
}

/** What the summary adds about plain-language checks nobody judged. */
function toJudgingNote(
  scenarios: readonly LoadedScenario[],
  values: { judge?: boolean; 'judge-strict'?: boolean },
  hasModel: boolean,
): string {
  const judging = scenarios.map((loaded) => toJudging(values, loaded.scenario.judge));
  if (judging.every((mode) => mode === 'off')) return ' (plain-language checks not judged: pass --judge to judge them with the model)';
  return hasModel ? '' : ' (plain-language checks could not be judged: no model configured)';
}

function render(reporter: Reporter, suites: readonly ReportSuite[], options: ReportOptions): string {
  if (reporter === 'junit') return toJunitReport(suites, options);
  if (reporter === 'json')
    return `${JSON.stringify(
      suites.map((suite) =>
        toJsonReport(suite.reports, suite.name, { ...options, ...(suite.file === undefined ? {} : { file: suite.file }) }),
      ),
      null,
      2,
    )}\n`;
  return suites.map((suite) => toTextReport(suite.reports, suite.name, options)).join('\n');
}
