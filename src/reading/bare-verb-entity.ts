/**
 * A name that is a verb alone once the service's own words are gone (`flightbox_walk`,
 * `navigate`, `trust_lookup`) names no record: the verb is what the tool does, not what it does it
 * to. The record is the one its required id argument names, as a REST path names the resource an
 * action applies to (`POST /spans/{span_id}:walk`): `flightbox_walk(span_id)` "Walk ancestors or
 * descendants of a span" acts on a span, `navigate(session_id, url)` "Navigate to a URL in an
 * existing browser session" on a session. The word is a verb where the description opens with it
 * ("Walk …", "Navigate …") or where the name gave no noun at all (`item`); a word the description
 * writes as a noun ("Submit a review for an agent") keeps its reading. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { toFullWord, toSingular, toWords } from './entity-words.js';
import { requiredOf } from './tool-id-argument.js';
import { toDescribedObjectNoun } from './described-object-noun.js';
import type { ToolShape } from './tool-shape.js';

/**
 * The shapes with each bare-verb tool re-read as the record its required id argument names, with
 * why; a corrected tool, a dispatcher, and a tool with no such argument (or several) keep theirs.
 *
 * @example
 *   withBareVerbEntities(tools, shapes, () => false, new Set(['flightbox'])).get('flightbox_walk')?.entity; // 'span'
 */
export function withBareVerbEntities(
  tools: readonly ToolDefinition[],
  shapes: ReadonlyMap<string, ToolShape>,
  corrected: (name: string) => boolean,
  serviceWords: ReadonlySet<string>,
): Map<string, ToolShape> {
  const result = new Map(shapes);
  // The records the noun-less (`item`) tools name by id: where they agree on one, the others of them act on it too.
  const itemRecords = new Set<string>();
  const unnamedItems: string[] = [];
  for (const tool of tools) {
    const shape = shapes.get(tool.name);
    if (!shape || shape.dispatch || corrected(tool.name)) continue;
    const verb = toBareVerb(tool, shape, serviceWords);
    if (verb === null) continue;
    const named = toRequiredIdArguments(tool).filter((argument) => argument.stem !== verb);
    if (named.length !== 1) {
      if (isNounless(shape.entity, serviceWords) && named.length === 0) unnamedItems.push(tool.name);
      continue;
    }
    const [{ name, stem }] = named as [NamedArgument];
    if (isNounless(shape.entity, serviceWords)) itemRecords.add(stem);
    result.set(tool.name, {
      ...shape,
      entity: stem,
      idArgument: name,
      entityWhy: `the name's only word "${verb}" is a verb and names no record; the tool acts on the ${stem.replace(/_/g, ' ')} its required argument "${name}" names`,
    });
  }
  if (itemRecords.size !== 1) return result;
  const [record] = itemRecords as Set<string> & [string];
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  for (const name of unnamedItems) {
    // A description whose first verb acts on another thing ("List all stored memories") keeps the tool out of the agreement.
    const object = toDescribedObjectNoun(toolsByName.get(name)?.description ?? '', serviceWords);
    if (object !== null && object !== record && !pronouns.has(object)) continue;
    result.set(name, {
      ...result.get(name)!,
      entity: record,
      entityWhy: `the name is a verb alone and names no record; the server's other such tools act on a ${record.replace(/_/g, ' ')} by id, so this one acts on the same records`,
    });
  }
  return result;
}

/** `item` (a name with no noun) or the service's own name: neither is a record the service keeps. */
function isNounless(entity: string, serviceWords: ReadonlySet<string>): boolean {
  return entity === 'item' || entity.split('_').every((part) => serviceWords.has(part));
}

/** The name's one word where it is a verb the tool was read as its own entity from (or no noun at all); null otherwise. */
function toBareVerb(tool: ToolDefinition, shape: ToolShape, serviceWords: ReadonlySet<string>): string | null {
  const words = toWords(tool.name).filter((word) => !serviceWords.has(word));
  if (words.length !== 1) return null;
  const word = words[0]!;
  if (isNounless(shape.entity, serviceWords)) return word;
  // The entity is the verb itself, or the verb with the service's name before it (`tracer_walk`).
  if (!shape.entity.split('_').every((part) => part === word || part === toSingular(word) || serviceWords.has(part))) return null;
  const opening = toWords(/^[^.\n]*/.exec((tool.description ?? '').trim())?.[0] ?? '')[0];
  return opening === word ? word : null;
}

/** Pronouns a description's verb may take as its object ("Register yourself"): they name no thing. */
const pronouns = new Set(['yourself', 'yourselves', 'myself', 'itself', 'themselves', 'you', 'me', 'someone', 'something', 'anything']);

interface NamedArgument {
  name: string;
  stem: string;
}

/** The required arguments named `<record>_id`/`<record>Id`, with the record they name. */
function toRequiredIdArguments(tool: ToolDefinition): NamedArgument[] {
  const found = new Map<string, NamedArgument>();
  for (const name of requiredOf(tool)) {
    const words = toWords(name);
    if (words.length < 2 || words[words.length - 1] !== 'id') continue;
    const stem = words
      .slice(0, -1)
      .map((word, index, all) => (index === all.length - 1 ? toFullWord(toSingular(word)) : word))
      .join('_');
    if (!found.has(stem)) found.set(stem, { name, stem });
  }
  return [...found.values()];
}
