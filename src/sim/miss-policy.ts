import { createRecordingSource, type FixtureRecorder, type RecordChange } from './fixture-recorder.js';
import { chainSources, type ToolCall, type ToolResolution, type ToolResultSource } from './tool-result-source.js';
import { toErrorResult } from './error-result.js';

/**
 * What answers a call that no fixture answers:
 * - `error`: an `isError` result that names the call and the command that records it (CI's choice:
 *   fail loudly on a replay miss);
 * - `model`: the configured model generates it (and the recorder, if any, writes it down);
 * - `synthesize`: a deterministic schema-valid value, no model needed.
 */
export type MissPolicy = 'error' | 'model' | 'synthesize';

export const missPolicies: readonly MissPolicy[] = ['error', 'model', 'synthesize'];

export interface MissSourceOptions {
  policy: MissPolicy;
  /** The model source; absent when no model is configured. */
  model?: ToolResultSource;
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
export function createMissSource({ policy, model, synthetic, recordHint }: MissSourceOptions): ToolResultSource {
  const describe = (call: ToolCall) => `no fixture for ${call.server}.${call.tool} ${call.argumentsKey} (call ${call.occurrence})`;
  const miss = (text: string): ToolResolution => ({ source: 'fixture-miss', result: toErrorResult(text) });
  return {
    async resolve(call) {
      if (policy === 'synthesize') {
        return (await synthetic.resolve(call)) ?? miss(`${describe(call)}, and the synthesizer gave no result; record it with: ${recordHint(call)}`);
      }
      if (policy === 'model') {
        if (!model) {
          return miss(`${describe(call)}, and no model is configured to generate one: set OPENAI_API_KEY or OPENAI_BASE_URL, or record it with: ${recordHint(call)}`);
        }
        return (await model.resolve(call)) ?? miss(`${describe(call)}, and the model gave no result; record it with: ${recordHint(call)}`);
      }
      return miss(`${describe(call)}; record it with: ${recordHint(call)}`);
    },
  };
}

export interface SimulatorSourceOptions {
  /** The replay source, made with `passOnMiss: true` (otherwise it answers every miss itself and the policy never runs). */
  replay: ToolResultSource;
  model?: ToolResultSource;
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
 *   2. on a miss, the miss policy alone decides: `error` (an isError result naming the record
 *      command), `model` (the model, or an error saying none is configured), or `synthesize`;
 *   3. with a recorder, what step 2's model produced is written back as a fixture, so the next
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
export function createSimulatorSource({ replay, model, recorder, missPolicy, synthetic, recordHint = () => 'mcpsim record <scenario>', recordSynthetic, onRecord }: SimulatorSourceOptions): ToolResultSource {
  const miss = createMissSource({ policy: missPolicy, model, synthetic, recordHint });
  return chainSources(replay, recorder ? createRecordingSource(miss, recorder, { recordSynthetic, onRecord }) : miss);
}
