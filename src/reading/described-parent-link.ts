/**
 * Where a described record lies: the parent its sentence, its parenthesis or its heading names
 * (`In list "Sprint 12": task "Fix login"`, `Work items in Fabrikam Web: …`), or the one parent of
 * its type the world holds. Split from described-world.ts, which calls it for every record it seeds. Pure.
 */
import { linkDetailParents, toPronounSubject } from './described-references.js';
import { linkDetailReferences } from './described-reference-objects.js';
import { linkDetailIds } from './described-id-references.js';
import { toDescribedKeyField } from './described-keys.js';
import { toParentKeys } from './parent-keys.js';
import { toWords } from './entity-words.js';
import type { ServiceModel } from './read-server.js';

/**
 * `In list "Sprint 12": task "Fix login"`, `List "Sprint 12" has tasks a, b`, `In "Sprint 12": …`:
 * a child named in a sentence that names one of its parents (quoted after the parent's word, or
 * after `in`/`under`) gets that parent's keys (parent-keys.ts): its id under an id argument
 * (`listId`) and its name under a name argument (`listName`).
 */
export function linkToParent(
  model: Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>,
  sentences: readonly string[],
  { where, details }: { where: readonly number[]; details: string | undefined },
  {
    seeded,
    keyedNames,
  }: { seeded: ReadonlyMap<string, ReadonlyMap<string, string>>; keyedNames: ReadonlyMap<string, ReadonlyMap<string, string>> },
  fields: Record<string, unknown>,
  type: string,
): void {
  const parents = toParentKeys(model, type);
  // `"Draft wireframes" (section Design)`: the parent its parenthesis names, before the one its sentence places it in.
  if (details !== undefined) linkDetailParents(parents, seeded, details, fields, (parent, id) => asIdOf(model, parent, id));
  // `#1042 "Checkout 500s spike" on Checkout API` where creates take `service: {id}`: a reference object (described-reference-objects.ts).
  if (details !== undefined) linkDetailReferences(model, type, seeded, details, fields, (other, id) => asIdOf(model, other, id));
  // `ENG-101 … in Checkout v2` where issue tools take `projectId`: the id of a record that is no parent (described-id-references.ts).
  if (details !== undefined) linkDetailIds(model, type, seeded, details, fields, (other, id) => asIdOf(model, other, id));
  for (const index of where) {
    const sentence = sentences[index]!;
    // `Posts: topic 101 has post 1001`: a heading before a colon names no place; the child stands where the text after it names it.
    const heading = /^\s*[A-Za-z][\w -]{0,30}:\s*/.exec(sentence)?.[0].length ?? 0;
    const childAt =
      heading +
      (new RegExp(
        String.raw`\b${toWords(type)
          .map(escape)
          .join(String.raw`[\s_-]+`)}`,
        'i',
      ).exec(sentence.slice(heading))?.index ?? sentence.length - heading);
    for (const keys of parents) {
      const names = seeded.get(keys.type);
      if (!names) continue;
      const parentWord = toWords(keys.type)
        .map(escape)
        .join(String.raw`[\s_-]+`);
      const before = sentence.slice(0, childAt);
      const quoted = new RegExp(String.raw`(?:\b${parentWord}\b|^\s*(?:in|under|on)\b)\s+["“‘\`]([^"”’\`]{1,60})["”’\`]`, 'i').exec(before);
      // `One bucket, invoices, holding two objects: …`: the one parent the sentence names before its children.
      // `In This Sprint: item "Design new homepage"`: a parent's name as the sentence's first words after `in`, unquoted;
      // `Its tasks: …`: the pronoun stands for what the sentence before opens with (described-references.ts).
      const name =
        quoted?.[1]?.trim() ??
        [...names.keys()].find((parent) => namedAfterWord(before, parentWord, parent) || namedFirstIn(before, parent)) ??
        [...(keyedNames.get(keys.type) ?? [])].find(([key]) =>
          new RegExp(String.raw`(?<![\w./@-])${escape(key)}(?![\w/@-])`).test(before),
        )?.[1] ??
        toPronounSubject(sentences, index, names.keys());
      if (name === undefined || !names.has(name)) continue;
      // `issueKey` beside `issueId`: the argument the parent's described key goes to takes the key, not the id.
      const key = [...(keyedNames.get(keys.type) ?? [])].find(([, keyed]) => keyed === name)?.[0];
      const keyField = key === undefined ? null : toDescribedKeyField(model, keys.type);
      for (const argument of keys.idArguments)
        if (!Object.hasOwn(fields, argument)) fields[argument] = argument === keyField ? key : asIdOf(model, keys.type, names.get(name)!);
      for (const argument of keys.nameArguments) if (!Object.hasOwn(fields, argument)) fields[argument] = name;
      return;
    }
  }
  // `One store, Pixel Tools. Two customers: …`: where the world holds one of a parent type, a child no sentence places lies in it.
  for (const keys of parents) {
    const names = seeded.get(keys.type);
    if (names?.size !== 1 || keys.idArguments.some((argument) => Object.hasOwn(fields, argument))) continue;
    // `discourse_search(query)` beside a saved `query` type: a parent only a search or read names is not a place records are made in.
    if (!keys.idArguments.some((argument) => madeOrListedBy(model, type, argument, keys.type))) continue;
    const [[name, id]] = [...names] as [[string, string]];
    for (const argument of keys.idArguments) fields[argument] = asIdOf(model, keys.type, id);
    // A name argument takes a name the description gave, not an id seeded without one.
    if (name !== id) for (const argument of keys.nameArguments) if (!Object.hasOwn(fields, argument)) fields[argument] = name;
  }
}

/**
 * Whether a create or a list of the type takes the argument as the parent's id: where its records are made or listed, a
 * place they lie in. A text argument is no id of a parent counted by numbers (`list_users(query: string)`).
 */
function madeOrListedBy(
  model: Pick<ServiceModel, 'entityTypes' | 'tools' | 'shapes'>,
  type: string,
  argument: string,
  parent: string,
): boolean {
  const numeric = model.entityTypes.get(parent)?.numericId === true;
  return model.tools.some((tool) => {
    const shape = model.shapes.get(tool.name);
    const schema = (tool.inputSchema.properties as Record<string, { type?: unknown }> | undefined)?.[argument];
    if (shape?.entity !== type || !['create', 'list'].includes(shape.operation) || schema === undefined) return false;
    return !(numeric && schema.type === 'string');
  });
}

/** A parent's id as its own records hold it: a number where the type counts its records by numbers (`topic_id: 101`). */
export function asIdOf(model: Pick<ServiceModel, 'entityTypes'>, type: string, id: string): string | number {
  return model.entityTypes.get(type)?.numericId === true && /^\d+$/.test(id) ? Number(id) : id;
}

/** Whether `text` opens with the name `name` after `in` (`In This Sprint: …`), or a heading places its list there. */
function namedFirstIn(text: string, name: string): boolean {
  // `Work items in Fabrikam Web: …`: a heading's place, before its colon, is where the list it heads lies.
  return new RegExp(String.raw`^\s*(?:[A-Za-z][\w -]{0,30}?\s)?(?:in|under|on)\s+(?:the\s+)?${escape(name)}\s*[:,]`, 'i').test(text);
}

/** Whether `text` gives the name `name` after the parent's word (`bucket, invoices,`), as a whole name. */
function namedAfterWord(text: string, parentWord: string, name: string): boolean {
  return new RegExp(String.raw`\b${parentWord}\b[^.;]{0,40}?(?<![\w./@-])${escape(name)}(?![\w/@-])`, 'i').test(text);
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
