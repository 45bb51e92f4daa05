/** The world-state section of the simulator's prompt (see prompt.ts). */
import type { WorldState } from '../../domain/memory-log.js';
import type { ListFocus } from './prompt-focus.js';
import { matches, truncate, type Needle } from './prompt-needles.js';
import { indexWorldById, type WorldIndex } from '../source/shown-entities.js';
import { factsOfEntity, typeView, type TypeView } from './world-type-view.js';
import { toIdRuns } from './id-runs.js';

/** How many world items that mention the arguments are shown (best first: rare shared values beat common ones like "open"). */
export const relatedWorldCap = 12;
/** How many world entities the call does not mention are shown (newest first), and how many facts it does not mention. */
export const unrelatedEntityCap = 12;
export const unrelatedFactCap = 20;

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
  /** One of the entities a list call's answer must hold (see prompt-focus.ts). */
  focus: boolean;
}

/**
 * The world as compact JSON: a list call's focus (every entity its answer must hold), related
 * entities, then facts, then other entities newest first, until the budget; the rest listed as
 * omitted. Facts that deny an entity the world now holds ("There is no event evt_7." after
 * evt_7 was created) are left out: they are no longer true.
 */
export function renderWorld(world: WorldState, needles: readonly Needle[], budget: number, focus: ListFocus | null = null): string {
  // The entities in the world's order (types in order, each type's oldest first); an entity's
  // item is made only when the call needs it (focused, mentioned, shown or next in line).
  const spans: Span[] = [];
  let entityCount = 0;
  for (const type of Object.keys(world.entities)) {
    const view = typeView(type, world.entities[type]!);
    spans.push({ type, view, start: entityCount });
    entityCount += view.ids.length;
  }
  const made = new Map<number, WorldItem>();
  const itemAt = (span: Span, index: number): WorldItem => {
    const order = span.start + index;
    let item = made.get(order);
    if (!item) {
      const fields = span.view.entities[index]!;
      const { value, json } = factsOfEntity(fields);
      item = {
        kind: 'entity',
        type: span.type,
        id: span.view.ids[index]!,
        value,
        json,
        score: 0,
        age: span.view.ids.length - 1 - index,
        order,
        fields,
        focus: false,
      };
      made.set(order, item);
    }
    return item;
  };

  const focused: WorldItem[] = [];
  const focusSpan = focus ? spans.find((span) => span.type === focus.type) : undefined;
  if (focus && focusSpan) {
    const positions = [...focus.ids].map((id) => focusSpan.view.position.get(id)).filter((at): at is number => at !== undefined);
    for (const at of positions.sort((a, b) => a - b)) {
      const item = itemAt(focusSpan, at);
      item.focus = true;
      focused.push(item);
    }
  }

  // Scores as `scoreByRarity` gives them (1 / how many items mention the needle, summed in the
  // needles' order), found through the types' value indexes: only the items a needle matches.
  const found = new Map<WorldItem, Needle[]>();
  const frequency = new Map<string, number>();
  const mention = (item: WorldItem, needle: Needle) => {
    const list = found.get(item);
    if (list) list.push(needle);
    else found.set(item, [needle]);
    frequency.set(needle.text, (frequency.get(needle.text) ?? 0) + 1);
  };
  for (const needle of needles) {
    for (const span of spans) {
      const ids = span.view.byLeaf.get(needle.text);
      const at: number[] = ids ? [...ids].map((id) => span.view.position.get(id)!) : [];
      const byId = span.view.position.get(needle.text);
      if (byId !== undefined && !ids?.has(needle.text)) at.push(byId);
      for (const index of at.sort((a, b) => a - b)) mention(itemAt(span, index), needle);
    }
  }
  const facts: WorldItem[] = [];
  if (world.facts.length > 0) {
    const holds = indexWorldById(world);
    const types = lowerCaseTypes(world.entities);
    const noLeaves = new Set<string>();
    world.facts.forEach((fact, index) => {
      if (deniesAnyOf(fact, holds, types)) return;
      const item: WorldItem = {
        kind: 'fact',
        type: '',
        id: String(index),
        value: fact,
        json: JSON.stringify(fact),
        score: 0,
        age: world.facts.length - 1 - index,
        order: entityCount + facts.length,
        focus: false,
      };
      facts.push(item);
      for (const needle of matches(needles, noLeaves, item.json)) mention(item, needle);
    });
  }
  const scored: WorldItem[] = [];
  for (const [item, list] of found) {
    let score = 0;
    for (const needle of list) score += 1 / frequency.get(needle.text)!;
    // An entity whose id is an argument is what the call is about.
    item.score = score + (item.kind === 'entity' && needles.some((needle) => needle.text === item.id) ? 10 : 0);
    if (!item.focus) scored.push(item);
  }
  const rank = (item: WorldItem) => (item.focus ? 3 : item.score > 0 ? 0 : item.kind === 'fact' ? 1 : 2);

  const chosen = new Set<WorldItem>();
  const table = focus ? toFocusTable(focused) : null;
  let used = '{"entities":{},"facts":[]}'.length + (table?.header.length ?? 0);
  const reserve = Math.min(400, Math.floor(budget / 4));
  // Fixed caps besides the budget: a bigger budget must not make the prompt grow with the world.
  // A list's focus is bounded by the budget alone: every entity it leaves out is named.
  const left = [relatedWorldCap, unrelatedFactCap, unrelatedEntityCap, Infinity];
  for (const item of inPromptOrder({ focused, scored, facts, spans, itemAt })) {
    if (left[0]! <= 0 && left[1]! <= 0 && left[2]! <= 0 && !item.focus) break;
    // The unrelated entities come last, all of one rank: none can join once their cap is used.
    if (item.kind === 'entity' && !item.focus && item.score === 0 && left[2]! <= 0) break;
    const cost = item.focus ? table!.rows.get(item)!.length + 1 : item.json.length + item.type.length + item.id.length + 8;
    if (used + cost > budget - reserve || left[rank(item)]! <= 0) continue;
    left[rank(item)]! -= 1;
    chosen.add(item);
    used += cost;
  }
  // In the world's order, as the world state holds them.
  const shown = [...chosen].sort((a, b) => a.order - b.order);
  const entities: Record<string, Record<string, unknown>> = {};
  for (const item of shown) if (item.kind === 'entity' && !item.focus) (entities[item.type] ??= {})[item.id] = item.value;
  let json = JSON.stringify({ entities, facts: shown.filter((item) => item.kind === 'fact').map((item) => item.value) });
  if (table && focus) {
    const rows = focused.filter((item) => chosen.has(item)).map((item) => table.rows.get(item)!);
    json += `\n${rows.length} ${focus.type}${focus.filters.length > 0 ? ` matching ${focus.filters.join(', ')}` : ''} (what this call lists, one per line, tab-separated: ${table.header})${rows.map((row) => `\n${row}`).join('')}`;
  }
  if (chosen.size === entityCount + facts.length) return json;
  const shownOrders = new Set(shown.map((item) => item.order));
  const omitted: Omitted = {
    byType: spans
      .map(({ type, view, start }): [string, string[]] => [type, view.ids.filter((_, index) => !shownOrders.has(start + index))])
      .filter(([, ids]) => ids.length > 0),
    facts: facts.filter((item) => !chosen.has(item)).length,
    leftOut: focused.filter((item) => !chosen.has(item)).map((item) => item.id),
  };
  return truncate(`${json}\n${describeOmitted(omitted, focus, Math.max(0, budget - json.length - 1))}`, budget);
}

