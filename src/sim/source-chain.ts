import { createRecordingSource, type FixtureRecorder, type RecordChange } from './fixtures/fixture-recorder.js';
import { createReadRepeatSource } from './fixtures/read-repeat-source.js';
import type { ReplaySource } from './fixtures/replay-source.js';
import { createStaleReadGuard } from './fixtures/stale-read-guard.js';
import { createMissSource, type MissPolicy } from './miss-policy.js';
import { toCallShapes } from './source/tool-shapes.js';
import { chainSources, type ToolCall, type ToolResultSource } from './source/tool-result-source.js';

export interface SourceChainOptions {
  /** The replay source, made with `passOnMiss: true` (otherwise it answers every miss itself and the policy never runs). */
  replay: ToolResultSource | ReplaySource;
  model?: ToolResultSource | undefined;
  /** The stateful simulator: the `simulate` policy, and read-only repeats past the recorded occurrences. */
  simulated?: ToolResultSource | undefined;
  /** When set, model results (and synthesized ones with `recordSynthetic`) are written as fixtures. */
  recorder?: FixtureRecorder | undefined;
  missPolicy: MissPolicy;
  synthetic: ToolResultSource;
  /** The command that records a missing call; defaults to a generic `mcpsim record <scenario>`. */
  recordHint?: ((call: ToolCall) => string) | undefined;
  recordSynthetic?: boolean | undefined;
  /** With a recorder, also write the simulator's answers (`mcpsim record --source simulated`). */
  recordSimulated?: boolean | undefined;
  /** Told about every recorded call and whether its fixture entry was added, changed or unchanged. */
  onRecord?: ((call: ToolCall, change: RecordChange) => void) | undefined;
  /**
   * Replay a recorded read only while the world agrees with it, and never a recorded time
   * (`serve`: fixtures/stale-read-guard.ts); off, a recorded session replays byte for byte.
   */
  checkReadsAgainstWorld?: boolean | undefined;
}

/** Whether the simulator answers this call from the platform clock: the reading's kind of its tool says so (reading/answer-kind.ts). */
function readsClock(call: ToolCall): boolean {
  return toCallShapes(call)?.kind.kind === 'clock';
}

/**
 * Where a mock connection's tool results come from, after argument validation:
 *
 *   1. replay: the recorded fixture for (server, tool, canonical arguments, occurrence), if any and
 *      not out of date (fixtures/stale-read-guard.ts);
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
 *   const source = createSourceChain({
 *     replay: createReplaySource({ directory: './fixtures', passOnMiss: true }),
 *     model, missPolicy: 'model', synthetic: createSyntheticSource(),
 *     recorder: createFixtureRecorder({ directory: './fixtures', clock: systemClock }),
 *   });
 */
export function createSourceChain({
  replay,
  model,
  simulated,
  recorder,
  missPolicy,
  synthetic,
  recordHint = () => 'mcpsim record <scenario>',
  recordSynthetic,
  recordSimulated,
  onRecord,
  checkReadsAgainstWorld = false,
}: SourceChainOptions): ToolResultSource {
  const miss = createMissSource({ policy: missPolicy, model, simulated, synthetic, recordHint });
  const answerMiss = recorder ? createRecordingSource(miss, recorder, { recordSynthetic, recordSimulated, onRecord }) : miss;
  const repeats =
    simulated && missPolicy !== 'model' && 'hasEarlierOccurrence' in replay ? [createReadRepeatSource({ replay, world: simulated })] : [];
  // A stale read can only follow an unrecorded write, which only a source that changes the world makes.
  return chainSources(createStaleReadGuard(replay, checkReadsAgainstWorld ? { checkWorld: { readsClock } } : {}), ...repeats, answerMiss);
}
