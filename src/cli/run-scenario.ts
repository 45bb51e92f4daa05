import type { ModelRuntime, ToolResultsMode } from '../platform/model-runtime.js';
import { createReplayPlatform } from '../platform/platform.js';
import { applyScenario } from '../scenario/apply-scenario.js';
import { runSteps, type Judge, type RunStepsOptions, type StepReport } from '../scenario/run-steps.js';
import { readModelUsage, type ModelUsage } from './model-usage.js';
import type { LoadedScenario } from './scenario-files.js';
import { createScenarioUplinks } from './scenario-uplinks.js';

export interface ScenarioRun {
  runtime: ModelRuntime;
  /** Where mock tool results come from: `replay` for `test`, `record` for `record`. */
  toolResults: ToolResultsMode;
  /** The key of the platform's local account, for the scenario's requests. */
  apiKey: string;
  upstreamTimeoutMs: number;
  /** Where a local server's failure to start is told (`uplink:` connections); stdout stays the reporter's. */
  warn?: (text: string) => void;
  /**
   * Whether plain-language `check:` steps are judged by the model: `off` skips them (`mcpsim test`
   * unless asked), `on` judges them ("could not judge" skips the check), `strict` fails a step the
   * model could not judge. Default: `on` when the runtime has a judge.
   */
  judging?: Judging;
  /** Told the model usage of the run's mock connections, read before the platform closes (`eval`). */
  onUsage?: (usage: ModelUsage) => void;
}

export type Judging = 'off' | 'on' | 'strict';

/**
 * Runs one scenario on a private in-memory replay platform (seeded by the file, virtual clock):
 * applies its namespaces and connections, runs its steps, judges `check:` expectations with the
 * runtime's judge when there is one, and closes the platform. The local servers of `uplink:`
 * connections are started for the run and stopped after it.
 *
 * @example
 *   const reports = await runScenario(loaded, { runtime, toolResults: { mode: 'replay', fixturesDir, recordHint }, apiKey, upstreamTimeoutMs: 5000 });
 */
export async function runScenario(
  { file, scenario }: LoadedScenario,
  { runtime, toolResults, apiKey, upstreamTimeoutMs, warn = () => {}, judging, onUsage }: ScenarioRun,
): Promise<StepReport[]> {
  const platform = createReplayPlatform({
    apiKey,
    seed: file,
    upstreamTimeoutMs,
    toolResults: runtime.createToolResults(toolResults),
    ...(scenario.clock ? { clockStart: scenario.clock } : {}),
  });
  const door = { fetch: platform.app.fetch, baseUrl: 'http://mcpsim.local', apiKey };
  const uplinks = createScenarioUplinks({ platform, door, io: { stdout: () => {}, stderr: warn, env: {}, onShutdownSignal: () => {} } });
  try {
    await uplinks.sync(file, scenario, await applyScenario(scenario, door));
    const reports = await runSteps(scenario, door, toJudging(runtime.judge, judging));
    if (onUsage) onUsage(await readModelUsage(door, scenario));
    return reports;
  } finally {
    await uplinks.close();
    platform.close();
  }
}

/** The judge and its strictness for runSteps: none when judging is off, one that cannot judge when no model is configured. */
function toJudging(judge: ModelRuntime['judge'], judging: Judging | undefined): RunStepsOptions {
  if (judging === 'off')
    return { notJudged: 'plain-language checks are judged only when asked (mcpsim test --judge, or judge: true in the scenario)' };
  if (judging === undefined && !judge) return {};
  const judged: Judge = judge
    ? (check, result, step) => judge(check, { tool: step.call, arguments: step.arguments, result })
    : async () => ({ pass: null, reason: 'no model configured (set OPENAI_API_KEY or OPENAI_BASE_URL)' });
  return { judge: judged, strictJudging: judging === 'strict' };
}
