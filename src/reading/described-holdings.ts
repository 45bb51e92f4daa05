/**
 * What a description says a named entity has, and what a named entity sells: `Ada has one paid
 * order for the Pro plan and an active subscription` seeds an order and a subscription of Ada's
 * (her id under `customerId`, her email under the `userEmail` a list of orders filters by), each in
 * the state its word names where the server names that state (`paid`, `active`), the order linked
 * to the product named "Pro plan"; `One store, Pixel Tools, selling a Pro plan subscription` seeds
 * the product "Pro plan" the store sells. Only the server's own types are seeded, only counted
 * (`one`, `an`, `two`) and only after a name the description gave; the rest is for a model. Pure:
 * ids come from the caller's `newId`, in the type's format.
 */
import { toPlural, toWords } from './entity-words.js';
import { toParentKeys } from './parent-keys.js';
import { inServerStyle } from './server-style.js';
import type { ServiceModel } from './read-server.js';
import { toNormalName } from '../domain/world-query.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>;
type Entities = Record<string, Record<string, Record<string, unknown>>>;

/** What the caller keeps of the seeded world: the entities by type, and the names given (name → id) by type. */
export interface SeededWorld {
  entities: Entities;
  seeded: Map<string, Map<string, string>>;
  /** `WEB-1 "Fix login"`: the keys written before names, by type (key → name). */
  keyedNames?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  newId(type: string): string;
}

/** A seeded entity and the sentences that named it, for linking to parents (described-world.ts). */
export interface Mention {
  type: string;
  fields: Record<string, unknown>;
  where: number[];
}

const counts: Record<string, number> = { a: 1, an: 1, one: 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
/** Types a shop sells: the first of these the server keeps is what `selling …` names. */
const soldTypes = ['product', 'item', 'offering', 'listing', 'plan'];
/** At most this many of one thing a sentence counts. */
const countLimit = 10;

/**
 * `selling a Pro plan subscription`, `sells "Notebook"`: the product named, seeded (once) with the
 * label field the caller gives it. The name stops before a word of the server's types.
 */
export function seedSold(model: Model, world: SeededWorld, sentences: readonly string[], label: (type: string) => string): Mention[] {
  const type = soldTypes.find((word) => model.entityTypes.has(word));
  if (type === undefined) return [];
  const typeWords = [...model.entityTypes.keys()].flatMap((name) => [toWords(name).join(' '), toPlural(toWords(name).join(' '))]);
  const stop = typeWords.map(escape).join('|');
  const mentions: Mention[] = [];
  sentences.forEach((sentence, index) => {
    const pattern = new RegExp(
      String.raw`\b(?:sell|sells|selling|sold|offers|offering)\s+(?:(?:a|an|the|one)\s+)?(?:["“]([^"”]{1,60})["”]|([A-Z][\w.'-]*(?:\s+[\w.'-]+){0,3}?)(?=\s+(?:${stop})\b|\s*[,.;]|\s*$))`,
      'g',
    );
    for (const match of sentence.matchAll(pattern)) {
      const name = (match[1] ?? match[2])!.trim();
      const named = world.seeded.get(type) ?? new Map<string, string>();
      if (named.has(name)) continue;
      const id = world.newId(type);
      const fields = { [model.entityTypes.get(type)?.idField ?? 'id']: id, [label(type)]: name };
      (world.entities[type] ??= {})[id] = fields;
      world.seeded.set(type, named.set(name, id));
      mentions.push({ type, fields, where: [index] });
    }
  });
  return mentions;
}

/**
 * `Ada has one paid order for the Pro plan and an active subscription`: the things a sentence says
 * a named entity has, seeded as its own.
 */
export function seedHoldings(model: Model, world: SeededWorld, sentences: readonly string[], stateWords: ReadonlySet<string>): Mention[] {
  const mentions: Mention[] = [];
  sentences.forEach((sentence, index) => {
    const holding = /^\s*(.+?)\s+(?:has|have|holds|owns)\s+(.+?)[.!;]?\s*$/.exec(sentence);
    // `Ad sets: Spring Blend Launch has two ad sets, …`: a heading before the holder is not part of its name.
    const owner = holding ? (findNamed(world, holding[1]!) ?? findNamed(world, holding[1]!.replace(/^[^:]*:\s*/, ''))) : null;
    if (!holding || !owner) return;
    for (const item of holding[2]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)) {
      const thing = readItem(model, item);
      if (!thing) continue;
      // `Website Redesign has two sections, Design and Development`: the sections the sentence names are the two it has.
      const named = namedIn(world, thing.type, holding[2]!);
      for (const fields of named) linkHolder(model, world, fields, thing.type, owner);
      if (named.length > 0) continue;
      const target = thing.target === undefined ? null : findNamed(world, thing.target);
      for (let made = 0; made < Math.min(thing.count, countLimit); made++) {
        const id = world.newId(thing.type);
        const fields: Record<string, unknown> = { [model.entityTypes.get(thing.type)?.idField ?? 'id']: id };
        const state = stateOf(model, thing.type, thing.words, stateWords);
        if (state) fields[state.field] = state.value;
        linkHolder(model, world, fields, thing.type, owner);
        if (target) linkHolder(model, world, fields, thing.type, target);
        (world.entities[thing.type] ??= {})[id] = fields;
        world.seeded.set(thing.type, (world.seeded.get(thing.type) ?? new Map<string, string>()).set(id, id));
        mentions.push({ type: thing.type, fields, where: [index] });
      }
    }
  });
  return mentions;
}

