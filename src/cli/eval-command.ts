import { resolveConfig } from '../config.js';
import { systemClock } from '../domain/clock.js';
import { createModelRuntime } from '../platform/model-runtime.js';
import type { StepReport } from '../scenario/run-steps.js';
import { CliError, exitCodes } from './cli-error.js';
import type { CommandInput, CommandOptions } from './command.js';
import { configOptions, toConfigFlags } from './config-options.js';
import type { CliIo } from './io.js';
import { addUsage, noUsage, toUsageLine, type ModelUsage } from './model-usage.js';
import { runScenario } from './run-scenario.js';
import { loadScenarioPaths } from './scenario-files.js';

export const name = 'eval';
export const usage = '<paths...>';
export const summary = 'run scenario steps k times against the model: pass^k per step, contradictions per call';
export const help = `Tells a good model or prompt from a bad one. Runs each scenario's steps --runs times (default 5)
against the configured model, with no replay and nothing recorded, each run on a fresh world, and
reports per step pass^k (the step passed in every run) and how many of its passes it had, and the
share of calls whose answer contradicted the world (_meta["mcpsim/contradictions"], after the
simulator's one retry), and the tokens the model was billed (every attempt, failed calls too), in
all, per call and per run. Needs OPENAI_API_KEY or OPENAI_BASE_URL; MCPSIM_MODEL names the model.
Exits 1 when fewer steps than --min-pass hold pass^k, or more calls than --max-contradictions
contradict the world.`;
export const positionals = true;

export const options = {
  runs: { type: 'string', value: '<k>', help: 'runs per scenario (default 5, at most 100)' },
  'min-pass': { type: 'string', value: '<share>', help: 'the share of steps (0 to 1) that must pass in every run (default 1)' },
  'max-contradictions': {
    type: 'string',
    value: '<share>',
    help: 'the largest share of calls (0 to 1) allowed to contradict the world (default 0)',
  },
  json: { type: 'boolean', help: 'print the figures as JSON' },
  'upstream-timeout': configOptions['upstream-timeout'],
} as const satisfies CommandOptions;

const evalApiKey = 'mcpsim-eval-key';

/** What `eval` found for one scenario. */
export interface ScenarioEval {
  file: string;
  scenario: string;
  runs: number;
  steps: { name: string; call: string; passes: number; passK: boolean }[];
  calls: number;
  contradicted: number;
  contradictionRate: number;
  /** Tokens billed over all runs (every attempt, failed calls too), and per model call and per run. */
  usage: ModelUsage & { perCall: TokenPair; perRun: TokenPair };
}

interface TokenPair {
  inputTokens: number;
  outputTokens: number;
}

