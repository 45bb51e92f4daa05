import { toCallTerms } from './model/call-terms.js';
import { resultText } from './model/prompt-history.js';
import type { LanguageModel } from 'ai';
import { systemClock, type Clock } from '../domain/clock.js';
import { toFixturePath } from '../domain/fixture-path.js';
import { createFixtureRecorder, type RecordChange } from './fixtures/fixture-recorder.js';
import type { MissPolicy } from './miss-policy.js';
import { createSourceChain } from './source-chain.js';
import { createModelSource } from './model/model-source.js';
import type { ResultModelApi } from './model/model-provider.js';
import { createReplaySource } from './fixtures/replay-source.js';
import { createSimulator } from './stateful/simulator.js';
import { createSyntheticSource } from './stateful/synthetic-source.js';
import type { ToolCall, ToolResultSource } from './source/tool-result-source.js';

export interface ToolResultSettings {
  /** Recorded results (fixtures/README.md): replayed first, and written to in record mode. */
  fixturesDir: string;
  /** The model that generates results, when one is configured. */
  model?: { model: LanguageModel; modelId: string; api?: ResultModelApi } | null;
  /** What answers a call no fixture answers; default `model` when a model is configured, else `error`. */
  missPolicy?: MissPolicy;
  /** Write what the model generates into the fixtures (record mode). */
  record?: boolean;
  /** In record mode, also write what the simulator answers (with `missPolicy: 'simulate'`: fixtures with no model). */
  recordSimulated?: boolean;
  /**
   * Replay fixtures first (default true), or only for the calls this says (`mcpsim record
   * --overwrite <tool>` records that tool's calls afresh and keeps every other recorded answer).
   */
  replay?: boolean | ((call: ToolCall) => boolean);
  /** Stamps recorded fixtures. */
  clock?: Clock;
  /** Prompt bound in estimated tokens (default 4000). */
  budgetTokens?: number;
  /** Time allowed for one model attempt (default 30 000 ms; 3 attempts at most). */
  modelTimeoutMs?: number;
  /** Time allowed for a whole model call, all its attempts and waits (default 45 000 ms, under an MCP client's 60 s). */
  modelDeadlineMs?: number;
  /** The most tokens one model answer may take (default 4096; less when `MCPSIM_MODEL_CONTEXT` is small). */
  modelMaxOutputTokens?: number;
  /** Seed of synthesized values, and of the model where its API takes one. */
  seed?: string;
  /** The command that records a missing call, shown in miss errors. */
  recordHint?: (call: ToolCall) => string;
  /** Told about every recorded call (added, replaced or unchanged) and, in record mode, every replayed one (kept). */
  onRecord?: (call: ToolCall, change: RecordChange) => void;
  /** Replay a recorded read only while the world agrees with it, and never a recorded time (what `serve` does). */
  checkReadsAgainstWorld?: boolean;
}

/**
 * The result pipeline: fixture replay, then on a miss the policy (model, the stateful
 * simulator, a synthesized value, or an error naming the record command), with model results
 * recorded in record mode. A read-only repeat past the recorded occurrences is answered from the
 * world unless the model answers misses.
 *
 * @example
 *   const source = createToolResults({ fixturesDir: './fixtures' }); // replay only; a miss is an isError result
 */
export function createToolResults(settings: ToolResultSettings): ToolResultSource {
  const seed = settings.seed ?? 'mcpsim';
  const model = settings.model
    ? createModelSource({
        model: settings.model.model,
        modelId: settings.model.modelId,
        ...(settings.model.api ? { api: settings.model.api } : {}),
        seed: toNumericSeed(seed),
        // A call holds its connection's queue: the deadline bounds it, all attempts and waits together.
        ...(settings.modelTimeoutMs === undefined ? {} : { timeoutMs: settings.modelTimeoutMs }),
        ...(settings.modelDeadlineMs === undefined ? {} : { deadlineMs: settings.modelDeadlineMs }),
        ...(settings.modelMaxOutputTokens === undefined ? {} : { maxOutputTokens: settings.modelMaxOutputTokens }),
        ...(settings.budgetTokens ? { budgetTokens: settings.budgetTokens } : {}),
      })
    : undefined;
  const chain = createSourceChain({
    replay: toReplay(settings),
    ...(model ? { model } : {}),
    missPolicy: settings.missPolicy ?? (model ? 'model' : 'error'),
    simulated: createSimulator({ seed }),
    synthetic: createSyntheticSource({ seed }),
    ...(settings.record
      ? { recorder: createFixtureRecorder({ directory: settings.fixturesDir, clock: settings.clock ?? systemClock }) }
      : {}),
    recordHint:
      settings.recordHint ??
      ((call) =>
        `mcpsim serve --record with OPENAI_API_KEY or OPENAI_BASE_URL set, or with no model in a scenario that makes this call: mcpsim record --source simulated <scenario>, or write it by hand in ${toFixturePath(settings.fixturesDir, call.server, call.tool) ?? settings.fixturesDir}`),
    ...(settings.onRecord ? { onRecord: settings.onRecord } : {}),
    ...(settings.recordSimulated ? { recordSimulated: true } : {}),
    checkReadsAgainstWorld: settings.checkReadsAgainstWorld,
  });
  // The model's prompt reads the log: its words go to disk with each call, for after a restart.
  return model ? { ...chain, callTermsOf: (entry) => toCallTerms(entry, resultText) } : chain;
}

/**
 * The replay step: none, every fixture, or the fixtures of the calls `settings.replay` picks (told
 * to `onRecord` as kept when recording).
 */
function toReplay(settings: ToolResultSettings): ToolResultSource {
  if (settings.replay === false) return { resolve: async () => null };
  const replay = createReplaySource({ directory: settings.fixturesDir, passOnMiss: true });
  const pick = settings.replay;
  if (typeof pick !== 'function') return replay;
  return {
    async resolve(call) {
      if (!pick(call)) return null;
      const resolution = await replay.resolve(call);
      if (resolution && settings.record) settings.onRecord?.(call, 'kept');
      return resolution;
    },
  };
}

/** A 31-bit number from a text seed (FNV-1a), for model APIs that take an integer seed. */
function toNumericSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index++) hash = Math.imul(hash ^ seed.charCodeAt(index), 0x01000193);
  return (hash >>> 0) & 0x7fffffff;
}
