import type { ReplaySource } from './replay-source.js';
import { isReadOnlyCall } from './tool-shapes.js';
import type { ToolResultSource } from './tool-result-source.js';

/**
 * Answers a repeat that the fixtures stop short of: a read-only call (a read, list or search, or
 * a tool annotated `readOnlyHint`) whose earlier occurrence is recorded but whose this one is not
 * (the third `get_current_time` after one recorded). Asking again changes nothing, so the world
 * answers it (the stateful simulator) instead of a replay miss. Passes on anything else.
 *
 * @example
 *   const source = chainSources(replay, createReadRepeatSource({ replay, world: createStatefulSource() }), miss);
 */
export function createReadRepeatSource({ replay, world }: { replay: ReplaySource; world: ToolResultSource }): ToolResultSource {
  return {
    async resolve(call) {
      if (call.occurrence <= 1 || !isReadOnlyCall(call) || !replay.hasEarlierOccurrence(call)) return null;
      return world.resolve(call);
    },
  };
}
