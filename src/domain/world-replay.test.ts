import { describe, expect, it } from 'vitest';
import type { WorldChanges, WorldState } from './memory-log.js';
import { applyWorldChanges } from './world-state.js';
import { replayWorldChanges } from './world-replay.js';

/** A small deterministic generator (no Math.random: a failure must replay). */
function createNumbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

function randomChanges(next: (below: number) => number): WorldChanges {
  const entity = () => ({ type: ['note', 'tag'][next(2)]!, id: `e${next(6)}` });
  const changes: WorldChanges = {};
  if (next(3) > 0)
    changes.upserts = Array.from({ length: next(3) }, () => ({
      ...entity(),
      fields: next(4) === 0 ? { text: null } : { text: `t${next(5)}`, [`f${next(3)}`]: next(9) },
    }));
  if (next(3) === 0) changes.deletes = Array.from({ length: 1 + next(2) }, entity);
  if (next(2) === 0) changes.facts = Array.from({ length: 1 + next(3) }, () => `fact ${next(260)}`);
  return changes;
}

describe('replayWorldChanges', () => {
  it('builds the same world as applying each change in turn, whatever the changes', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = createNumbers(seed);
      const start: WorldState = {
        entities: { note: { e1: { text: 'seed' } } },
        facts: Array.from({ length: next(2) ? 0 : 195 }, (_, index) => `fact ${index}`),
      };
      const changes = Array.from({ length: 1 + next(40) }, () => randomChanges(next));
      const oneByOne = changes.reduce(applyWorldChanges, start);
      expect(JSON.parse(JSON.stringify(replayWorldChanges(start, changes))), `seed ${seed}`).toEqual(JSON.parse(JSON.stringify(oneByOne)));
    }
  });

  it('brings an entity back with only the fields set after it was deleted', () => {
    const world = replayWorldChanges({ entities: {}, facts: [] }, [
      { upserts: [{ type: 'note', id: '1', fields: { text: 'a', pinned: true } }] },
      { deletes: [{ type: 'note', id: '1' }] },
      { upserts: [{ type: 'note', id: '1', fields: { text: 'b' } }] },
    ]);
    expect(world.entities).toEqual({ note: { '1': { text: 'b' } } });
  });
});
