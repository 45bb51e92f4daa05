import type { ModelRuntime, ToolResultsMode } from '../platform/model-runtime.js';
import { createReplayPlatform } from '../platform/platform.js';
import { applyScenario } from '../scenario/apply-scenario.js';
import { runSteps, type Judge, type StepReport } from '../scenario/run-steps.js';
import type { LoadedScenario } from './scenario-files.js';

export interface ScenarioRun {
  runtime: ModelRuntime;
  /** Where the simulator's results come from: `replay` for `test`, `record` for `record`. */
  toolResults: ToolResultsMode;
  /** The key of the platform's local account, for the scenario's requests. */
  apiKey: string;
  upstreamTimeoutMs: number;
}

/**
 * Runs one scenario on a private in-memory replay platform (seeded by the file, virtual clock):
 * applies its namespaces and connections, runs its steps, judges `check:` expectations with the
 * runtime's judge when there is one, and closes the platform.
 *
 * @example
 *   const reports = await runScenario(loaded, { runtime, toolResults: { mode: 'replay', fixturesDir, recordHint }, apiKey, upstreamTimeoutMs: 5000 });
 */
export async function runScenario({ file, scenario }: LoadedScenario, { runtime, toolResults, apiKey, upstreamTimeoutMs }: ScenarioRun): Promise<StepReport[]> {
  const platform = createReplayPlatform({
    apiKey,
    seed: file,
    upstreamTimeoutMs,
    toolResults: runtime.createToolResults(toolResults),
    ...(scenario.clock ? { clockStart: scenario.clock } : {}),
  });
  try {
    const door = { fetch: platform.app.fetch, baseUrl: 'http://mcpsim.local', apiKey };
    await applyScenario(scenario, door);
    const judge = toScenarioJudge(runtime.judge);
    return await runSteps(scenario, door, judge ? { judge } : {});
  } finally {
    platform.close();
  }
}

function toScenarioJudge(judge: ModelRuntime['judge']): Judge | undefined {
  return judge ? (check, result, step) => judge(check, { tool: step.call, arguments: step.arguments, result }) : undefined;
}
