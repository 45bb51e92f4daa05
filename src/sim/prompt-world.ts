/** The world-state section of the simulator's prompt (see prompt.ts). */
import type { WorldState } from '../domain/memory-log.js';
import { leavesOf, matches, scoreByRarity, truncate, type Needle } from './prompt-needles.js';

/** How many world items that mention the arguments are shown (best first: rare shared values beat common ones like "open"). */
export const relatedWorldCap = 12;
/** How many world entities the call does not mention are shown (newest first), and how many facts it does not mention. */
export const unrelatedEntityCap = 12;
export const unrelatedFactCap = 20;

const fieldChars = 600;

/**
 * What the prompt needs of a world entity, worked out once: entities are immutable once made
 * (the memory store replaces changed ones), so a call at #500 does not re-render the whole world.
 */
const entityFacts = new WeakMap<Record<string, unknown>, { value: Record<string, unknown>; json: string; leaves: Set<string> }>();

function factsOfEntity(fields: Record<string, unknown>) {
  let facts = entityFacts.get(fields);
  if (!facts) {
    const value = capFields(fields);
    entityFacts.set(fields, (facts = { value, json: JSON.stringify(value), leaves: leavesOf(value) }));
  }
  return facts;
}

interface WorldItem {
  kind: 'entity' | 'fact';
  type: string;
  id: string;
  value: unknown;
  json: string;
  score: number;
  /** 0 for the newest of its type (last in the world's order), 1 for the one before... : unrelated entities of all types take turns. */
  age: number;
  order: number;
  /** The entity's fields as stored (the cache key of its rendering); absent for facts. */
  fields?: Record<string, unknown>;
}

/** The world as compact JSON: related entities, then facts, then other entities newest first, until the budget; the rest listed as omitted. */
export function renderWorld(world: WorldState, needles: readonly Needle[], budget: number): string {
  const items: WorldItem[] = [];
  for (const [type, byId] of Object.entries(world.entities)) {
    const entries = Object.entries(byId);
    entries.forEach(([id, fields], index) => {
      const { value, json } = factsOfEntity(fields);
      items.push({ kind: 'entity', type, id, value, json, score: 0, age: entries.length - 1 - index, order: items.length, fields });
    });
  }
  world.facts.forEach((fact, index) =>
    items.push({ kind: 'fact', type: '', id: String(index), value: fact, json: JSON.stringify(fact), score: 0, age: world.facts.length - 1 - index, order: items.length }),
  );
  const noLeaves = new Set<string>();
  const scores = scoreByRarity(
    items.map((item) => {
      if (!item.fields) return matches(needles, noLeaves, item.json);
      const { leaves } = factsOfEntity(item.fields);
      return needles.filter((needle) => leaves.has(needle.text) || needle.text === item.id);
    }),
  );
  items.forEach((item, index) => {
    // An entity whose id is an argument is what the call is about.
    item.score = scores[index]! + (item.kind === 'entity' && needles.some((needle) => needle.text === item.id) ? 10 : 0);
  });
  const rank = (item: WorldItem) => (item.score > 0 ? 0 : item.kind === 'fact' ? 1 : 2);

  const chosen = new Set<WorldItem>();
  let used = '{"entities":{},"facts":[]}'.length;
  const reserve = Math.min(400, Math.floor(budget / 4));
  // Fixed caps besides the budget: a bigger budget must not make the prompt grow with the world.
  const left = [relatedWorldCap, unrelatedFactCap, unrelatedEntityCap];
  for (const item of inPromptOrder(items)) {
    if (left[0]! <= 0 && left[1]! <= 0 && left[2]! <= 0) break;
    const cost = item.json.length + item.type.length + item.id.length + 8;
    if (used + cost > budget - reserve || left[rank(item)]! <= 0) continue;
    left[rank(item)]! -= 1;
    chosen.add(item);
    used += cost;
  }
  const entities: Record<string, Record<string, unknown>> = {};
  for (const item of items) if (item.kind === 'entity' && chosen.has(item)) (entities[item.type] ??= {})[item.id] = item.value;
  const facts = items.filter((item) => item.kind === 'fact' && chosen.has(item)).map((item) => item.value);
  const json = JSON.stringify({ entities, facts });
  const omitted = items.filter((item) => !chosen.has(item));
  if (omitted.length === 0) return json;
  return truncate(`${json}\n${describeOmitted(omitted)}`, budget);
}

/**
 * World items best first: those the call mentions (highest score, then newest), then facts
 * newest first, then entities newest first with the types taking turns. Lazy, and without
 * sorting the whole world: only the few mentioned items are sorted.
 */
function* inPromptOrder(items: readonly WorldItem[]): Generator<WorldItem> {
  yield* items.filter((item) => item.score > 0).sort((a, b) => b.score - a.score || a.age - b.age || a.order - b.order);
  const facts = items.filter((item) => item.kind === 'fact');
  for (let index = facts.length - 1; index >= 0; index--) if (facts[index]!.score === 0) yield facts[index]!;
  const byType = new Map<string, WorldItem[]>();
  for (const item of items) if (item.kind === 'entity') (byType.get(item.type) ?? byType.set(item.type, []).get(item.type)!).push(item);
  const longest = Math.max(0, ...[...byType.values()].map((list) => list.length));
  for (let age = 0; age < longest; age++) {
    for (const list of byType.values()) {
      const item = list[list.length - 1 - age];
      if (item && item.score === 0) yield item;
    }
  }
}

function capFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? truncate(value, fieldChars) : value]));
}

function describeOmitted(omitted: readonly WorldItem[]): string {
  const byType = new Map<string, string[]>();
  for (const item of omitted) if (item.kind === 'entity') (byType.get(item.type) ?? byType.set(item.type, []).get(item.type)!).push(item.id);
  // The first ids show the scheme, the last ones the newest (what a create needs to pick the next id).
  const listed = (ids: string[]) => (ids.length <= 24 ? ids.join(', ') : `${ids.slice(0, 4).join(', ')}, …, ${ids.slice(-20).join(', ')}`);
  const parts = [...byType].map(([type, ids]) => `${ids.length} ${type} (ids ${listed(ids)})`);
  const facts = omitted.filter((item) => item.kind === 'fact').length;
  if (facts > 0) parts.push(`${facts} older facts`);
  return `Omitted as unrelated to this call (they exist): ${parts.join('; ')}`;
}