export async function run({ values, positionals: paths }: CommandInput<typeof options>, io: CliIo): Promise<number> {
  if (paths.length === 0) throw new CliError('eval needs a scenario file or folder, e.g. mcpsim eval scenarios/issue-triage.yaml --runs 5');
  const runs = toNumber('--runs', values.runs ?? '5', 1, 100, true);
  const minPass = toNumber('--min-pass', values['min-pass'] ?? '1', 0, 1, false);
  const maxContradictions = toNumber('--max-contradictions', values['max-contradictions'] ?? '0', 0, 1, false);
  const config = resolveConfig(toConfigFlags(values), io.env);
  const runtime = createModelRuntime(config);
  const model = runtime.resultModel;
  if (!model)
    throw new CliError('eval needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint); MCPSIM_MODEL names the model');
  const scenarios = await loadScenarioPaths(paths, io);
  if (!scenarios) return exitCodes.failure;

  const results: ScenarioEval[] = [];
  for (const loaded of scenarios) {
    io.stderr(`▶ ${loaded.file}: ${loaded.scenario.steps.length} steps × ${runs} runs with ${model.modelId}\n`);
    const reportsByRun: StepReport[][] = [];
    let usage = noUsage;
    const onUsage = (run: ModelUsage) => void (usage = addUsage(usage, run));
    for (let index = 0; index < runs; index++) {
      // A fresh in-memory platform per run: every run starts from the scenario's own world.
      const toolResults = { mode: 'eval', fixturesDir: loaded.fixturesDir, clock: systemClock } as const;
      reportsByRun.push(
        await runScenario(loaded, { runtime, toolResults, apiKey: evalApiKey, upstreamTimeoutMs: config.upstreamTimeoutMs, onUsage }),
      );
    }
    results.push(summarize(loaded.file, loaded.scenario.name, reportsByRun, usage));
  }

  io.stdout(values.json ? `${JSON.stringify(results, null, 2)}\n` : results.map(toText).join('\n'));
  const steps = results.flatMap((result) => result.steps);
  const passShare = steps.length === 0 ? 1 : steps.filter((step) => step.passK).length / steps.length;
  const calls = results.reduce((sum, result) => sum + result.calls, 0);
  const contradictionShare = calls === 0 ? 0 : results.reduce((sum, result) => sum + result.contradicted, 0) / calls;
  const problems = [
    ...(passShare < minPass ? [`${format(passShare)} of steps hold pass^${runs}, below --min-pass ${minPass}`] : []),
    ...(contradictionShare > maxContradictions
      ? [`${format(contradictionShare)} of calls contradicted the world, above --max-contradictions ${maxContradictions}`]
      : []),
  ];
  io.stderr(
    problems.length > 0
      ? `✗ ${problems.join('; ')}\n`
      : `✓ pass^${runs} ${format(passShare)} of steps; contradictions ${format(contradictionShare)} of calls\n`,
  );
  return problems.length > 0 ? exitCodes.failure : exitCodes.ok;
}

/**
 * Per step: in how many runs it passed, and whether it passed in all (pass^k); per scenario: the
 * share of answered calls whose result carries `_meta["mcpsim/contradictions"]`.
 */
export function summarize(file: string, scenario: string, reportsByRun: readonly StepReport[][], usage = noUsage): ScenarioEval {
  const first = reportsByRun[0] ?? [];
  const steps = first.map((step, index) => {
    const passes = reportsByRun.filter((reports) => reports[index]?.outcome !== 'failed').length;
    return { name: step.name, call: step.call, passes, passK: passes === reportsByRun.length };
  });
  const answered = reportsByRun.flat().filter((report) => report.result !== undefined);
  const contradicted = answered.filter((report) => Array.isArray(report.result?._meta?.['mcpsim/contradictions'])).length;
  return {
    file,
    scenario,
    runs: reportsByRun.length,
    steps,
    calls: answered.length,
    contradicted,
    contradictionRate: answered.length === 0 ? 0 : contradicted / answered.length,
    usage: { ...usage, perCall: perUnit(usage, usage.calls), perRun: perUnit(usage, reportsByRun.length) },
  };
}

const perUnit = (usage: ModelUsage, count: number): TokenPair => ({
  inputTokens: count === 0 ? 0 : Math.round(usage.inputTokens / count),
  outputTokens: count === 0 ? 0 : Math.round(usage.outputTokens / count),
});

function toText(result: ScenarioEval): string {
  const width = Math.max(4, ...result.steps.map((step) => step.name.length));
  const lines = result.steps.map((step) => `  ${step.passK ? '✓' : '✗'} ${step.name.padEnd(width)}  ${step.passes}/${result.runs}`);
  return [
    `${result.scenario} (${result.file}), ${result.runs} runs`,
    `  ${'step'.padEnd(width + 2)}  passes`,
    ...lines,
    `  pass^${result.runs}: ${result.steps.filter((step) => step.passK).length} of ${result.steps.length} steps; contradictions: ${result.contradicted} of ${result.calls} calls (${format(result.contradictionRate)})`,
    `  tokens: ${toUsageLine(result.usage, result.runs)}`,
    '',
  ].join('\n');
}

const format = (share: number) => `${(share * 100).toFixed(1)}%`;

function toNumber(flag: string, text: string, min: number, max: number, integer: boolean): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new CliError(`${flag}: "${text}" is not ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return value;
}
