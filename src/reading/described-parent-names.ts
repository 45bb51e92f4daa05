/**
 * `Namespace shop has pods web-7f9c and api-5d2e`, `In project apollo: tasks "a" and "b"`: in a
 * sentence that names things of a type, the word of one of its parents followed by one name, then a
 * verb of having, `with` or a colon, names that parent, a plain word too (`shop`), as English puts a
 * name in apposition after its noun (`the city Paris`). The children are linked to it afterwards
 * (described-world.ts). Pure.
 */
import { namesOf } from './described-type-names.js';
import { toPlural, toWords } from './entity-words.js';

/** What follows a parent's name before its children. */
const after = String.raw`(?=\s+(?:has|have|holds|contains|runs|with)\b|\s*[:,])`;
/** Words that follow a type's word without naming one (`namespace has`, `project with`). */
const notNames = new Set(['has', 'have', 'holds', 'contains', 'runs', 'with', 'is', 'are', 'the', 'a', 'an', 'and', 'or', 'of', 'in']);

/**
 * The parents each type's sentences name before its children: parent type → name → the sentences.
 *
 * @example
 *   toParentsNamedBefore(['pod'], () => ['namespace'], ['Namespace shop has pods web-7f9c and api-5d2e.'], new Set());
 *   // Map { 'namespace' => Map { 'shop' => [0] } }
 */
export function toParentsNamedBefore(
  types: Iterable<string>,
  parentsOf: (type: string) => readonly string[],
  sentences: readonly string[],
  serviceWords: ReadonlySet<string>,
): Map<string, Map<string, number[]>> {
  const found = new Map<string, Map<string, number[]>>();
  for (const type of types) {
    const parents = parentsOf(type).filter((parent) => parent !== type);
    if (parents.length === 0) continue;
    const child = new RegExp(String.raw`\b(?:${phrase(type)}|${phrase(toPlural(type))})\b`, 'i');
    sentences.forEach((sentence, index) => {
      const childAt = child.exec(sentence)?.index;
      if (childAt === undefined || namesOf(sentence, type, serviceWords).length === 0) return;
      const before = sentence.slice(0, childAt);
      for (const parent of parents) {
        const name = new RegExp(String.raw`\b${phrase(parent)}\s+([A-Za-z0-9][\w./@#:+-]*?)${after}`, 'i').exec(before)?.[1];
        if (name === undefined || notNames.has(name.toLowerCase())) continue;
        const names = found.get(parent) ?? new Map<string, number[]>();
        found.set(parent, names.set(name, [...(names.get(name) ?? []), index]));
      }
    });
  }
  return found;
}

/** A type's words as a sentence may write them (`ad_set` → `ad[\s_-]+set`). */
function phrase(type: string): string {
  return toWords(type)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(String.raw`[\s_-]+`);
}
