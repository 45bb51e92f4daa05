import type { ToolCall, ToolResolution, ToolResultSource } from './source/tool-result-source.js';
import { toErrorResult } from './source/error-result.js';

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
  model?: ToolResultSource | undefined;
  /** The simulator (sim/stateful/simulator.ts); `simulate` asks it. */
  simulated?: ToolResultSource | undefined;
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
