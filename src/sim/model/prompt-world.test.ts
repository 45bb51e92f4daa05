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

  it('names the first 4 and the last 20 omitted ids of a type when every id does not fit', () => {
    // Ids that fold into no run, newest last: the 12 newest are shown, the rest omitted.
    const ids = Array.from({ length: 300 }, (_, index) => `${String.fromCharCode(97 + (index % 26))}${index * 7}x`);
    const world: WorldState = { entities: { tag: Object.fromEntries(ids.map((id) => [id, { n: 1 }])) }, facts: [] };
    const rendered = renderWorld(world, [], 900);
    const shown = ids.filter((id) => rendered.includes(`"${id}":`));
    const omitted = ids.filter((id) => !shown.includes(id));
    expect(shown.length).toBeGreaterThan(0);
    expect(rendered).toContain(`${omitted.length} tag (ids ${omitted.slice(0, 4).join(', ')}, …, ${omitted.slice(-20).join(', ')})`);
  });
});
