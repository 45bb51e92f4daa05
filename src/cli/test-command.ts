import { writeFileSync } from 'node:fs';
import { createReplayPlatform } from '../platform/platform.js';
import { resolveConfig, type ConfigFlags } from '../config.js';
import { applyScenario } from '../scenario/apply-scenario.js';
import { summarizeReports, toJsonReport, toJunitReport, toSummaryLine, toTextReport, type ReportSuite } from '../scenario/reporters.js';
import { runSteps, type Judge } from '../scenario/run-steps.js';
import { createModelJudge } from '../sim/model-judge.js';
import { createSimulatorModel } from '../sim/model-provider.js';
import { createSimulator } from '../sim/simulator.js';
import { exitCodes, UsageError, type CliIo } from './io.js';
import { loadScenarioPaths, type LoadedScenario } from './scenario-files.js';

export type Reporter = 'text' | 'json' | 'junit';
const reporters: readonly Reporter[] = ['text', 'json', 'junit'];

const scenarioApiKey = 'mcpsim-scenario-key';

export interface TestCommandOptions extends ConfigFlags {
  reporter?: string;
  /** Write the report to this file instead of standard output (progress still goes to stderr). */
  output?: string;
}

/**
 * `mcpsim test [scenario...]`: replays every scenario's steps from its fixtures, with no model
 * (a missing fixture fails the step, naming the record command), checks the expectations and
 * prints a report. Plain-language checks are judged by the model when one is configured and
 * reported as skipped otherwise. Exit 0 when every step passed, 1 on any failure or replay
 * miss, 2 on bad usage.
 */
export async function testCommand(paths: readonly string[], options: TestCommandOptions, io: CliIo): Promise<number> {
  const reporter = (options.reporter ?? 'text') as Reporter;
  if (!reporters.includes(reporter)) throw new UsageError(`--reporter: "${options.reporter}" is not one of ${reporters.join(', ')}`);
  const config = resolveConfig(options, io.env);
  const scenarios = await loadScenarioPaths(paths.length > 0 ? paths : ['scenarios/'], io);
  if (!scenarios) return exitCodes.failure;
  const judge = toJudge(config.model);
  const suites: ReportSuite[] = [];
  for (const loaded of scenarios) {
    io.stderr(`▶ ${loaded.file}: ${loaded.scenario.steps.length} steps\n`);
    suites.push({ name: loaded.scenario.name, reports: await replayScenario(loaded, judge, config.upstreamTimeoutMs) });
  }
  const report = render(reporter, suites);
  if (options.output) writeFileSync(options.output, report);
  else io.stdout(report);
  const all = summarizeReports(suites.flatMap((suite) => suite.reports));
  io.stderr(`${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'}: ${toSummaryLine(all)}${judge ? '' : ' (plain-language checks skipped: no model configured)'}\n`);
  return all.failed > 0 || all.misses > 0 ? exitCodes.failure : exitCodes.ok;
}

/** One scenario on a private in-memory platform that replays its fixtures and never asks a model. */
async function replayScenario({ scenario, fixturesDir, file }: LoadedScenario, judge: Judge | undefined, upstreamTimeoutMs: number) {
  const platform = createReplayPlatform({
    apiKey: scenarioApiKey,
    seed: file,
    upstreamTimeoutMs,
    toolResults: createSimulator({ fixturesDir, missPolicy: 'error', recordHint: () => `mcpsim record ${file}` }),
  });
  try {
    const door = { fetch: platform.app.fetch, baseUrl: 'http://mcpsim.local', apiKey: scenarioApiKey };
    await applyScenario(scenario, door);
    return await runSteps(scenario, door, judge ? { judge } : {});
  } finally {
    platform.close();
  }
}

function render(reporter: Reporter, suites: readonly ReportSuite[]): string {
  if (reporter === 'junit') return toJunitReport(suites);
  if (reporter === 'json') return `${JSON.stringify(suites.map((suite) => toJsonReport(suite.reports, suite.name)), null, 2)}\n`;
  return suites.map((suite) => toTextReport(suite.reports, suite.name)).join('\n');
}

/** The model judge of `check:` expectations, when a model is configured. */
export function toJudge(model: ReturnType<typeof resolveConfig>['model']): Judge | undefined {
  if (!model?.simulatorModel) return undefined;
  const { model: languageModel } = createSimulatorModel({ ...model, model: model.simulatorModel, ...(model.simulatorApi ? { api: model.simulatorApi } : {}) });
  const judge = createModelJudge({ model: languageModel });
  return (check, result, step) => judge(check, { tool: step.call, arguments: step.arguments, result });
}
