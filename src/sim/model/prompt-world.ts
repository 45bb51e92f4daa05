/** The world-state section of the model's prompt (see prompt.ts). */
import type { WorldState } from '../../domain/memory-log.js';
import type { ListFocus } from './prompt-focus.js';
import { truncate, type Needle } from './prompt-needles.js';
import { scoreMentions, type Mentions } from './world-mentions.js';
import { indexWorldById } from '../source/shown-entities.js';
import { factsOfEntity, typeView, type TypeView } from './world-type-view.js';
import { describeOmitted, type Omitted, type OmittedType } from './prompt-omitted.js';
import { deniesAnyOf } from './prompt-denials.js';

/** How many world items that mention the arguments are shown (best first: rare shared values beat common ones like "open"). */
export const relatedWorldCap = 12;
/**
 * How many related items that do not fit the budget the prompt looks past for a smaller one: a
 * common value matches thousands, and walking them all on every call made a call's cost grow
 * with the world (issue 30).
 */
export const relatedLookahead = 32;
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
  const items = collectItems(world, focus);
  const related = mentionsOf(items, needles);
  const table = focus ? toFocusTable(items.focused) : null;
  const chosen = chooseItems(items, related, table, budget);
  return renderChosen(items, chosen, table, focus, budget);
}

/**
 * The world's items: its entities in the world's order (types in order, each type's oldest
 * first), a list call's focus, and the facts that still hold. An entity's item is made only when
 * the call needs it (focused, mentioned, shown or next in line).
 */
interface WorldItems {
  spans: Span[];
  entityCount: number;
  itemAt: (span: Span, index: number) => WorldItem;
  /** The focus's entities in the world's order (none without a focus). */
  focused: WorldItem[];
  facts: WorldItem[];
}

/** Step 1, collect: the spans of the world's types, the focused entities and the facts still true. */
function collectItems(world: WorldState, focus: ListFocus | null): WorldItems {
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
  return { spans, entityCount, itemAt, focused: collectFocused(spans, itemAt, focus), facts: collectFacts(world, entityCount) };
}

/** The entities a list call's answer must hold, in the world's order, marked as focus. */
function collectFocused(spans: readonly Span[], itemAt: WorldItems['itemAt'], focus: ListFocus | null): WorldItem[] {
  const focused: WorldItem[] = [];
  const focusSpan = focus ? spans.find((span) => span.type === focus.type) : undefined;
  if (!focus || !focusSpan) return focused;
  const positions = [...focus.ids].map((id) => focusSpan.view.position.get(id)).filter((at): at is number => at !== undefined);
  for (const at of positions.sort((a, b) => a - b)) {
    const item = itemAt(focusSpan, at);
    item.focus = true;
    focused.push(item);
  }
  return focused;
}

/** The facts as items, after the entities in the world's order; those that deny an entity the world holds left out. */
function collectFacts(world: WorldState, entityCount: number): WorldItem[] {
  const facts: WorldItem[] = [];
  if (world.facts.length === 0) return facts;
  const holds = indexWorldById(world);
  const types = lowerCaseTypes(world.entities);
  world.facts.forEach((fact, index) => {
    if (deniesAnyOf(fact, holds, types)) return;
    facts.push({
      kind: 'fact',
      type: '',
      id: String(index),
      value: fact,
      json: JSON.stringify(fact),
      score: 0,
      age: world.facts.length - 1 - index,
      order: entityCount + facts.length,
      focus: false,
    });
  });
  return facts;
}

/**
 * Step 2, score: the items the call's needles mention (world-mentions.ts), the focus excluded
 * from the related ones, which are made only as the prompt walks to them.
 */
function mentionsOf(items: WorldItems, needles: readonly Needle[]): Mentions<WorldItem> {
  const focusOrders = new Set(items.focused.map((item) => item.order));
  return scoreMentions(
    items.spans,
    items.entityCount,
    items.facts,
    needles,
    (span, index) => items.itemAt(items.spans[span]!, index),
    (order) => focusOrders.has(order),
  );
}

/** The four kinds of world items, each with its own cap. */
type Shelf = 'focus' | 'related' | 'unrelatedFacts' | 'unrelatedEntities';

function shelfOf(item: WorldItem): Shelf {
  return item.focus ? 'focus' : item.score > 0 ? 'related' : item.kind === 'fact' ? 'unrelatedFacts' : 'unrelatedEntities';
}

