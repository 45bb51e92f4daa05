/**
 * `stories-create-subtask(parentStoryPublicId)` "Create a new sub-task story": where the object of
 * a description's first verb ends in a type the server keeps and an id argument of the tool names
 * that type too, the description and the arguments agree on what the tool acts on, whatever the
 * name calls it. Either alone decides nothing: a description that names a type no argument
 * names, or an argument no description speaks of, leaves the name's reading. Part of the
 * server-wide pass (server-types.ts). Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { ownerSuffixes } from './owned-entity.js';
import { propertiesOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';
import { determinerWords, phraseEndWords } from './phrase-words.js';

/** The type a tool's description and id arguments agree it acts on, with why; null where they do not. */
export interface AgreedObject {
  type: string;
  why: string;
  /** The argument that names the one acted on, where it is another than the name found. */
  idArgument?: string;
}

/**
 * The server type the description's first object and an id argument both name, where the name's
 * entity is another word: one no tool keeps, or one the description writes only as a qualifier of
 * the object (`sub-task` of "sub-task story").
 *
 * @example
 *   toAgreedObject(shape, tool('add_subtask', { parent_story_id: text }, 'Add an existing story as a sub-task'), types); // { type: 'story', … }
 */
export function toAgreedObject(shape: ToolShape, tool: ToolDefinition, types: ReadonlySet<string>): AgreedObject | null {
  // An id argument that names the name's entity agrees with the name (`attach_tag(itemId, tagId)` acts on the item).
  if (shape.dispatch || (shape.idArgument !== null && names(shape.idArgument, shape.entity))) return null;
  // On a create or a list the argument names a parent: `create_subtask(parent_story_id)` "Create a sub-task story" makes a
  // child of its own type, which no parent reading holds (tool-parents.ts), so the name's kind of child stays.
  if (shape.operation === 'create' || shape.operation === 'list' || shape.operation === 'search') return null;
  const phrase = toObjectPhrase(tool.description ?? '');
  if (phrase.length === 0) return null;
  for (let length = Math.min(3, phrase.length); length >= 1; length--) {
    const type = phrase.slice(phrase.length - length).join('_');
    if (!types.has(type) || type === shape.entity) continue;
    const argument = toIdArgumentNaming(tool, type);
    if (argument === null) return null;
    const qualifier = phrase.slice(0, phrase.length - length).join('');
    // The name's entity, where it is a type of its own, must be no more than the object's qualifier.
    if (types.has(shape.entity) && qualifier !== shape.entity.replace(/_/g, '')) return null;
    return {
      type,
      why: `its description's first verb acts on ${phrase.join(' ')} and its id argument "${argument}" names a ${type.replace(/_/g, ' ')}, a type the server's other tools keep: both say the tool acts on a ${type.replace(/_/g, ' ')}`,
    };
  }
  return null;
}

/**
 * `update_card_custom_field(cardId, customFieldId, value)` "Set or clear a custom field value on a
 * card", `update_default_branch(project_id, default_branch)` "Change the default branch of a
 * project": a setter whose description writes the name's entity as a value set on (of, for) a type
 * the server keeps, a type an id argument names, sets a value of that type's entity. The value
 * must be no type another tool keeps ("Set the assignee of a ticket" where tools list assignees
 * keeps the name's reading) and must hold the name's entity: name, description and argument agree.
 *
 * @example
 *   toSetterOwner(shape, tool('set_ticket_due_date', { ticket_id: text, due: text }, 'Change the due date of a ticket'), kept); // { type: 'ticket', … }
 */
export function toSetterOwner(shape: ToolShape, tool: ToolDefinition, kept: (type: string) => boolean): AgreedObject | null {
  if (shape.dispatch || shape.operation !== 'update') return null;
  const sentence = toSentenceWords(tool.description ?? '');
  if (!setterVerbs.has(sentence[0] ?? '')) return null;
  // "Set or clear a …": the alternatives are one setter.
  let start = 1;
  while (sentence[start] === 'or' && setterVerbs.has(sentence[start + 1] ?? '')) start += 2;
  while (start < sentence.length && objectOpeners.has(sentence[start]!)) start++;
  let end = start;
  while (end < sentence.length && end - start < 4 && !phraseEnds.has(sentence[end]!)) end++;
  const value = sentence.slice(start, end);
  if (value.length === 0 || !owners.has(sentence[end] ?? '') || kept(value.join('_'))) return null;
  if (!`_${value.join('_')}_`.includes(`_${shape.entity}_`)) return null;
  let at = end + 1;
  while (at < sentence.length && objectOpeners.has(sentence[at]!)) at++;
  let ownerEnd = at;
  while (ownerEnd < sentence.length && ownerEnd - at < 3 && !phraseEnds.has(sentence[ownerEnd]!)) ownerEnd++;
  const owner = sentence.slice(at, ownerEnd);
  for (let length = owner.length; length >= 1; length--) {
    const type = owner.slice(owner.length - length).join('_');
    if (type === shape.entity || !kept(type)) continue;
    const argument = toIdArgumentNaming(tool, type);
    if (argument === null) return null;
    return {
      type,
      idArgument: argument,
      why: `its description sets the ${value.join(' ')} of a ${type.replace(/_/g, ' ')}, a type the server's other tools keep and its id argument "${argument}" names: the tool updates that ${type.replace(/_/g, ' ')}`,
    };
  }
  return null;
}

