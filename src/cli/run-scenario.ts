import type { ModelRuntime, ToolResultsMode } from '../platform/model-runtime.js';
import { createReplayPlatform } from '../platform/platform.js';
import { applyScenario } from '../scenario/apply-scenario.js';
import { runSteps, type Judge, type StepReport } from '../scenario/run-steps.js';
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
}

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
  { runtime, toolResults, apiKey, upstreamTimeoutMs, warn = () => {} }: ScenarioRun,
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
    const judge = toScenarioJudge(runtime.judge);
    return await runSteps(scenario, door, judge ? { judge } : {});
  } finally {
    await uplinks.close();
    platform.close();
  }
}

function toScenarioJudge(judge: ModelRuntime['judge']): Judge | undefined {
  return judge ? (check, result, step) => judge(check, { tool: step.call, arguments: step.arguments, result }) : undefined;
}
