/**
 * `list_document_notes` "List all notes attached to a document": where a tool's name puts an owner
 * before its entity and the description's first sentence names the entity alone, with the owner
 * after a preposition, the owner is a scope and the entity is the rest (`note`, `webhook` of
 * "Get a webhook for an organization"). A description that writes the compound (`pipeline runs`)
 * keeps it. Parts (`webhook_delivery`, part-entity.ts) keep their owner. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { toIdStem } from './id-stem.js';
import { isPartNoun } from './part-entity.js';
import { propertiesOf, requiredOf } from './tool-id-argument.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The entity without its owner, where the description names it so, or null.
 *
 * @example
 *   toDescribedTail({ ...shape, entity: 'document_note' }, listDocumentNotes, new Set(['document'])); // "List notes of a document" // 'note'
 */
export function toDescribedTail(shape: ToolShape, tool: ToolDefinition, entities: ReadonlySet<string>): string | null {
  const words = shape.entity.split('_');
  if (shape.dispatch || words.length < 2) return null;
  const sentence = toWords(/^[^.\n]*/.exec(tool.description ?? '')?.[0] ?? '').map((word) => toFullWord(toSingular(word)));
  for (let cut = 1; cut < words.length; cut++) {
    const tail = words.slice(cut);
    const owner = words[cut - 1]!;
    // Only an owner another tool acts on is a scope (`epub` of `get_epub_file` is a kind of file).
    // An owner the tool takes as an argument (`org` of `list_org_packages(org)`) is a scope as well.
    // So is one a required argument names by an id of the service's own spelling (`service` of `ChatServiceSid`).
    const isOwner =
      [...Array(cut).keys()].some((start) => entities.has(words.slice(start, cut).join('_'))) ||
      toArgumentStems(tool).has(owner) ||
      namesOwner(tool, owner);
    if (!isOwner || isPartNoun(tail[tail.length - 1]!) || unqualified.has(tail[tail.length - 1]!)) continue;
    const at = findRun(sentence, tail);
    // The tail stands alone (not after the owner's word), and the owner follows a preposition after it.
    if (at <= 0 || sentence[at - 1] === owner) continue;
    const rest = sentence.slice(at + tail.length);
    const ownerAt = rest.indexOf(owner);
    if (ownerAt > 0 && rest.slice(0, ownerAt).some((word) => scopeWords.has(word))) return tail.join('_');
  }
  return null;
}

/** The stems of a tool's arguments, short forms spelled out: `organization` of `org` and of `org_id`. */
function toArgumentStems(tool: ToolDefinition): Set<string> {
  return new Set(Object.keys(propertiesOf(tool)).map((name) => toIdStem(name).name));
}

/** Whether a required argument's name holds the owner's word before a last word (`ChatServiceSid`: chat, service, sid). */
function namesOwner(tool: ToolDefinition, owner: string): boolean {
  return [...requiredOf(tool)].some((name) => toWords(name).map(toSingular).slice(0, -1).includes(owner));
}

function findRun(words: readonly string[], run: readonly string[]): number {
  return words.findIndex((_, at) => run.every((part, offset) => words[at + offset] === part));
}

/** Nouns too general to name a type without their owner: the items of a checklist, the members of a project. */
const unqualified = new Set(['item', 'object', 'entity', 'element', 'member']);

/** Prepositions that put an owner after its child: notes `of`, `for`, `on`, `in`, attached `to`, removed `from` a document. */
const scopeWords = new Set(['of', 'for', 'on', 'in', 'to', 'from', 'within', 'under']);
