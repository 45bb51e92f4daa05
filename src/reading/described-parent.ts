/**
 * The entity an argument's description names as the one it points at: "ID of the parent folder",
 * "The timestamp of the message to react to", "Name of the checklist to retrieve items from". Part
 * of the parent reading (tool-parents.ts). Pure.
 */
import { toNormalName } from '../domain/world-query.js';
import type { ToolShape } from './tool-operation.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';

/** The entity a description names as the parent: "ID of the parent folder" → the `folder`. */
export function describedOwner(description: unknown, collections: ReadonlyMap<string, ToolShape>): ToolShape | undefined {
  if (typeof description !== 'string') return undefined;
  const words = toWords(description).map((word) => toNormalName(toSingular(word)));
  const at = words.indexOf('parent');
  return at === -1 ? undefined : collections.get(words[at + 1] ?? '');
}

/** Words that open a description of a value naming one entity: "The ID of", "Timestamp of", "Name of". */
const referenceHeads = new Set(['id', 'ids', 'identifier', 'key', 'timestamp', 'ts', 'number', 'slug', 'uuid', 'gid', 'name']);

/**
 * The entity an argument's description says it names, or undefined: one word of naming and "of the"
 * before an entity the server keeps, at the description's start ("The timestamp of the message to
 * react to", "Name of the checklist to retrieve items from", "ID of the parent folder").
 */
export function describedReference(description: unknown, collections: ReadonlyMap<string, ToolShape>): ToolShape | undefined {
  if (typeof description !== 'string') return undefined;
  const words = toWords(description.split(/[.;:(]/)[0] ?? '');
  const start = words[0] === 'the' || words[0] === 'a' || words[0] === 'an' ? 1 : 0;
  if (!referenceHeads.has(words[start] ?? '') || words[start + 1] !== 'of') return undefined;
  let at = start + 2;
  if (words[at] === 'the' || words[at] === 'a' || words[at] === 'an') at++;
  if (words[at] === 'parent') at++;
  const key = (count: number) =>
    toNormalName(
      words
        .slice(at, at + count)
        .map((word) => toFullWord(toSingular(word)))
        .join('_'),
    );
  return collections.get(key(2)) ?? collections.get(key(1));
}

/** "The path to create the folder in", "Project in which to create the run", "Where the file should be uploaded", "to list from". */
const containerPhrase =
  /\bto\s+(?:create|upload|add|put|store|list|fetch|deposit|move|write|save)\b[^.]*?\b(?:in|into|under|from|to)\s*(?:[.(]|$)|\bin\s+which\b|\bwhere\b[^.]*\b(?:created|uploaded|added|stored|saved|placed|put)\b|\bthat\s+will\s+own\b|\b(?:assigns?|adds?|moves?|puts?)\s+the\s+new\b[^.]*?\bto\s+(?:an?|the)\s+/i;

/**
 * Whether an argument's description says it is where a new thing goes, is listed from, or whose it is: a place after
 * the verb ("The path to create the folder in", "Identifier of the project to fetch test runs from"), a relative clause
 * ("Project in which to create the run", "Where the file should be uploaded"), an owner ("The organization that will own
 * the model"), or the new thing assigned to it ("assigns the new category to an existing group").
 *
 * @example
 *   describesContainer('The path to create the folder in (Defaults to /)'); // true
 */
export function describesContainer(description: unknown): boolean {
  return typeof description === 'string' && containerPhrase.test(description);
}