interface Span {
  type: string;
  view: TypeView;
  /** The order of the type's first entity among all the world's entities. */
  start: number;
}

interface Omitted {
  /** Per type with omitted entities, their ids in the world's order. */
  byType: [string, string[]][];
  facts: number;
  /** The focused entities that did not fit. */
  leftOut: string[];
}

const typeNames = new WeakMap<object, ReadonlySet<string>>();

/** The world's type names, lowercased, once per world. */
function lowerCaseTypes(entities: WorldState['entities']): ReadonlySet<string> {
  let names = typeNames.get(entities);
  if (!names) typeNames.set(entities, (names = new Set(Object.keys(entities).map((type) => type.toLowerCase()))));
  return names;
}

/**
 * A list's focus as a table: one header of field names, then one tab-separated row per entity
 * (id first; a value that is not plain text, or holds a tab or a line break, as JSON). Half the
 * size of the same entities as JSON, so a list of a hundred fits the budget.
 */
const focusRows = new WeakMap<object, { header: string; id: string; row: string }>();

function toFocusTable(focused: readonly WorldItem[]): { header: string; rows: Map<WorldItem, string> } {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const item of focused)
    for (const name of Object.keys(item.value as Record<string, unknown>)) {
      if (seen.has(name)) continue;
      seen.add(name);
      columns.push(name);
    }
  const cell = (value: unknown) =>
    value === undefined ? '' : typeof value === 'string' && !/[\t\n\r]/.test(value) && value !== '' ? value : JSON.stringify(value);
  const header = ['id', ...columns].join('\t');
  const rows = new Map<WorldItem, string>();
  for (const item of focused) {
    // Entities are immutable once made: a row is worked out once per entity and column set.
    const cached = focusRows.get(item.value as object);
    if (cached && cached.header === header && cached.id === item.id) {
      rows.set(item, cached.row);
      continue;
    }
    const fields = item.value as Record<string, unknown>;
    const row = [item.id, ...columns.map((name) => cell(Object.hasOwn(fields, name) ? fields[name] : undefined))].join('\t');
    focusRows.set(item.value as object, { header, id: item.id, row });
    rows.set(item, row);
  }
  return { header, rows };
}

