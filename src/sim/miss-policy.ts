import { createRecordingSource, type FixtureRecorder, type RecordChange } from './fixture-recorder.js';
import { createStaleReadGuard } from './stale-read-guard.js';
import { createReadRepeatSource } from './read-repeat-source.js';
import type { ReplaySource } from './replay-source.js';
import { chainSources, type ToolCall, type ToolResolution, type ToolResultSource } from './tool-result-source.js';
import { toErrorResult } from './error-result.js';

/**
 * What answers a call that no fixture answers:
 * - `error`: an `isError` result that names the call and the command that records it (CI's choice:
 *   fail loudly on a replay miss);
 * - `model`: the configured model generates it (and the recorder, if any, writes it down);
 * - `simulate`: the stateful simulator answers from the connection's world, no model needed
 *   (what `serve` does without a model);
 * - `synthesize`: a deterministic schema-valid value that remembers nothing, no model needed.
 */
export type MissPolicy = 'error' | 'model' | 'simulate' | 'synthesize';

export const missPolicies: readonly MissPolicy[] = ['error', 'model', 'simulate', 'synthesize'];

export interface MissSourceOptions {
  policy: MissPolicy;
  /** The model source; absent when no model is configured. */
  model?: ToolResultSource;
  /** The stateful simulator (sim/stateful-source.ts); `simulate` asks it. */
  simulated?: ToolResultSource;
  synthetic: ToolResultSource;
  /** The command that records this call, e.g. `mcpsim record scenarios/github.yaml`; shown in miss errors. */
  recordHint: (call: ToolCall) => string;
}

/**
 * The last source of the chain: always answers, as the miss policy says.
 *
 * @example
 *   const miss = createMissSource({ policy: 'error', synthetic, recordHint: () => 'mcpsim record demo.yaml' });
 *   await miss.resolve(call); // isError: "no fixture for @acme/tracker.list_issues {"state":"open"} (call 2); record it with: mcpsim record demo.yaml"
 */
export function createMissSource({ policy, model, simulated, synthetic, recordHint }: MissSourceOptions): ToolResultSource {
  const describe = (call: ToolCall) => `no fixture for ${call.server}.${call.tool} ${call.argumentsKey} (call ${call.occurrence})`;
  const miss = (text: string): ToolResolution => ({ source: 'fixture-miss', result: toErrorResult(text) });
  return {
    async resolve(call) {
      if (policy === 'simulate') {
        return (
          (await simulated?.resolve(call)) ??
          miss(`${describe(call)}, and the simulator has no world to answer from; record it with: ${recordHint(call)}`)
        );
      }
      if (policy === 'synthesize') {
        return (
          (await synthetic.resolve(call)) ??
          miss(`${describe(call)}, and the synthesizer gave no result; record it with: ${recordHint(call)}`)
        );
      }
      if (policy === 'model') {
        if (!model) {
          return miss(
            `${describe(call)}, and no model is configured to generate one: set OPENAI_API_KEY or OPENAI_BASE_URL, or record it with: ${recordHint(call)}`,
          );
        }
        return (await model.resolve(call)) ?? miss(`${describe(call)}, and the model gave no result; record it with: ${recordHint(call)}`);
      }
      return miss(`${describe(call)}; record it with: ${recordHint(call)}`);
    },
  };
}

export interface SimulatorSourceOptions {
  /** The replay source, made with `passOnMiss: true` (otherwise it answers every miss itself and the policy never runs). */
  replay: ToolResultSource | ReplaySource;
  model?: ToolResultSource;
  /** The stateful simulator: the `simulate` policy, and read-only repeats past the recorded occurrences. */
  simulated?: ToolResultSource;
  /** When set, model results (and synthesized ones with `recordSynthetic`) are written as fixtures. */
  recorder?: FixtureRecorder;
  missPolicy: MissPolicy;
  synthetic: ToolResultSource;
  /** The command that records a missing call; defaults to a generic `mcpsim record <scenario>`. */
  recordHint?: (call: ToolCall) => string;
  recordSynthetic?: boolean;
  /** Told about every recorded call and whether its fixture entry was added, changed or unchanged. */
  onRecord?: (call: ToolCall, change: RecordChange) => void;
}

/**
 * Where a mock connection's tool results come from, after argument validation:
 *
 *   1. replay: the recorded fixture for (server, tool, canonical arguments, occurrence), if any;
 *   2. a read-only call whose earlier occurrence is recorded but this one is not: the stateful
 *      simulator answers from the world (not under `model`, where the model answers it);
 *   3. on any other miss, the miss policy alone decides: `error` (an isError result naming the
 *      record command), `model` (the model, or an error saying none is configured), `simulate`
 *      (the stateful simulator) or `synthesize`;
 *   4. with a recorder, what step 3's model produced is written back as a fixture, so the next
 *      run replays it (synthesized results only with `recordSynthetic`).
 *
 * A fixture always wins over the model: recorded results are reviewed, generated ones are not.
 *
 * @example
 *   const source = createSimulatorSource({
 *     replay: createReplaySource({ directory: './fixtures', passOnMiss: true }),
 *     model, missPolicy: 'model', synthetic: createSyntheticSource(),
 *     recorder: createFixtureRecorder({ directory: './fixtures', clock: systemClock }),
 *   });
 */
export function createSimulatorSource({
  replay,
  model,
  simulated,
  recorder,
  missPolicy,
  synthetic,
  recordHint = () => 'mcpsim record <scenario>',
  recordSynthetic,
  onRecord,
}: SimulatorSourceOptions): ToolResultSource {
  const miss = createMissSource({ policy: missPolicy, model, simulated, synthetic, recordHint });
  const answerMiss = recorder ? createRecordingSource(miss, recorder, { recordSynthetic, onRecord }) : miss;
  const repeats =
    simulated && missPolicy !== 'model' && 'hasEarlierOccurrence' in replay ? [createReadRepeatSource({ replay, world: simulated })] : [];
  // A stale read can only follow an unrecorded write, which only a source that changes the world makes.
  return chainSources(createStaleReadGuard(replay), ...repeats, answerMiss);
}
