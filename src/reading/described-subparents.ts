/**
 * Records a description places under another record of their own type: `Billing (id 6, a
 * subcategory of Support)`, `Billing is a subcategory of Support`, `Drafts (under Projects)`,
 * `Q3 and Q4 are subfolders of Reports`. Where the type's tools name a parent of the same type
 * (`create_category(parent_category_id)`, `create_folder(parentFolderId)`, same-type-parent.ts),
 * English says so with `sub` before the type's word (`subcategory`, `sub-folder`), `child of`, or
 * `under`/`inside`/`nested in` the parent's name; the child gets the parent's id under that argument,
 * as a create given it would keep it. Only names seeded of the same type are read. Pure.
 */
import { toPlural, toWords } from './entity-words.js';
import type { ServiceModel } from './read-server.js';
import type { WorldState } from '../domain/memory-log.js';

type Model = Pick<ServiceModel, 'entityTypes'>;

/**
 * Gives each seeded record the same-type parent its parenthesis or a sentence names.
 *
 * @example
 *   linkSubParents(model, ['Billing is a subcategory of Support.'], seeded, entities, details, idOf);
 *   // entities.category['6'].parent_category_id === 5
 */
export function linkSubParents(
  model: Model,
  sentences: readonly string[],
  seeded: ReadonlyMap<string, ReadonlyMap<string, string>>,
  entities: WorldState['entities'],
  detailsOf: ReadonlyMap<Record<string, unknown>, string>,
  // The parent's id as its records hold it (a number for a type counted by numbers).
  idOf: (type: string, id: string) => unknown,
): void {
  for (const [type, names] of seeded) {
    const own = (model.entityTypes.get(type)?.parents ?? []).filter((parent) => parent.type === type).map((parent) => parent.argument);
    if (own.length === 0 || names.size < 2) continue;
    const words = toSubWords(type);
    for (const [name, id] of names) {
      const fields = entities[type]?.[id];
      if (fields === undefined || own.some((argument) => Object.hasOwn(fields, argument))) continue;
      const details = detailsOf.get(fields);
      const parent =
        (details === undefined ? undefined : fromDetails(details, words, names, name)) ??
        sentences.map((sentence) => fromSentence(sentence, words, names, name)).find((found) => found !== undefined);
      if (parent === undefined) continue;
      for (const argument of own) fields[argument] = /(?:name|title)$/i.test(argument) ? parent : idOf(type, names.get(parent)!);
    }
  }
}

/** `subcategory`, `sub-categories`, `child category`, `child of`, `under`: the words before a parent's name, as a pattern. */
function toSubWords(type: string): string {
  const parts = toWords(type).map(escape);
  const last = parts.at(-1)!;
  const word = [...parts.slice(0, -1), `(?:${last}|${escape(toPlural(last))})`].join(String.raw`[\s_-]*`);
  return String.raw`(?:(?:an?\s+|the\s+)?(?:sub-?${word}|child(?:ren)?(?:\s+${word})?)\s+(?:of|under|in)|(?:nested\s+)?(?:under|inside|within|beneath)|nested\s+in)`;
}

/** `id 6, a subcategory of Support`: the piece of the parenthesis that names the parent. */
function fromDetails(details: string, words: string, names: ReadonlyMap<string, string>, own: string): string | undefined {
  for (const piece of details.split(/\s*[,;]\s*/)) {
    const named = new RegExp(String.raw`^${words}\s+(?:the\s+)?["“‘\`]?(.+?)["”’\`]?$`, 'i').exec(piece.trim())?.[1];
    const parent = named === undefined ? undefined : nameOf(named, names);
    if (parent !== undefined && parent !== own) return parent;
  }
  return undefined;
}

/** `Billing is a subcategory of Support`, `Q3 and Q4 are subfolders of Reports`: the parent, where the subject names `own`. */
function fromSentence(sentence: string, words: string, names: ReadonlyMap<string, string>, own: string): string | undefined {
  const match = new RegExp(
    String.raw`^(.*?)\s+(?:is|are|sits|sit|lies|lie)\s+${words}\s+(?:the\s+)?["“‘\`]?(.+?)["”’\`]?\s*[.;]?$`,
    'i',
  ).exec(sentence.trim());
  if (!match) return undefined;
  const [, subject, named] = match as unknown as [string, string, string];
  if (!new RegExp(String.raw`(?:^|[^\w])${escape(own)}(?![\w])`, 'i').test(subject)) return undefined;
  const parent =
    nameOf(named, names) ?? [...names.keys()].find((candidate) => named.toLowerCase().startsWith(`${candidate.toLowerCase()} `));
  return parent === own ? undefined : parent;
}

function nameOf(text: string, names: ReadonlyMap<string, string>): string | undefined {
  return [...names.keys()].find((candidate) => candidate.toLowerCase() === text.trim().toLowerCase());
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
