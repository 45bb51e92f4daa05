/**
 * The head noun a description may name a two-word type by (`a milestone "v2.0 launch"` for Backlog's
 * `version_milestone`), where it names no other type; and the other word a service's trade uses for
 * a one-word type (a CRM's `opportunity` is the deal its sales team speaks of). Pure.
 */
import { toWords } from './entity-words.js';

/** One thing two trades' words name: CRMs speak of an opportunity and a deal alike. */
const tradeWords = [
  ['opportunity', 'deal'],
  ['deal', 'opportunity'],
] as const;

/** Each compound type's head noun (`milestone` of `version_milestone`), where no type is that noun and no other type ends in it. */
export function toHeadAliases(types: readonly string[]): Map<string, string> {
  const byHead = new Map<string, string[]>();
  for (const type of types) {
    const words = toWords(type);
    if (words.length > 1) byHead.set(words.at(-1)!, [...(byHead.get(words.at(-1)!) ?? []), type]);
  }
  const aliases = new Map<string, string>();
  for (const [head, owners] of byHead) if (owners.length === 1 && !types.includes(head)) aliases.set(owners[0]!, head);
  // `Deal 'Rooftop solar' for Omar Haddad` on GoHighLevel's or Salesforce's opportunities, and the other way round on Pipedrive's deals.
  for (const [type, other] of tradeWords)
    if (types.includes(type) && !types.includes(other) && !aliases.has(type)) aliases.set(type, other);
  return aliases;
}