/** Step 3, choose: the items that fit the budget and their shelf's cap, best first (see `inPromptOrder`). */
function chooseItems(items: WorldItems, related: Mentions<WorldItem>, table: FocusTable | null, budget: number): Set<WorldItem> {
  const chosen = new Set<WorldItem>();
  let used = '{"entities":{},"facts":[]}'.length + (table?.header.length ?? 0);
  const reserve = Math.min(400, Math.floor(budget / 4));
  // Fixed caps besides the budget: a bigger budget must not make the prompt grow with the world.
  // A list's focus is bounded by the budget alone: every entity it leaves out is named.
  const left: Record<Shelf, number> = {
    focus: Infinity,
    related: relatedWorldCap,
    unrelatedFacts: unrelatedFactCap,
    unrelatedEntities: unrelatedEntityCap,
  };
  let relatedRefused = 0;
  for (const item of inPromptOrder(items, related, () => left.related <= 0 || relatedRefused >= relatedLookahead)) {
    if (left.related <= 0 && left.unrelatedFacts <= 0 && left.unrelatedEntities <= 0 && !item.focus) break;
    const shelf = shelfOf(item);
    // The unrelated entities come last, all of one shelf: none can join once their cap is used.
    if (shelf === 'unrelatedEntities' && left.unrelatedEntities <= 0) break;
    const cost = item.focus ? table!.rows.get(item)!.length + 1 : item.json.length + item.type.length + item.id.length + 8;
    // The unrelated entities end at the first that does not fit: looking further for a smaller one
    // would visit every entity of the world on every call once the prompt is full (issue 30).
    if (shelf === 'unrelatedEntities' && used + cost > budget - reserve) break;
    if (used + cost > budget - reserve || left[shelf] <= 0) {
      if (shelf === 'related') relatedRefused += 1;
      continue;
    }
    left[shelf] -= 1;
    chosen.add(item);
    used += cost;
  }
  return chosen;
}

/** Step 4, render: the chosen items as the world state holds them, the focus table, then what was omitted. */
function renderChosen(
  items: WorldItems,
  chosen: ReadonlySet<WorldItem>,
  table: FocusTable | null,
  focus: ListFocus | null,
  budget: number,
): string {
  // In the world's order, as the world state holds them.
  const shown = [...chosen].sort((a, b) => a.order - b.order);
  const entities: Record<string, Record<string, unknown>> = {};
  for (const item of shown) if (item.kind === 'entity' && !item.focus) (entities[item.type] ??= {})[item.id] = item.value;
  let json = JSON.stringify({ entities, facts: shown.filter((item) => item.kind === 'fact').map((item) => item.value) });
  if (table && focus) {
    const rows = items.focused.filter((item) => chosen.has(item)).map((item) => table.rows.get(item)!);
    json += `\n${rows.length} ${focus.type}${focus.filters.length > 0 ? ` matching ${focus.filters.join(', ')}` : ''} (what this call lists, one per line, tab-separated: ${table.header})${rows.map((row) => `\n${row}`).join('')}`;
  }
  if (chosen.size === items.entityCount + items.facts.length) return json;
  const omitted = toOmitted(items, chosen, shown);
  return truncate(`${json}\n${describeOmitted(omitted, focus, Math.max(0, budget - json.length - 1))}`, budget);
}

/** What the world holds that the prompt does not show; `shown` is `chosen` in the world's order. */
function toOmitted(items: WorldItems, chosen: ReadonlySet<WorldItem>, shown: readonly WorldItem[]): Omitted {
  // Only the few shown ids are looked at, not every id of the world: this line is on every call.
  const shownOrders = shown.map((item) => item.order);
  return {
    byType: items.spans
      .map(({ type, view, start }): OmittedType => {
        const end = start + view.ids.length;
        const skipped = shownOrders.filter((order) => order >= start && order < end).map((order) => order - start);
        return { type, count: view.ids.length - skipped.length, ids: view.ids, skipped };
      })
      .filter((omitted) => omitted.count > 0),
    facts: items.facts.filter((item) => !chosen.has(item)).length,
    leftOut: items.focused.filter((item) => !chosen.has(item)).map((item) => item.id),
  };
}

interface Span {
  type: string;
  view: TypeView;
  /** The order of the type's first entity among all the world's entities. */
  start: number;
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

interface FocusTable {
  header: string;
  rows: Map<WorldItem, string>;
}

function toFocusTable(focused: readonly WorldItem[]): FocusTable {
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

/**
 * World items best first: those the call mentions (highest score, then newest) until
 * `relatedFull()`, then facts newest first, then entities newest first with the types taking
 * turns. Lazy, and without sorting the whole world: the mentioned items come off a heap as walked.
 */
function* inPromptOrder(
  { focused, facts, spans, itemAt }: WorldItems,
  mentions: Mentions<WorldItem>,
  relatedFull: () => boolean,
): Generator<WorldItem> {
  yield* focused;
  // Once the related shelf is full no related item can join: a common value's thousand matches are not walked.
  for (const item of mentions.related()) {
    if (relatedFull()) break;
    yield item;
  }
  for (let index = facts.length - 1; index >= 0; index--) if (facts[index]!.score === 0) yield facts[index]!;
  const longest = Math.max(0, ...spans.map((span) => span.view.ids.length));
  for (let age = 0; age < longest; age++) {
    for (const span of spans) {
      const count = span.view.ids.length;
      if (age >= count || mentions.entityScore(span.start + count - 1 - age) > 0) continue;
      const item = itemAt(span, count - 1 - age);
      if (!item.focus) yield item;
    }
  }
}
