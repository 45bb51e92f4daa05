/**
 * Choices of a dispatching argument that carry no verb of their own, or no thing of their own.
 * An options list says what each value does in brackets after it ("Options: get (get a single
 * work item by ID), get_batch (get multiple work items by IDs), my (get work items relevant to the
 * authenticated user)"): a value with no verb (`my`) does what its text's opening verb and nouns
 * say. A value's words that say how many or whose (`get_batch`, `update_bulk`, `list_mine`) name no
 * kind of thing: such a choice acts on what the tool acts on, several at once or the caller's own.
 * Pure.
 */

/** Words of a choice that say how many or whose records it acts on, never a kind of thing. */
const quantityWords = new Set(['batch', 'bulk', 'multiple', 'many', 'mine', 'my', 'own']);

/** Words a choice's text goes on with once its noun is said: the noun phrase ends before them. */
const phraseEnds = /^(?:by|for|in|on|of|to|from|with|that|which|who|relevant|assigned|matching|under|at|as|and|or|using|via)$/i;

/**
 * The text an options list gives `value` in brackets after it, or null.
 *
 * @example
 *   bracketedChoiceText('Options: get (get one), my (get work items relevant to the authenticated user).', 'my'); // 'get work items relevant to the authenticated user'
 */
export function bracketedChoiceText(description: string | undefined, value: string): string | null {
  if (description === undefined) return null;
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`(?:^|[\s,;:])${escaped}\s*\(([^()]{3,200})\)`).exec(description)?.[1]?.trim() ?? null;
}

/**
 * A tool-name-like phrase from a choice's text: its opening verb and the nouns after it, up to the
 * first word that goes on about them (`get_work_items` of "get work items relevant to …"); null
 * where the text opens with no lowercase word.
 *
 * @example
 *   choicePhrase('get work items relevant to the authenticated user'); // 'get_work_items'
 */
export function choicePhrase(text: string): string | null {
  const words = text.split(/\s+/).map((word) => word.replace(/[^A-Za-z-]/g, ''));
  if (!/^[a-z]+$/.test(words[0] ?? '')) return null;
  const nouns: string[] = [];
  for (const word of words.slice(1)) {
    if (word === '' || phraseEnds.test(word) || /^(?:a|an|the|all|any)$/i.test(word)) {
      if (nouns.length > 0) break;
      continue;
    }
    nouns.push(word.toLowerCase());
  }
  return [words[0], ...nouns].join('_');
}

/**
 * A choice's entity words less those that say how many or whose (`['batch']` of `get_batch` is
 * none; `['mine']` of `list_mine` is none), unless the server keeps a type by that word.
 *
 * @example
 *   withoutQuantityWords(['batch'], new Set(['work_item'])); // []
 */
export function withoutQuantityWords(words: readonly string[], entities: ReadonlySet<string>): string[] {
  if (entities.has(words.join('_'))) return [...words];
  return words.filter((word) => !quantityWords.has(word));
}

/**
 * Whether a choice or a tool's name asks for the caller's own records (`my`, `list_mine`,
 * `get_my_issues`).
 *
 * @example
 *   asksForOwn('list_mine'); // true
 */
export function asksForOwn(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((word) => word === 'my' || word === 'mine');
}
