/**
 * A world type's entities as the prompt reads them: ids in the world's order, each entity's
 * capped rendering, and an index from field value to ids. Kept incrementally: a changed type is
 * a new type object, or the memory's own one changed in place with a new `typeVersion`
 * (world-state.ts), and either way its view is derived from the type's previous view, redoing only
 * the entities that changed, instead of re-reading every entity of the type on every call. Pure
 * apart from its caches.
 */
import { idsChangedSince, typeVersion } from '../../domain/world-state.js';
import { leavesOf, truncate } from './prompt-needles.js';

const fieldChars = 600;

export interface EntityFacts {
  /** The fields with long strings capped: what the prompt shows. */
  value: Record<string, unknown>;
  json: string;
  /** The string and number values of `value`, as needles are matched against them. */
  leaves: Set<string>;
}

/** Entities are immutable once made (the memory replaces changed ones): each is rendered once. */
const entityFacts = new WeakMap<Record<string, unknown>, EntityFacts>();

export function factsOfEntity(fields: Record<string, unknown>): EntityFacts {
  let facts = entityFacts.get(fields);
  if (!facts) {
    const value = Object.fromEntries(
      Object.entries(fields).map(([key, item]) => [key, typeof item === 'string' ? truncate(item, fieldChars) : item]),
    );
    entityFacts.set(fields, (facts = { value, json: JSON.stringify(value), leaves: leavesOf(value) }));
  }
  return facts;
}

export interface TypeView {
  ids: readonly string[];
  entities: readonly Record<string, unknown>[];
  /** Where each id is in `ids`. */
  position: ReadonlyMap<string, number>;
  /** The ids of the entities with that value among their leaves. */
  byLeaf: ReadonlyMap<string, ReadonlySet<string>>;
}

interface OwnedView extends TypeView {
  ids: string[];
  entities: Record<string, unknown>[];
  position: Map<string, number>;
  byLeaf: Map<string, Set<string>>;
  /** Its arrays and maps were handed to a newer view of the type: it must be built again if asked for. */
  handedOn: boolean;
  /** The `typeVersion` of the type object it was made for: the memory changes its own type objects in place. */
  version: number;
}

const views = new WeakMap<object, OwnedView>();
/** The newest view per type name: the base the next version of that type is derived from. */
const newest = new Map<string, OwnedView>();
const maxTypeNames = 1000;

/**
 * The view of one type object of a world.
 *
 * @example
 *   const { ids, byLeaf } = typeView('event', world.entities.event);
 *   byLeaf.get('2026-03-03'); // Set { 'evt_2' }
 */
export function typeView(type: string, byId: Record<string, Record<string, unknown>>): TypeView {
  const cached = views.get(byId);
  const version = typeVersion(byId);
  if (cached && !cached.handedOn && cached.version === version) return cached;
  // Changed in place since: caught up with the ids that changed, else derived from its own view.
  if (cached && !cached.handedOn && catchUp(cached, byId, idsChangedSince(byId, cached.version))) {
    cached.version = version;
    newest.set(type, cached);
    return cached;
  }
  const base = cached && !cached.handedOn ? cached : newest.get(type);
  const view = (base && !base.handedOn && derive(base, byId)) || build(byId);
  view.version = version;
  views.set(byId, view);
  if (!newest.has(type) && newest.size >= maxTypeNames) newest.clear();
  newest.set(type, view);
  return view;
}

/**
 * Brings a view up to date with the ids changed in its type object since, in place; false (and
 * the view untouched) when it cannot: unknown changes, a delete, or a new id that Object.keys
 * would not list last (an integer-like key).
 */
function catchUp(view: OwnedView, byId: Record<string, Record<string, unknown>>, changed: readonly string[] | null): boolean {
  if (!changed) return false;
  for (const id of changed) {
    if (!Object.hasOwn(byId, id)) return false;
    if (!view.position.has(id) && /^(0|[1-9]\d*)$/.test(id)) return false;
  }
  for (const id of changed) {
    const fields = byId[id]!;
    const at = view.position.get(id);
    if (at === undefined) append(view, id, fields);
    else if (view.entities[at] !== fields) {
      index(view, id, view.entities[at]!, false);
      view.entities[at] = fields;
      index(view, id, fields, true);
    }
  }
  return true;
}

function build(byId: Record<string, Record<string, unknown>>): OwnedView {
  const view: OwnedView = { ids: [], entities: [], position: new Map(), byLeaf: new Map(), handedOn: false, version: 0 };
  for (const id of Object.keys(byId)) append(view, id, byId[id]!);
  return view;
}

function append(view: OwnedView, id: string, fields: Record<string, unknown>): void {
  view.position.set(id, view.ids.length);
  view.ids.push(id);
  view.entities.push(fields);
  index(view, id, fields, true);
}

function index(view: OwnedView, id: string, fields: Record<string, unknown>, add: boolean): void {
  for (const leaf of factsOfEntity(fields).leaves) {
    let ids = view.byLeaf.get(leaf);
    if (add) {
      if (!ids) view.byLeaf.set(leaf, (ids = new Set()));
      ids.add(id);
    } else if (ids) {
      ids.delete(id);
      if (ids.size === 0) view.byLeaf.delete(leaf);
    }
  }
}

/**
 * The view of `byId` made from `base` when `byId` is `base`'s type with some entities changed and
 * new ones appended (what an upsert does), taking over `base`'s arrays; null otherwise (a delete,
 * another world's type of the same name), and then the caller builds afresh.
 */
function derive(base: OwnedView, byId: Record<string, Record<string, unknown>>): OwnedView | null {
  const ids = Object.keys(byId);
  if (ids.length < base.ids.length) return null;
  let changed = 0;
  for (let at = 0; at < base.ids.length; at++) {
    if (ids[at] !== base.ids[at]) return null;
    if (byId[ids[at]!] !== base.entities[at] && ++changed > 8 + ids.length / 8) return null;
  }
  base.handedOn = true;
  const view: OwnedView = {
    ids: base.ids,
    entities: base.entities,
    position: base.position,
    byLeaf: base.byLeaf,
    handedOn: false,
    version: 0,
  };
  for (let at = 0; at < base.ids.length; at++) {
    const fields = byId[ids[at]!]!;
    if (fields === view.entities[at]) continue;
    index(view, ids[at]!, view.entities[at]!, false);
    view.entities[at] = fields;
    index(view, ids[at]!, fields, true);
  }
  for (let at = base.ids.length; at < ids.length; at++) append(view, ids[at]!, byId[ids[at]!]!);
  return view;
}
