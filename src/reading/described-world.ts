/**
 * The things a mock's description names plainly, as the world it starts from: "Two services,
 * checkout-api and payments." seeds the services `checkout-api` and `payments`; `a project called
 * "Apollo"` seeds one project. Only the server's own entity types are read (its service model),
 * only names given as a list after the type's word or quoted after it, so the world never holds
 * what the description does not say. Without a model the simulator answers from this world; with
 * one, the model sees the same names its description gave. Deterministic: ids in the type's format
 * (id-format.ts), seeded by the type and the count.
 */
import { toPlural, toWords } from './entity-words.js';
import { toNewId } from './id-format.js';
import type { WorldState } from '../domain/memory-log.js';
import type { ServiceModel } from './read-server.js';

/** A name in a list: a quoted text, a token such as `checkout-api` or `acme/widgets`, or capitalised words (`Grace Hopper`). */
const bareName = /^(?:[A-Za-z0-9][\w./@#:+-]*|[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,3})$/;
const quotedName = /^["'“‘`](.+?)["'”’`]$/;
/** Words that lead a list after the type's word: `services: a, b`, `services called a and b`, `the services are a and b`. */
const lead = String.raw`\s*(?:\((?<paren>[^)]*)\)|[:,—–-]|\s(?:called|named)\b|\s(?<are>are)\b)\s*`;
/** After `are`, a plain word is more often a state than a name (`the services are down`): a name there must look like one. */
const nameLike = /["'“‘`]|[A-Z]|[-_/.@#:\d]/;
/** Words that are not names even where a list could start: `services are down`, `projects, all archived`. */
const notNames = new Set([
  'all',
  'both',
  'none',
  'each',
  'every',
  'some',
  'many',
  'few',
  'the',
  'a',
  'an',
  'and',
  'or',
  'with',
  'that',
  'which',
  'who',
  'no',
  'not',
  'there',
  'here',
  'it',
  'they',
  'we',
  'you',
]);

/**
 * The world a description names: the entities of the model's types it lists by name (none when it
 * lists none).
 *
 * @example
 *   toDescribedWorld(readServer(pagerTools), 'Two services, checkout-api and payments.').entities.service;
 *   // { PA1TV92: { id: 'PA1TV92', name: 'checkout-api' }, P7Q0XZ3: { id: 'P7Q0XZ3', name: 'payments' } }
 */
export function toDescribedWorld(model: Pick<ServiceModel, 'entityTypes' | 'idSchemasOf' | 'tools' | 'shapes'>, text: string): WorldState {
  const entities: WorldState['entities'] = {};
  const sentences = text.split(/(?<=[.!?;])\s+|\n+/);
  for (const [type, entityType] of model.entityTypes) {
    if (['me', 'item'].includes(type)) continue;
    const names = new Set<string>();
    for (const sentence of sentences) for (const name of namesOf(sentence, type)) names.add(name);
    if (names.size === 0) continue;
    const label = labelField(model, type);
    const found: Record<string, Record<string, unknown>> = {};
    for (const name of names) {
      const existing = Object.keys(found);
      const id = entityType.numericId
        ? String(existing.length + 1)
        : toNewId({
            type,
            existing,
            numeric: false,
            field: entityType.idField,
            ...model.idSchemasOf(type),
            args: {},
            seed: `text|${type}`,
          });
      found[id] = { [entityType.idField]: entityType.numericId ? Number(id) : id, [label]: name };
    }
    entities[type] = found;
  }
  return { entities, facts: [] };
}

/** The names a sentence lists for a type: after its plural (`services: a, b`) or quoted after its singular (`a project "Apollo"`). */
function namesOf(sentence: string, type: string): string[] {
  const words = toWords(type);
  const phrase = (last: string) => [...words.slice(0, -1), last].map(escape).join(String.raw`[\s_-]+`);
  const plural = phrase(toPlural(words[words.length - 1]!));
  const singular = phrase(words[words.length - 1]!);
  const listed = new RegExp(String.raw`\b${plural}\b${lead}(?<list>.+)$`, 'i').exec(sentence);
  if (listed?.groups) {
    const inParen = listed.groups.paren !== undefined ? toNames(listed.groups.paren) : [];
    if (inParen.length > 0) return inParen;
    const names = toNames(listed.groups.list!);
    return listed.groups.are !== undefined && !names.every((name) => nameLike.test(name)) ? [] : names;
  }
  const one = new RegExp(String.raw`\b${singular}\b\s+(?:(?:called|named)\s+)?(["“‘\`][^"”’\`]{1,60}["”’\`])`, 'i').exec(sentence);
  if (one) return toNames(one[1]!);
  const called = new RegExp(String.raw`\b${singular}\b\s+(?:called|named)\s+([A-Za-z0-9][\w./@#:+-]*)`, 'i').exec(sentence);
  return called ? toNames(called[1]!) : [];
}

/** The names of a list, up to the first part that is not a name (`checkout-api and payments, both slow` → two). */
function toNames(list: string): string[] {
  const names: string[] = [];
  for (const raw of list.replace(/[.!?;]+$/, '').split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+/)) {
    const part = raw.trim();
    const quoted = quotedName.exec(part);
    if (quoted) names.push(quoted[1]!.trim());
    else if (bareName.test(part) && !notNames.has(part.toLowerCase()) && !/^\d+$/.test(part)) names.push(part);
    else break;
  }
  return names;
}

/** `title` where the type's create takes one, else `name`. */
function labelField(model: Pick<ServiceModel, 'tools' | 'shapes'>, type: string): string {
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (shape?.entity !== type || shape.operation !== 'create') continue;
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
    if (Object.hasOwn(properties, 'title') && !Object.hasOwn(properties, 'name')) return 'title';
  }
  return 'name';
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
