/**
 * Which world items a call's needles mention, and how well (prompt-world.ts's related items).
 * An item's score is 1 / how many items mention the needle, summed in the needles' order (as the
 * history's `relatedBefore` gives it), plus 10 for an entity whose id is an argument. The counts
 * come from the types' value indexes; the mentioned entities are only numbers here (their
 * position among the world's entities and a score), and an item is made only for those the
 * prompt walks to, best first, from a heap: a common value ("open", a label) matches half the
 * world, and the prompt holds a dozen of them (issue 30). Pure.
 */
import type { Needle } from './prompt-needles.js';
import { matches } from './prompt-needles.js';
import type { TypeView } from './world-type-view.js';

/** The fields of a world item the ranking reads. */
export interface RankedItem {
  score: number;
  age: number;
  order: number;
}

export interface MentionSpan {
  view: TypeView;
  /** The order of the type's first entity among all the world's entities. */
  start: number;
}

export interface Mentions<Item extends RankedItem> {
  /** The score of the entity at `order` (0 when no needle mentions it). */
  entityScore: (order: number) => number;
  /** The mentioned items but the focus, best first (highest score, then newest, then the world's order), made as walked. */
  related: () => Generator<Item>;
}

const noScores = new Float64Array(0);

/**
 * Scores the entities of `spans` and the facts (their `score` set here) against the needles.
 * `itemAt(span, index)` makes an entity's item; `isFocus(order)` leaves an entity out of `related`.
 */
export function scoreMentions<Item extends RankedItem & { json: string }>(
  spans: readonly MentionSpan[],
  entityCount: number,
  facts: readonly Item[],
  needles: readonly Needle[],
  itemAt: (span: number, index: number) => Item,
  isFocus: (order: number) => boolean,
): Mentions<Item> {
  // How many items mention each needle: the value index's count, the id, and the facts.
  const noLeaves = new Set<string>();
  const factNeedles = facts.map((fact) => matches(needles, noLeaves, fact.json));
  const frequency = new Map<string, number>();
  for (const needle of needles) {
    let count = 0;
    for (const { view } of spans) {
      const ids = view.byLeaf.get(needle.text);
      count += (ids?.size ?? 0) + (view.position.has(needle.text) && !ids?.has(needle.text) ? 1 : 0);
    }
    for (const found of factNeedles) if (found.includes(needle)) count += 1;
    if (count > 0) frequency.set(needle.text, count);
  }
  // The entities' scores by order, summed in the needles' order as the items were before.
  const scores = frequency.size > 0 ? new Float64Array(entityCount) : noScores;
  const touched: number[] = [];
  const add = (order: number, weight: number) => {
    if (scores[order] === 0) touched.push(order);
    scores[order] = scores[order]! + weight;
  };
  for (const needle of needles) {
    const count = frequency.get(needle.text);
    if (count === undefined) continue;
    for (const { view, start } of spans) {
      const ids = view.byLeaf.get(needle.text);
      if (ids) for (const id of ids) add(start + view.position.get(id)!, 1 / count);
      const byId = view.position.get(needle.text);
      if (byId !== undefined && !ids?.has(needle.text)) add(start + byId, 1 / count);
    }
  }
  // An entity whose id is an argument is what the call is about.
  for (const needle of needles)
    spans.forEach(({ view, start }) => {
      const at = view.position.get(needle.text);
      if (at !== undefined && scores[start + at]! > 0) scores[start + at] = scores[start + at]! + 10;
    });
  facts.forEach((fact, index) => {
    let score = 0;
    for (const needle of factNeedles[index]!) score += 1 / frequency.get(needle.text)!;
    fact.score = score;
  });

  const spanOf = (order: number) => {
    let low = 0;
    for (let high = spans.length - 1; low < high;) {
      const middle = (low + high + 1) >> 1;
      if (spans[middle]!.start <= order) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  function* related(): Generator<Item> {
    const heap: (RankedItem & { fact?: Item })[] = [];
    for (const order of touched) {
      if (isFocus(order)) continue;
      const span = spans[spanOf(order)]!;
      heap.push({ score: scores[order]!, age: span.view.ids.length - 1 - (order - span.start), order });
    }
    for (const fact of facts) if (fact.score > 0) heap.push({ score: fact.score, age: fact.age, order: fact.order, fact });
    heapify(heap);
    while (heap.length > 0) {
      const best = pop(heap);
      if (best.fact) {
        yield best.fact;
        continue;
      }
      const span = spanOf(best.order);
      const item = itemAt(span, best.order - spans[span]!.start);
      item.score = best.score;
      yield item;
    }
  }
  return { entityScore: (order) => scores[order] ?? 0, related };
}

/** Whether `a` comes before `b`: the prompt's order of related items. */
const before = (a: RankedItem, b: RankedItem) =>
  b.score - a.score < 0 || (b.score === a.score && (a.age - b.age < 0 || (a.age === b.age && a.order < b.order)));

function heapify<T extends RankedItem>(heap: T[]): void {
  for (let at = (heap.length >> 1) - 1; at >= 0; at--) siftDown(heap, at);
}

function pop<T extends RankedItem>(heap: T[]): T {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    siftDown(heap, 0);
  }
  return top;
}

function siftDown<T extends RankedItem>(heap: T[], from: number): void {
  let at = from;
  for (;;) {
    const [left, right] = [2 * at + 1, 2 * at + 2];
    let best = at;
    if (left < heap.length && before(heap[left]!, heap[best]!)) best = left;
    if (right < heap.length && before(heap[right]!, heap[best]!)) best = right;
    if (best === at) return;
    [heap[at], heap[best]] = [heap[best]!, heap[at]!];
    at = best;
  }
}
