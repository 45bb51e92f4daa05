import type { Clock } from '../domain/clock.js';
import type { Embedder } from '../domain/embedder.js';
import { createOpenAIEmbedder } from '../sim/model/embedder.js';
import { toFixturePath } from '../domain/fixture-path.js';
import type { RecordChange } from '../sim/fixtures/fixture-recorder.js';
import type { MissPolicy } from '../sim/miss-policy.js';
import { createModelJudge } from '../sim/model/model-judge.js';
import { readWithModel, type ModelReading } from '../sim/model/model-reading.js';
import { createResultModel, type ResultModelApi } from '../sim/model/model-provider.js';
import { createToolResults as buildToolResults } from '../sim/tool-results.js';
import type { ToolCall, ToolResultSource } from '../sim/source/tool-result-source.js';

export type { ModelReading };

/**
 * Model settings as `config.ts` resolves them (the shape of `Config['model']` and
 * `Config['results']`; platform/ does not import config.ts, so a `Config` is passed as is).
 */
export interface ModelRuntimeSettings {
  /** An OpenAI-compatible endpoint, or null for none. */
  model: {
    apiKey?: string;
    baseUrl?: string;
    embeddingModel: string | null;
    resultModel: string | null;
    resultModelApi: ResultModelApi | null;
  } | null;
  results: {
    missPolicy: MissPolicy | null;
    record: boolean;
    budgetTokens: number;
    modelTimeoutMs: number;
    modelDeadlineMs: number;
    modelMaxOutputTokens: number;
  };
}

/** One result the `record` mode wrote, and the fixture file it went to. */
export interface RecordedCall {
  call: ToolCall;
  change: RecordChange;
  file: string | null;
}

/**
 * Where mock tool results come from: `serve` as the settings say (replay, then the miss
 * policy, recording if asked; without a model a miss is simulated from the world); `replay`
 * fixtures only, a miss being an error that names `recordHint` unless `missPolicy` says otherwise
 * (`mcpsim test --miss simulate`); `record` replays every recorded (or hand-written) answer and asks
 * the model (or, with `source: 'simulated'`, the simulator) for the rest, written into the fixtures; `overwrite` (all, or these tools) asks it again;
 * `eval` every call from the model, written nowhere (`mcpsim eval`).
 */
export type ToolResultsMode =
  | { mode: 'serve'; fixturesDir: string; clock: Clock }
  | { mode: 'replay'; fixturesDir: string; recordHint: string; missPolicy?: MissPolicy }
  | {
      mode: 'record';
      fixturesDir: string;
      clock: Clock;
      onRecord?: (recorded: RecordedCall) => void;
      overwrite?: boolean | readonly string[];
      /** Who answers the calls no fixture answers: the model (default) or the simulator, which needs none. */
      source?: 'model' | 'simulated';
    }
  | { mode: 'eval'; fixturesDir: string; clock: Clock };

export interface ModelRuntime {
  /** The model that plays mock servers; null without an endpoint or with `MCPSIM_MODEL=off`. */
  resultModel: ReturnType<typeof createResultModel> | null;
  /** Embeddings for semantic registry search; null without an endpoint or with `MCPSIM_EMBEDDING_MODEL=off`. */
  embedder: Embedder | null;
  /** Judges plain-language `check:` expectations; null without a model. */
  judge: ReturnType<typeof createModelJudge> | null;
  /** Reads a server once and proposes corrections of the rules' reading (`explain --model`); null without a model. */
  reader: ((service: Parameters<typeof readWithModel>[0], server: string) => Promise<ModelReading>) | null;
  /** The tool-result source of mock connections over `fixturesDir`, in one of the modes. */
  createToolResults(mode: ToolResultsMode): ToolResultSource;
}

/**
 * Builds, from the model settings, everything that talks to a model: the result model, the
 * embedder, the judge, and the result pipelines of `serve`, `test` and `record`. Nothing is
 * called until a pipeline or the judge is used.
 *
 * @example
 *   const runtime = createModelRuntime(resolveConfig(flags, env));
 *   const toolResults = runtime.createToolResults({ mode: 'replay', fixturesDir: './fixtures', recordHint: 'mcpsim record scenarios/a.yaml' });
 */
export function createModelRuntime({ model: settings, results }: ModelRuntimeSettings): ModelRuntime {
  const endpoint = {
    ...(settings?.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
    ...(settings?.baseUrl === undefined ? {} : { baseUrl: settings.baseUrl }),
  };
  const model = settings?.resultModel
    ? createResultModel({
        ...endpoint,
        model: settings.resultModel,
        ...(settings.resultModelApi ? { api: settings.resultModelApi } : {}),
      })
    : null;
  const modelBudget = {
    budgetTokens: results.budgetTokens,
    modelTimeoutMs: results.modelTimeoutMs,
    modelDeadlineMs: results.modelDeadlineMs,
    modelMaxOutputTokens: results.modelMaxOutputTokens,
  };
  return {
    resultModel: model,
    embedder: settings?.embeddingModel ? createOpenAIEmbedder({ ...endpoint, model: settings.embeddingModel }) : null,
    judge: model
      ? createModelJudge({ model: model.model, api: model.api, timeoutMs: results.modelTimeoutMs, deadlineMs: results.modelDeadlineMs })
      : null,
    reader: model
      ? (service, server) =>
          readWithModel(service, server, {
            model: model.model,
            api: model.api,
            timeoutMs: results.modelTimeoutMs,
            deadlineMs: results.modelDeadlineMs,
          })
      : null,
    createToolResults(mode) {
      const { fixturesDir } = mode;
      if (mode.mode === 'replay')
        return buildToolResults({ fixturesDir, missPolicy: mode.missPolicy ?? 'error', recordHint: () => mode.recordHint });
      if (mode.mode === 'serve') {
        const missPolicy = toServeMissPolicy(results.missPolicy, model !== null);
        return buildToolResults({
          fixturesDir,
          model,
          clock: mode.clock,
          record: results.record,
          ...modelBudget,
          missPolicy,
          // A person calls tools in any order here: a recording replays only while the world agrees
          // with it, unless `--miss error` asks for recordings alone.
          checkReadsAgainstWorld: missPolicy !== 'error',
        });
      }
      if (mode.mode === 'eval')
        return buildToolResults({
          fixturesDir,
          model,
          record: false,
          replay: false,
          missPolicy: 'model',
          clock: mode.clock,
          ...modelBudget,
        });
      const { onRecord, overwrite = false } = mode;
      const simulated = mode.source === 'simulated';
      return buildToolResults({
        fixturesDir,
        model: simulated ? null : model,
        record: true,
        ...(simulated ? { recordSimulated: true } : {}),
        replay: overwrite === true ? false : (call) => !overwrite || !overwrite.includes(call.tool),
        missPolicy: simulated ? 'simulate' : 'model',
        clock: mode.clock,
        ...modelBudget,
        ...(onRecord
          ? {
              onRecord: (call: ToolCall, change: RecordChange) =>
                onRecord({ call, change, file: toFixturePath(fixturesDir, call.server, call.tool) }),
            }
          : {}),
      });
    },
  };
}

/**
 * What `serve` answers a fixture miss with: the configured policy, else the model when there is
 * one, else the stateful simulator (a demo without a model key keeps answering, from its world).
 *
 * @example
 *   toServeMissPolicy(null, false); // 'simulate'
 */
export function toServeMissPolicy(configured: MissPolicy | null, hasModel: boolean): MissPolicy {
  return configured ?? (hasModel ? 'model' : 'simulate');
}
