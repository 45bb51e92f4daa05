import type { WorldChanges, WorldState } from './memory-log.js';
import { applyWorldChanges, maxWorldFacts } from './world-state.js';

/**
 * The world after the changes of many calls, in order: the same world as applying each with
 * `applyWorldChanges`, at a fraction of the cost. Each application copies the entities of the
 * types it touches, so replaying a whole log (a connection-scope reset of a shared world) one call
 * at a time costs calls × entities; consecutive changes are therefore merged into one, and applied
 * together, wherever that gives the same world: a run is cut before a change that upserts an
 * entity the run deletes (a delete applies after every upsert of its change), and before facts
 * that could push the run's facts past `maxWorldFacts` (the oldest would fall off in between).
 *
 * @example
 *   replayWorldChanges(seed, history.flatMap((entry) => (entry.changes ? [entry.changes] : [])));
 */
export function replayWorldChanges(world: WorldState, changes: readonly WorldChanges[]): WorldState {
  let result = world;
  let run: Required<WorldChanges> = { upserts: [], deletes: [], facts: [] };
  let deleted = new Set<string>();
  const flush = () => {
    result = applyWorldChanges(result, run);
    run = { upserts: [], deletes: [], facts: [] };
    deleted = new Set();
  };
  for (const change of changes) {
    const upserts = change.upserts ?? [];
    const facts = change.facts ?? [];
    const recreates = upserts.some(({ type, id }) => deleted.has(toEntityKey(type, id)));
    const factsOverflow = facts.length > 0 && result.facts.length + run.facts.length + facts.length > maxWorldFacts;
    if (recreates || factsOverflow) flush();
    run.upserts.push(...upserts);
    for (const entity of change.deletes ?? []) {
      run.deletes.push(entity);
      deleted.add(toEntityKey(entity.type, entity.id));
    }
    run.facts.push(...facts);
    // Past the limit the facts change one call at a time, as they would.
    if (factsOverflow) flush();
  }
  flush();
  return result;
}

function toEntityKey(type: string, id: string): string {
  return JSON.stringify([type, id]);
}