/** Verbs that set a value in place: the object is a value, not a thing of its own (`update` may be either). */
const setterVerbs = new Set(['set', 'replace', 'change', 'clear']);

/** Prepositions that name whose value is set. */
const owners = new Set(['on', 'of', 'for']);

/**
 * `bulk_delete_by_sender(sender, mailbox)` "Delete all emails from a specific sender": where the
 * description's first object is a type another tool keeps and the name's entity is what picks
 * them, written after the object and taken as an argument of its own name, the tool acts on the
 * object; the name says only which ones.
 *
 * @example
 *   toPickedObject(shape, tool('archive_by_author', { author: text }, 'Archive all posts by an author'), kept); // { type: 'post', … }
 */
export function toPickedObject(shape: ToolShape, tool: ToolDefinition, kept: (type: string) => boolean): AgreedObject | null {
  if (shape.dispatch || shape.operation === 'create') return null;
  const sentence = toSentenceWords(tool.description ?? '');
  const phrase = toObjectPhrase(tool.description ?? '');
  if (phrase.length === 0) return null;
  const type = phrase.join('_');
  if (type === shape.entity || !kept(type)) return null;
  const after = sentence.slice(sentence.indexOf(phrase[phrase.length - 1]!) + 1);
  const picked = shape.entity.split('_');
  if (!phraseEnds.has(after[0] ?? '') || !after.some((_, at) => picked.every((word, offset) => after[at + offset] === word))) return null;
  const argument = Object.keys(propertiesOf(tool)).find(
    (name) =>
      toWords(name)
        .map((word) => toFullWord(toSingular(word)))
        .join('_') === shape.entity,
  );
  if (argument === undefined) return null;
  return {
    type,
    why: `its description's first verb acts on ${type.replace(/_/g, ' ')}, a type the server's other tools keep, picked by the ${picked.join(' ')} its argument "${argument}" takes`,
  };
}

/**
 * The noun phrase after the first sentence's verb and its determiners, up to the first word that
 * ends it, singular and spelled out: "Create a new sub-task story." → `sub task story`. A sentence
 * that starts with a tool's name (`get_tree returns …`) has no verb first: none.
 */
function toObjectPhrase(description: string): string[] {
  const words = toSentenceWords(description);
  let start = 1;
  // "Flag or unflag all emails": two verbs share the object.
  if (words[start] === 'or') start += 2;
  while (start < words.length && objectOpeners.has(words[start]!)) start++;
  const phrase: string[] = [];
  for (let at = start; at < words.length && phrase.length < 4 && !phraseEnds.has(words[at]!); at++) phrase.push(words[at]!);
  return phrase;
}

/** The first sentence's words, singular and spelled out; none where it starts with a tool's name (`get_tree returns …`). */
function toSentenceWords(description: string): string[] {
  const sentence = /^[^.\n]*/.exec(description.trim())?.[0] ?? '';
  if (/^\S*[_-]\S*\s/.test(sentence)) return [];
  return toWords(sentence).map((word) => toFullWord(toSingular(word)));
}

/** The argument whose words end in an id suffix and hold the type's words (`parentStoryPublicId` of a story), or null. */
function toIdArgumentNaming(tool: ToolDefinition, type: string): string | null {
  for (const name of Object.keys(propertiesOf(tool))) {
    if (names(name, type)) return name;
  }
  return null;
}

/** Whether an argument's words end in an id suffix and hold the type's words. */
function names(argument: string, type: string): boolean {
  const words = toWords(argument).map((word) => toFullWord(toSingular(word)));
  if (words.length < 2 || !ownerSuffixes.has(words[words.length - 1]!)) return false;
  return `_${words.slice(0, -1).join('_')}_`.includes(`_${type}_`);
}

/** Determiners and the adjectives that pick one, between a verb and its object (`a new`, `all`, `the existing`). */
export const objectOpeners: ReadonlySet<string> = new Set([
  ...determinerWords,
  'one',
  'multiple',
  'specific',
  'existing',
  'new',
  'single',
  'given',
  'current',
  'selected',
]);

/** Words that end a noun phrase: prepositions, conjunctions, relative words, a verb's particle, participles that start a qualifier. */
export const phraseEnds: ReadonlySet<string> = new Set([
  ...phraseEndWords,
  'at',
  'into',
  'or',
  'as',
  'using',
  'via',
  'within',
  'under',
  'if',
  'when',
  'where',
  'is',
  'are',
  'matching',
  'across',
  'between',
  'whose',
  'including',
  'containing',
  'belonging',
]);
