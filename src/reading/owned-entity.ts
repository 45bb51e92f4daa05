/**
 * The owner words a tool's entity drops, or keeps (tool-entity.ts): `issue_comment` is a `comment`
 * where `issue` is another tool's entity, while `board_member` beside `organization_member` stays
 * a kind of its own. Pure.
 */
import type { ToolDefinition } from '../domain/registry.js';
import { isPlural, measureWords, toFullWord, toSingular, toWords, withoutAspects } from './entity-words.js';
import { propertiesOf } from './tool-id-argument.js';

/** What of the server's entity context (tool-entity.ts, `EntityContext`) the owner rules read. */
export interface OwnerContext {
  entities: ReadonlySet<string>;
  isNamed(words: readonly string[]): boolean;
  isScopedBy(owner: string, entity: string): boolean;
  ownersOf(tail: string): ReadonlySet<string>;
  nameWords: ReadonlyMap<string, readonly string[]>;
  tools: ReadonlyMap<string, ToolDefinition>;
}

/** Last words of an argument that names something by id or name (`project` of `projectId`). */
export const ownerSuffixes = new Set(['id', 'key', 'name', 'slug', 'uuid', 'gid', 'number']);

/**
 * `issue_comment` → `comment` when `issue` (or `issues`) is another tool's entity. The first tail
 * that stands alone as an entity, or that two owners share (`webhook` of `repository_webhook`
 * and `organization_webhook`), is the entity; else a whole the descriptions name (`issue type`)
 * stays whole; else the shortest tail after an owner.
 */
export function toOwned(words: readonly string[], entities: ReadonlySet<string>, context: OwnerContext): string[] {
  if (words.length < 2) return [...words];
  const isOwner = (owner: readonly string[]) =>
    entities.has(owner.join('_')) || entities.has([...owner.slice(0, -1), toSingular(owner[owner.length - 1]!)].join('_'));
  const cuts = [...words.keys()].slice(1).filter((cut) => isOwner(words.slice(0, cut)));
  // `executors_count`, `sessions_failed_count`, `campaign_metrics`: a measure counts the things written in the plural before it, or
  // measures the one thing right before it; they own no measure (`collection_storage_size` is left to measure-owner.ts).
  const counted = cuts.at(-1);
  if (counted !== undefined && measureWords.has(words[words.length - 1]!)) {
    const owner = withoutAspects(words.slice(0, counted));
    const last = owner[owner.length - 1]!;
    if (isPlural(last) || counted === words.length - 1) return [...owner.slice(0, -1), toSingular(last)];
  }
  const whole = words.join('_');
  if (isOwnersKind(words, cuts, context)) return [...words];
  const alone = cuts.find((cut) => entities.has(words.slice(cut).join('_')) || context.isScopedBy(toOwnerKey(words.slice(0, cut)), whole));
  if (alone !== undefined) return words.slice(alone);
  if (context.isNamed(words)) return [...words];
  const shared = cuts.find((cut) => context.ownersOf(words.slice(cut).join('_')).size >= 2);
  if (shared !== undefined) return words.slice(shared);
  for (let cut = words.length - 1; cut >= 1; cut--) if (isOwner(words.slice(0, cut))) return words.slice(cut);
  return [...words];
}

/**
 * `board_member` beside `organization_member`: the members of each of two or more owners the
 * service names are kinds of their own (a board's member has a role on the board, an
 * organization's a seat) where the service acts on one of them by its own id
 * (`get_board_member(board_id, member_id)`) and no tool names a member alone. Members only ever
 * listed under an owner (`list_group_members`, `list_project_members`) are one kind, the users
 * who belong; a tail that names a kind by itself (`webhook`) drops its owner anyway.
 */
function isOwnersKind(words: readonly string[], cuts: readonly number[], context: OwnerContext): boolean {
  const cut = cuts[cuts.length - 1];
  if (cut !== words.length - 1) return false;
  const tail = words[cut]!;
  if (!belongingNouns.has(tail) || context.entities.has(tail) || context.ownersOf(tail).size < 2) return false;
  const whole = words.map((word) => toFullWord(toSingular(word)));
  return [...context.nameWords].some(
    ([name, named]) =>
      named.length >= whole.length &&
      whole.every((word, at) => named[named.length - whole.length + at] === word) &&
      toArgumentStems(context.tools.get(name)!).has(tail),
  );
}

/** Nouns that say who belongs to an owner, not what kind of thing they are. */
const belongingNouns = new Set(['member', 'membership']);

/** An owner's words as an argument names it: singular, short forms spelled out (`repos` → `repository`). */
function toOwnerKey(owner: readonly string[]): string {
  return owner.map((word) => toFullWord(toSingular(word))).join('_');
}

/** The stems of a tool's arguments that name something by id or name (`repository` of `repo`, `project` of `projectId`). */
export function toArgumentStems(tool: ToolDefinition): Set<string> {
  const stems = new Set<string>();
  for (const name of Object.keys(propertiesOf(tool))) {
    const words = toWords(name).map((word) => toFullWord(toSingular(word)));
    if (words.length > 1 && ownerSuffixes.has(words[words.length - 1]!)) stems.add(words.slice(0, -1).join('_'));
    else stems.add(words.join('_'));
  }
  return stems;
}