/** The entities of a type seeded by name (not counted ones) whose names the text holds as words. */
function namedIn(world: SeededWorld, type: string, text: string): Record<string, unknown>[] {
  const names = [...(world.seeded.get(type) ?? [])].filter(([name, id]) => name !== id);
  return names
    .filter(([name]) => new RegExp(String.raw`(?:^|[^\w])${escape(name)}(?:$|[^\w])`, 'i').test(text))
    .flatMap(([, id]) => (world.entities[type]?.[id] ? [world.entities[type][id]] : []));
}

/**
 * `one paid order for the Pro plan`: how many, of which type, the words before the type, what it is for.
 * `three tasks: "Draft…"`: the names after a colon are read by `namedIn`.
 */
function readItem(model: Model, item: string): { count: number; type: string; words: string[]; target?: string } | null {
  const match = /^(\w+)\s+(.+)$/.exec(item.trim());
  const count = match ? (counts[match[1]!.toLowerCase()] ?? (/^\d+$/.test(match[1]!) ? Number(match[1]) : undefined)) : undefined;
  if (!match || count === undefined) return null;
  const rest = match[2]!;
  for (const type of [...model.entityTypes.keys()].sort((a, b) => toWords(b).length - toWords(a).length)) {
    const words = toWords(type);
    const phrase = (last: string) => [...words.slice(0, -1), last].map(escape).join(String.raw`[\s_-]+`);
    const found = new RegExp(
      String.raw`^((?:[\w-]+\s+){0,3}?)(?:${phrase(toPlural(words.at(-1)!))}|${phrase(words.at(-1)!)})\b(?:\s+(?:for|of|on)\s+(?:the\s+)?(.+)|\s*:.*)?$`,
      'i',
    ).exec(rest);
    if (found)
      return { count, type, words: found[1]!.trim().split(/\s+/).filter(Boolean), ...(found[2] ? { target: found[2].trim() } : {}) };
  }
  return null;
}

/**
 * A seeded entity the text names: by its whole name, by its name and its type's word (`Team plan`
 * for the plan Team), or by the first word of a person's name (`Ada`), when only one has it.
 */
export function findNamed(world: SeededWorld, text: string): { type: string; id: string } | null {
  const wanted = text.trim().toLowerCase();
  const found: { type: string; id: string }[] = [];
  for (const [type, names] of world.seeded)
    for (const [name, id] of names)
      if (
        [name, `${name} ${toWords(type).join(' ')}`].some((spelled) => spelled.toLowerCase() === wanted) ||
        (/\s/.test(name) && name.split(/\s+/)[0]!.toLowerCase() === wanted)
      )
        found.push({ type, id });
  // `WEB-1 has two comments`: the key a description wrote before a record's name names that record too.
  for (const [type, keys] of world.keyedNames ?? [])
    for (const [key, name] of keys) {
      const id = world.seeded.get(type)?.get(name);
      if (key.toLowerCase() === wanted && id !== undefined && !found.some((one) => one.type === type && one.id === id))
        found.push({ type, id });
    }
  return found.length === 1 ? found[0]! : null;
}

/** The state a word before the type names: one of the type's states, else a state value the server's tools name (`paid`). */
function stateOf(
  model: Model,
  type: string,
  words: readonly string[],
  stateWords: ReadonlySet<string>,
): { field: string; value: string } | null {
  const state = model.entityTypes.get(type)?.state ?? null;
  for (const word of words) {
    const own = state?.values.find((value) => value.toLowerCase() === word.toLowerCase());
    if (own !== undefined) return { field: state!.field, value: own };
    if (stateWords.has(toNormalName(word))) return { field: state?.field ?? 'status', value: word.toLowerCase() };
  }
  return null;
}

/**
 * The holder's keys on the held: under the arguments that name a parent of its type
 * (parent-keys.ts), else under `<type>Id` as the server spells names; a list filter of the held
 * type that asks for the holder's email (`userEmail`) gets it too.
 */
export function linkHolder(
  model: Model,
  world: SeededWorld,
  fields: Record<string, unknown>,
  type: string,
  holder: { type: string; id: string },
): void {
  const holderFields = world.entities[holder.type]?.[holder.id] ?? {};
  const keys = toParentKeys(model, type).find((parent) => parent.type === holder.type);
  const idArguments =
    keys && keys.idArguments.length > 0 ? keys.idArguments : [inServerStyle(model.tools, [...toWords(holder.type), 'id'])];
  // `issueKey` beside `issueId`: an argument named as a field the holder keeps (its key) takes that field's value.
  for (const argument of idArguments)
    fields[argument] ??= holderFields[argument] ?? holderFields[model.entityTypes.get(holder.type)?.idField ?? 'id'] ?? holder.id;
  const email = Object.entries(holderFields).find(([name, value]) => /e-?mail$/i.test(name) && typeof value === 'string')?.[1];
  if (email === undefined) return;
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type || (shape.operation !== 'list' && shape.operation !== 'search')) continue;
    for (const name of Object.keys(tool.inputSchema.properties ?? {}))
      if (/e-?mail$/i.test(name) && name !== 'email') fields[name] ??= email;
  }
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
