/**
 * The head noun a description may name a two-word type by (`a milestone "v2.0 launch"` for Backlog's
 * `version_milestone`), where it names no other type. Pure.
 */
import { toWords } from './entity-words.js';

/** Each compound type's head noun (`milestone` of `version_milestone`), where no type is that noun and no other type ends in it. */
export function toHeadAliases(types: readonly string[]): Map<string, string> {
  const byHead = new Map<string, string[]>();
  for (const type of types) {
    const words = toWords(type);
    if (words.length > 1) byHead.set(words.at(-1)!, [...(byHead.get(words.at(-1)!) ?? []), type]);
  }
  const aliases = new Map<string, string>();
  for (const [head, owners] of byHead) if (owners.length === 1 && !types.includes(head)) aliases.set(owners[0]!, head);
  return aliases;
}
