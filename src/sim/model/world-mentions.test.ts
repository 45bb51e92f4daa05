import { describe, expect, it } from 'vitest';
import { leavesOf, matches, toNeedles, type Needle } from './prompt-needles.js';
import { scoreMentions, type MentionSpan } from './world-mentions.js';
import { typeView } from './world-type-view.js';

interface Item {
  type: string;
  id: string;
  json: string;
  score: number;
  age: number;
  order: number;
}

/** A seeded world: two types whose fields draw from small pools, so values repeat (as "open" does). */
function worldOf(seed: number, sizes: [number, number]) {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) as number;
  const pick = <T>(pool: readonly T[]) => pool[Math.floor(next() * pool.length)]!;
  const types = (['issue', 'comment'] as const).map((type, at) => {
    const byId: Record<string, Record<string, unknown>> = {};
    for (let n = 1; n <= sizes[at]!; n++)
      byId[`${type}-${n}`] = {
        state: pick(['open', 'closed']),
        label: pick(['bug', 'ui', 'api', `tag${n % 7}`]),
        ref: `issue-${1 + (n % 5)}`,
      };
    return { type, byId };
  });
  let start = 0;
  const spans = types.map(({ type, byId }) => {
    const span = { type, view: typeView(`mentions-test-${seed}-${type}`, byId), start };
    start += span.view.ids.length;
    return span;
  });
  const facts: Item[] = ['issue-3 was reopened', 'The bug label is new', 'Nothing about it'].map((text, index, all) => ({
    type: '',
    id: String(index),
    json: JSON.stringify(text),
    score: 0,
    age: all.length - 1 - index,
    order: start + index,
  }));
  return { spans, entityCount: start, facts };
}

type World = ReturnType<typeof worldOf>;

const itemOf = (spans: readonly (MentionSpan & { type: string })[], span: number, index: number): Item => {
  const { type, view, start } = spans[span]!;
  return { type, id: view.ids[index]!, json: '', score: 0, age: view.ids.length - 1 - index, order: start + index };
};

/** What the prompt did before: an item for every mentioned entity, every score, one sort. */
function relatedByScan({ spans, facts }: World, needles: readonly Needle[], focus: ReadonlySet<number>): string[] {
  const scored: Item[] = [];
  const found = new Map<Item, Needle[]>();
  const frequency = new Map<string, number>();
  spans.forEach(({ view }, span) =>
    view.entities.forEach((fields, index) => {
      const item = itemOf(spans, span, index);
      const list = matches(needles, leavesOf(fields), '').concat(
        needles.filter((needle) => needle.text === item.id && !leavesOf(fields).has(item.id)),
      );
      if (list.length > 0) found.set(item, list);
    }),
  );
  for (const fact of facts) {
    const list = matches(needles, new Set(), fact.json);
    if (list.length > 0) found.set({ ...fact }, list);
  }
  for (const list of found.values()) for (const needle of list) frequency.set(needle.text, (frequency.get(needle.text) ?? 0) + 1);
  for (const [item, list] of found) {
    const ordered = needles.filter((needle) => list.includes(needle));
    item.score =
      ordered.reduce((sum, needle) => sum + 1 / frequency.get(needle.text)!, 0) +
      (item.type !== '' && needles.some((needle) => needle.text === item.id) ? 10 : 0);
    if (!focus.has(item.order) || item.type === '') scored.push(item);
  }
  return scored
    .sort((a, b) => b.score - a.score || a.age - b.age || a.order - b.order)
    .map((item) => `${item.type}/${item.id}/${item.score}`);
}

describe('scoreMentions', () => {
  it('gives the related items in the same order and with the same scores as scoring every mentioned one', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const world = worldOf(seed, [20 + seed * 3, 10 + seed]);
      const needles = toNeedles({ state: seed % 2 ? 'open' : 'closed', labels: ['bug', `tag${seed % 7}`], id: `issue-${1 + (seed % 9)}` });
      const focus = new Set(seed % 3 === 0 ? [0, 2, 5] : []);
      const mentions = scoreMentions(
        world.spans,
        world.entityCount,
        world.facts,
        needles,
        (span, index) => itemOf(world.spans, span, index),
        (order) => focus.has(order),
      );
      const walked = [...mentions.related()].map((item) => `${item.type}/${item.id}/${item.score}`);
      expect(walked.length).toBeGreaterThan(10);
      expect(walked).toEqual(relatedByScan(world, needles, focus));
    }
  });

  it('makes an item only for the related entities the prompt walks to, however many a common value matches', () => {
    const world = worldOf(7, [3000, 10]);
    let made = 0;
    const mentions = scoreMentions(
      world.spans,
      world.entityCount,
      world.facts,
      toNeedles({ state: 'open' }),
      (span, index) => {
        made += 1;
        return itemOf(world.spans, span, index);
      },
      () => false,
    );
    const related = mentions.related();
    const first = Array.from({ length: 12 }, () => related.next().value as Item);
    expect(first.every((item) => item.score > 0)).toBe(true);
    expect(made).toBe(12);
    expect(mentions.entityScore(world.spans[0]!.start + world.spans[0]!.view.ids.indexOf(first[0]!.id))).toBe(first[0]!.score);
  });
});
