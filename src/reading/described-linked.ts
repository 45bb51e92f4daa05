/**
 * Records people list by what they join rather than by a name, as a recruiter lists applications
 * (`Applications: Ana Souza for Backend Engineer, in review; Ravi Patel for Store Manager`), a shop
 * its orders (`Orders: Ada for the Pro plan`) or a school its enrolments: after a labelled list of
 * the type's plural, each item names two records the description already gave, joined by `for`,
 * `to` or `with`, then what is told of it. The record lies under each of its parent types those
 * names are records of, and under a record of this kind seeded before that joins the same two
 * (`Offers: Ana Souza for Backend Engineer, 90,000 USD` is the offer of that application). Pure;
 * described-world.ts links and completes what it seeds.
 */
import type { Mention, SeededWorld } from './described-holdings.js';
import { withoutThousands } from './described-codes.js';
import { toDescribedFields } from './described-fields.js';
import { toPlural, toWords } from './entity-words.js';
import { toParentKeys } from './parent-keys.js';
import type { ServiceModel } from './read-server.js';

type Model = Parameters<typeof toDescribedFields>[0] & Parameters<typeof toParentKeys>[0] & Pick<ServiceModel, 'entityTypes'>;

/**
 * The records the labelled lists of joined names give, seeded.
 *
 * @example
 *   seedLinked(model, world, ['Applications: Ana Souza for Backend Engineer, terminated on March 2.'], now);
 *   // an application { id, talent_id: Ana's id, job_id: the job's id, state: 'terminated' }
 */
export function seedLinked(model: Model, world: SeededWorld, sentences: readonly string[], now: string): Mention[] {
  const mentions: Mention[] = [];
  // Each pair of names joined, by type: `ana souza|backend engineer` → the id of the record seeded for it.
  const joined = new Map<string, Map<string, string>>();
  for (const type of model.entityTypes.keys()) {
    const words = toWords(type);
    const plural = [...words.slice(0, -1), toPlural(words[words.length - 1]!)].join(String.raw`[\s_-]+`);
    const parents = toParentKeys(model, type);
    if (parents.length === 0 || (world.seeded.get(type)?.size ?? 0) > 0) continue;
    sentences.forEach((_, index) => {
      for (const item of listItems(sentences, index, plural)) {
        const found = /^(.+?)\s+(?:for|to|with)\s+(?:the\s+)?(.+)$/i.exec(item.trim());
        const first = found && recordOf(world, found[1]!);
        // `Ana Souza for Backend Engineer on March 5`: the second name is the longest record name the words begin with.
        const second = found && recordAt(world, found[2]!);
        if (!first || !second || first.type === second.type) continue;
        const details = second.rest.replace(/^\s*,\s*/, '').trim();
        const pair = `${first.name}|${second.name}`.toLowerCase();
        const fields: Record<string, unknown> = {};
        for (const keys of parents) {
          const id = keys.type === first.type ? first.id : keys.type === second.type ? second.id : joined.get(keys.type)?.get(pair);
          if (id !== undefined) for (const argument of keys.idArguments) fields[argument] = asIdOf(model, keys.type, id);
        }
        if (Object.keys(fields).length === 0) continue;
        const id = world.newId(type);
        const idField = model.entityTypes.get(type)?.idField ?? 'id';
        const told = details === '' ? {} : toDescribedFields(model, type, withoutThousands(details), now);
        const record = { [idField]: asIdOf(model, type, id), ...fields, ...told };
        (world.entities[type] ??= {})[id] = record;
        (joined.get(type) ?? joined.set(type, new Map()).get(type)!).set(pair, id);
        mentions.push({ type, fields: record, where: [index] });
      }
    });
  }
  return mentions;
}

/**
 * The items of the list of `plural` a sentence labels (`Applications: a; b`), with those of the sentences after it while
 * each ends with a semicolon: a list's items wrapped across its semicolons are still its items.
 */
function listItems(sentences: readonly string[], index: number, plural: string): string[] {
  const list = new RegExp(String.raw`^\s*${plural}\s*:\s*(.+)$`, 'i').exec(sentences[index]!)?.[1];
  if (list === undefined) return [];
  const items = [list];
  for (let next = index + 1; /;\s*$/.test(items[items.length - 1]!) && next < sentences.length; next++) items.push(sentences[next]!);
  return items
    .flatMap((part) => part.split(/\s*;\s*(?:and\s+)?/))
    .map((item) => item.replace(/[.;]\s*$/, '').trim())
    .filter(Boolean);
}

/** The record whose name `text` begins with (the longest such name), and the words after it, or null. */
function recordAt(world: SeededWorld, text: string): { type: string; name: string; id: string; rest: string } | null {
  const found = [...world.seeded]
    .flatMap(([type, names]) => [...names].map(([name, id]) => ({ type, name, id, rest: text.slice(name.length) })))
    .filter(({ name, rest }) => text.toLowerCase().startsWith(name.toLowerCase()) && /^(?:$|[\s,])/.test(rest))
    .sort((a, b) => b.name.length - a.name.length);
  return found[0] === undefined || found[1]?.name === found[0].name ? null : found[0];
}

/** The record a description named `name`, of whichever type it is, or undefined where none or several types have it. */
function recordOf(world: SeededWorld, name: string): { type: string; name: string; id: string } | null {
  const found = [...world.seeded].flatMap(([type, names]) =>
    [...names].filter(([named]) => named.toLowerCase() === name.trim().toLowerCase()).map(([named, id]) => ({ type, name: named, id })),
  );
  return found.length === 1 ? found[0]! : null;
}

/** An id as the type's records hold it: a number where the type counts by numbers. */
function asIdOf(model: Pick<ServiceModel, 'entityTypes'>, type: string, id: string): string | number {
  return model.entityTypes.get(type)?.numericId === true && /^\d+$/.test(id) ? Number(id) : id;
}
