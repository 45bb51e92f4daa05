import { describe, expect, it } from 'vitest';
import type { WorldState } from '../../domain/memory-log.js';
import { renderWorld } from './prompt-world.js';

describe('renderWorld', () => {
  it('ends the unrelated entities at the first that does not fit, without looking further back for a smaller one', () => {
    // Newest first: n3 fits, n2 is too large for what is left, n1 would fit but is not looked for.
    const world: WorldState = {
      entities: { note: { n1: { text: 'short' }, n2: { text: 'x'.repeat(2000) }, n3: { text: 'also short' } } },
      facts: [],
    };
    const rendered = renderWorld(world, [], 600);
    expect(rendered).toContain('"n3"');
    expect(rendered).not.toContain('"n2"');
    expect(rendered).not.toContain('"n1"');
    expect(rendered).toContain('Omitted as unrelated to this call (they exist): 2 note (ids n1, n2)');
  });
});
