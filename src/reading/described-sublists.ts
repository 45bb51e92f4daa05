/**
 * Lists a description gives of what a record shows rather than of records of their own: a tracker's
 * `Each team's workflow states are Backlog, Todo, In Progress and Done` and its `Labels: Bug,
 * Feature, Chore`, where `get_teams` says it answers "teams with their states and labels" and
 * neither states nor labels are a type its tools keep. Each record of the type that shows the list
 * holds it, one `{id, name}` per item in the order written (ids in the format of the record's own,
 * as the service gives each team its own states), so a read of the team shows what the scenario
 * told and a `stateId` taken from it names a state (sim/stateful/listed-states.ts). A list whose
 * sentence names its owner (`Each team's`) goes to that type's records; one that names none, to
 * the types whose reads show it. Pure.
 */
import { toNewId } from './id-format.js';
import { toPlural, toSingular, toWords } from './entity-words.js';
import type { WorldState } from '../domain/memory-log.js';
import type { ServiceModel } from './read-server.js';

type Model = Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes' | 'idSchemasOf'>;

/** `Each team's workflow states are A, B and C`: the owner's word, then the list's word (its last before `are`). */
const ownedList = /^(?:each|every|all|the)?\s*([a-z][\w -]*?)(?:'s|s'|’s)\s+(?:[\w-]+\s+){0,2}?([a-z]+)\s+(?:are|is|:)\s*:?\s*(.+?)\.?$/i;
/** `Labels: Bug, Feature, Chore`, `Workflow states are A, B and C`: a list's word alone. */
const labelledList = /^(?:the\s+)?(?:[\w-]+\s+)?([a-z]+)(?::|\s+are)\s+(.+?)\.?$/i;

/**
 * Gives each record of the types that show a described list that list (in place).
 *
 * @example
 *   seedShownLists(model, ['Labels: Bug, Feature.'], entities); // each team: labels [{ id, name: 'Bug' }, { id, name: 'Feature' }]
 */
export function seedShownLists(model: Model, sentences: readonly string[], entities: WorldState['entities']): void {
  const shown = toShownLists(model);
  if (shown.size === 0) return;
  for (const sentence of sentences) {
    const text = sentence.trim();
    const owned = ownedList.exec(text);
    const ownerType = owned ? toType(model, owned[1]!) : undefined;
    const [word, listed, owners] =
      owned && ownerType !== undefined
        ? [owned[2]!.toLowerCase(), owned[3]!, [ownerType]]
        : ((match) => (match ? [match[1]!.toLowerCase(), match[2]!, shown.get(match[1]!.toLowerCase()) ?? []] : ['', '', []]))(
            labelledList.exec(text),
          );
    const items = toItems(listed);
    if (items.length < 2) continue;
    for (const owner of owners) {
      if (!shown.get(word)?.includes(owner)) continue;
      const records = Object.entries(entities[owner] ?? {});
      // `Each team's states`: each team's own, with ids of their own; `Labels: …` told once are the same labels everywhere.
      const shared = ownerType === undefined && records.length > 0 ? toList(model, owner, records[0]![0], word, items) : undefined;
      for (const [id, fields] of records) if (!Object.hasOwn(fields, word)) fields[word] = shared ?? toList(model, owner, id, word, items);
    }
  }
}

/** The items as records of their own, `{id, name}`, ids in the format of the owner's (`id`), seeded by it. */
function toList(model: Model, owner: string, id: string, word: string, items: readonly string[]): { id: string; name: string }[] {
  const made: string[] = [];
  return items.map((name) => {
    const seed = `text|${owner}|${id}|${word}`;
    const itemId = toNewId({
      type: toSingular(word),
      existing: [id, ...made],
      numeric: false,
      field: 'id',
      ...model.idSchemasOf(owner),
      args: {},
      seed,
    });
    made.push(itemId);
    return { id: itemId, name };
  });
}

/**
 * The lists each type's reads say they show (`teams with their states and labels`), by the list's
 * word: only plural words that are no type of the server's, whose records the world keeps apart.
 */
function toShownLists(model: Model): Map<string, string[]> {
  const shown = new Map<string, string[]>();
  for (const tool of model.tools) {
    const shape = model.shapes.get(tool.name);
    if (!shape || !['read', 'list', 'search'].includes(shape.operation) || !model.entityTypes.has(shape.entity)) continue;
    const phrase = /\bwith\s+(?:all\s+)?(?:their|its)\s+([a-z]+(?:\s*,\s*[a-z]+)*(?:,?\s+and\s+[a-z]+)?)/i.exec(
      tool.description ?? '',
    )?.[1];
    for (const word of phrase?.toLowerCase().split(/\s*,\s*|\s+and\s+/) ?? []) {
      if (toPlural(toSingular(word)) !== word || toSingular(word) === word || model.entityTypes.has(toSingular(word))) continue;
      const types = shown.get(word) ?? shown.set(word, []).get(word)!;
      if (!types.includes(shape.entity)) types.push(shape.entity);
    }
  }
  return shown;
}

/** The server's type a word names (`team`, `teams`), or undefined. */
function toType(model: Model, words: string): string | undefined {
  const type = toWords(words).map(toSingular).join('_');
  return model.entityTypes.has(type) ? type : undefined;
}

/** `Backlog, Todo, In Progress and Done`: the items, each a short name. */
function toItems(listed: string): string[] {
  const items = listed
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/)
    .map((item) => item.replace(/^["'“‘`]|["'”’`]$/g, '').trim())
    .filter((item) => item !== '');
  return items.every((item) => /^[\p{L}\d][\p{L}\d' &-]{0,30}$/u.test(item) && item.split(/\s+/).length <= 4) ? items : [];
}