const denial = /\b(no|not|never|none|missing|unknown|nonexistent|deleted|removed|doesn't|isn't)\b/i;

/**
 * Whether a fact says that something the world holds does not exist: a negation and an id among
 * the world. A bare number counts only after its type's name or `#` ("no issue 42", "#42"), so "no CI
 * on 3 branches" is not about issue 3.
 */
function deniesAnyOf(fact: string, holds: WorldIndex, types: ReadonlySet<string>): boolean {
  const candidates = deniedCandidates(fact);
  return (
    candidates !== null &&
    candidates.some(
      ({ id, after, hash }) =>
        holds.get(id) !== undefined &&
        (hash || after === null || types.has(after) || types.has(`${after}s`) || types.has(after.replace(/s$/, ''))),
    )
  );
}

interface DeniedCandidate {
  id: string;
  /** For a bare number: the word before it, lowercased (null: the candidate is not a bare number). */
  after: string | null;
  hash: boolean;
}

/** Facts repeat on every call: what each one could deny is worked out once (a bounded cache). */
const deniedByFact = new Map<string, DeniedCandidate[] | null>();

function deniedCandidates(fact: string): DeniedCandidate[] | null {
  let candidates = deniedByFact.get(fact);
  if (candidates === undefined) {
    if (deniedByFact.size >= 10_000) deniedByFact.clear();
    candidates = null;
    if (denial.test(fact)) {
      const words = fact.split(/[\s,;:()"'`]+/).map((word) => word.replace(/[.!?]+$/, ''));
      candidates = words
        .map((word, index) => {
          const id = word.replace(/^#/, '');
          const bare = /^\d+$/.test(id);
          return { id, hash: word.startsWith('#'), after: bare ? (words[index - 1] ?? '').toLowerCase() : null };
        })
        .filter((candidate) => candidate.id !== '');
    }
    deniedByFact.set(fact, candidates);
  }
  return candidates;
}

/**
 * World items best first: those the call mentions (highest score, then newest), then facts
 * newest first, then entities newest first with the types taking turns. Lazy, and without
 * sorting the whole world: only the few mentioned items are sorted.
 */
function* inPromptOrder(parts: {
  focused: readonly WorldItem[];
  scored: WorldItem[];
  facts: readonly WorldItem[];
  spans: readonly Span[];
  itemAt: (span: Span, index: number) => WorldItem;
}): Generator<WorldItem> {
  yield* parts.focused;
  yield* parts.scored.sort((a, b) => b.score - a.score || a.age - b.age || a.order - b.order);
  for (let index = parts.facts.length - 1; index >= 0; index--) if (parts.facts[index]!.score === 0) yield parts.facts[index]!;
  const longest = Math.max(0, ...parts.spans.map((span) => span.view.ids.length));
  for (let age = 0; age < longest; age++) {
    for (const span of parts.spans) {
      const count = span.view.ids.length;
      const item = age < count ? parts.itemAt(span, count - 1 - age) : undefined;
      if (item && item.score === 0 && !item.focus) yield item;
    }
  }
}

/**
 * The "Omitted" line. It names every omitted id when the line fits in `room`, else the first ids
 * (the scheme) and the newest (what a create needs to pick the next id); the entities a list's
 * answer must hold but that did not fit are always named, on a line of their own.
 */
function describeOmitted({ byType, facts, leftOut }: Omitted, focus: ListFocus | null, room: number): string {
  const line = (listed: (ids: string[]) => string) => {
    const parts = [...byType].map(([type, ids]) => `${ids.length} ${type} (ids ${listed(ids)})`);
    if (facts > 0) parts.push(`${facts} older facts`);
    return `Omitted as unrelated to this call (they exist): ${parts.join('; ')}`;
  };
  const focusLine =
    focus && leftOut.length > 0
      ? `\nLeft out for space, although this call's answer must list them (${focus.type}${focus.filters.length > 0 ? ` matching ${focus.filters.join(', ')}` : ''}; fields as in earlier results): ${toIdRuns(leftOut)}`
      : '';
  const everyId = line(toIdRuns);
  if (everyId.length + focusLine.length <= room) return everyId + focusLine;
  return line((ids) => (ids.length <= 24 ? ids.join(', ') : `${ids.slice(0, 4).join(', ')}, …, ${ids.slice(-20).join(', ')}`)) + focusLine;
}
