import type { CallLogEntry } from '../domain/memory-log.js';
import { shownEntityIds } from './capture-world.js';
import { isReadOnlyCall, toCallShapes } from './tool-shapes.js';
import type { ToolResultSource } from './tool-result-source.js';

/**
 * Keeps replayed reads consistent with what unrecorded calls did. A recorded read, list or search
 * replays byte for byte while the world still agrees with it; once an earlier call of the
 * connection that no fixture answered (the simulator's, the model's) changed an entity of the type
 * the read acts on, or an entity the recorded answer shows, the recorded answer is out of date and
 * the next source answers (on `serve`, the stateful simulator or the model). So `read_graph`
 * after an unrecorded `delete_entities` no longer shows what was deleted, while a session that
 * only replays recorded calls is never touched. Writes and unrecorded reads pass through as is.
 *
 * @example
 *   chainSources(createStaleReadGuard(replay), ...repeats, miss);
 */
export function createStaleReadGuard(replay: ToolResultSource): ToolResultSource {
  return {
    resolve(call) {
      // The common case (nothing unrecorded changed the world) costs one lookup and no extra promise: this is the replay hot path.
      const changed = call.context ? changedByUnrecordedCalls(call.context.history) : null;
      if (!changed || changed.types.size === 0) return replay.resolve(call);
      return replay.resolve(call).then((resolution) => {
        if (!resolution || !isReadOnlyCall(call)) return resolution;
        const entity = toCallShapes(call)?.shape.entity;
        if (entity !== undefined && changed.types.has(entity)) return null;
        return shownEntityIds(resolution.result as unknown as Record<string, unknown>).some((id) => changed.ids.has(id))
          ? null
          : resolution;
      });
    },
  };
}

interface Changed {
  types: Set<string>;
  ids: Set<string>;
  /** The newest call looked at. */
  through: number;
}

/** Per history (the memory appends to one array): what was found so far, so each call looks only at the calls added since. */
const scanned = new WeakMap<readonly CallLogEntry[], Changed>();

/** The entity types and ids that calls not answered by a fixture changed. */
function changedByUnrecordedCalls(history: readonly CallLogEntry[]): Changed {
  const newest = history.at(-1)?.sequence ?? 0;
  let changed = scanned.get(history);
  // A reset starts the sequence again: look at everything anew. (A connection-scope reset reloads the
  // memory, so its history is a new array.) Retention drops the oldest calls from this array, but
  // what they changed stays changed, so it does not start the scan over.
  if (!changed || newest < changed.through) scanned.set(history, (changed = { types: new Set(), ids: new Set(), through: 0 }));
  for (let index = history.length - 1; index >= 0 && history[index]!.sequence > changed.through; index--) {
    const entry = history[index]!;
    if (entry.source === 'fixture' || !entry.changes) continue;
    for (const { type, id } of [...(entry.changes.upserts ?? []), ...(entry.changes.deletes ?? [])]) {
      changed.types.add(type);
      changed.ids.add(id);
    }
  }
  changed.through = newest;
  return changed;
}
